import Foundation
import Staging
import Stills

/// A hidden temporary folder beside a destination folder: moved into its place by `commit()`,
/// removed otherwise (a folder `StagedPath`).
///
/// When no folder is at the destination, `commit()` is one atomic rename. When one is (an
/// earlier render), it is first renamed aside to a hidden name, the new folder renamed into
/// place, and the old one removed: the destination is never a mixture of old and new frames.
final class StagedFolder {
    private let staged: StagedPath
    var destination: URL { staged.destination }
    var temporary: URL { staged.temporary }

    /// Creates the temporary folder; the destination's parent must exist.
    init(destination: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw PipelineError.outputFolder(destination.path, underlying: "a file already has that name")
        }
        do {
            staged = try StagedPath(destination: destination, kind: .folder)
        } catch let error as StagingError {
            throw PipelineError.outputFolder(error.path, underlying: error.message)
        }
    }

    /// Puts the temporary folder at the destination, replacing what was there.
    func commit() throws {
        do {
            try staged.commit()
        } catch let error as StagingError {
            throw PipelineError.outputFolder(destination.path, underlying: error.message)
        }
    }

    /// Removes the temporary folder unless it was committed; safe to call more than once.
    func discard() {
        staged.discard()
    }
}
