import Geometry
import Interaction
import Motion
import Scene

/// `scale-fade-modal` (its tutorial's `CustomModalShowAnimator`, docs/uikit-semantics.md#tutorial-styles): the modal springs in from scale 0.6,
/// 200 pt up and transparent; a left screen-edge pan dismisses it.
struct ScaleFadeModal: PercentDrivenStyle {
    var name: String { Key.name }
    let summary = "the modal springs in from scale 0.6, 200 pt up and transparent; a left-edge pan dismisses at 50 % of 200 pt"
    let presentations: [Presentation] = [.modal]
    typealias Key = ScaleFadeModalKeys
    var settings: [SettingDescriptor] { Key.settings }
    var placesByAbsoluteX: Bool { true }

    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        let s = run.settings
        var geometry = ScaleFadeGeometry()
        geometry.scale = s[Key.scale]
        geometry.offset = s[Key.offset]
        // The `scale-fade-modal` tutorial: progress = clamp(dx / 200, 0, 1), finish at ≥ 0.5, with dx = translation(in:
        // viewController.view), read through the view's model transform (the end scale).
        let distance = s[Key.progressDistance], finish = s[Key.completionThreshold]
        let scale = geometry.scale
        let rule = InteractionRule(
            recognizer: .leftEdge(zone: s[Key.edgeZone]), reads: .translationX,
            progress: { event, _, base in
                ScaleFadeReading.progress(translation: event.translation.x, distance: distance, endScale: scale, base: base)
            },
            decision: .threshold(finish, inclusive: true))
        let spring = s[Key.spring]
        return PercentDrivenDriver(styleName: name, geometry: geometry, stage: run.stage, forward: run.forward,
                                   timing: .spring(spring), completionCurve: nil,
                                   completionSpeed: s[Setting<Double>.completionSpeed], scrubsInLayerTime: false,
                                   interruptible: !run.forward && s[Setting<Bool>.interruptible], rule: run.forward ? nil : rule)
    }
}

/// The tutorial's `CustomModalShowAnimator`: the presented screen from scale 0.6 translated by (0, −200) and
/// alpha 0 to identity and alpha 1.
struct ScaleFadeGeometry: StyleGeometry {
    var scale = 0.6
    var offset = Point(x: 0, y: -200)

    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        let b = stage.bounds
        let s = scale + (1 - scale) * a
        let dx = offset.x * (1 - a), dy = offset.y * (1 - a)
        let frame = Rect(x: b.midX - b.width * s / 2 + dx, y: b.midY - b.height * s / 2 + dy,
                         width: b.width * s, height: b.height * s)
        return [
            Placement(screen: stage.below, frame: b),
            Placement(screen: stage.above, frame: frame, alpha: min(max(a, 0), 1)),
        ]
    }
}
