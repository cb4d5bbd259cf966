import Geometry
import Interaction
import Motion
import Scene

/// A sheet's presentation, dismissal and drags (`UISheetPresentationController`, form sheets).
///
/// One number moves: the sheet's top edge. Presenting springs it up from the bottom edge to its
/// detent; dismissing springs it down off screen. A pan on the sheet moves it with the finger
/// (rubber-banded above the largest detent); on release a downward fling dismisses, otherwise the
/// projected position picks a detent or dismisses, and UIKit's default spring carries it there
/// with the finger's velocity. A sheet brought to another detent rests there (`restingStage`).
/// A touch on a moving sheet catches it. Sources and certainty: docs/uikit-semantics.md#system-transitions.
struct SheetDriver: TransitionDriver {
    struct Rules: Sendable, Hashable {
        var spring = Spring.uiKitDefault
        /// A downward release faster than this (points per second) dismisses.
        var flickVelocity: Double
        /// A release projecting less than this share of the smallest sheet on screen dismisses.
        var keep = 0.52
        /// Seconds of the release velocity the projection adds (deceleration rate 0.99: 0.099 s).
        var projection = 0.099
        /// Whether an upward pan on a scroll view at its top raises the sheet to its largest detent
        /// before the content scrolls (`prefersScrollingExpandsWhenScrolledToEdge`, `SheetScrollArbitration`).
        var scrollingExpands = true
        /// Whether a drag may dismiss the sheet; false (`isModalInPresentation`): dragged below its
        /// smallest detent it meets a rubber band, and a release springs it back to a detent.
        var dismissesInteractively = true
    }

    let styleName: String
    let geometry: SheetGeometry
    let rules: Rules
    let stage: TransitionStage
    let isForward: Bool
    /// Where the sheet rested when this run began (dismissals), or will rest (presentations).
    let restTop: Double

    private var top: Track
    private var phases = PhaseLog()
    private var startTop = 0.0
    /// Where the running spring takes the sheet's top edge (nil: off screen), and where an
    /// interrupted one was taking it.
    private var heading: Double?
    private var interruptedTarget: Double??
    private(set) var completion: (time: Double, finished: Bool)?
    private(set) var restingStage: TransitionStage?
    private(set) var detentChange: String?

    var source: String { isForward ? stage.below : stage.above }
    var destination: String { isForward ? stage.above : stage.below }
    var isInterruptible: Bool { true }

    init(styleName: String, geometry: SheetGeometry, rules: Rules, stage: TransitionStage, forward: Bool) {
        self.styleName = styleName
        self.geometry = geometry
        self.rules = rules
        self.stage = stage
        self.isForward = forward
        let tops = geometry.detentTops(stage.bounds)
        restTop = stage.detentTop ?? tops.max() ?? stage.bounds.minY
        top = Track(forward ? geometry.hiddenTop(stage.bounds) : restTop)
    }

    /// Presents (to the smallest detent) or dismisses now.
    mutating func start(at time: Double) {
        phases.set(.animating, at: time)
        move(to: isForward ? restTop : nil, at: time, velocity: 0)
    }

    /// A drag that began on the resting sheet.
    mutating func begin(_ began: PanEvent) {
        phases.set(.interactive, at: began.time)
        handle(began)
    }

    // MARK: Events

    mutating func interrupt(at time: Double) {
        guard let completion, time < completion.time else { return }
        let y = top.value(at: time)
        top.set(y, at: time)
        interruptedTarget = .some(heading)
        self.completion = nil
        phases.set(.interactive, at: time)
    }

    mutating func resume(at time: Double) {
        guard completion == nil, let target = interruptedTarget else { return }
        interruptedTarget = nil
        phases.set(.animating, at: time)
        move(to: target, at: time, velocity: 0)
    }

    mutating func handle(_ event: PanEvent) {
        guard completion == nil else { return }
        if event.state == .began {
            startTop = top.value(at: event.time)
            interruptedTarget = nil
            phases.set(.interactive, at: event.time)
        }
        let y = geometry.rubberBanded(top: startTop + event.translation.y, bounds: stage.bounds,
                                      holdsAboveDismissal: !rules.dismissesInteractively)
        top.set(y, at: event.time)
        if event.state == .ended {
            phases.set(.animating, at: event.time)
            var target = geometry.target(top: y, velocity: event.velocity.y, bounds: stage.bounds,
                                         flick: rules.flickVelocity, keep: rules.keep, projection: rules.projection)
            // A sheet that is modal in its presentation goes back to its smallest detent instead.
            if target == nil, !rules.dismissesInteractively { target = geometry.detentTops(stage.bounds).max() }
            move(to: target, at: event.time, velocity: event.velocity.y)
        }
    }

    /// Springs the sheet to the detent at `target`, or off screen for nil, and records how the run ends.
    private mutating func move(to target: Double?, at time: Double, velocity: Double) {
        heading = target
        let destination = target ?? geometry.hiddenTop(stage.bounds)
        let duration = top.animate(to: destination, at: time, spring: rules.spring, velocity: velocity)
        let dismissed = target == nil
        // A presentation finishes at a detent; a dismissal finishes off screen.
        completion = (time + duration, isForward ? !dismissed : dismissed)
        if let target, !isForward {
            var resting = stage
            resting.detentTop = target
            restingStage = resting
            detentChange = abs(target - restTop) < 1e-9 ? nil : geometry.detentName(top: target, bounds: stage.bounds)
        } else {
            restingStage = nil
            detentChange = nil
        }
    }

    // MARK: Evaluation

    /// This run held by a finger with the sheet's top edge at `y` from `time` on.
    func held(atTop y: Double, at time: Double) -> SheetDriver {
        var copy = self
        copy.phases = .held(from: time)
        copy.top = Track(y)
        copy.completion = nil
        return copy
    }

    func phase(at time: Double) -> Phase { phases.phase(at: time) }

    /// Presenting: how far up toward its detent; dismissing: how far down off screen from where it
    /// rested — below 0 while the drag raises the sheet toward a larger detent (the same scale:
    /// from medium at 400 to large at 64 on an 800 pt screen, (64 − 400) / 400 = −0.84).
    func progress(at time: Double) -> Double {
        let y = top.value(at: time), hidden = geometry.hiddenTop(stage.bounds)
        if isForward { return min(max((hidden - y) / (hidden - restTop), 0), 1) }
        return min((y - restTop) / (hidden - restTop), 1)
    }

    func amount(at time: Double) -> Double {
        let hidden = geometry.hiddenTop(stage.bounds)
        return min(max((hidden - top.value(at: time)) / (hidden - restTop), 0), 1)
    }

    func layers(at time: Double) -> [Placement] {
        geometry.layers(top: top.value(at: time), stage: stage)
    }
}
