import Geometry
import Interaction
import Motion
import Scene

/// `slide-up-modal` (its tutorial's `InteractiveModalTransitionDriver`, docs/uikit-semantics.md#tutorial-styles): a sheet slides up over a
/// dimming view on the transition animator (ease-out) and goes back down on its frame animator's
/// spring; a downward pan drags it back down. The tutorial pushes
/// it on a navigation stack (under the bar); it may also be presented over everything.
struct SlideUpModal: TransitionStyleDefinition {
    var name: String { Key.name }
    let summary = "a sheet slides up over a 0.66 black dimming view on the transition animator's ease-out curve and goes back down on a spring; a downward pan dismisses it"
    let presentations: [Presentation] = [.navigation, .modal]
    typealias Key = SlideUpModalKeys
    var settings: [SettingDescriptor] { Key.settings }

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
