import Geometry
import Interaction
import Motion
import Scene

/// `side-drawer` (its tutorial: docs/uikit-semantics.md#tutorial-styles): a drawer from the left pushes the presenting screen aside under a
/// dimming view; pan right opens it, pan left closes it.
struct SideDrawer: PercentDrivenStyle {
    var name: String { Key.name }
    let summary = "a 320 pt drawer, laid out at its width, slides in from the left pushing the screen aside under a 0.5 dimming view"
    let presentations: [Presentation] = [.modal]
    typealias Key = SideDrawerKeys
    var settings: [SettingDescriptor] { Key.settings }
    var placesByAbsoluteX: Bool { true }

    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        let s = run.settings
        var geometry = DrawerGeometry()
        geometry.width = min(s[Key.width], run.stage.bounds.width)
        geometry.dimming = s.dimming(Key.dimmingAlpha)
        // The `side-drawer` tutorial: open: percent = dx / 320, close: percent = −dx / 320; finish when percent > 0.5.
        let drawer = geometry.width, finish = s[Key.completionThreshold], forward = run.forward
        let rule = InteractionRule(
            recognizer: .pan, reads: .translationX,
            progress: { event, _, base in base + (forward ? 1 : -1) * event.translation.x / drawer },
            decision: .threshold(finish))
        return PercentDrivenDriver(styleName: name, geometry: geometry, stage: run.stage, forward: run.forward,
                                   timing: s.cubicTiming(Key.curve, Key.duration), completionCurve: s[Key.completionCurve],
                                   completionSpeed: s[Setting<Double>.completionSpeed], scrubsInLayerTime: true,
                                   interruptible: false, rule: rule)
    }
}

/// The `side-drawer` tutorial: a drawer `width` wide slides in from the left while the presenting screen moves right
/// by the same width under a black dimming view (alpha 0 → 0.5). The drawer's screen is laid out at
/// the drawer's width. The presentation stays on screen.
struct DrawerGeometry: StyleGeometry {
    var width = 320.0
    var dimming = Color.black.withAlpha(0.5)

    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        let h = stage.bounds.height
        return [
            Placement(screen: stage.below, frame: stage.bounds.offsetBy(dx: width * a, dy: 0)),
            Placement(id: "dimming", content: .fill(dimming.withAlpha(1)), frame: stage.bounds, alpha: dimming.alpha * a),
            Placement(screen: stage.above, frame: Rect(x: stage.bounds.minX - width * (1 - a), y: stage.bounds.minY, width: width, height: h),
                  layout: .atFrame),
        ]
    }

    func restingLayers(stage: TransitionStage) -> [Placement]? {
        layers(amount: 1, stage: stage)
    }
}
