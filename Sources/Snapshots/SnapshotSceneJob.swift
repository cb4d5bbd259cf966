import Engine
import Foundation
import Stills
import Raster
import Scene

/// One scene's part of a snapshot run: render its points with the settings its goldens were
/// recorded with, compare or record each golden as the mode says, then look for goldens of
/// points it no longer has.
struct SnapshotSceneJob {
    let file: URL
    /// The folder the scene is in; its goldens are in `__snapshots__/<scene name>/` there.
    let folder: URL
    /// Where this scene's failures' images go (emptied first when it is Segue's: `SnapshotArtifacts`);
    /// a variant's in a folder of its own in it.
    private(set) var artifacts: URL
    let options: SnapshotOptions

    /// The scene's points checked or recorded — once per variant the run picks
    /// (`SnapshotOptions.variantRuns`), each in a folder of its own
    /// (`__snapshots__/<scene>/<variant>/`), when the scene declares `variants:`.
    func run(_ emit: (SnapshotResult) -> Void) {
        // A picked variant's failures replace only that variant's images.
        SnapshotArtifacts.clear(options.pickedVariant.map { artifacts.appendingPathComponent($0) } ?? artifacts)
        // A scene that does not load reports it from its one run below; one without variants
        // is not decoded twice.
        let decoded = try? SceneLoader.load(contentsOf: file)
        let variants = decoded?.variants ?? []
        guard decoded != nil else {
            run(variant: nil, decoded: decoded, emit)
            return
        }
        for name in options.variantRuns(declared: variants.map(\.name)) {
            guard let variant = name.flatMap({ name in variants.first { $0.name == name } }) else {
                run(variant: nil, decoded: decoded, emit)
                continue
            }
            var job = self
            job.artifacts = artifacts.appendingPathComponent(variant.name)
            job.run(variant: variant, emit)
        }
        if !variants.isEmpty, options.pickedVariant == nil { orphanUnvariedGoldens(emit) }
    }

    /// Goldens left directly in the scene's folder from before it declared variants (each
    /// variant's are in a folder of its own): orphans, which `--record all` deletes.
    private func orphanUnvariedGoldens(_ emit: (SnapshotResult) -> Void) {
        guard options.points == nil else { return }
        let goldens = folder.appendingPathComponent(SnapshotRunner.folderName).appendingPathComponent(file.deletingPathExtension().lastPathComponent)
        let left = SnapshotRunner.goldens(in: goldens)
        let records = [SnapshotSettingsFile.name, RecordedScene.fileName].filter {
            FileManager.default.fileExists(atPath: goldens.appendingPathComponent($0).path)
        }
        guard !left.isEmpty || (options.mode == .all && !records.isEmpty) else { return }
        let transaction = GoldenTransaction(goldens: goldens)
        defer { transaction.discard() }
        if options.mode == .all {
            // What the goldens there were recorded with goes with them.
            for name in records { try? transaction.remove(name) }
        }
        for golden in left {
            emit(SnapshotRunner.orphan(golden, scene: SnapshotRunner.display(file), name: golden.deletingPathExtension().lastPathComponent,
                                       reason: "the scene declares variants, whose goldens are in a folder each; `--record all` deletes it",
                                       location: SourceLocation(file: file.path, line: 1, column: 1), mode: options.mode, in: transaction))
        }
        do {
            try transaction.commit()
        } catch {
            emit(SnapshotResult(scene: SnapshotRunner.display(file), name: "", status: .error("cannot delete the orphaned goldens (\(Self.describe(error)))")))
        }
    }

