import Geometry
import Interaction
import Motion
import Scene

/// `slide-up-modal` (its tutorial's `InteractiveModalTransitionDriver`, docs/uikit-semantics.md#tutorial-styles).
///
/// The presented screen slides up from the bottom edge over a black dimming view. Two animators
/// run it, as in the tutorial: the transition animator (ease-out) carries the dimming and, when
/// presenting, the presented screen's frame; when dismissing, the presented screen follows the
/// finger 1:1 and then a spring (mass 2.5, stiffness 2000, damping 95) — the tutorial's frame
/// animator. A pan scrubs the transition by dy / (container height × 1.1); on release a flick
/// faster than 1200 pt/s decides by its direction, otherwise a fraction above 0.2 finishes.
/// A touch catches neither animator unless `interruptible` asks for it: the tutorial's
/// `gestureRecognizerShouldBegin` returns `transitionDriver.isInteractive` while a driver exists.
///
/// Durations, as UIKit runs the tutorial: the frame animator is
/// `UIViewPropertyAnimator(duration: hideShowBarDuration, timingParameters: spring)`. Setting
/// mass/stiffness/damping spring parameters replaces the animator's duration with the spring's
/// settling duration, and `duration` returns it (UIKit's `-_setTimingParameters:`): 0.3975 s
/// for the tutorial's spring. That is what the tutorial's `animationDuration()` reads, so the transition
/// animator (ease-out) lasts the settling duration too, and after a release it continues with
/// `durationFactor = frame duration / transition duration` (1). The transition completes when
/// the transition animator does (its completion calls `completeTransition`), which removes a
/// dismissed sheet; a sheet sent back to rest stays on screen while its spring settles. A
/// `{dampingRatio, duration}` spring is an animator of that duration, which it honours and
/// reports (docs/uikit-semantics.md#spring-durations).
struct SlideUpModalDriver: TransitionDriver {
    let parameters: SlideUpModalParameters
    let bounds: Rect
    /// The screen underneath (presenting) and the sheet (presented).
    let presenter: String
    let sheet: String
    /// Presenting (push) when true, dismissing (pop) when false.
    let isForward: Bool

    private var animator: PropertyAnimator
    /// The sheet's y while dismissing (finger, then the frame spring); nil when presenting.
    private var sheetY: Track?
    private var phases = PhaseLog()
    private var lastTranslation = Point.zero
    /// Where an interrupted completion animation was heading.
    private var interruptedTarget: Bool?
    private(set) var completion: (time: Double, finished: Bool)?

    /// The style's name: `slide-up-modal`, or a custom style that follows the finger.
    var styleName = "slide-up-modal"
    /// How far the sheet travels from rest to fully out (down): the container's height unless set.
    var travel: Double
    /// The picture for a custom style: the layers at `amount` (how far the sheet is in), with the
    /// sheet moved `offset` points down from rest while the frame animator carries it (nil while
    /// the transition animator does). nil: the tutorial's sheet over its dimming view.
    var picture: (@Sendable (_ amount: Double, _ offset: Double?) -> [Placement])?
    var destination: String { isForward ? sheet : presenter }
    var source: String { isForward ? presenter : sheet }
    /// Whether a touch catches the completion: the `interruptible` setting (off, as in the tutorial).
    var isInterruptible: Bool

    /// The frame animator's `duration` property: what its spring timing leaves there — the
    /// duration a damping-ratio spring honours, or the settling duration of a
    /// mass/stiffness/damping spring, which replaces the one it was created with.
    static func frameAnimatorDuration(_ parameters: SlideUpModalParameters) -> Double {
        AnimatorTiming.spring(parameters.spring).duration
    }

    /// The transition animator's duration: the scene's, or the frame animator's `duration`
    /// (the tutorial's `animationDuration()`).
    static func transitionDuration(_ parameters: SlideUpModalParameters) -> Double {
        parameters.duration ?? frameAnimatorDuration(parameters)
    }

    var transitionDuration: Double { Self.transitionDuration(parameters) }

