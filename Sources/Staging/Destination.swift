import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an output may be written over: checked once, where every output is staged
/// (`StagedPath.init`), so no command has a check of its own to forget.
///
/// - Nothing that exists and is not a regular file (for a folder output, not a folder): a FIFO,
///   a device node (`/dev/null`, `/dev/stdout`), a socket, a folder where a file goes. An output
///   is written to a temporary and renamed into place, which would replace the node itself, not
///   write through it.
/// - None of the files the process reads (`protect`): the scene file, the images and fonts it
///   names, the reports a merge reads. They are compared by device and inode, so another
///   spelling of the path, a hard link or a symbolic link to the file is the same file; a folder
///   output is refused when it holds one of them, since it replaces the whole folder.
public enum Destination {
    /// A file this process reads, as it was when recorded.
    private struct Input {
        let path: String
        let role: String
        let device: UInt64
        let inode: UInt64
        /// The path with every link resolved, to find it inside a folder output.
        let resolved: String

        /// Whether `path` still names this file (the same device and inode).
        var isStillAtItsPath: Bool {
            var info = stat()
            return stat(path, &info) == 0 && UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
        }
    }

    /// Guarded by `InFlight.critical`.
    nonisolated(unsafe) private static var inputs: [Input] = []

    /// Records that this process reads `path` (`role` says what it is, for messages: "the scene
    /// file"); outputs may not replace it. A path that does not exist is not recorded.
    public static func protect(_ path: String, as role: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let resolved = realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? path
        let input = Input(path: path, role: role, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), resolved: resolved)
        InFlight.critical {
            if !inputs.contains(where: { $0.device == input.device && $0.inode == input.inode }) { inputs.append(input) }
        }
    }

    /// Why `destination` may not be written as an output of `kind`, or nil when it may.
    /// `replacingInput` allows an input protected by `protect` (the preview saves the scene it edits).
    public static func problem(_ destination: URL, kind: StagedPath.Kind, replacingInput: Bool = false) -> DestinationRefused? {
        let path = destination.path
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        let wanted: mode_t = kind == .folder ? S_IFDIR : S_IFREG
        if type != wanted {
            let what = kind == .folder ? "a folder" : "a regular file"
            return DestinationRefused(path: path, reason: "it is \(describe(type)), not \(what); Segue writes an output to a temporary beside it and renames it into place, which would replace it, not write through it: give the path of \(kind == .folder ? "a folder" : "a file") to write")
        }
        guard !replacingInput else { return nil }
        return InFlight.critical { () -> DestinationRefused? in
            // An input no longer at its path (deleted or replaced since it was read) is not one: its
            // inode may now be another file's — a long-running process (the preview, a test suite)
            // reads and forgets many files.
            inputs.removeAll { !$0.isStillAtItsPath }
            if let input = inputs.first(where: { $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) }) {
                return DestinationRefused(path: path, reason: "it is \(input.role) (\(input.path)), which this command reads; give another output path")
            }
            if kind == .folder {
                let folder = realpath(path, nil).map { pointer in
                    defer { free(pointer) }
                    return String(cString: pointer)
                } ?? path
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                if let input = inputs.first(where: { $0.resolved.hasPrefix(prefix) }) {
                    return DestinationRefused(path: path, reason: "it holds \(input.role) (\(input.path)), which this command reads, and the output replaces the whole folder; give another folder")
                }
            }
            return nil
        }
    }

    /// A file type in words.
    private static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a folder"
        case S_IFREG: return "a regular file"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}

/// An output path Segue will not write (`Destination`): nothing was written.
public struct DestinationRefused: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}
