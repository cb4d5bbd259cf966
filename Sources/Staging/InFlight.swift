import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files and folders this process is writing, and the worker processes it runs,
/// so that a signal can stop everything without leaving anything behind.
///
/// Every `StagedPath` registers its temporary here while it exists; `segue batch` registers its
/// worker processes; `OutputFolder` registers the folders it creates. `abandonAll(signal:)` —
/// called by the CLI's signal thread — forwards the signal to the workers, waits for them to
/// clean up after themselves, and removes the temporaries and the folders created for them. Renames that put a finished output in place run inside `critical(_:)`, so an
/// interruption never lands between the two renames that replace a folder.
public enum InFlight {
    /// Recursive: a commit running in `critical` registers and unregisters paths, and
    /// `abandonAll` keeps it until the process exits. Workers' `LockedValueBox` (the shape of
    /// NIO's, an `NSLock` held for one closure) is the lock box everywhere else; Staging could
    /// depend on Workers without a cycle, but a box that cannot be re-entered would deadlock the
    /// first commit, so this one registry keeps its own recursive lock.
    private static let lock = NSRecursiveLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var paths: Set<String> = []
    nonisolated(unsafe) private static var children: Set<pid_t> = []
    nonisolated(unsafe) private static var visitedFolders: Set<String> = []

    /// Whether this is the first time the process stages something in `folder` (each folder's
    /// stale temporaries are swept once).
    static func firstVisit(toFolder folder: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return visitedFolders.insert(folder).inserted
    }

    /// Records that `path` is a temporary of this process, to be removed on a signal.
    public static func register(_ path: String) {
        lock.lock()
        paths.insert(path)
        CrashCleanup.add(path)
        lock.unlock()
    }

    /// `path` was renamed into place or removed.
    public static func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        CrashCleanup.remove(path)
        lock.unlock()
    }

    /// Records a child process that a signal must stop (and wait for) before this one exits.
    public static func register(child: pid_t) {
        lock.lock()
        children.insert(child)
        lock.unlock()
    }

    public static func unregister(child: pid_t) {
        lock.lock()
        children.remove(child)
        lock.unlock()
    }

    /// Runs `body` with no signal clean-up able to start before it ends.
    public static func critical<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Stops the children with `signal` (waiting up to five seconds, then killing them), removes
    /// every registered temporary, and returns how many were removed. Holds the registry until
    /// the process exits: nothing is committed or registered afterwards.
    ///
    /// Runs on an ordinary thread (the CLI's `sigwait` thread), never in a signal handler.
    @discardableResult
    public static func abandonAll(signal: Int32) -> Int {
        lock.lock()
        for child in children { kill(child, signal) }
        let deadline = Date().addingTimeInterval(5)
        var waiting = children
        while !waiting.isEmpty {
            for child in waiting {
                var status: Int32 = 0
                let reaped = waitpid(child, &status, WNOHANG)
                // -1: already reaped by the thread that runs it.
                if reaped == child || reaped == -1 { waiting.remove(child) }
            }
            if waiting.isEmpty { break }
            if Date() > deadline {
                for child in waiting { kill(child, SIGKILL) }
                break
            }
            usleep(10_000)
        }
        var removed = 0
        for path in paths where StagedPath.removeWithoutFollowingLinks(path) { removed += 1 }
        paths.removeAll()
        removeCreatedFolders()
        return removed
    }
}
