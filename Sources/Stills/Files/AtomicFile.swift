import Foundation
import Staging

/// Writes small files atomically: a hidden temporary file beside the destination, then a rename.
///
/// Foundation's `.atomic` option stages the bytes in a `TemporaryDirectory.*` folder under
/// /tmp that it leaves behind on Linux; this keeps everything beside the destination, and the
/// temporary is removed on SIGINT or SIGTERM (`StagedPath`).
public enum AtomicFile {
    /// With `replacingInput`, `url` may be a file the process reads (`Destination.protect`):
    /// the preview saving the scene it edits.
    public static func write(_ data: Data, to url: URL, replacingInput: Bool = false) throws {
        try writing(url) { try StagedPath.write(data, to: url, replacingInput: replacingInput) }
    }

    public static func write(_ text: String, to url: URL, replacingInput: Bool = false) throws {
        try write(Data(text.utf8), to: url, replacingInput: replacingInput)
    }

    /// Refuses `destination` now, before the work that makes the output, when staging it would
    /// (`Destination`: a special file, a folder, a file the process reads); the staging checks again.
    public static func check(_ destination: URL, kind: StagedPath.Kind = .file) throws {
        if let refused = Destination.problem(destination.standardizedFileURL, kind: kind) { throw refused }
    }

    /// Runs `body`, which writes `file`: creates the folders missing above it first, keeps them
    /// when `body` returns, and removes them again when it throws (`OutputFolder`), so a command
    /// that fails leaves no folder that was not there. `body` removes its own temporaries.
    package static func writing<T>(_ file: URL, _ body: () throws -> T) throws -> T {
        let folder: OutputFolder
        do {
            folder = try OutputFolder(for: file)
        } catch let error as StagingError {
            throw PipelineError.outputFolder(error.path, underlying: error.message)
        }
        do {
            let value = try body()
            folder.keep()
            return value
        } catch {
            folder.discard()
            throw error
        }
    }
}
