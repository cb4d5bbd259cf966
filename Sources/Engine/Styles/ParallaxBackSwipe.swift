import Geometry
import Interaction
import Motion
import Scene

/// `parallax-back-swipe` (its tutorial: docs/uikit-semantics.md#tutorial-styles): a navigation pop with a parallax underlay and an edge
/// shadow, driven by a pan from anywhere. The tutorial's delegate returns no animator for a push
/// (`if navigationData.duringPushAnimation { return nil }`), so UIKit plays its own push: the
/// system push, bar included (`SystemPush.fallback`).
struct ParallaxBackSwipe: PercentDrivenStyle {
    let name = "parallax-back-swipe"
    let summary = "pop: the top screen slides right casting a shadow, the screen below comes in from −width / 3.33 at alpha 0.9; push: UIKit's own (`system-push` with its defaults), for which the tutorial returns no animator"
    let presentations: [Presentation] = [.navigation]
    enum Key {
        static let duration = Setting<Double>.duration(0.3, "`transitionDuration(using:)` 0.3 s")
        static let curve = Setting<CubicTimingCurve>.curve(.linear, "`UIView.animate(... options: .curveLinear)`")
        static let completionCurve = Setting<CubicTimingCurve>.completionCurve(.easeOut)
        static let completionThreshold = Setting<Double>.completionThreshold(0.5, "a release with percent above it finishes")
        static let flickVelocity = Setting<Double>("flickVelocity", .number(range: Limits.speed), default: 1000,
                                                   doc: "a release faster than this (pt/s, rightwards) finishes", uikit: "`velocity.x > 1000`")
        static let parallaxRatio = Setting<Double>("parallaxRatio", .number(range: Limits.ratio, exclusiveMinimum: 0), default: 3.33,
                                                   doc: "the screen below starts at x = −width / parallaxRatio",
                                                   uikit: "`-containerView.bounds.width / 3.33`")
        static let underlayAlpha = Setting<Double>("underlayAlpha", .number(range: Limits.unit), default: 0.9,
                                                   doc: "the screen below's alpha at the start of a pop", uikit: "`toView.alpha = 0.9`")
        static let shadowRadius = Setting<Double>("shadowRadius", .number(range: Limits.shadowRadius), default: 5,
                                                  doc: "the top screen's shadow blur, points", uikit: "`layer.shadowRadius`")
        static let shadowOpacity = Setting<[Double]>("shadowOpacity", .numbers(count: 2, range: Limits.unit), default: [1, 0.1],
                                                     doc: "the shadow's opacity at the start and at the end of a pop",
                                                     uikit: "`layer.shadowOpacity` 1 → 0.1")
        static let shadowColor = Setting<Color>("shadowColor", default: .black, doc: "the shadow's color", uikit: "`layer.shadowColor`")
        static let shadowOffset = Setting<Point>("shadowOffset", default: Point(x: 0, y: -3), doc: "the shadow's offset, points",
                                                 uikit: "`layer.shadowOffset` (Core Animation's default)")
    }
    let settings = [SettingDescriptor]([
        Key.duration, Key.curve, Key.completionCurve, Setting<Double>.completionSpeed, Key.completionThreshold, Key.flickVelocity,
        Key.parallaxRatio, Key.underlayAlpha, Key.shadowRadius, Key.shadowOpacity, Key.shadowColor, Key.shadowOffset,
    ])

    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        if run.forward {
            let system = SystemPush.fallback(for: name, run)
            return system.style.driver(system.run)
        }
        let s = run.settings
        var geometry = ParallaxGeometry()
        geometry.parallaxRatio = s[Key.parallaxRatio]
        geometry.underlayAlpha = s[Key.underlayAlpha]
        geometry.shadow = Shadow(color: s[Key.shadowColor], opacity: 1, radius: s[Key.shadowRadius], offset: s[Key.shadowOffset])
        let opacity = s[Key.shadowOpacity]
        geometry.shadowOpacity = (opacity[0], opacity[1])
        // The `parallax-back-swipe` tutorial: percent = max(dx, 0) / width; finish when percent > 0.5 or velocity.x > 1000.
        let finish = s[Key.completionThreshold], flick = s[Key.flickVelocity]
        let rule = InteractionRule(
            recognizer: .pan,
            progress: { event, bounds, base in base + max(event.translation.x, 0) / bounds.width },
            finishes: { p, v in p > finish || v.x > flick })
        return PercentDrivenDriver(styleName: name, geometry: geometry, stage: run.stage, forward: run.forward,
                                   timing: s.cubicTiming(Key.curve, Key.duration), completionCurve: s[Key.completionCurve],
                                   completionSpeed: s[Setting<Double>.completionSpeed], scrubsInLayerTime: true,
                                   interruptible: false, rule: rule)
    }

    /// The push's bar is the system push's; the tutorial's pop cross-fades it, as a custom animator's does.
    func barTransition(_ run: StyleRun) -> BarTransition {
        guard run.forward else { return .crossFade }
        let system = SystemPush.fallback(for: name, run)
        return system.style.barTransition(system.run)
    }
}

/// The tutorial's `BackSwipeAnimatedTransitioning`: the top screen slides to x = width casting a shadow
/// (radius 5, opacity 1 → 0.1), the screen below comes from x = −width / 3.33 at alpha 0.9.
struct ParallaxGeometry: StyleGeometry {
    var parallaxRatio = 3.33
    var underlayAlpha = 0.9
    var shadow = Shadow(color: .black, opacity: 1, radius: 5, offset: Point(x: 0, y: -3))
    /// Shadow opacity when the top screen is fully in (start of a pop) and fully out.
    var shadowOpacity = (inside: 1.0, outside: 0.1)

    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        let w = stage.bounds.width
        var shadow = self.shadow
        shadow.opacity = shadowOpacity.outside + (shadowOpacity.inside - shadowOpacity.outside) * a
        return [
            Placement(screen: stage.below, frame: stage.bounds.offsetBy(dx: -w / parallaxRatio * a, dy: 0),
                  alpha: 1 - (1 - underlayAlpha) * a),
            Placement(screen: stage.above, frame: stage.bounds.offsetBy(dx: w * (1 - a), dy: 0), shadow: shadow),
        ]
    }
}
