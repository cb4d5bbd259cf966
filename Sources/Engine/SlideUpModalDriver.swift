import Geometry
import Interaction
import Motion
import Scene

/// `slide-up-modal` (seed 000, `InteractiveModalTransitionDriver`).
///
/// The presented screen slides up from the bottom edge over a black dimming view. Two animators
/// run it, as in the seed: the transition animator (ease-out, duration = the frame spring's
/// settling duration) carries the dimming and, when presenting, the presented screen's frame;
/// when dismissing, the presented screen follows the finger 1:1 and then a spring (mass 2.5,
/// stiffness 2000, damping 95) — the seed's frame animator. A pan scrubs the transition by
/// dy / (container height × 1.1); on release a flick faster than 1200 pt/s decides by its
/// direction, otherwise a fraction above 0.2 finishes. Both animators are interruptible.
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

    var styleName: String { TransitionStyle.slideUpModal.rawValue }
    var destination: String { isForward ? sheet : presenter }
    var source: String { isForward ? presenter : sheet }
    var isInterruptible: Bool { true }

    /// The transition animator's duration: the scene's, or the frame spring's settling duration.
    var transitionDuration: Double { parameters.duration ?? parameters.spring.settlingDuration() }

    init(parameters: SlideUpModalParameters, bounds: Rect, presenter: String, sheet: String, forward: Bool) {
        self.parameters = parameters
        self.bounds = bounds
        self.presenter = presenter
        self.sheet = sheet
        self.isForward = forward
        animator = PropertyAnimator(timing: .cubic(parameters.curve, duration: parameters.duration ?? parameters.spring.settlingDuration()))
        sheetY = forward ? nil : Track(bounds.minY)
    }

    /// A non-interactive transition started by an action (`animate(.end)` in the seed).
    static func animated(parameters: SlideUpModalParameters, bounds: Rect, presenter: String, sheet: String,
                         forward: Bool, at time: Double) -> SlideUpModalDriver {
        var driver = SlideUpModalDriver(parameters: parameters, bounds: bounds, presenter: presenter, sheet: sheet, forward: forward)
        driver.phases.set(.animating, at: time)
        driver.animate(toEnd: true, at: time, velocity: 0, startsAnimator: true)
        return driver
    }

    /// An interactive transition started by a pan that has just begun (`wantsInteractiveStart`).
    static func interactive(parameters: SlideUpModalParameters, bounds: Rect, presenter: String, sheet: String,
                            forward: Bool, began: PanEvent) -> SlideUpModalDriver {
        var driver = SlideUpModalDriver(parameters: parameters, bounds: bounds, presenter: presenter, sheet: sheet, forward: forward)
        driver.phases.set(.interactive, at: began.time)
        driver.animator.scrub(to: 0, at: began.time)
        driver.lastTranslation = began.translation
        return driver
    }

    /// Whether the seed's `gestureRecognizerShouldBegin` lets a pan start a dismissal:
    /// the movement is downward and more vertical than horizontal.
    static func shouldBeginDismissal(movement: Point) -> Bool {
        movement.y > 0 && abs(movement.y) > abs(movement.x)
    }

    // MARK: Events

    mutating func interrupt(at time: Double) {
        guard let completion, time < completion.time else { return }
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
        switch event.state {
        case .began:
            lastTranslation = event.translation
            phases.set(.interactive, at: event.time)
        case .changed, .ended:
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
    }

    /// The seed's `completionPosition()`.
    func finishes(velocity: Point, at time: Double) -> Bool {
        let isFlick = velocity.magnitude > parameters.flickVelocity
        let flickDown = isFlick && velocity.y > 0
        let flickUp = isFlick && velocity.y < 0
        if (isForward && flickUp) || (!isForward && flickDown) { return true }
        if (isForward && flickDown) || (!isForward && flickUp) { return false }
        return animator.state(at: time).fraction > parameters.completionThreshold
    }

    /// The seed's `animate(_ toPosition:)`: the frame spring carries the sheet, and the transition
    /// animator continues (or starts) with a duration factor matching the spring's duration.
    private mutating func animate(toEnd: Bool, at time: Double, velocity: Double, startsAnimator: Bool) {
        let inherited = parameters.releaseVelocity == .inherit ? velocity : 0
        var frameDuration: Double
        if var track = sheetY {
            let target = toEnd ? bounds.maxY : bounds.minY
            frameDuration = track.animate(to: target, at: time, spring: parameters.spring, velocity: inherited)
            sheetY = track
        } else {
            // Presenting: the seed's frame animator has nothing to move; its (zero-velocity)
            // spring only sets the duration factor.
            frameDuration = parameters.spring.settlingDuration()
        }
        let transitionEnd: Double
        if startsAnimator {
            animator.start(at: time, reversed: !toEnd)
            transitionEnd = animator.completionTime ?? time
        } else {
            frameDuration = max(frameDuration, 1e-3)
            animator.continueAnimation(at: time, reversed: !toEnd, timing: nil,
                                       durationFactor: frameDuration / transitionDuration)
            transitionEnd = animator.completionTime ?? time
        }
        let end = max(transitionEnd, sheetY == nil ? transitionEnd : time + frameDuration)
        completion = (end, toEnd)
    }

    // MARK: Evaluation

    func phase(at time: Double) -> Phase { phases.phase(at: time) }

    /// The transition animator's on-screen fraction (dismissal fraction when dismissing).
    func progress(at time: Double) -> Double { animator.value(at: time) }

    func amount(at time: Double) -> Double {
        let p = animator.value(at: time)
        return isForward ? p : 1 - p
    }

    func layers(at time: Double) -> [Placement] {
        let p = animator.value(at: time)
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
