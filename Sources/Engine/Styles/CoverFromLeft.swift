import Geometry
import Interaction
import Motion
import Scene

/// `cover-from-left` (its tutorial: docs/uikit-semantics.md#tutorial-styles): the new screen covers the current one from the left, scrubbed
/// by the finger's position. The tutorial returns no dismissal animator, so a dismissal is UIKit's
/// default for the presented controller's `modalTransitionStyle`, `.coverVertical`: it slides down.
struct CoverFromLeft: PercentDrivenStyle {
    var name: String { Key.name }
    let summary = "the new screen slides in from x = −width over the current one, following the finger's x; dismissed, it slides down (UIKit's default)"
    let presentations: [Presentation] = [.modal]
    typealias Key = CoverFromLeftKeys
    var settings: [SettingDescriptor] { Key.settings }
    var placesByAbsoluteX: Bool { true }

    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        // `animationControllerForDismissedController` is not implemented: UIKit's own dismissal.
        guard run.forward else { return FullScreenCover.coverVertical(styleName: name, run) }
        let s = run.settings
        // The `cover-from-left` tutorial: progress = touch x / width; past 0.7 it finishes at once.
        let auto = s[Key.autoFinish]
        let rule = InteractionRule(
            recognizer: .pan, reads: .locationX,
            progress: { event, bounds, _ in event.location.x / bounds.width },
            autoFinish: auto,
            decision: .threshold(auto))
        return PercentDrivenDriver(styleName: name, geometry: CoverGeometry(), stage: run.stage, forward: run.forward,
                                   timing: s.cubicTiming(Key.curve, Key.duration), completionCurve: s[Key.completionCurve],
                                   completionSpeed: s[Setting<Double>.completionSpeed], scrubsInLayerTime: true,
                                   interruptible: false, rule: rule)
    }
}

/// The `cover-from-left` tutorial: the new screen is translated from x = −width to identity, above the current one.
struct CoverGeometry: StyleGeometry {
    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        [
            Placement(screen: stage.below, frame: stage.bounds),
            Placement(screen: stage.above, frame: stage.bounds.offsetBy(dx: -stage.bounds.width * (1 - a), dy: 0)),
        ]
    }
}
