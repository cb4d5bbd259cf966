import Foundation
import Raster
import Scene

/// What `segue snapshot` does with each frame.
public enum SnapshotMode: String, Sendable, CaseIterable {
    /// Compare with the golden; fail on a difference beyond the tolerance, a missing golden or an orphaned one.
    case verify
    /// Write the golden (only where it changed) and delete orphaned ones.
    case record
}

/// How `segue snapshot` runs.
public struct SnapshotOptions: Sendable {
    public var mode: SnapshotMode
    public var tolerance: SnapshotTolerance
    /// Applied to every scene: `scale` makes small goldens, `showsTouches` hides the finger.
    public var settings: RenderSettings
    /// Where a failure's actual and diff images and the report go; nil: `__snapshots__/__actual__`
    /// in each scene folder.
    public var artifacts: URL?
    /// Only these snapshot points (by name); nil: all. With a selection, orphaned goldens are
    /// neither reported nor deleted.
    public var points: Set<String>?

    public init(mode: SnapshotMode = .verify, tolerance: SnapshotTolerance = .default,
                settings: RenderSettings = RenderSettings(), artifacts: URL? = nil, points: Set<String>? = nil) {
        self.mode = mode
        self.tolerance = tolerance
        self.settings = settings
        self.artifacts = artifacts
        self.points = points
    }
}

/// What happened to one golden.
public struct SnapshotResult: Sendable {
    public enum Status: Sendable {
        case passed(SnapshotVerdict)
        case failed(SnapshotVerdict)
        /// No golden to compare with (verify mode).
        case missing
        /// Written because it was new or changed (record mode).
        case recorded
        /// Already identical (record mode).
        case unchanged
        /// A golden whose scene or point no longer exists (verify mode).
        case orphaned
        /// An orphaned golden deleted (record mode).
        case removed
        /// The scene could not be loaded or played, a point could not be found, or a file could not be read or written.
        case error(String)
    }

    /// The scene file, as given or found in the folder.
    public var scene: String
    /// The snapshot point's name; empty for a problem with the whole scene.
    public var name: String
    public var status: Status
    public var golden: URL?
    /// Written on failure: the frame as rendered now.
    public var actual: URL?
    /// Written on failure when the sizes agree: where the pixels differ.
    public var diff: URL?

    /// Whether this makes the run fail.
    public var isFailure: Bool {
        switch status {
        case .failed, .missing, .orphaned, .error: return true
        case .passed, .recorded, .unchanged, .removed: return false
        }
    }
}

/// Every result of a run, and the reports written.
public struct SnapshotSummary: Sendable {
    public var results: [SnapshotResult]
    /// One `report.txt` per folder with failures.
    public var reports: [URL]

    public var failures: [SnapshotResult] { results.filter(\.isFailure) }
    public var succeeded: Bool { failures.isEmpty }
}

/// `segue snapshot`: renders each scene's snapshot points and compares them with (or records
/// them as) golden PNGs in `<scene folder>/__snapshots__/<scene name>/<point name>.png`.
///
/// Scenes are loaded with the options' render settings; a folder means every scene file directly
/// in it, and then golden folders of scenes that no longer exist count as orphaned too.
public enum SnapshotRunner {
    /// The folder holding goldens, beside the scenes.
    public static let folderName = "__snapshots__"
    /// Inside it, where failures' artifacts go by default (ignored by git).
    public static let artifactsFolderName = "__actual__"

    /// Runs over `paths` (scene files or folders of them), calling `report` with each result as it comes.
    public static func run(_ paths: [String], options: SnapshotOptions,
                           report: (SnapshotResult) -> Void = { _ in }) throws -> SnapshotSummary {
        var results: [SnapshotResult] = []
        var reports: [URL] = []
        for target in try paths.map(Target.init) {
            var folderResults: [SnapshotResult] = []
            func emit(_ result: SnapshotResult) {
                folderResults.append(result)
                report(result)
            }
            let artifacts = options.artifacts ?? target.folder.appendingPathComponent(folderName)
                .appendingPathComponent(artifactsFolderName)
            var seen: Set<String> = []
            for file in target.scenes {
                let name = file.deletingPathExtension().lastPathComponent
                guard seen.insert(name).inserted else {
                    emit(SnapshotResult(scene: display(file), name: "", status: .error(
                        "another scene in \(display(target.folder)) is also named '\(name)'; goldens are kept by scene name")))
                    continue
                }
                SnapshotSceneJob(file: file, folder: target.folder, artifacts: artifacts.appendingPathComponent(name), options: options)
                    .run(emit)
            }
            if target.isFolder, options.points == nil {
                checkOrphanedScenes(in: target.folder, sceneNames: seen, mode: options.mode, emit)
            }
            if let url = try writeReport(folderResults, to: artifacts, options: options) { reports.append(url) }
            results += folderResults
        }
        return SnapshotSummary(results: results, reports: reports)
    }

