import Foundation
import Raster
import Scene

/// `segue snapshot`: renders each scene's snapshot points and compares them with (or records
/// them as) golden PNGs in `<scene folder>/__snapshots__/<scene name>/<point name>.png`.
///
/// A folder means every scene file in it and its subfolders — the walk `segue batch` makes
/// (`SceneFolder`) — and then golden folders of scenes that no longer exist count as orphaned too.
public enum SnapshotRunner {
    /// The folder holding goldens, beside the scenes.
    public static let folderName = SceneFolder.goldensFolderName
    /// Inside it, where failures' artifacts go by default (ignored by git).
    public static let artifactsFolderName = "__actual__"

    /// Runs over `paths` (scene files or folders of them), calling `report` with each result as it comes.
    public static func run(_ paths: [String], options: SnapshotOptions,
                           report: (SnapshotResult) -> Void = { _ in }) throws -> SnapshotSummary {
        var results: [SnapshotResult] = []
        // Results by the artifacts folder their images go to, for one report per folder.
        var byArtifacts: [(root: URL, results: [SnapshotResult])] = []
        for group in try paths.flatMap(Group.groups) {
            var groupResults: [SnapshotResult] = []
            func emit(_ result: SnapshotResult) {
                groupResults.append(result)
                report(result)
            }
            let artifacts = options.artifacts.map { group.relative.isEmpty ? $0 : $0.appendingPathComponent(group.relative) }
                ?? group.folder.appendingPathComponent(folderName).appendingPathComponent(artifactsFolderName)
            var seen: Set<String> = []
            for file in group.scenes {
                let name = file.deletingPathExtension().lastPathComponent
                guard seen.insert(name).inserted else {
                    emit(SnapshotResult(scene: display(file), name: "", status: .error(
                        "another scene in \(display(group.folder)) is also named '\(name)'; goldens are kept by scene name")))
                    continue
                }
                if options.mode.records, let link = linkedGoldenFolder(in: group.folder, scene: name) {
                    emit(SnapshotResult(scene: display(file), name: "", status: .error(
                        "\(display(link)) is a symbolic link; recording does not write or delete through links")))
                    continue
                }
                SnapshotSceneJob(file: file, folder: group.folder, artifacts: artifacts.appendingPathComponent(name), options: options)
                    .run(emit)
            }
            if group.isFolder, options.points == nil {
                checkOrphanedScenes(in: group.folder, sceneNames: seen, mode: options.mode, emit)
            }
            if let index = byArtifacts.firstIndex(where: { $0.root == artifacts }) {
                byArtifacts[index].results += groupResults
            } else {
                byArtifacts.append((artifacts, groupResults))
            }
            results += groupResults
        }
        var reports: [URL] = []
        for (root, rootResults) in byArtifacts {
            if let url = try writeReports(rootResults, to: root, options: options) { reports.append(url) }
        }
        if let base = options.artifacts { SnapshotArtifacts.removeEmptyFolders(under: base) }
        return SnapshotSummary(results: results, reports: reports)
    }

    /// Golden folders of scenes that are not in `folder`.
    private static func checkOrphanedScenes(in folder: URL, sceneNames: Set<String>, mode: SnapshotMode,
                                            _ emit: (SnapshotResult) -> Void) {
        let root = folder.appendingPathComponent(folderName)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names.sorted() where name != artifactsFolderName && !name.hasPrefix(".") && !sceneNames.contains(name) {
            let sceneFolder = root.appendingPathComponent(name)
            if mode == .all, SnapshotArtifacts.kind(of: root) == .link || SnapshotArtifacts.kind(of: sceneFolder) == .link {
                emit(SnapshotResult(scene: display(sceneFolder), name: "", status: .error(
                    "a symbolic link; --record does not delete through links")))
                continue
            }
            for golden in pngs(in: sceneFolder) {
                emit(orphan(golden, scene: display(sceneFolder), name: golden.deletingPathExtension().lastPathComponent,
                            reason: "no scene named '\(name)' in \(display(folder))", location: nil, mode: mode))
            }
            // Only once its goldens are gone, and only if nothing else is in it.
            if mode == .all {
                SnapshotSettingsFile.remove(in: sceneFolder)
                rmdir(sceneFolder.path)
            }
        }
    }

    /// `__snapshots__` or `__snapshots__/<scene>` in `folder` when it is a symbolic link.
    private static func linkedGoldenFolder(in folder: URL, scene: String) -> URL? {
        let root = folder.appendingPathComponent(folderName)
        return [root, root.appendingPathComponent(scene)].first { SnapshotArtifacts.kind(of: $0) == .link }
    }

    /// An orphaned golden: deleted under `--record all`, a failure otherwise.
    static func orphan(_ golden: URL, scene: String, name: String, reason: String, location: SourceLocation?,
                       mode: SnapshotMode) -> SnapshotResult {
        if mode == .all {
            do {
                try FileManager.default.removeItem(at: golden)
                return SnapshotResult(scene: scene, name: name, status: .removed, golden: golden, location: location)
            } catch {
                return SnapshotResult(scene: scene, name: name, status: .error("cannot delete orphaned golden: \(error.localizedDescription)"),
                                      golden: golden, location: location)
            }
        }
        return SnapshotResult(scene: scene, name: name, status: .orphaned, golden: golden, location: location, message: reason)
    }