    init(parameters: SlideUpModalParameters, bounds: Rect, presenter: String, sheet: String, forward: Bool) {
        self.parameters = parameters
        self.bounds = bounds
        self.presenter = presenter
        self.sheet = sheet
        self.isForward = forward
        animator = PropertyAnimator(timing: .cubic(parameters.curve, duration: Self.transitionDuration(parameters)))
        sheetY = forward ? nil : Track(bounds.minY)
        travel = bounds.height
        isInterruptible = parameters.interruptible
    }

    /// A non-interactive transition started by an action (`animate(.end)` in the tutorial).
    static func animated(parameters: SlideUpModalParameters, bounds: Rect, presenter: String, sheet: String,
                         forward: Bool, at time: Double,
                         customize: (inout SlideUpModalDriver) -> Void = { _ in }) -> SlideUpModalDriver {
        var driver = SlideUpModalDriver(parameters: parameters, bounds: bounds, presenter: presenter, sheet: sheet, forward: forward)
        customize(&driver)
        driver.phases.set(.animating, at: time)
        driver.animate(toEnd: true, at: time, velocity: 0, startsAnimator: true)
        return driver
    }

    /// An interactive transition started by a pan that has just begun (`wantsInteractiveStart`).
    static func interactive(parameters: SlideUpModalParameters, bounds: Rect, presenter: String, sheet: String,
                            forward: Bool, began: PanEvent,
                            customize: (inout SlideUpModalDriver) -> Void = { _ in }) -> SlideUpModalDriver {
        var driver = SlideUpModalDriver(parameters: parameters, bounds: bounds, presenter: presenter, sheet: sheet, forward: forward)
        customize(&driver)
        driver.phases.set(.interactive, at: began.time)
        driver.animator.scrub(to: 0, at: began.time)
        driver.handle(began)
        return driver
    }

    /// Whether the tutorial's `gestureRecognizerShouldBegin` lets a pan start a dismissal:
    /// the movement is downward and more vertical than horizontal. It is given the movement
    /// from touch-down, before the slop is taken off the translation at `.began`.
    static func shouldBeginDismissal(movement: Point) -> Bool {
        movement.y > 0 && abs(movement.y) > abs(movement.x)
    }

    // MARK: Events

    mutating func interrupt(at time: Double) {
        guard isInterruptible, let completion, time < completion.time else { return }
        interruptedTarget = completion.finished
        // Freeze what is on screen; the fraction is taken as the on-screen value so that
        // linear scrubbing from here does not jump.
        animator.scrub(to: animator.value(at: time), at: time)
        if let y = sheetY?.value(at: time) { sheetY?.set(y, at: time) }
        self.completion = nil
        phases.set(.interactive, at: time)
    }

    mutating func resume(at time: Double) {
        guard completion == nil, let target = interruptedTarget else { return }
        interruptedTarget = nil
        phases.set(.animating, at: time)
        animate(toEnd: target, at: time, velocity: 0, startsAnimator: false)
    }

    mutating func handle(_ event: PanEvent) {
        guard completion == nil else { return }
        // The tutorial applies each callback's translation and then resets it to zero
        // (`setTranslation(.zero, in:)`), so the steps add up to the translation since `.began`,
        // including the travel beyond the slop that `.began` already reports.
        if event.state == .began {
            lastTranslation = .zero
            phases.set(.interactive, at: event.time)
        }
        let dy = event.translation.y - lastTranslation.y
        lastTranslation = event.translation
        if dy != 0 {
            // progressStepFor(translation:), accumulated into fractionComplete (clamped by UIKit).
            let step = (isForward ? -1.0 : 1.0) * dy / (bounds.height * parameters.progressScale)
            let fraction = animator.state(at: event.time).fraction
            animator.scrub(to: fraction + step, at: event.time)
            // updateFrameForInteractive(translation:) moves the sheet with the finger.
            if let y = sheetY?.value(at: event.time) { sheetY?.set(y + dy, at: event.time) }
        }
        if event.state == .ended {
            interruptedTarget = nil
            phases.set(.animating, at: event.time)
            animate(toEnd: finishes(velocity: event.velocity, at: event.time), at: event.time,
                    velocity: event.velocity.y, startsAnimator: false)
        }
    }

