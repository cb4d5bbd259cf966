import Geometry
import Interaction

/// One running transition: what its layers do over time, and how it answers a finger.
///
/// A driver is built up by the timeline, one event at a time and in time order, and afterwards
/// only evaluated: `layers(at:)` and `progress(at:)` are pure functions of absolute time.
protocol TransitionDriver: Sendable {
    /// The style's scene-file name.
    var styleName: String { get }
    /// The screen on top once the transition finishes, and the screen on top if it is cancelled.
    var destination: String { get }
    var source: String { get }
    /// Whether finishing pushes (present) or pops (dismiss) the navigation stack.
    var isForward: Bool { get }
    /// When the transition completes and whether it finished (true) or was cancelled; nil while a finger holds it.
    var completion: (time: Double, finished: Bool)? { get }
    /// Whether a touch during the completion animation catches it (interruptible animators).
    var isInterruptible: Bool { get }

    /// A touch landed while the completion animation runs: freeze where it is.
    mutating func interrupt(at time: Double)
    /// The finger that interrupted lifted without panning: carry on toward the same end.
    mutating func resume(at time: Double)
    /// A pan callback, while the transition is interactive.
    mutating func handle(_ event: PanEvent)

    func phase(at time: Double) -> Phase
    func progress(at time: Double) -> Double
    /// How far the screen on top is in (0 = not shown, 1 = fully in): the bar's cross-fade.
    func amount(at time: Double) -> Double
    func layers(at time: Double) -> [Placement]
    /// The stage to rest on after a cancelled run that left its screen elsewhere than it found it
    /// (a sheet dragged to another detent); nil: the stage it started from.
    var restingStage: TransitionStage? { get }
    /// For a run that does not finish but leaves its screen resting elsewhere — a sheet dragged
    /// to another detent — the detent it settles at (`large`, `medium`, `custom`); nil otherwise.
    var detentChange: String? { get }
    /// The recognizer a touch that catches the running completion is replayed through (the
    /// style's own gesture's, in `bounds`); nil: a plain pan.
    func catchingRecognizer(bounds: Rect) -> PanRecognizer?
}

extension TransitionDriver {
    var restingStage: TransitionStage? { nil }
    var detentChange: String? { nil }
    func catchingRecognizer(bounds: Rect) -> PanRecognizer? { nil }
}

/// When phases change, for drivers to record and look up.
struct PhaseLog: Sendable {
    private var entries: [(start: Double, phase: Phase)] = []

    mutating func set(_ phase: Phase, at time: Double) {
        if entries.last?.start == time { entries.removeLast() }
        entries.append((time, phase))
    }

    func phase(at time: Double) -> Phase {
        entries.last { $0.start <= time }?.phase ?? entries.first?.phase ?? .idle
    }

    /// A log of a finger holding the run from `time` on (`Timeline.heldState`).
    static func held(from time: Double) -> PhaseLog {
        var log = PhaseLog()
        log.set(.interactive, at: time)
        return log
    }
}
