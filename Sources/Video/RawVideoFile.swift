import Foundation

/// Writes yuv420p frames tightly packed, one after another, to a file: the layout
/// `ffmpeg -f rawvideo -pix_fmt yuv420p` reads.
///
/// For measuring and debugging: `scripts/bench` feeds the exact frames Segue encoded to
/// `ffmpeg`, so its encode-only figure is for the same pictures. Not synchronized.
public final class RawVideoFile {
    /// Where the frames go.
    public let path: String
    /// Frames written so far.
    public private(set) var framesWritten = 0

    /// The open file.
    private let handle: FileHandle
    /// One packed frame, reused for every write.
    private var packed: [UInt8] = []

    /// Creates (or truncates) the file at `path`.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw VideoError.fileSystem(operation: "creating", path: path, message: String(cString: strerror(errno)))
        }
        do {
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        } catch {
            throw VideoError.fileSystem(operation: "opening", path: path, message: error.localizedDescription)
        }
        self.path = path
    }

    deinit {
        try? handle.close()
    }

    /// Appends `frame`'s Y, then U, then V plane without row padding.
    public func write(_ frame: YUVFrame) throws {
        if packed.count != frame.packedByteCount {
            packed = [UInt8](repeating: 0, count: frame.packedByteCount)
        }
        packed.withUnsafeMutableBytes { frame.copyPacked(into: $0) }
        do {
            try handle.write(contentsOf: packed)
        } catch {
            throw VideoError.fileSystem(operation: "writing", path: path, message: error.localizedDescription)
        }
        framesWritten += 1
    }

    /// Closes the file.
    public func finish() throws {
        do {
            try handle.close()
        } catch {
            throw VideoError.fileSystem(operation: "closing", path: path, message: error.localizedDescription)
        }
    }
}