    /// The tutorial's `completionPosition()`.
    func finishes(velocity: Point, at time: Double) -> Bool {
        let isFlick = velocity.magnitude > parameters.flickVelocity
        let flickDown = isFlick && velocity.y > 0
        let flickUp = isFlick && velocity.y < 0
        if (isForward && flickUp) || (!isForward && flickDown) { return true }
        if (isForward && flickDown) || (!isForward && flickUp) { return false }
        return animator.state(at: time).fraction > parameters.completionThreshold
    }

    /// The tutorial's `animate(_ toPosition:)`: the frame spring carries the sheet, and the transition
    /// animator continues (or starts) with a duration factor matching the spring's duration.
    private mutating func animate(toEnd: Bool, at time: Double, velocity: Double, startsAnimator: Bool) {
        let inherited = parameters.releaseVelocity == .inherit ? velocity : 0
        // How long the frame spring actually moves the sheet (its settling duration, or the
        // duration a damping-ratio spring honours); nil when presenting, where the tutorial's frame
        // animator has nothing to move.
        var frameRun: Double?
        if var track = sheetY {
            let target = toEnd ? bounds.minY + travel : bounds.minY
            frameRun = track.animate(to: target, at: time, spring: parameters.spring, velocity: inherited, oneAxisOfTwo: true)
            sheetY = track
        }
        if startsAnimator {
            animator.start(at: time, reversed: !toEnd)
        } else {
            // `frameAnimator.duration / transitionAnimator.duration`: the reported durations; the
            // frame animator made with the release velocity reports its own.
            let frameDuration = frameRun.flatMap { $0 > 0 ? $0 : nil } ?? Self.frameAnimatorDuration(parameters)
            animator.continueAnimation(at: time, reversed: !toEnd, timing: nil,
                                       durationFactor: frameDuration / transitionDuration)
        }
        let transitionEnd = animator.completionTime ?? time
        // `completeTransition` comes with the transition animator's completion. A dismissed
        // sheet is removed then; a sheet returning to rest stays on screen until its spring settles.
        let dismisses = !isForward && toEnd
        let end = dismisses ? transitionEnd : max(transitionEnd, time + (frameRun ?? 0))
        completion = (end, toEnd)
    }

    // MARK: Evaluation

    /// This run held by a finger with the transition animator showing `value` and the sheet where
    /// a straight drag leaves it then (`value` × height × `progressScale` below its rest), from `time` on.
    func held(atValue value: Double, at time: Double) -> SlideUpModalDriver {
        var copy = self
        copy.phases = .held(from: time)
        copy.animator = animator.holding(value: value, at: time)
        copy.sheetY = sheetY.map { _ in Track(bounds.minY + value * bounds.height * parameters.progressScale) }
        copy.completion = nil
        return copy
    }

    func phase(at time: Double) -> Phase { phases.phase(at: time) }

    /// The transition animator's on-screen fraction (dismissal fraction when dismissing).
    func progress(at time: Double) -> Double { animator.value(at: time) }

    func amount(at time: Double) -> Double {
        let p = animator.value(at: time)
        return isForward ? p : 1 - p
    }

    func layers(at time: Double) -> [Placement] {
        let p = animator.value(at: time)
        if let picture { return picture(isForward ? p : 1 - p, sheetY.map { $0.value(at: time) - bounds.minY }) }
        let y = sheetY?.value(at: time) ?? bounds.minY + bounds.height * (1 - p)
        let dimmed = isForward ? p : 1 - p
        let offset = abs(y - bounds.minY)
        return [
            Placement(screen: presenter, frame: bounds),
            Placement(id: "dimming", content: .fill(parameters.dimmingColor.withAlpha(1)), frame: bounds,
                      alpha: parameters.dimmingColor.alpha * dimmed),
            Placement(screen: sheet, frame: bounds.offsetBy(dx: 0, dy: y - bounds.minY),
                      cornerRadius: min(parameters.cornerRadius, offset)),
        ]
    }
}
