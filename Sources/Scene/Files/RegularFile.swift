import Foundation

/// What a scene reads from disk (the scene file, its images) is checked with `stat` before it is
/// opened: only a regular file within a size limit, since reading a FIFO or a device blocks or
/// never ends.
public enum RegularFile {
    /// Why the file at `path` cannot be read as a file of at most `limit` bytes, or nil if it can.
    public static func problem(at path: String, limit: Int) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "no such file" : "cannot read it (\(String(cString: strerror(errno))))"
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "it is a folder, not a file"
        default: return "it is not a regular file (a pipe, socket or device)"
        }
        guard info.st_size <= limit else {
            return "the file is \(info.st_size) bytes, over the limit of \(limit) bytes (\(limit >> 20) MB)"
        }
        return nil
    }
}
