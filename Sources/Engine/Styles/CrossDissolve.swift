import Geometry
import Motion
import Scene

/// `cross-dissolve`: `modalTransitionStyle = .crossDissolve`: the presented screen fades in over
/// the presenter, and out to dismiss. Sources and certainty: docs/uikit-semantics.md#system-transitions.
struct CrossDissolve: PercentDrivenStyle {
    var name: String { Key.name }
    let summary = "`.crossDissolve`: the presented screen fades in over the presenter (0.4 s ease-in-out); no gesture"
    let presentations: [Presentation] = [.modal]
    typealias Key = CrossDissolveKeys
    var settings: [SettingDescriptor] { Key.settings }

    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        let s = run.settings
        return PercentDrivenDriver(styleName: name, geometry: DissolveGeometry(), stage: run.stage, forward: run.forward,
                                   timing: s.cubicTiming(Key.curve, Key.duration),
                                   completionCurve: .linear, completionSpeed: 1, scrubsInLayerTime: false,
                                   interruptible: false, rule: nil)
    }
}

/// A cross-dissolve at `amount` a: the presented screen at alpha a over the presenter.
struct DissolveGeometry: StyleGeometry {
    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        [
            Placement(screen: stage.below, frame: stage.bounds),
            Placement(screen: stage.above, frame: stage.bounds, alpha: min(max(a, 0), 1)),
        ]
    }
}
