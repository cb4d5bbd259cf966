import Geometry
import Interaction
import Motion
import Scene

/// `system-push`: UINavigationController's own push and pop (`_UINavigationParallaxTransition`).
/// The pushed screen comes in from the right casting an edge shadow while the covered screen
/// moves left by 0.3 × width under a black overlay at 0.1; the bar's title slides, the back
/// button's label moves to the leading edge and a large title becomes that label. It runs on
/// UIKit's default spring (curve 7). The interactive pop is a left screen-edge pan; its release
/// is decided by UIKit's projection of the progress (`PopProjection`) and continues with the
/// finger's velocity into the same spring.
/// Sources and certainty: docs/uikit-semantics.md#system-transitions.
struct SystemPush: PercentDrivenStyle {
    /// `system-push`, or the style whose direction falls back to it (`fallback(for:)`).
    var name = Key.name
    let summary = "UINavigationController's push and pop: the covered screen moves left by 0.3 × width under a 0.1 black overlay, the new one casts an edge shadow, the bar's titles slide; a left-edge pan pops"
    let presentations: [Presentation] = [.navigation]
    typealias Key = SystemPushKeys
    var settings: [SettingDescriptor] { Key.settings }

    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        let s = run.settings
        var geometry = SystemPushGeometry()
        geometry.coveredOffset = s[Key.coveredOffset]
        geometry.overlay = Color.black.withAlpha(s[Key.overlayAlpha])
        geometry.shadow = Shadow(color: .black, opacity: s[Key.shadowOpacity], radius: s[Key.shadowRadius], offset: .zero)
        let duration = s[Key.duration]
        var rule = InteractionRule(
            recognizer: .leftEdge(zone: s[Key.edgeZone]), reads: .translationX,
            progress: { event, bounds, base in base + event.translation.x / bounds.width },
            decision: .movingRight,
            progressVelocity: { v, bounds in v.x / bounds.width })
        // UIKit decides the release by projecting the pan's velocity and acceleration over the duration.
        rule.popProjectionDuration = duration
        let spring = s[Key.spring]
        var driver = PercentDrivenDriver(styleName: name, geometry: geometry, stage: run.stage, forward: run.forward,
                                         timing: .spring(spring), completionCurve: .linear, completionSpeed: 1,
                                         scrubsInLayerTime: false, interruptible: false, rule: run.forward ? nil : rule)
        driver.completionSpring = spring
        return driver
    }

    func barTransition(_ run: StyleRun) -> BarTransition {
        var slide = BarSlide()
        slide.coveredOffset = run.settings[Key.coveredOffset]
        slide.titleEntry = run.settings[Key.titleEntry]
        return .slide(slide)
    }

    /// UIKit's own push or pop with the system defaults, for a navigation direction whose
    /// delegate returns no animator (`navigationController(_:animationControllerFor:from:to:)`
    /// returning nil: the `parallax-back-swipe` tutorial's push, a custom style's `animator: system`). The run keeps its
    /// stage and direction and takes this style's default settings; the trace names `styleName`.
    static func fallback(for styleName: String, _ run: StyleRun) -> (style: SystemPush, run: StyleRun) {
        let style = SystemPush(name: styleName)
        return (style, StyleRun(settings: SettingValues(descriptors: style.settings), stage: run.stage, forward: run.forward))
    }
}

/// UINavigationController's push at `amount` a: the covered screen at x = −offset·w·a under a
/// black overlay of alpha 0.1·a, the pushed screen at x = w·(1 − a) casting its edge shadow.
struct SystemPushGeometry: StyleGeometry {
    var coveredOffset = 0.3
    var overlay = Color.black.withAlpha(0.1)
    var shadow = Shadow(color: .black, opacity: 0.25, radius: 9, offset: .zero)

    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        let w = stage.bounds.width
        let covered = stage.bounds.offsetBy(dx: -coveredOffset * w * a, dy: 0)
        return [
            Placement(screen: stage.below, frame: covered),
            Placement(id: "dimming", content: .fill(overlay.withAlpha(1)), frame: covered, alpha: overlay.alpha * a),
            Placement(screen: stage.above, frame: stage.bounds.offsetBy(dx: w * (1 - a), dy: 0), shadow: shadow),
        ]
    }
}