    /// One run: the scene as written (`decoded` when already read), or as `variant` plays it.
    private func run(variant: SceneVariant?, decoded: Scene? = nil, _ emit: (SnapshotResult) -> Void) {
        let sceneName = file.deletingPathExtension().lastPathComponent
        let display = SnapshotRunner.display(file) + (variant.map { " (\($0.name))" } ?? "")
        var goldens = folder.appendingPathComponent(SnapshotRunner.folderName).appendingPathComponent(sceneName)
        if let variant { goldens.appendPathComponent(variant.name) }

        let renderer: StillRenderer
        var settings: RenderSettings
        // A scene recorded for the first time (no settings beside goldens) gets a motion golden.
        var isNew = true
        do {
            let recorded = try SnapshotSettingsFile.read(in: goldens)
            isNew = recorded == nil
            if options.mode == .all || recorded == nil {
                settings = SnapshotSettingsFile.merge(options.settings, over: recorded)
            } else {
                settings = recorded ?? RenderSettings()
            }
            settings.variant = variant?.name
            let scene = try decoded.map { try SceneFile.prepared($0, settings: settings) } ?? SceneFile.load(file.path, settings: settings)
            if options.mode != .all, recorded != nil {
                let conflicts = SnapshotSettingsFile.conflicts(options.settings, with: scene)
                guard conflicts.isEmpty else {
                    emit(SnapshotResult(scene: display, name: "", status: .error(
                        "its goldens were recorded with other settings (\(SnapshotRunner.display(goldens.appendingPathComponent(SnapshotSettingsFile.name)))) "
                            + "than \(conflicts.joined(separator: ", ")); leave the option out to verify with the recorded settings, "
                            + "or re-record with --record all"),
                                        location: SourceLocation(file: file.path, line: 1, column: 1)))
                    return
                }
            }
            // Snapshots keep the scene's own time, whatever pace `playback` gives the video.
            renderer = try StillRenderer(scene: scene.inSceneTime)
        } catch {
            // Without the scene its points are unknown: its goldens are neither checked nor orphaned.
            let location = (error as? SceneError)?.diagnostics.first?.location ?? SourceLocation(file: file.path, line: 1, column: 1)
            emit(SnapshotResult(scene: display, name: "", status: .error(Self.describe(error)), location: location))
            return
        }
        let plan = SnapshotPlan(scene: renderer.scene, timeline: renderer.timeline)
        // What the goldens were recorded from, to locate a failure on the changed line that causes it.
        let sceneText = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let changed = RecordedScene.read(in: goldens).map { RecordedScene.changedLines(recorded: $0, now: sceneText) } ?? []
        func locate(_ result: inout SnapshotResult) {
            guard case .failed = result.status, !changed.isEmpty else { return }
            locateCause(&result, timeline: renderer.timeline, text: sceneText, changed: changed)
        }
        // Everything this scene records lands at once, settings included, or not at all.
        let transaction = GoldenTransaction(goldens: goldens)
        defer { transaction.discard() }
        let selected = { (name: String) in options.points?.contains(name) ?? true }
        for problem in plan.problems where selected(problem.name) {
            emit(SnapshotResult(scene: display, name: problem.name, status: .error(problem.message),
                                golden: goldens.appendingPathComponent(problem.name + ".png"), location: problem.location))
        }
        for point in plan.points where selected(point.name) {
            let golden = goldens.appendingPathComponent(point.name + ".png")
            let image = renderer.image(at: point)
            var result = SnapshotResult(scene: display, name: point.name, status: .unchanged, golden: golden, location: point.location)
            do {
                let exists = FileManager.default.fileExists(atPath: golden.path)
                switch options.mode {
                case .all:
                    try record(image, at: golden, in: transaction, into: &result)
                case .missing where !exists, .failed where !exists:
                    try record(image, at: golden, in: transaction, into: &result)
                    result.message = "there was none"
                case .failed:
                    try verify(image, against: golden, into: &result, writingArtifacts: false)
                    if case .failed(let verdict) = result.status {
                        try record(image, at: golden, in: transaction, into: &result)
                        result.message = "it failed: \(verdict)"
                    }
                case .missing, .never:
                    try verify(image, against: golden, into: &result, writingArtifacts: true)
                }
            } catch {
                result.status = .error(Self.describe(error))
            }
            locate(&result)
            emit(result)
        }
        if options.points?.contains(MotionGolden.pointName) ?? true {
            if var result = motion(of: renderer, in: goldens, isNew: isNew, transaction: transaction, display: display) {
                locate(&result)
                emit(result)
            }
        }
        for golden in SnapshotRunner.pngs(in: goldens) where options.points == nil {
            let name = golden.deletingPathExtension().lastPathComponent
            guard !plan.names.contains(name) else { continue }
            let explanation = plan.explainOrphan(name)
            emit(SnapshotRunner.orphan(golden, scene: display, name: name,
                                       reason: explanation?.message ?? "the scene has no snapshot '\(name)' any more; `--record all` deletes it",
                                       location: explanation?.location ?? SourceLocation(file: file.path, line: 1, column: 1),
                                       mode: options.mode, in: transaction))
        }
        do {
            if options.mode == .all || transaction.hasChanges {
                try transaction.writeSettings(settings)
                try transaction.writeRecord(RecordedScene.fileName, RecordedScene.text(of: sceneText))
            }
        } catch {
            emit(SnapshotResult(scene: display, name: "", status: .error("cannot write \(SnapshotSettingsFile.name): \(Self.describe(error))")))
        }
        do {
            try transaction.commit()
        } catch {
            emit(SnapshotResult(scene: display, name: "", status: .error("cannot put the recorded goldens in place (\(Self.describe(error))); the goldens are as they were")))
        }
    }

