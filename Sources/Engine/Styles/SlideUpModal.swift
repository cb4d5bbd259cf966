import Geometry
import Interaction
import Motion
import Scene

/// `slide-up-modal` (its tutorial's `InteractiveModalTransitionDriver`, docs/uikit-semantics.md#tutorial-styles): a sheet slides up over a
/// dimming view on the transition animator (ease-out) and goes back down on its frame animator's
/// spring; a downward pan drags it back down. The tutorial pushes
/// it on a navigation stack (under the bar); it may also be presented over everything.
struct SlideUpModal: TransitionStyleDefinition {
    let name = "slide-up-modal"
    let summary = "a sheet slides up over a 0.66 black dimming view on the transition animator's ease-out curve and goes back down on a spring; a downward pan dismisses it"
    let presentations: [Presentation] = [.navigation, .modal]
    enum Key {
        static let spring = Setting<Spring>("spring", default: Spring(mass: 2.5, stiffness: 2000, damping: 95),
                                            doc: "the frame animator's spring: carries the sheet after a release",
                                            uikit: "`UISpringTimingParameters(mass: 2.5, stiffness: 2000, damping: 95)`")
        static let curve = Setting<CubicTimingCurve>("curve", default: .easeOut, doc: "the transition animator's curve",
                                                     uikit: "`UIViewPropertyAnimator(duration:curve: .easeOut)`")
        static let duration = Setting<Double?>(
            "duration", .seconds,
            defaultText: "the spring's settling duration, 0.3975 s (a `{dampingRatio, duration}` spring: its duration)",
            doc: "the transition animator's duration; the tutorial asks its frame animator for `duration`, which a mass/stiffness/damping spring sets to its settling duration",
            uikit: "`propertyAnimator().duration`")
        static let dimmingAlpha = Setting<Double>.dimmingAlpha(0.66)
        static let progressScale = Setting<Double>("progressScale", .number(range: Limits.ratio, exclusiveMinimum: 0), default: 1.1,
                                                   doc: "progress step = dy / (container height × progressScale)",
                                                   uikit: "`progressStepFor(translation:)`")
        static let flickVelocity = Setting<Double>("flickVelocity", .number(range: Limits.speed), default: 1200,
                                                   doc: "a release faster than this (pt/s) decides by its direction", uikit: "`flickMagnitude`")
        static let completionThreshold = Setting<Double>.completionThreshold(0.2, "without a flick, a fraction above it finishes")
        static let cornerRadius = Setting<Double>(
            "cornerRadius", .number(range: Limits.styleCornerRadius), default: 0,
            doc: "the moving sheet's corner radius, growing with its distance from rest (`min(cornerRadius, offset)`); the tutorial rounds none",
            uikit: "`layer.cornerRadius`")
        static let releaseVelocity = Setting<ReleaseVelocity>(
            "releaseVelocity", default: .inherit,
            doc: "`inherit`: the finger's release velocity, in units of the remaining distance, starts the spring; `zero`: the tutorial's `timingCurveVelocity()`",
            uikit: "`UISpringTimingParameters.initialVelocity`")
    }
    let settings = [SettingDescriptor]([
        Key.spring, Key.curve, Key.duration, Key.dimmingAlpha, Setting<Color>.dimmingColor, Key.progressScale, Key.flickVelocity,
        Key.completionThreshold, Key.cornerRadius, Key.releaseVelocity, Setting<Bool>.interruptible,
    ])

    /// The constants of `run` with its scene's settings.
    func parameters(_ settings: SettingValues) -> SlideUpModalParameters {
        var p = SlideUpModalParameters()
        p.spring = settings[Key.spring]
        p.curve = settings[Key.curve]
        p.duration = settings[Key.duration]
        p.dimmingColor = settings.dimming(Key.dimmingAlpha)
        p.progressScale = settings[Key.progressScale]
        p.flickVelocity = settings[Key.flickVelocity]
        p.completionThreshold = settings[Key.completionThreshold]
        p.cornerRadius = settings[Key.cornerRadius]
        p.releaseVelocity = settings[Key.releaseVelocity]
        p.interruptible = settings[Setting<Bool>.interruptible]
        return p
    }

    func animated(_ run: StyleRun, at time: Double) -> any TransitionDriver {
        SlideUpModalDriver.animated(parameters: parameters(run.settings), bounds: run.stage.bounds, presenter: run.stage.below,
                                    sheet: run.stage.above, forward: run.forward, at: time)
    }

    /// Only the dismissal has a gesture: a pan moving down, more vertically than sideways.
    func gesture(_ run: StyleRun) -> StyleGesture? {
        guard !run.forward else { return nil }
        let parameters = parameters(run.settings), stage = run.stage
        return StyleGesture(
            recognizer: PanRecognizer(bounds: stage.bounds),
            accepts: { _, movement in SlideUpModalDriver.shouldBeginDismissal(movement: movement) },
            make: { began in
                SlideUpModalDriver.interactive(parameters: parameters, bounds: stage.bounds, presenter: stage.below,
                                               sheet: stage.above, forward: false, began: began)
            },
            summary: "pan moving down, more vertically than sideways")
    }
}

/// What the release velocity does to the completion spring.
enum ReleaseVelocity: String, Sendable, Codable, CaseIterable, SettingChoice {
    /// The finger's velocity along the transition's axis, in units of the remaining distance
    /// per second, becomes the spring's initial velocity (UIKit's documented use).
    case inherit
    /// The spring starts at rest, as the `slide-up-modal` tutorial's `timingCurveVelocity()` returns `.zero`.
    case zero
}

/// Constants of `slide-up-modal` (`InteractiveModalTransitionDriver`).
struct SlideUpModalParameters: Sendable, Hashable {
    /// The frame animator's spring: `UISpringTimingParameters(mass: 2.5, stiffness: 2000, damping: 95)`.
    var spring = Spring(mass: 2.5, stiffness: 2000, damping: 95)
    /// The transition animator's curve: `.easeOut`.
    var curve = CubicTimingCurve.easeOut
    /// The transition animator's duration; nil means the frame animator's `duration`: the
    /// spring's honoured duration, else its settling duration (the tutorial asks the frame animator
    /// for its `duration`).
    var duration: Double?
    /// `UIColor.black.withAlphaComponent(0.66)`.
    var dimmingColor = Color.black.withAlpha(0.66)
    /// progress step = dy / (container height × `progressScale`).
    var progressScale = 1.1
    /// A release faster than this (pt/s) decides by its direction.
    var flickVelocity = 1200.0
    /// Without a flick, a fraction above this finishes.
    var completionThreshold = 0.2
    /// Corner radius of the sheet while it is off its resting place, interpolated to 0 when
    /// presented. 0 by default: the tutorial rounds no corners.
    var cornerRadius = 0.0
    var releaseVelocity = ReleaseVelocity.inherit
    /// Whether a touch catches the completion animation: Segue's addition, off as in the tutorial
    /// (its `gestureRecognizerShouldBegin` lets a pan begin only while the transition is interactive).
    var interruptible = false

    init() {}
}