    /// The PNG files directly in `folder`, sorted.
    public static func pngs(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// Writes `report.txt` and `report.html` listing the failures into `artifacts`, or removes stale
    /// ones; returns the text report's URL when written.
    private static func writeReports(_ results: [SnapshotResult], to artifacts: URL, options: SnapshotOptions) throws -> URL? {
        let failures = results.filter(\.isFailure)
        guard !failures.isEmpty else {
            // Leave no stale report and no empty artifacts folder of Segue's behind.
            SnapshotArtifacts.removeReports(in: artifacts)
            return nil
        }
        let tolerance = options.tolerance
        var text = SnapshotArtifacts.reportHeader + "\(failures.count) of \(results.count) goldens failed\n"
        text += "tolerance: a pixel differs when a channel differs by more than \(tolerance.channel); "
        text += "at most \(SnapshotComparison.percent(tolerance.pixels)) of the pixels may differ\n"
        text += "record new goldens with `segue snapshot --record all` (or SEGUE_RECORD=all) once the change is intended\n"
        text += "report.html shows golden | actual | diff side by side\n\n"
        for failure in failures {
            text += describe(failure, mode: options.mode).joined(separator: "\n    ") + "\n\n"
        }
        let url = try SnapshotArtifacts.writeReport(text, in: artifacts)
        _ = try SnapshotArtifacts.writeReport(SnapshotHTMLReport.page(failures, total: results.count, artifacts: artifacts,
                                                                      tolerance: tolerance),
                                              named: SnapshotArtifacts.htmlReportName, in: artifacts)
        return url
    }

    /// A result as lines of text: a status word and what it is, then details.
    public static func describe(_ result: SnapshotResult, mode: SnapshotMode) -> [String] {
        let what = result.name.isEmpty ? result.scene : "\(result.scene) \(result.name)"
        var lines: [String]
        switch result.status {
        case .passed(let verdict):
            if case .withinTolerance(let difference) = verdict {
                lines = ["ok        \(what) (within tolerance: \(difference))"]
            } else {
                lines = ["ok        \(what)"]
            }
        case .failed(let verdict):
            lines = ["FAILED    \(what): \(describe(verdict))"]
        case .missing:
            lines = ["MISSING   \(what): no golden; `segue snapshot --record missing` writes it"]
        case .recorded:
            lines = ["recorded  \(what)" + (result.message.map { " (\($0))" } ?? "")]
        case .unchanged:
            lines = ["unchanged \(what)"]
        case .orphaned:
            lines = ["ORPHANED  \(what): " + (result.message.map { "\($0)" }
                        ?? "its scene or snapshot point no longer exists; `segue snapshot --record all` deletes it")]
        case .removed:
            lines = ["removed   \(what) (orphaned)"]
        case .error(let message):
            lines = ["ERROR     \(what): \(message)"]
        }
        if result.isFailure {
            if let location = result.location { lines.append("at:     \(display(location))") }
            if let golden = result.golden { lines.append("golden: \(display(golden))") }
        }
        if let actual = result.actual { lines.append("actual: \(display(actual))") }
        if let diff = result.diff { lines.append("diff:   \(display(diff))") }
        if let composite = result.composite { lines.append("side by side: \(display(composite))") }
        return lines
    }

    /// A failed comparison in words.
    public static func describe(_ verdict: SnapshotVerdict) -> String {
        switch verdict {
        case .sizeMismatch(let golden, let actual):
            return "the golden is \(golden) pixels, the frame \(actual) (recorded at another --scale or device?)"
        case .different(let difference), .withinTolerance(let difference):
            return "\(difference)"
        case .identical:
            return "identical"
        }
    }

    /// `file:line:column` with the file relative to the working directory.
    public static func display(_ location: SourceLocation) -> String {
        "\(display(URL(fileURLWithPath: location.file))):\(location.line):\(location.column)"
    }

    /// `url`'s path relative to the working directory when it is inside it.
    public static func display(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    /// Scenes in one folder, which share its `__snapshots__`.
    struct Group {
        let folder: URL
        let scenes: [URL]
        /// Whether a folder was given (its orphaned scenes' goldens are checked too).
        let isFolder: Bool
        /// The folder's path relative to the folder given ("" for itself or a single scene).
        let relative: String

        /// The groups of a path given on the command line: a scene file, or a folder walked like
        /// `segue batch` walks it, one group per folder holding scenes or goldens.
        static func groups(_ path: String) throws -> [Group] {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw PipelineError.missingFile(path)
            }
            guard isDirectory.boolValue else {
                return [Group(folder: url.deletingLastPathComponent(), scenes: [url], isFolder: false, relative: "")]
            }
            let listing = SceneFolder.walk(url)
            var scenes: [String: [URL]] = [:]
            for relative in SceneFolder.sceneFiles(under: url) {
                scenes[(relative as NSString).deletingLastPathComponent, default: []].append(url.appendingPathComponent(relative))
            }
            let folders = Set(scenes.keys).union(listing.goldenHolders.filter { !$0.hasPrefix("/") }).union([""])
            return folders.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { relative in
                Group(folder: relative.isEmpty ? url : url.appendingPathComponent(relative), scenes: scenes[relative] ?? [],
                      isFolder: true, relative: relative)
            }
        }
    }
}