    /// The scene's motion golden checked or recorded as the mode says (`SnapshotOptions.motion`);
    /// nil where the scene has none and is not to get one. A failure is located at the timeline
    /// entry that set going what differs: the last one at or before its first differing frame.
    private func motion(of renderer: StillRenderer, in goldens: URL, isNew: Bool, transaction: GoldenTransaction,
                        display: String) -> SnapshotResult? {
        let golden = goldens.appendingPathComponent(MotionGolden.fileName)
        let exists = FileManager.default.fileExists(atPath: golden.path)
        let records = options.mode != .never
        guard exists || options.motion == true || (isNew && records && options.motion != false) else { return nil }
        let timeline = renderer.timeline
        let sceneStart = SourceLocation(file: file.path, line: 1, column: 1)
        var result = SnapshotResult(scene: display, name: MotionGolden.pointName, status: .unchanged, golden: golden, location: sceneStart)
        let text = MotionGolden.text(of: timeline)
        // The golden as it is, read once: compared, kept unchanged, or copied beside the actual.
        let recorded = exists ? try? String(contentsOf: golden, encoding: .utf8) : nil
        func record(_ note: String?) throws {
            if recorded == text { result.status = .unchanged; return }
            try transaction.write(golden.lastPathComponent) { try Data(text.utf8).write(to: $0) }
            result.status = .recorded
            result.message = note
        }
        do {
            if options.mode == .all || !exists && records {
                try record(exists ? nil : "there was none")
                return result
            }
            guard exists else {
                result.status = .missing
                return result
            }
            let difference = try MotionGolden.compare(text, with: recorded ?? String(contentsOf: golden, encoding: .utf8))
            guard let difference else {
                result.status = .passed(.identical)
                return result
            }
            result.status = .failed(.motion(difference))
            if difference.frame >= 0 {
                let time = difference.time
                result.location = timeline.scene.timeline.last(where: { $0.time <= time + 1e-9 })?.location ?? sceneStart
            }
            if options.mode == .failed {
                try record("it failed: \(SnapshotVerdict.motion(difference))")
            } else {
                try SnapshotArtifacts.prepare(artifacts)
                let actual = artifacts.appendingPathComponent(MotionGolden.fileName)
                try Data(text.utf8).write(to: actual)
                result.actual = actual
                let expected = artifacts.appendingPathComponent("motion.golden.txt")
                try Data((recorded ?? "").utf8).write(to: expected)
                result.expected = expected
            }
        } catch {
            result.status = .error(Self.describe(error))
        }
        return result
    }

