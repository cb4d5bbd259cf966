import Foundation
import Stills
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
    ///
    /// With a shard (`options.shard`), only that part of the scenes runs (`Shard`, by estimated
    /// cost); goldens of scenes that no longer exist are checked by part 1 alone, so that the parts
    /// together report every golden once. With a variant picked by name (`options.pickedVariant`),
    /// only the scenes that declare it run, in it alone, and they alone are sharded.
    public static func run(_ paths: [String], options: SnapshotOptions,
                           report: (SnapshotResult) -> Void = { _ in }) throws -> SnapshotSummary {
        let started = DispatchTime.now().uptimeNanoseconds
        let arguments = try paths.map { try Group.groups($0) }
        let picked = try options.pickedVariant.map { try scenes(declaring: $0, in: arguments) }
        let selected = selection(arguments.flatMap { $0 }, picked: picked, options: options)
        // A run that may write goldens is the only writer of each folder it records.
        let lock = options.mode.records
            ? try RecordingLock(folders: arguments.flatMap { $0 }.filter { group in
                !group.scenes.isEmpty || FileManager.default.fileExists(atPath: group.folder.appendingPathComponent(folderName).path)
            }.map(\.folder).uniqued(), mode: options.mode)
            : nil
        defer { lock?.release() }
        var results: [SnapshotResult] = []
        // One report per path given, in its top artifacts folder, covering its subfolders too.
        var byReport: [(root: URL, results: [SnapshotResult])] = []
        var groupRoots: [URL] = []
        var last = DispatchTime.now().uptimeNanoseconds
        for groups in arguments {
            var pathResults: [SnapshotResult] = []
            for group in groups {
                // Each result's time is the time since the one before: a scene's load and render go
                // to its first point, so the times of a scene's points add up to the scene's.
                func emit(_ result: SnapshotResult) {
                    var result = result
                    let now = DispatchTime.now().uptimeNanoseconds
                    result.duration = Double(now - last) / 1e9
                    last = now
                    pathResults.append(result)
                    report(result)
                }
                let artifacts = artifactsRoot(of: group, options: options)
                groupRoots.append(artifacts)
                var seen: Set<String> = []
                for file in group.scenes {
                    let name = file.deletingPathExtension().lastPathComponent
                    let duplicate = !seen.insert(name).inserted
                    guard selected?.contains(file.path) ?? true, picked?.contains(file.path) ?? true else { continue }
                    last = DispatchTime.now().uptimeNanoseconds
                    if duplicate {
                        emit(SnapshotResult(scene: display(file), name: "", status: .error(
                            "another scene in \(display(group.folder)) is also named '\(name)'; goldens are kept by scene name")))
                        continue
                    }
                    if options.artifacts != nil {
                        // What a run without --artifacts left beside the scene is stale now.
                        let stale = defaultArtifactsRoot(of: group.folder).appendingPathComponent(name)
                        SnapshotArtifacts.clear(options.pickedVariant.map { stale.appendingPathComponent($0) } ?? stale)
                    }
                    if options.mode.records, let link = linkedGoldenFolder(in: group.folder, scene: name) {
                        emit(SnapshotResult(scene: display(file), name: "", status: .error(
                            "\(display(link)) is a symbolic link; recording does not write or delete through links")))
                        continue
                    }
                    SnapshotSceneJob(file: file, folder: group.folder, artifacts: artifacts.appendingPathComponent(name), options: options)
                        .run(emit)
                }
                if group.isFolder, options.points == nil, options.pickedVariant == nil, options.shard.index == 1 {
                    last = DispatchTime.now().uptimeNanoseconds
                    checkOrphanedScenes(in: group.folder, sceneNames: seen, mode: options.mode, emit)
                }
            }
            guard let root = groups.first.map({ artifactsRoot(of: $0, options: options) }) else { continue }
            // By path: a URL made before its folder existed differs from one made after (a trailing slash).
            if let index = byReport.firstIndex(where: { $0.root.path == root.path }) {
                byReport[index].results += pathResults
            } else {
                byReport.append((root, pathResults))
            }
            results += pathResults
        }
        var reports: [URL] = []
        for (root, rootResults) in byReport {
            if let url = try writeReports(SnapshotSummary(results: rootResults, reports: [], mode: options.mode), to: root,
                                          options: options) {
                reports.append(url)
            }
        }
        // Reports an earlier version wrote into subfolders' artifacts folders, which no report covers now.
        for root in groupRoots where !byReport.contains(where: { $0.root.path == root.path }) {
            SnapshotArtifacts.removeReports(in: root)
        }
        if options.artifacts != nil {
            for root in Set(arguments.flatMap { $0 }.map { defaultArtifactsRoot(of: $0.folder).path }).sorted().map(URL.init(fileURLWithPath:)) {
                SnapshotArtifacts.removeReportsIfAlone(in: root)
            }
        }
        if let base = options.artifacts { SnapshotArtifacts.removeEmptyFolders(under: base) }
        return SnapshotSummary(results: results, reports: reports, mode: options.mode, tolerance: options.tolerance, shard: options.shard,
                               variant: options.pickedVariant, duration: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
    }

    /// The scene files of this shard (by path), or nil for all of them: of the scenes `picked`
    /// (nil: every one), each estimated in the variants it runs in.
    private static func selection(_ groups: [Group], picked: Set<String>?, options: SnapshotOptions) -> Set<String>? {
        guard options.shard.count > 1 else { return nil }
        let scenes = groups.flatMap { group in group.scenes.map { (key: group.key(of: $0), file: $0) } }
            .filter { picked?.contains($0.file.path) ?? true }
        // A scene picked by its variant is estimated as that variant plays it; otherwise as written, once per variant.
        var settings = options.settings
        settings.variant = options.pickedVariant
        let work: SceneCost.Work = options.pickedVariant == nil ? .snapshots : .snapshotsOfOneVariant
        let part = options.shard.select(scenes, key: \.key, cost: { SceneCost.estimate($0.file, settings: settings, work: work) })
        return Set(part.map(\.file.path))
    }

    /// The scene files (by path) of `arguments` that declare `variant`, and those that do not load
    /// (their run reports why). Throws where a scene file given loads and does not declare it, or
    /// where no scene of a folder given does and all of them load: the usual did-you-mean over the
    /// variants there are.
    private static func scenes(declaring variant: String, in arguments: [[Group]]) throws -> Set<String> {
        var picked: Set<String> = []
        for groups in arguments {
            var declared: [String] = [], unread = false, found = false
            for file in groups.flatMap(\.scenes) {
                guard let names = try? SceneFile.variantNames(of: file.path, settings: RenderSettings()) else {
                    picked.insert(file.path)
                    unread = true
                    continue
                }
                declared += names.filter { !declared.contains($0) }
                if names.contains(variant) {
                    picked.insert(file.path)
                    found = true
                }
            }
            guard !found, !unread, let first = groups.first else { continue }
            throw first.isFolder ? PipelineError.unknownVariantInFolder(variant, folder: first.argument, variants: declared)
                : PipelineError.unknownVariant(variant, scene: first.argument, variants: declared)
        }
        return picked
    }

    /// Where a group's failures' images go.
    private static func artifactsRoot(of group: Group, options: SnapshotOptions) -> URL {
        options.artifacts.map { group.relative.isEmpty ? $0 : $0.appendingPathComponent(group.relative) }
            ?? defaultArtifactsRoot(of: group.folder)
    }

    /// `__snapshots__/__actual__` in a scene folder.
    static func defaultArtifactsRoot(of folder: URL) -> URL {
        folder.appendingPathComponent(folderName).appendingPathComponent(artifactsFolderName)
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
            // Its goldens and settings go together, in one folder swap.
            let transaction = GoldenTransaction(goldens: sceneFolder)
            defer { transaction.discard() }
            for golden in goldens(in: sceneFolder) {
                emit(orphan(golden, scene: display(sceneFolder), name: golden.deletingPathExtension().lastPathComponent,
                            reason: "no scene named '\(name)' in \(display(folder))", location: nil, mode: mode, in: transaction))
            }
            // Only once its goldens are gone, and only if nothing else is in it.
            if mode == .all {
                for record in [SnapshotSettingsFile.name, RecordedScene.fileName]
                where SnapshotArtifacts.kind(of: sceneFolder.appendingPathComponent(record)) == .other {
                    try? transaction.remove(record)
                }
                do {
                    try transaction.commit()
                } catch {
                    emit(SnapshotResult(scene: display(sceneFolder), name: "", status: .error("cannot delete the orphaned goldens: \(error)")))
                }
                rmdir(sceneFolder.path)
            }
        }
    }

    /// `__snapshots__` or `__snapshots__/<scene>` in `folder` when it is a symbolic link.
    private static func linkedGoldenFolder(in folder: URL, scene: String) -> URL? {
        let root = folder.appendingPathComponent(folderName)
        return [root, root.appendingPathComponent(scene)].first { SnapshotArtifacts.kind(of: $0) == .link }
    }

    /// An orphaned golden: deleted under `--record all` (from `transaction`, where its scene
    /// folder's recording is staged), a failure otherwise.
    static func orphan(_ golden: URL, scene: String, name: String, reason: String, location: SourceLocation?,
                       mode: SnapshotMode, in transaction: GoldenTransaction) -> SnapshotResult {
        if mode == .all {
            do {
                try transaction.remove(golden.lastPathComponent)
                return SnapshotResult(scene: scene, name: name, status: .removed, golden: golden, location: location)
            } catch {
                return SnapshotResult(scene: scene, name: name, status: .error("cannot delete orphaned golden: \(error.localizedDescription)"),
                                      golden: golden, location: location)
            }
        }
        return SnapshotResult(scene: scene, name: name, status: .orphaned, golden: golden, location: location, message: reason)
    }

    /// The goldens directly in a scene's golden `folder`: its PNGs, sorted, then its motion golden.
    static func goldens(in folder: URL) -> [URL] {
        let motion = folder.appendingPathComponent(MotionGolden.fileName)
        return pngs(in: folder) + (FileManager.default.fileExists(atPath: motion.path) ? [motion] : [])
    }

    /// The PNG files directly in `folder`, sorted.
    public static func pngs(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// Writes `report.txt` and `report.html` listing the failures into `artifacts`, or removes stale
    /// ones; returns the text report's URL when written.
    private static func writeReports(_ summary: SnapshotSummary, to artifacts: URL, options: SnapshotOptions) throws -> URL? {
        guard !summary.failures.isEmpty else {
            // Leave no stale report and no empty artifacts folder of Segue's behind.
            SnapshotArtifacts.removeReports(in: artifacts)
            return nil
        }
        var summary = summary
        summary.tolerance = options.tolerance
        let url = try SnapshotArtifacts.writeReport(textReport(summary), in: artifacts)
        _ = try SnapshotArtifacts.writeReport(SnapshotHTMLReport.page(summary, folder: artifacts),
                                              named: SnapshotArtifacts.htmlReportName, in: artifacts)
        return url
    }

    /// `report.txt`: the summary line, the tolerance, then every failure as the console shows it.
    static func textReport(_ summary: SnapshotSummary) -> String {
        let tolerance = summary.tolerance
        var text = SnapshotArtifacts.reportHeader + summary.line + "\n"
        text += "tolerance: a pixel differs when a channel differs by more than \(tolerance.channel); "
        text += "at most \(SnapshotComparison.percent(tolerance.pixels)) of the pixels may differ\n"
        text += "record new goldens with `segue snapshot --record all` (or SEGUE_RECORD=all) once the change is intended\n"
        text += "report.html shows golden | actual | diff side by side\n\n"
        for failure in summary.failures {
            text += describe(failure, mode: summary.mode).joined(separator: "\n    ") + "\n\n"
        }
        return text
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
            lines = ["FAILED    \(what): \(verdict)" + (result.message.map { "; \($0)" } ?? "")]
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
        /// The path as given on the command line.
        let argument: String

        /// A scene's name for sharding, the same on every machine: the path given, then the
        /// scene's path inside it.
        func key(of scene: URL) -> String {
            isFolder ? argument + "/" + (relative.isEmpty ? "" : relative + "/") + scene.lastPathComponent : argument
        }

        /// The groups of a path given on the command line: a scene file, or a folder walked like
        /// `segue batch` walks it, one group per folder holding scenes or goldens.
        static func groups(_ path: String) throws -> [Group] {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw PipelineError.missingFile(path)
            }
            guard isDirectory.boolValue else {
                return [Group(folder: url.deletingLastPathComponent(), scenes: [url], isFolder: false, relative: "", argument: path)]
            }
            let listing = SceneFolder.walk(url)
            var scenes: [String: [URL]] = [:]
            for relative in SceneFolder.sceneFiles(under: url) {
                scenes[(relative as NSString).deletingLastPathComponent, default: []].append(url.appendingPathComponent(relative))
            }
            let folders = Set(scenes.keys).union(listing.goldenHolders.filter { !$0.hasPrefix("/") }).union([""])
            return folders.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { relative in
                Group(folder: relative.isEmpty ? url : url.appendingPathComponent(relative), scenes: scenes[relative] ?? [],
                      isFolder: true, relative: relative, argument: path)
            }
        }
    }
}

private extension Array where Element == URL {
    /// The folders once each, by path, in order.
    func uniqued() -> [URL] {
        var seen: Set<String> = []
        return filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
