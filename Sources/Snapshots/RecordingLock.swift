import Foundation
import Stills
import Staging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One recorder at a time per folder of goldens: a run that may write goldens holds an exclusive
/// `flock` on `__snapshots__/.segue-record.lock` in every folder it records, as package managers
/// and git hold theirs, and a second recorder of the same folder is refused at once, naming the
/// process that holds it. The kernel releases the lock when its process ends however it ends; the
/// file, which only says who holds it, is removed when the run finishes or is interrupted.
final class RecordingLock {
    static let fileName = ".segue-record.lock"

    private var held: [(path: String, descriptor: Int32)] = []
    /// The `__snapshots__` folders made for a lock, removed again if the run leaves them empty.
    private var made: [URL] = []

    /// Takes the lock of each folder's `__snapshots__` (made where missing), or throws naming the
    /// holder of the first one held elsewhere, keeping none.
    init(folders: [URL], mode: SnapshotMode) throws {
        do {
            for folder in folders {
                let root = folder.appendingPathComponent(SnapshotRunner.folderName)
                if !FileManager.default.fileExists(atPath: root.path) {
                    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                    made.append(root)
                }
                let file = root.appendingPathComponent(Self.fileName)
                held.append(try Self.lock(file.path, mode: mode))
                // What a recorder killed outright staged here is its alone: no recorder runs here but this one.
                StagedPath.removeStale(for: file, everyName: true)
            }
        } catch {
            release()
            throw error
        }
    }

    deinit {
        release()
    }

    /// Removes the lock files and lets go: a recorder waiting for the folder finds no file, or a new one.
    func release() {
        for (path, descriptor) in held.reversed() {
            unlink(path)
            InFlight.unregister(path)
            close(descriptor)
        }
        held = []
        for root in made { rmdir(root.path) }
        made = []
    }

    private static func lock(_ path: String, mode: SnapshotMode) throws -> (path: String, descriptor: Int32) {
        // The holder removes the file as it finishes: a lock taken on a file no longer at the path is tried again.
        for _ in 0..<100 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw PipelineError.refusedPath(path, reason: "cannot open the recording lock (\(String(cString: strerror(errno))))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK
                let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                close(descriptor)
                guard busy else { throw PipelineError.refusedPath(path, reason: "cannot take the recording lock (\(String(cString: strerror(errno))))") }
                throw RecordingLockError(folder: (path as NSString).deletingLastPathComponent, holder: holder)
            }
            var open_ = stat(), named = stat()
            guard fstat(descriptor, &open_) == 0, stat(path, &named) == 0, open_.st_ino == named.st_ino, open_.st_dev == named.st_dev else {
                close(descriptor)
                continue
            }
            InFlight.register(path)
            let text = "process \(getpid()) (segue snapshot --record \(mode.rawValue)), since \(Self.now())\n"
            _ = ftruncate(descriptor, 0)
            _ = text.withCString { write(descriptor, $0, strlen($0)) }
            return (path, descriptor)
        }
        throw PipelineError.refusedPath(path, reason: "the recording lock kept changing hands")
    }

    private static func now() -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date())
    }
}

/// Another process is recording goldens in the same folder.
public struct RecordingLockError: Error, CustomStringConvertible {
    public let folder: String
    /// What the lock file says of its holder ("process 123 (segue snapshot --record all), since …").
    public let holder: String

    public var description: String {
        "another recording holds the goldens in \(SnapshotRunner.display(URL(fileURLWithPath: folder))): "
            + (holder.isEmpty ? "a process that has not said which" : holder)
            + "; wait for it to finish (or stop it), then run again — two recordings of one folder would leave a mix of both"
    }
}
