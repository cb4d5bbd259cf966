import Foundation
import Staging

/// A hidden temporary file beside a destination: renamed over it by `commit()`, removed otherwise.
///
/// A file `StagedPath` (`.<name>.tmp-<pid>-<random>` in the destination's folder, removed on
/// SIGINT and SIGTERM) behind the checks that give a writer's errors their `VideoError`.
final class StagedFile {
    /// Where the file ends up after `commit()`.
    var destination: URL { staged.destination }
    /// The absolute path of the temporary file (which may not exist yet).
    var temporaryPath: String { staged.temporary.path }
    private let staged: StagedPath

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
        staged = try StagedPath(destination: destination, kind: .file)
    }

    /// Atomically renames the temporary file over the destination.
    func commit() throws {
        do {
            try staged.commit()
        } catch let error as StagingError {
            throw VideoError.fileSystem(operation: "renaming \(temporaryPath) to", path: destination.path, message: error.message)
        }
    }

    /// Removes the temporary file unless it was committed; safe to call more than once.
    func discard() {
        staged.discard()
    }
}
