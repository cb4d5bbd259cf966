import Engine
import Geometry
import Stills
import Raster
import Scene

/// One frame of a scene kept as a golden image.
public struct SnapshotPoint: Sendable, Hashable {
    /// The golden's file name without `.png`.
    public var name: String
    /// The instant drawn, in seconds from the scene's start.
    public var time: Double
    /// The video frame it is, for messages (`time` may fall between frames for `at:` points).
    public var frame: Int
    /// Where the scene file asks for it: the `snapshots:` item, or the timeline entry whose
    /// transition it shows.
    public var location: SourceLocation?

    public init(name: String, time: Double, frame: Int, location: SourceLocation? = nil) {
        self.name = name
        self.time = time
        self.frame = frame
        self.location = location
    }
}

/// The frames a scene keeps as goldens: its declared `snapshots`, then, for every transition
/// run, the progress points it reaches and the frame where it has settled, named after the
/// timeline entry that started it.
///
/// A run's points are `<entry>-p0`, `-p0.25`, `-p0.5` and `-p0.75` — the first frame showing at
/// least that progress, only those the run reaches, and one name per distinct frame (a progress
/// first reached on a frame an earlier point already has gets none) — then `<entry>-p1`, the
/// first frame after a finished run completes, or `<entry>-cancelled`, the first frame after a
/// cancelled one springs back. `<entry>` is the entry's `name:`, or else what the run does and
/// the screen it moves (`push-message`, `pop-message`, `present-card`, `dismiss-card`), with
/// `-2`, `-3` … only among runs that would otherwise share a name. Adding a gesture before an
/// entry therefore renames nothing unless the new gesture does the same thing to the same screen
/// (name the entry to pin it).
public struct SnapshotPlan: Sendable {
    /// The progress points a transition run gets when it reaches them; its settled frame follows.
    public static let defaultProgress: [Double] = [0, 0.25, 0.5, 0.75]

    public let points: [SnapshotPoint]
    /// Declared points that cannot be found, with why (a transition index the timeline never runs).
    public let problems: [(name: String, message: String, location: SourceLocation)]
    /// Each run's name (`push-message`), with the run and the entry that started it.
    public let runNames: [(name: String, run: TransitionRun, entry: TimelineEntry)]
    /// Timeline entries with a `name:`, whether or not they start a run.
    public let namedEntries: [String: TimelineEntry]
    /// Gesture entries that start no run (`expect: nothing`), in timeline order.
    public let idleGestures: [TimelineEntry]

