import Geometry
import Interaction
import Motion
import Scene

/// A transition run by one animator, scrubbed by a finger through
/// `UIPercentDrivenInteractiveTransition` (the percent-driven styles of docs/uikit-semantics.md#tutorial-styles).
///
/// `update(p)` scrubs the animator; with layer-time scrubbing (animations made with
/// `UIView.animate`) the animation's own curve shapes the picture, with an interruptible property
/// animator the fraction shows linearly. `finish()` / `cancel()` complete the rest in
/// `duration × remaining / completionSpeed` with the completion curve.
struct PercentDrivenDriver: TransitionDriver {
    func catchingRecognizer(bounds: Rect) -> PanRecognizer? { rule?.recognizer(bounds: bounds) }

    let styleName: String
    let geometry: any StyleGeometry
    let stage: TransitionStage
    let isForward: Bool
    /// The curve `finish()` / `cancel()` run the rest along when scrubbing in layer time; nil for
    /// an interruptible animator, which UIKit continues on its own timing
    /// (`continueAnimation(withTimingParameters: nil, durationFactor:)`), so no curve applies.
    let completionCurve: CubicTimingCurve?
    let completionSpeed: Double
    /// True for animations scrubbed in layer time (`UIView.animate`); false for property animators.
    let scrubsInLayerTime: Bool
    let isInterruptible: Bool
    let rule: InteractionRule?
    /// When set, `finish()` / `cancel()` run this spring from what is on screen, started with the
    /// release velocity, for its settling duration: UIKit's `completionCurve` default, curve 7
    /// (docs/uikit-semantics.md#system-transitions). Nil: `completionCurve` over the remaining share.
    var completionSpring: Spring?

    private(set) var animator: PropertyAnimator
    private var phases = PhaseLog()
    /// Progress when the current gesture began (non-zero when it caught a running animation).
    private var base = 0.0
    private var interruptedTarget: Bool?
    /// The gesture driving it, fed callback by callback from `.began`, for a rule that projects the pop.
    private var projection: PopProjection?
    private(set) var completion: (time: Double, finished: Bool)?

    var source: String { isForward ? stage.below : stage.above }
    var destination: String { isForward ? stage.above : stage.below }

    init(styleName: String, geometry: any StyleGeometry, stage: TransitionStage, forward: Bool, timing: AnimatorTiming,
         completionCurve: CubicTimingCurve?, completionSpeed: Double, scrubsInLayerTime: Bool, interruptible: Bool,
         rule: InteractionRule?) {
        self.styleName = styleName
        self.geometry = geometry
        self.stage = stage
        self.isForward = forward
        self.completionCurve = completionCurve
        self.completionSpeed = completionSpeed
        self.scrubsInLayerTime = scrubsInLayerTime
        self.isInterruptible = interruptible
        self.rule = rule
        animator = PropertyAnimator(timing: timing, scrubsLinearly: !scrubsInLayerTime)
        projection = rule?.popProjectionDuration == nil ? nil : PopProjection(totalDistance: stage.bounds.width)
    }

    /// Starts the animation now (an action in the timeline, or a tap).
    mutating func start(at time: Double) {
        phases.set(.animating, at: time)
        animator.start(at: time)
        completion = (animator.completionTime ?? time, true)
    }

    /// Starts interactively at the pan's `began` (`wantsInteractiveStart`).
    mutating func begin(_ began: PanEvent) {
        phases.set(.interactive, at: began.time)
        animator.scrub(to: 0, at: began.time)
        base = 0
        projection = projection.map { _ in PopProjection(totalDistance: stage.bounds.width) }
        projection?.add(began)
    }

    // MARK: Events

    mutating func interrupt(at time: Double) {
        guard isInterruptible, let completion, time < completion.time else { return }
        interruptedTarget = completion.finished
        let value = animator.value(at: time)
        animator.scrub(to: value, at: time)
        base = value
        self.completion = nil
        phases.set(.interactive, at: time)
    }

    mutating func resume(at time: Double) {
        guard completion == nil, let target = interruptedTarget else { return }
        interruptedTarget = nil
        complete(toEnd: target, at: time)
    }

    mutating func handle(_ event: PanEvent) {
        guard completion == nil, let rule else { return }
        let progress = min(max(rule.progress(event, stage.bounds, base), 0), 1)
        if event.state == .began { projection = projection.map { _ in PopProjection(totalDistance: stage.bounds.width) } }
        projection?.add(event)
        switch event.state {
        case .began:
            phases.set(.interactive, at: event.time)
        case .changed:
            if let auto = rule.autoFinish, progress > auto {
                // `if progress <= 0.7 { update(progress) } else { finish() }`: a value past the
                // threshold is never applied; `finish()` runs on from the last one that was.
                complete(toEnd: true, at: event.time)
            } else {
                animator.scrub(to: progress, at: event.time)
            }
        case .ended:
            animator.scrub(to: progress, at: event.time)
            let finishes = rule.popProjectionDuration.flatMap { duration in projection?.pops(progress: progress, duration: duration) }
                ?? rule.decision.finishes(progress: progress, velocity: event.velocity)
            complete(toEnd: finishes, at: event.time, velocity: event.velocity)
        }
    }

    /// `finish()` (toward the end) or `cancel()` (back to the start).
    private mutating func complete(toEnd: Bool, at time: Double, velocity: Point = .zero) {
        interruptedTarget = nil
        phases.set(.animating, at: time)
        if let spring = completionSpring {
            // Progress per second, in units of the distance left to the end it goes to.
            let value = animator.value(at: time)
            let left = (toEnd ? 1 : 0) - value
            let speed = rule?.progressVelocity?(velocity, stage.bounds) ?? 0
            let normalized = abs(left) > 1e-9 ? speed / left : 0
            animator.continueAnimation(at: time, reversed: !toEnd, timing: .spring(spring.withInitialVelocity(normalized)),
                                       durationFactor: nil, initialVelocity: nil)
            completion = (animator.completionTime ?? time, toEnd)
            return
        }
        let fraction = animator.state(at: time).fraction
        let remaining = toEnd ? 1 - fraction : fraction
        let duration = animator.timing.duration
        if scrubsInLayerTime {
            animator.complete(at: time, toEnd: toEnd, completionCurve: completionCurve ?? .easeInOut,
                              duration: duration * remaining / completionSpeed)
        } else {
            animator.continueAnimation(at: time, reversed: !toEnd, timing: nil,
                                       durationFactor: max(remaining, 1e-3) / completionSpeed)
        }
        completion = (animator.completionTime ?? time, toEnd)
    }

    // MARK: Evaluation

    /// This run held by a finger at the animator's on-screen `value` from `time` on: what a frame
    /// shows while the gesture holds the transition there.
    func held(atValue value: Double, at time: Double) -> PercentDrivenDriver {
        var copy = self
        copy.phases = .held(from: time)
        copy.animator = animator.holding(value: value, at: time)
        copy.completion = nil
        return copy
    }

    func phase(at time: Double) -> Phase { phases.phase(at: time) }

    func progress(at time: Double) -> Double { animator.value(at: time) }

    func amount(at time: Double) -> Double {
        let value = animator.value(at: time)
        return isForward ? value : 1 - value
    }

    func layers(at time: Double) -> [Placement] {
        geometry.layers(amount: amount(at: time), stage: stage)
    }
}
