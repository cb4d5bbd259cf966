import Foundation

/// A hidden temporary file beside a destination: renamed over it by `commit()`, removed otherwise.
///
/// The temporary name is `.<name>.tmp-<pid>-<random>` in the destination's
/// folder, so the final rename stays on one file system and is atomic.
final class StagedFile {
    /// Where the file ends up after `commit()`.
    let destination: URL
    /// The absolute path of the temporary file (which may not exist yet).
    let temporaryPath: String
    /// Whether the temporary file was renamed into place or removed.
    private var isSettled = false

    /// Chooses a temporary path beside `destination`; throws if its folder does not exist.
    init(destination: URL) throws {
        guard destination.isFileURL else {
            throw VideoError.invalidDestination(path: destination.absoluteString, reason: "it is not a file URL")
        }
        let destination = destination.standardizedFileURL
        let name = destination.lastPathComponent
        let folder = destination.deletingLastPathComponent()
        guard !name.isEmpty, name != "/" else {
            throw VideoError.invalidDestination(path: destination.path, reason: "it has no file name")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw VideoError.invalidDestination(path: destination.path, reason: "the folder \(folder.path) does not exist")
        }
        guard isDirectory.boolValue else {
            throw VideoError.invalidDestination(path: destination.path, reason: "\(folder.path) is not a folder")
        }
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw VideoError.invalidDestination(path: destination.path, reason: "a folder already has that name")
        }
        let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
        self.destination = destination
        self.temporaryPath = folder.appendingPathComponent(".\(name).tmp-\(getpid())-\(suffix)").path
    }

    deinit {
        discard()
    }

    /// Atomically renames the temporary file over the destination.
    func commit() throws {
        guard rename(temporaryPath, destination.path) == 0 else {
            let message = String(cString: strerror(errno))
            throw VideoError.fileSystem(operation: "renaming \(temporaryPath) to", path: destination.path, message: message)
        }
        isSettled = true
    }

    /// Removes the temporary file unless it was committed; safe to call more than once.
    func discard() {
        guard !isSettled else { return }
        isSettled = true
        unlink(temporaryPath)
    }
}