    public init(scene: Scene, timeline: Timeline) {
        var points: [SnapshotPoint] = []
        var problems: [(String, String, SourceLocation)] = []
        let runs = timeline.runs
        let fps = Double(scene.fps)
        for spec in scene.snapshots {
            switch spec.point {
            case .time(let time):
                points.append(SnapshotPoint(name: spec.name, time: time, frame: Int(saturating: (time * fps).rounded()),
                                            location: spec.location))
            case .progress(let progress, let run):
                if let frame = timeline.frame(whereRun: run, reaches: progress) {
                    points.append(SnapshotPoint(name: spec.name, time: timeline.time(ofFrame: frame), frame: frame,
                                                location: spec.location))
                } else {
                    let count = runs.count == 1 ? "1 transition runs" : "\(runs.count) transitions run"
                    problems.append((spec.name, "snapshot '\(spec.name)' asks for transition \(run), but \(count) in the timeline",
                                     spec.location))
                }
            }
        }
        var named: [String: TimelineEntry] = [:]
        for entry in scene.timeline {
            if let name = entry.name { named[name] = entry }
        }
        namedEntries = named

        let declared = Set(scene.snapshots.map(\.name))
        var used: [String: Int] = [:]
        var runNames: [(String, TransitionRun, TimelineEntry)] = []
        for run in runs {
            let entry = scene.timeline[run.entry]
            let base = Self.baseName(entry: entry, run: run, scene: scene)
            used[base, default: 0] += 1
            let name = used[base] == 1 ? base : "\(base)-\(used[base] ?? 1)"
            runNames.append((name, run, entry))
            var frames: Set<Int> = []
            func add(_ pointName: String, _ frame: Int) {
                guard !declared.contains(pointName), frames.insert(frame).inserted else { return }
                points.append(SnapshotPoint(name: pointName, time: timeline.time(ofFrame: frame), frame: frame,
                                            location: entry.location))
            }
            if run.detent != nil {
                // A sheet moved between detents neither finishes nor cancels its dismissal: its
                // points are a quarter, half and three quarters of the way through the run in time.
                for fraction in Self.defaultProgress where fraction > 0 {
                    let time = run.start + fraction * (run.end - run.start)
                    add("\(name)-\(SnapshotSpec.format(fraction))", min(Int(saturating: (time * fps).rounded(.up)), timeline.frameCount - 1))
                }
            } else {
                for progress in Self.defaultProgress {
                    guard let frame = Self.frame(where: run, reaches: progress, in: timeline) else { continue }
                    add("\(name)-p\(SnapshotSpec.format(progress))", frame)
                }
            }
            if let frame = timeline.settledFrame(ofRun: run.index) {
                add(Self.settledName(name, run: run), frame)
            }
        }
        // Every scroll run too: where the finger lifts (`-released`) and where the content rests
        // (`-rest`), named like a transition run after its entry (`scroll-<view>` unnamed).
        let scrollRuns = timeline.scrollRuns
        for scroll in scrollRuns {
            let entry = scene.timeline[scroll.entry]
            let base = entry.name ?? "scroll-" + String(scroll.view.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "-" })
            used[base, default: 0] += 1
            let name = used[base] == 1 ? base : "\(base)-\(used[base] ?? 1)"
            var frames: Set<Int> = []
            func add(_ suffix: String, at time: Double) {
                let frame = min(max(Int(saturating: (time * fps - 1e-6).rounded(.up)), 0), timeline.frameCount - 1)
                guard !declared.contains("\(name)-\(suffix)"), frames.insert(frame).inserted else { return }
                points.append(SnapshotPoint(name: "\(name)-\(suffix)", time: timeline.time(ofFrame: frame), frame: frame, location: entry.location))
            }
            if scroll.dragged { add("released", at: scroll.release) }
            add("rest", at: scroll.end)
        }
        self.runNames = runNames
        let starters = Set(runs.map(\.entry) + scrollRuns.map(\.entry))
        idleGestures = scene.timeline.enumerated().filter { $0.element.isGesture && !starters.contains($0.offset) }.map(\.element)
        self.points = points
        self.problems = problems
    }

    /// The entry's `name:`, or what its run does and the screen it moves as the file names it
    /// (`push-message`, also for the screen filled from row 9, `message[messages 9]`), made a
    /// plain file name.
    static func baseName(entry: TimelineEntry, run: TransitionRun, scene: Scene) -> String {
        if let name = entry.name { return name }
        let derived = "\(run.verb)-\(scene.declaredName(of: run.movingScreen))"
        return String(derived.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "-" })
    }

    /// `<run>-p1` for a run that finished, `<run>-cancelled` for one that sprang back,
    /// `<run>-<detent>` for a sheet moved to another detent (`detent-share-large`).
    static func settledName(_ name: String, run: TransitionRun) -> String {
        if let detent = run.detent { return "\(name)-\(detent)" }
        return run.finished ? "\(name)-p1" : "\(name)-cancelled"
    }

    /// The first frame at which `run` shows at least `progress`, or nil if it never does.
    static func frame(where run: TransitionRun, reaches progress: Double, in timeline: Timeline) -> Int? {
        let fps = Double(timeline.scene.fps)
        let first = max(0, Int(saturating: (run.start * fps - 1e-6).rounded(.up)))
        let last = min(timeline.frameCount - 1, Int(saturating: (run.end * fps + 1e-6).rounded(.down)))
        guard first <= last else { return nil }
        for frame in first...last {
            let state = timeline.state(frame: frame)
            if state.transition != nil, let p = state.progress, p >= progress - 1e-9 { return frame }
        }
        return nil
    }

    /// Every golden name the scene keeps, declared or default, whether or not it could be found.
    public var names: Set<String> { Set(points.map(\.name) + problems.map(\.name)) }

    /// Why a golden named `name` has no point any more, and the timeline entry to look at: the run
    /// its name comes from no longer reaches that point (its gesture's outcome changed), the
    /// named entry no longer starts a run, or — for a run's point whose run is gone — the first
    /// gesture that now starts none. nil when nothing in the timeline explains it.
    public func explainOrphan(_ name: String) -> (message: String, location: SourceLocation)? {
        let base = Self.runName(ofPoint: name)
        if let named = runNames.first(where: { $0.name == base }) {
            let run = named.run
            let outcome = run.detent.map { "moves the sheet to the \($0) detent" }
                ?? (run.completed ? (run.finished ? "finishes" : "is cancelled") : "is still held when the scene ends")
            let reached = points.filter { Self.runName(ofPoint: $0.name) == base }.map(\.name)
            return ("its \(run.style) transition (\(run.verb) '\(run.movingScreen)') now \(outcome), so it has "
                        + "\(reached.isEmpty ? "no snapshot points" : reached.joined(separator: ", ")) but no '\(name)'; "
                        + "if the gesture's new outcome is intended, `--record all` deletes the old golden",
                    named.entry.location)
        }
        if let entry = namedEntries[base] {
            return ("the timeline entry '\(base)' no longer starts a transition, so its golden '\(name)' has no frame; "
                        + "if that is intended, `--record all` deletes it", entry.location)
        }
        if base != name, let gesture = idleGestures.first {
            return ("no transition run is named '\(base)' any more; the \(gesture.gestureName) here starts none, "
                        + "so its golden '\(name)' has no frame; if that is intended, `--record all` deletes it", gesture.location)
        }
        return nil
    }

    /// The run part of a default point's name: `push-message` for `push-message-p0.25`.
    static func runName(ofPoint name: String) -> String {
        for suffix in ["-cancelled", "-large", "-medium", "-custom", "-released", "-rest"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        for marker in ["-p", "-"] {
            if let range = name.range(of: marker, options: .backwards), Double(name[range.upperBound...]) != nil {
                return String(name[..<range.lowerBound])
            }
        }
        return name
    }
}

extension StillRenderer {
    /// The picture at `point`.
    public func image(at point: SnapshotPoint) -> RGBAImage {
        image(of: timeline.state(at: point.time, frame: point.frame))
    }
}

extension SceneCost.Work {
    /// `segue snapshot`: the snapshot points, once per variant the scene declares (each
    /// estimated as the scene as written).
    public static let snapshots = SceneCost.Work { scene, timeline in
        SnapshotPlan(scene: scene, timeline: timeline).points.count * max(scene.variants.count, 1)
    }

    /// `segue snapshot --variant NAME`: the snapshot points once, of the scene as the variant plays it.
    public static let snapshotsOfOneVariant = SceneCost.Work { scene, timeline in
        SnapshotPlan(scene: scene, timeline: timeline).points.count
    }
}