    /// Golden folders of scenes that are not in `folder`.
    private static func checkOrphanedScenes(in folder: URL, sceneNames: Set<String>, mode: SnapshotMode,
                                            _ emit: (SnapshotResult) -> Void) {
        let root = folder.appendingPathComponent(folderName)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names.sorted() where name != artifactsFolderName && !name.hasPrefix(".") && !sceneNames.contains(name) {
            let sceneFolder = root.appendingPathComponent(name)
            for golden in pngs(in: sceneFolder) {
                emit(orphan(golden, scene: display(sceneFolder), name: golden.deletingPathExtension().lastPathComponent,
                            reason: "no scene named '\(name)' in \(display(folder))", mode: mode))
            }
            if mode == .record { try? FileManager.default.removeItem(at: sceneFolder) }
        }
    }

    static func orphan(_ golden: URL, scene: String, name: String, reason: String, mode: SnapshotMode) -> SnapshotResult {
        if mode == .record {
            do {
                try FileManager.default.removeItem(at: golden)
                return SnapshotResult(scene: scene, name: name, status: .removed, golden: golden)
            } catch {
                return SnapshotResult(scene: scene, name: name, status: .error("cannot delete orphaned golden: \(error.localizedDescription)"),
                                      golden: golden)
            }
        }
        return SnapshotResult(scene: scene, name: name, status: .orphaned, golden: golden)
    }

    /// The PNG files directly in `folder`, sorted.
    public static func pngs(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// Writes `report.txt` listing the failures into `artifacts`, or removes a stale one; returns its URL when written.
    private static func writeReport(_ results: [SnapshotResult], to artifacts: URL, options: SnapshotOptions) throws -> URL? {
        let url = artifacts.appendingPathComponent("report.txt")
        let failures = results.filter(\.isFailure)
        guard !failures.isEmpty else {
            try? FileManager.default.removeItem(at: url)
            // Leave no empty artifacts folder behind.
            if (try? FileManager.default.contentsOfDirectory(atPath: artifacts.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: artifacts)
            }
            return nil
        }
        let tolerance = options.tolerance
        var text = "segue snapshot: \(failures.count) of \(results.count) goldens failed\n"
        text += "tolerance: a pixel differs when a channel differs by more than \(tolerance.channel); "
        text += "at most \(SnapshotComparison.percent(tolerance.pixels)) of the pixels may differ\n"
        text += "record new goldens with `segue snapshot --record` (or SEGUE_RECORD=1) once the change is intended\n\n"
        for failure in failures {
            text += describe(failure, mode: options.mode).joined(separator: "\n    ") + "\n\n"
        }
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try AtomicFile.write(text, to: url)
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
            switch verdict {
            case .sizeMismatch(let golden, let actual):
                lines = ["FAILED    \(what): the golden is \(golden) pixels, the frame \(actual) (recorded at another --scale or device?)"]
            case .different(let difference), .withinTolerance(let difference):
                lines = ["FAILED    \(what): \(difference)"]
            case .identical:
                lines = ["FAILED    \(what)"]
            }
        case .missing:
            lines = ["MISSING   \(what): no golden; `segue snapshot --record` writes it"]
        case .recorded:
            lines = ["recorded  \(what)"]
        case .unchanged:
            lines = ["unchanged \(what)"]
        case .orphaned:
            lines = ["ORPHANED  \(what): its scene or snapshot point no longer exists; `segue snapshot --record` deletes it"]
        case .removed:
            lines = ["removed   \(what) (orphaned)"]
        case .error(let message):
            lines = ["ERROR     \(what): \(message)"]
        }
        if result.isFailure {
            if let golden = result.golden { lines.append("golden: \(display(golden))") }
        }
        if let actual = result.actual { lines.append("actual: \(display(actual))") }
        if let diff = result.diff { lines.append("diff:   \(display(diff))") }
        return lines
    }

    /// `url`'s path relative to the working directory when it is inside it.
    static func display(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    /// A path given on the command line: a scene file, or a folder of them.
    struct Target {
        let folder: URL
        let scenes: [URL]
        let isFolder: Bool

        init(_ path: String) throws {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw PipelineError.missingFile(path)
            }
            if isDirectory.boolValue {
                folder = url
                let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
                scenes = names.filter { SceneFile.extensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }
                    .sorted().map { url.appendingPathComponent($0) }
                isFolder = true
            } else {
                folder = url.deletingLastPathComponent()
                scenes = [url]
                isFolder = false
            }
        }
    }
}
