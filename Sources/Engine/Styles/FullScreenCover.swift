import Geometry
import Interaction
import Motion
import Scene

/// `full-screen-cover`: `modalPresentationStyle = .fullScreen` with the default
/// `.coverVertical` transition: the presented screen slides up from the bottom edge over the
/// presenter, on UIKit's default spring, and slides back down to dismiss. iOS gives it no
/// dismissal gesture. Sources and certainty: docs/uikit-semantics.md#system-transitions.
struct FullScreenCover: PercentDrivenStyle {
    var name: String { Key.name }
    let summary = "`.fullScreen` + `.coverVertical`: the presented screen slides up over the presenter on UIKit's default spring; no gesture"
    let presentations: [Presentation] = [.modal]
    typealias Key = FullScreenCoverKeys
    var settings: [SettingDescriptor] { Key.settings }

    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        Self.coverVertical(styleName: name, run, spring: run.settings[Key.spring])
    }

    /// UIKit's `.coverVertical` slide for `run`: also the dismissal of a custom presentation whose
    /// transitioning delegate returns no dismissal animator.
    static func coverVertical(styleName: String, _ run: StyleRun, spring: Spring = Key.spring.defaultValue) -> PercentDrivenDriver {
        PercentDrivenDriver(styleName: styleName, geometry: CoverVerticalGeometry(), stage: run.stage, forward: run.forward,
                            timing: .spring(spring), completionCurve: nil,
                            completionSpeed: 1, scrubsInLayerTime: false, interruptible: false, rule: nil)
    }
}

/// `.coverVertical` at `amount` a: the presented screen at y = h·(1 − a) over the presenter.
struct CoverVerticalGeometry: StyleGeometry {
    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        [
            Placement(screen: stage.below, frame: stage.bounds),
            Placement(screen: stage.above, frame: stage.bounds.offsetBy(dx: 0, dy: stage.bounds.height * (1 - a))),
        ]
    }
}
