import Foundation

/// The folders `segue snapshot` writes failures' images and `report.txt` into, touched only
/// where they are Segue's own.
///
/// A folder Segue creates gets a hidden `.segue-artifacts` marker; only a marked folder is
/// emptied of its images or removed, and only once nothing but Segue's files is in it. A
/// `report.txt` is Segue's when it starts the way Segue writes it. Nothing is written or
/// deleted through a symbolic link: a linked folder is refused with an error.
enum SnapshotArtifacts {
    static let markerName = ".segue-artifacts"
    /// How every report Segue writes begins.
    static let reportHeader = "segue snapshot: "

    /// Readies the artifacts folder `root` (the `--artifacts` folder or `__snapshots__/__actual__`):
    /// creates it, marked, when missing; refuses a link.
    static func prepareRoot(_ root: URL) throws {
        switch kind(of: root) {
        case .missing:
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
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

    /// Writes `text` as `report.txt` in `root`, refusing to replace one Segue did not write.
    static func writeReport(_ text: String, in root: URL) throws -> URL {
        try prepareRoot(root)
        let url = root.appendingPathComponent("report.txt")
        guard kind(of: url) == .missing || isSegueReport(url) else {
            throw PipelineError.refusedPath(url.path, reason: "this report.txt was not written by segue snapshot; "
                                            + "move it or choose another --artifacts folder")
        }
        try AtomicFile.write(text, to: url)
        return url
    }

    /// Removes a stale report of Segue's from `root`, then `root` itself when Segue created it and
    /// nothing else is left in it.
    static func removeReport(in root: URL) {
        guard kind(of: root) == .folder else { return }
        let url = root.appendingPathComponent("report.txt")
        if isSegueReport(url) { unlink(url.path) }
        removeIfOnlyMarked(root)
    }

    private static func removeIfOnlyMarked(_ folder: URL) {
        guard (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) == [markerName] else { return }
        unlink(folder.appendingPathComponent(markerName).path)
        rmdir(folder.path)
    }

    private static func isMarked(_ folder: URL) -> Bool {
        kind(of: folder.appendingPathComponent(markerName)) == .other
    }

    /// A regular file (not a link) that begins with `reportHeader`.
    private static func isSegueReport(_ url: URL) -> Bool {
        guard kind(of: url) == .other, let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: reportHeader.utf8.count)) ?? Data()
        return start == Data(reportHeader.utf8)
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
