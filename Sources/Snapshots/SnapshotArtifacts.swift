import Foundation
import Stills

/// The folders `segue snapshot` writes failures' images and `report.txt` into, touched only
/// where they are Segue's own.
///
/// A folder Segue creates gets a hidden `.segue-artifacts` marker; only a marked folder is
/// emptied of its images or removed, and only once nothing but Segue's files is in it. A
/// `report.txt` is Segue's when it starts the way Segue writes it. Nothing is written or
/// deleted through a symbolic link: a linked folder is refused with an error.
enum SnapshotArtifacts {
    static let markerName = ".segue-artifacts"
    /// How every text report Segue writes begins.
    static let reportHeader = "segue snapshot: "
    static let textReportName = "report.txt"
    static let htmlReportName = "report.html"
    /// How every HTML report Segue writes begins.
    static let htmlReportHeader = "<!DOCTYPE html>\n<!-- segue snapshot: failure report -->\n"

    /// The start that makes a report at `name` Segue's.
    static func header(of name: String) -> String {
        name == htmlReportName ? htmlReportHeader : reportHeader
    }

    /// Readies the artifacts folder `root` (the `--artifacts` folder or `__snapshots__/__actual__`):
    /// creates it, marked, when missing; refuses a link.
    static func prepareRoot(_ root: URL) throws {
        switch kind(of: root) {
        case .missing:
            // Folders created on the way (a subfolder's artifacts under --artifacts) are Segue's too.
            let parent = root.deletingLastPathComponent()
            if parent.path != root.path, kind(of: parent) == .missing { try prepareRoot(parent) }
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
            try Data().write(to: root.appendingPathComponent(markerName))
        case .folder: return
        case .link: throw PipelineError.refusedPath(root.path, reason: "it is a symbolic link; segue snapshot does not write through links")
        case .other: throw PipelineError.refusedPath(root.path, reason: "it is not a folder")
        }
    }

    /// Readies a scene's folder in the artifacts folder: creates it, marked, when missing; one that
    /// is there must be Segue's.
    static func prepare(_ folder: URL) throws {
        try prepareRoot(folder.deletingLastPathComponent())
        switch kind(of: folder) {
        case .missing:
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try Data().write(to: folder.appendingPathComponent(markerName))
        case .folder where isMarked(folder): return
        case .folder:
            throw PipelineError.refusedPath(folder.path, reason: "this folder was not created by segue snapshot; "
                                            + "move it or choose another --artifacts folder")
        case .link: throw PipelineError.refusedPath(folder.path, reason: "it is a symbolic link; segue snapshot does not write through links")
        case .other: throw PipelineError.refusedPath(folder.path, reason: "it is not a folder")
        }
    }

    /// Removes the images an earlier run left in a scene's folder, and the folder once only its
    /// marker is left; a folder that is not Segue's, or is reached through a link, stays as it is.
    static func clear(_ folder: URL) {
        guard kind(of: folder.deletingLastPathComponent()) == .folder, kind(of: folder) == .folder, isMarked(folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.lowercased().hasSuffix(".png") {
            let file = folder.appendingPathComponent(name)
            if kind(of: file) == .other { unlink(file.path) }
        }
        removeIfOnlyMarked(folder)
    }

    /// Writes `text` as the report `name` (`report.txt`, `report.html`) in `root`, refusing to
    /// replace one Segue did not write.
    static func writeReport(_ text: String, named name: String = textReportName, in root: URL) throws -> URL {
        try prepareRoot(root)
        let url = root.appendingPathComponent(name)
        guard kind(of: url) == .missing || isSegueReport(url) else {
            throw PipelineError.refusedPath(url.path, reason: "this \(name) was not written by segue snapshot; "
                                            + "move it or choose another --artifacts folder")
        }
        try AtomicFile.write(text, to: url)
        return url
    }

    /// Removes stale reports of Segue's from `root`, then `root` itself when Segue created it and
    /// nothing else is left in it.
    static func removeReports(in root: URL) {
        guard kind(of: root) == .folder else { return }
        for name in [textReportName, htmlReportName] {
            let url = root.appendingPathComponent(name)
            if isSegueReport(url) { unlink(url.path) }
        }
        removeIfOnlyMarked(root)
    }

    /// Removes the stale reports of Segue's from `root` when the scene folders they listed are all
    /// gone (cleared by a later run that wrote its artifacts elsewhere), and then `root`.
    static func removeReportsIfAlone(in root: URL) {
        guard kind(of: root) == .folder, isMarked(root),
              let names = try? FileManager.default.contentsOfDirectory(atPath: root.path),
              Set(names).isSubset(of: [markerName, textReportName, htmlReportName]) else { return }
        removeReports(in: root)
    }

    /// Removes Segue's emptied folders below and including `base` (the `--artifacts` folder),
    /// deepest first; anything holding more than the marker stays.
    static func removeEmptyFolders(under base: URL) {
        guard kind(of: base) == .folder, isMarked(base) else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        for name in names where !name.hasPrefix(".") {
            let child = base.appendingPathComponent(name)
            if kind(of: child) == .folder { removeEmptyFolders(under: child) }
        }
        removeIfOnlyMarked(base)
    }

    private static func removeIfOnlyMarked(_ folder: URL) {
        guard (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) == [markerName] else { return }
        unlink(folder.appendingPathComponent(markerName).path)
        rmdir(folder.path)
    }

    private static func isMarked(_ folder: URL) -> Bool {
        kind(of: folder.appendingPathComponent(markerName)) == .other
    }

    /// A regular file (not a link) that begins with the header Segue writes for its name.
    private static func isSegueReport(_ url: URL) -> Bool {
        let header = header(of: url.lastPathComponent)
        guard kind(of: url) == .other, let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: header.utf8.count)) ?? Data()
        return start == Data(header.utf8)
    }

    enum Kind {
        case missing, folder, link
        /// A file, or anything else that is not a folder or a link.
        case other
    }

    /// What is at `url`, without following a link there.
    static func kind(of url: URL) -> Kind {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
