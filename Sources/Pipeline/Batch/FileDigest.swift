import Foundation

/// 64-bit FNV-1a over bytes fed in pieces, so a file of any size is hashed in bounded memory.
struct FileDigest {
    /// Bytes read at a time.
    static let chunkSize = 1 << 20

    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325
    private(set) var count = 0

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        value = hash
        count += bytes.count
    }

    mutating func update(_ bytes: Data) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The hash in hex.
    var hex: String { String(value, radix: 16) }

    /// The digest of the file at `path` from byte `offset` to its end, read 1 MB at a time;
    /// nil when it cannot be opened or read.
    static func file(_ path: String, from offset: Int = 0) -> FileDigest? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if offset > 0, lseek(descriptor, off_t(offset), SEEK_SET) < 0 { return nil }
        var digest = FileDigest()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let got = read(descriptor, buffer.baseAddress, chunkSize)
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { return digest }
            digest.update(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
        }
    }
}