    /// Moves a failure located at its timeline entry to the first changed line of the scene that
    /// feeds that entry's runs (`RecordedScene.cause`), saying so in its message; leaves it where
    /// it is when the entry's own lines changed or no changed line feeds it.
    private func locateCause(_ result: inout SnapshotResult, timeline: Timeline, text: String, changed: [Int]) {
        let scene = timeline.scene
        guard let at = result.location else { return }
        // A declared `snapshots:` point is no entry's: any screen may show in it.
        let entry = scene.timeline.firstIndex(where: { $0.location.line == at.line }) ?? -1
        let runs: [TransitionRun] = timeline.runs.filter { $0.entry == entry }
        var screens = entry < 0 ? Set(scene.screens.keys) : Set<String>()
        for run in runs { screens.insert(run.source); screens.insert(run.destination) }
        for scroll in timeline.scrollRuns where scroll.entry == entry { screens.insert(scroll.screen) }
        var transition: TransitionSpec?
        if let run = runs.first {
            transition = scene.transitions.first { spec in
                (spec.from == run.source && spec.to == run.destination) || (spec.from == run.destination && spec.to == run.source)
            }
        }
        // The motion golden's length or frame rate: any changed line may feed it, the first is named.
        let whole = entry < 0 && result.name == MotionGolden.pointName
        guard let line = whole ? changed.first : RecordedScene.cause(entry: entry, screens: screens, transition: transition, scene: scene,
                                                                     text: text, changed: changed), line != at.line else { return }
        result.location = SourceLocation(file: at.file, line: line, column: 1)
        result.message = "line \(line) changed since the goldens were recorded"
            + (entry >= 0 ? ", and feeds the run the entry at line \(at.line) starts"
                : result.name == MotionGolden.pointName ? "" : ", and feeds the snapshot at line \(at.line)")
    }

    /// Writes `image` as the golden (into the scene's transaction) unless an identical one is already there.
    private func record(_ image: RGBAImage, at golden: URL, in transaction: GoldenTransaction, into result: inout SnapshotResult) throws {
        if FileManager.default.fileExists(atPath: golden.path), let existing = try? RGBAImage.load(png: golden),
           options.comparison.compare(image, with: existing) == .identical {
            result.status = .unchanged
            return
        }
        try transaction.write(golden.lastPathComponent) { try image.writePNG(to: $0) }
        result.status = .recorded
    }

    /// Compares `image` with the golden; on failure writes the actual image, a copy of the golden,
    /// a diff image and the three side by side.
    private func verify(_ image: RGBAImage, against golden: URL, into result: inout SnapshotResult, writingArtifacts: Bool) throws {
        guard FileManager.default.fileExists(atPath: golden.path) else {
            result.status = .missing
            if writingArtifacts { result.actual = try write(image, as: result.name + ".png") }
            return
        }
        let expected = try RGBAImage.load(png: golden)
        let verdict = options.comparison.compare(image, with: expected)
        guard !verdict.passes else {
            result.status = .passed(verdict)
            return
        }
        result.status = .failed(verdict)
        guard writingArtifacts else { return }
        result.actual = try write(image, as: result.name + ".png")
        result.expected = try write(expected, as: result.name + ".golden.png")
        var panels = [(caption: "golden", image: expected), (caption: "actual", image: image)]
        if let diff = options.comparison.diffImage(image, expected) {
            result.diff = try write(diff, as: result.name + ".diff.png")
            panels.append((caption: "diff", image: diff))
        }
        result.composite = try write(try SnapshotComposite.image(panels), as: result.name + ".composite.png")
    }

    private func write(_ image: RGBAImage, as name: String) throws -> URL {
        try SnapshotArtifacts.prepare(artifacts)
        let url = artifacts.appendingPathComponent(name)
        try image.writePNG(to: url)
        return url
    }

    /// An error as one message: a scene's diagnostics joined, anything else as it describes itself.
    static func describe(_ error: Error) -> String {
        if let error = error as? SceneError { return error.diagnostics.map(\.description).joined(separator: "; ") }
        return "\(error)"
    }
}
