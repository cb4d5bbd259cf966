import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hidden temporary file or folder beside a destination, put in its place by `commit()` and
/// removed otherwise: the one way Segue writes an output, whatever its format.
///
/// The temporary is named `.<name>.tmp-<pid>-<random>` in the destination's folder, so the final
/// rename stays on one file system and is atomic, and it is registered with `InFlight` so that
/// SIGINT and SIGTERM remove it. Creating one first removes the temporaries that earlier,
/// killed processes left for the same destination — only those whose process no longer runs,
/// never another live process's.
///
/// A folder replaces an existing one without a moment where neither is there: the old folder is
/// renamed aside, the new one into place, and the old one removed.
///
/// Unchecked Sendable: its one mutable value, `isSettled`, is written only inside
/// `InFlight.critical` (or in `init`, before the value is shared).
public final class StagedPath: @unchecked Sendable {
    public enum Kind: Sendable {
        /// The caller creates the file at `temporary`.
        case file
        /// The temporary folder is created here; the caller fills it.
        case folder
    }

    /// Where the output ends up after `commit()`.
    public let destination: URL
    /// The hidden temporary.
    public let temporary: URL
    private let kind: Kind
    private var isSettled = false

    /// Chooses (and for a folder, creates) the temporary beside `destination`, whose folder must
    /// exist; removes stale temporaries of dead processes for the same destination. Throws
    /// `DestinationRefused` for a destination `Destination` refuses (a special file, a file the
    /// process reads); `replacingInput` lets the preview save the scene file it edits.
    public init(destination: URL, kind: Kind, replacingInput: Bool = false) throws {
        let destination = destination.standardizedFileURL
        if let refused = Destination.problem(destination, kind: kind, replacingInput: replacingInput) { throw refused }
        let folder = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
        self.destination = destination
        self.kind = kind
        temporary = folder.appendingPathComponent(Self.prefix(of: name) + "\(getpid())-\(suffix)")
        if InFlight.firstVisit(toFolder: folder.path) { Self.removeStale(for: destination, everyName: true) }
        InFlight.register(temporary.path)
        if kind == .folder, mkdir(temporary.path, 0o777) != 0 {
            let message = String(cString: strerror(errno))
            InFlight.unregister(temporary.path)
            isSettled = true
            throw StagingError(path: temporary.path, operation: "creating", message: message)
        }
    }

    deinit {
        discard()
    }

    /// Renames the temporary over the destination (for a folder, replacing the folder there).
    public func commit() throws {
        try InFlight.critical {
            guard !isSettled else { return }
            if rename(temporary.path, destination.path) == 0 {
                isSettled = true
                InFlight.unregister(temporary.path)
                return
            }
            guard kind == .folder, errno == ENOTEMPTY || errno == EEXIST else {
                throw StagingError(path: destination.path, operation: "moving the finished output to",
                                   message: String(cString: strerror(errno)))
            }
            let old = temporary.path + "-old"
            InFlight.register(old)
            guard rename(destination.path, old) == 0 else {
                InFlight.unregister(old)
                throw StagingError(path: destination.path, operation: "moving aside", message: String(cString: strerror(errno)))
            }
            guard rename(temporary.path, destination.path) == 0 else {
                let message = String(cString: strerror(errno))
                _ = rename(old, destination.path)
                InFlight.unregister(old)
                throw StagingError(path: destination.path, operation: "moving the finished output to", message: message)
            }
            isSettled = true
            InFlight.unregister(temporary.path)
            Self.removeWithoutFollowingLinks(old)
            InFlight.unregister(old)
        }
    }

    /// Removes the temporary unless it was committed; safe to call more than once.
    public func discard() {
        InFlight.critical {
            guard !isSettled else { return }
            isSettled = true
            Self.removeWithoutFollowingLinks(temporary.path)
            InFlight.unregister(temporary.path)
        }
    }

    /// Writes `data` to `url` atomically.
    public static func write(_ data: Data, to url: URL, replacingInput: Bool = false) throws {
        let staged = try StagedPath(destination: url, kind: .file, replacingInput: replacingInput)
        try data.write(to: staged.temporary)
        try staged.commit()
    }

    /// The start of every temporary's name for a destination called `name`.
    static func prefix(of name: String) -> String {
        ".\(name).tmp-"
    }

    /// Removes the temporaries beside `destination` that belong to processes that no longer run
    /// (killed before they could clean up); a live process's are left alone. With `everyName`,
    /// those of every destination in the same folder.
    ///
    /// A staged path does this for each folder the first time the process writes there;
    /// `segue batch` calls it for a scene whose worker process crashed.
    public static func removeStale(for destination: URL, everyName: Bool = false) {
        let destination = destination.standardizedFileURL
        let folder = destination.deletingLastPathComponent().path
        let prefix = everyName ? "." : prefix(of: destination.lastPathComponent)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
            // <pid>-<hex>, or <pid>-<hex>-old for a folder moved aside: nothing else is Segue's.
            var parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            if parts.count == 3, parts[2] == "old" { parts.removeLast() }
            guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UInt64(parts[1], radix: 16) != nil,
                  !isRunning(pid) else { continue }
            removeWithoutFollowingLinks(folder + "/" + name)
        }
    }

    /// Whether a process `pid` exists (ours or another user's).
    public static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Removes the file, link or folder at `path`; a link is removed itself, never what it points
    /// to, and a folder's contents are removed the same way. Returns whether something was removed.
    @discardableResult
    static func removeWithoutFollowingLinks(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        guard info.st_mode & S_IFMT == S_IFDIR else { return unlink(path) == 0 }
        // A worker thread may still add a file while the folder is emptied: try again.
        for _ in 0..<5 {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
                for name in names { removeWithoutFollowingLinks(path + "/" + name) }
            }
            if rmdir(path) == 0 { return true }
        }
        return false
    }
}

/// A staged output that could not be created or moved into place.
public struct StagingError: Error, CustomStringConvertible {
    public let path: String
    public let operation: String
    public let message: String

    public var description: String { "\(operation) \(path): \(message)" }
}
