import Foundation

/// What a batch output looks like on disk, recorded in its stamp so that a video damaged after
/// it was rendered (truncated, overwritten, half copied) is never taken as up to date.
///
/// A file: its size, a hash of its last 64 KB, and its container's end checked — MP4 and MOV
/// boxes must walk from the start exactly to the end of the file, a GIF must end with its
/// trailer byte. A PNG frame folder: the frames `frame-00000.png` on, without a gap, and every
/// frame's size.
enum OutputCheck {
    /// Bytes at the end of a file that are hashed.
    static let tailSize = 64 * 1024

    /// One line describing the output at `url` as it is now; nil when it is missing or damaged.
    static func fingerprint(of url: URL) -> String? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let size = Int(info.st_size)
            guard isIntact(url, size: size),
                  let tail = FileDigest.file(url.path, from: max(0, size - tailSize)) else { return nil }
            return "output \(size) bytes, last \(min(size, tailSize)) \(tail.hex)"
        case S_IFDIR:
            return frameFolderFingerprint(url)
        default:
            return nil
        }
    }

    /// `frame-00000.png` … without a gap, nothing else but hidden files; the count and a hash of
    /// the names and sizes.
    private static func frameFolderFingerprint(_ folder: URL) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        let frames = names.filter { !$0.hasPrefix(".") }.sorted()
        var listing = FileDigest()
        for (index, name) in frames.enumerated() {
            var info = stat()
            guard name == FrameSequenceRenderer.pngName(index),
                  lstat(folder.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  info.st_size > 0 else { return nil }
            listing.update(Data("\(name) \(info.st_size)\n".utf8))
        }
        guard !frames.isEmpty else { return nil }
        return "output \(frames.count) frames, sizes \(listing.hex)"
    }

    /// Whether the container's structure reaches the end of the file intact, for the kinds
    /// Segue writes; other files pass.
    static func isIntact(_ url: URL, size: Int) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        switch url.pathExtension.lowercased() {
        case "mp4", "mov": return boxesWalkToTheEnd(handle, size: size)
        case "gif":
            guard size > 13, (try? handle.seek(toOffset: UInt64(size - 1))) != nil,
                  let last = try? handle.read(upToCount: 1) else { return false }
            return last == Data([0x3B])
        default: return true
        }
    }

    /// ISO base media (MP4, QuickTime): top-level boxes, each `size type` (a 64-bit size when
    /// `size` is 1, to the end of the file when 0), laid end to end from offset 0 to exactly the
    /// file's size, with an `ftyp` first and a `moov` among them.
    private static func boxesWalkToTheEnd(_ handle: FileHandle, size: Int) -> Bool {
        var offset = 0
        var types: [String] = []
        while offset < size {
            guard size - offset >= 8, (try? handle.seek(toOffset: UInt64(offset))) != nil,
                  let header = try? handle.read(upToCount: 16), header.count >= 8 else { return false }
            let bytes = [UInt8](header)
            var length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[4..<8], as: UTF8.self))
            if length == 1 {
                guard bytes.count == 16 else { return false }
                length = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) }
            } else if length == 0 {
                length = size - offset
            }
            guard length >= 8, length <= size - offset else { return false }
            offset += length
        }
        return offset == size && types.first == "ftyp" && types.contains("moov")
    }
}
