import Foundation

/// What identifies one version of a file: inode, size and modification time to the nanosecond.
struct FileFingerprint: Equatable, Sendable {
    var path: String
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    static func of(_ files: [URL]) -> [FileFingerprint] {
        files.map { url in
            var info = stat()
            guard stat(url.path, &info) == 0 else { return FileFingerprint(path: url.path, inode: 0, size: -1, seconds: 0, nanoseconds: 0) }
            return FileFingerprint(path: url.path, inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                   seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        }
    }
}
