import Foundation

/// A hidden temporary folder beside a destination folder: moved into its place by `commit()`,
/// removed otherwise.
///
/// When no folder is at the destination, `commit()` is one atomic rename. When one is (an
/// earlier render), it is first renamed aside to a hidden name, the new folder renamed into
/// place, and the old one removed: the destination is never a mixture of old and new frames.
final class StagedFolder {
    let destination: URL
    let temporary: URL
    private var isSettled = false

    /// Creates the temporary folder; the destination's parent must exist.
    init(destination: URL) throws {
        let destination = destination.standardizedFileURL
        let parent = destination.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw PipelineError.outputFolder(destination.path, underlying: "a file already has that name")
        }
        let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
        self.destination = destination
        temporary = parent.appendingPathComponent(".\(destination.lastPathComponent).tmp-\(getpid())-\(suffix)")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw PipelineError.outputFolder(temporary.path, underlying: error.localizedDescription)
        }
    }

    deinit {
        discard()
    }

    /// Puts the temporary folder at the destination, replacing what was there.
    func commit() throws {
        if rename(temporary.path, destination.path) != 0 {
            guard errno == ENOTEMPTY || errno == EEXIST else {
                throw PipelineError.outputFolder(destination.path, underlying: String(cString: strerror(errno)))
            }
            let old = temporary.deletingLastPathComponent().appendingPathComponent(temporary.lastPathComponent + "-old")
            guard rename(destination.path, old.path) == 0, rename(temporary.path, destination.path) == 0 else {
                throw PipelineError.outputFolder(destination.path, underlying: String(cString: strerror(errno)))
            }
            try? FileManager.default.removeItem(at: old)
        }
        isSettled = true
    }

    /// Removes the temporary folder unless it was committed; safe to call more than once.
    func discard() {
        guard !isSettled else { return }
        isSettled = true
        try? FileManager.default.removeItem(at: temporary)
    }
}
