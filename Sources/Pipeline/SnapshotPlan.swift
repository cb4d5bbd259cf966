import Geometry
import Engine
import Scene

/// One frame of a scene kept as a golden image.
public struct SnapshotPoint: Sendable, Hashable {
    /// The golden's file name without `.png`.
    public var name: String
    /// The instant drawn, in seconds from the scene's start.
    public var time: Double
    /// The video frame it is, for messages (`time` may fall between frames for `at:` points).
    public var frame: Int
}

/// The frames a scene keeps as goldens: its declared `snapshots`, then progress 0, 0.25, 0.5,
/// 0.75 and 1 of every transition run (`run<r>-p<p>`), skipping a default whose name a
/// declared snapshot already uses.
public struct SnapshotPlan: Sendable {
    /// The progress points every transition run gets by default.
    public static let defaultProgress: [Double] = [0, 0.25, 0.5, 0.75, 1]

    public let points: [SnapshotPoint]
    /// Declared points that cannot be found, with why (a transition index the timeline never runs).
    public let problems: [(name: String, message: String)]

    public init(scene: Scene, timeline: Timeline) {
        var points: [SnapshotPoint] = []
        var problems: [(String, String)] = []
        let runs = timeline.runs
        let fps = Double(scene.fps)
        for spec in scene.snapshots {
            switch spec.point {
            case .time(let time):
                points.append(SnapshotPoint(name: spec.name, time: time, frame: Int(saturating: (time * fps).rounded())))
            case .progress(let progress, let run):
                if let frame = timeline.frame(whereRun: run, reaches: progress) {
                    points.append(SnapshotPoint(name: spec.name, time: timeline.time(ofFrame: frame), frame: frame))
                } else {
                    let count = runs.count == 1 ? "1 transition runs" : "\(runs.count) transitions run"
                    problems.append((spec.name, "\(spec.location): snapshot '\(spec.name)' asks for transition \(run), but \(count) in the timeline"))
                }
            }
        }
        let declared = Set(scene.snapshots.map(\.name))
        for run in runs {
            for progress in Self.defaultProgress {
                let name = Self.defaultName(run: run.index, progress: progress)
                guard !declared.contains(name), let frame = timeline.frame(whereRun: run.index, reaches: progress) else { continue }
                points.append(SnapshotPoint(name: name, time: timeline.time(ofFrame: frame), frame: frame))
            }
        }
        self.points = points
        self.problems = problems
    }

    /// `run<r>-p<p>`, e.g. `run0-p0.25`.
    public static func defaultName(run: Int, progress: Double) -> String {
        "run\(run)-p\(SnapshotSpec.format(progress))"
    }

    /// Every golden name the scene keeps, declared or default, whether or not it could be found.
    public var names: Set<String> { Set(points.map(\.name) + problems.map(\.name)) }
}
