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
    let settings: [SettingDescriptor] = [
        .duration(0.3, "`transitionDuration(using:)` 0.3 s"),
        .curve("linear", "`UIView.animate(... options: .curveLinear)`"),
        .completionCurve("easeOut"),
        .completionSpeed,
        .completionThreshold(0.5, "a release with percent above it finishes"),
        SettingDescriptor("flickVelocity", .number(range: 0...100_000), default: .number(1000),
                          doc: "a release faster than this (pt/s, rightwards) finishes", uikit: "`velocity.x > 1000`"),
        SettingDescriptor("parallaxRatio", .number(range: 0...100, exclusiveMinimum: 0), default: .number(3.33),
                          doc: "the screen below starts at x = −width / parallaxRatio", uikit: "`-containerView.bounds.width / 3.33`"),
        SettingDescriptor("underlayAlpha", .number(range: 0...1), default: .number(0.9),
                          doc: "the screen below's alpha at the start of a pop", uikit: "`toView.alpha = 0.9`"),
        SettingDescriptor("shadowRadius", .number(range: 0...200), default: .number(5),
                          doc: "the top screen's shadow blur, points", uikit: "`layer.shadowRadius`"),
        SettingDescriptor("shadowOpacity", .numbers(count: 2, range: 0...1), default: .numbers([1, 0.1]),
                          doc: "the shadow's opacity at the start and at the end of a pop", uikit: "`layer.shadowOpacity` 1 → 0.1"),
        SettingDescriptor("shadowColor", .color, default: .color(.black), doc: "the shadow's color", uikit: "`layer.shadowColor`"),
        SettingDescriptor("shadowOffset", .point, default: .point(Point(x: 0, y: -3)),
                          doc: "the shadow's offset, points", uikit: "`layer.shadowOffset` (Core Animation's default)"),
    ]

    /// The tutorial returns no animator for a push.
    func usesSystemAnimator(forward: Bool) -> Bool { forward }

    /// The tutorial's pop (a push is UIKit's own: `usesSystemAnimator`).
    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        let s = run.settings
        var geometry = ParallaxGeometry()
        geometry.parallaxRatio = s.number("parallaxRatio") ?? 3.33
        geometry.underlayAlpha = s.number("underlayAlpha") ?? 0.9
        geometry.shadow = Shadow(color: s.color("shadowColor") ?? .black, opacity: 1, radius: s.number("shadowRadius") ?? 5,
                                 offset: s.point("shadowOffset") ?? Point(x: 0, y: -3))
        let opacity = s.numbers("shadowOpacity") ?? [1, 0.1]
        geometry.shadowOpacity = (opacity[0], opacity[1])
        // The `parallax-back-swipe` tutorial: percent = max(dx, 0) / width; finish when percent > 0.5 or velocity.x > 1000.
        let finish = s.number("completionThreshold") ?? 0.5, flick = s.number("flickVelocity") ?? 1000
        let rule = InteractionRule(
            recognizer: .pan,
            progress: { event, bounds, base in base + max(event.translation.x, 0) / bounds.width },
            finishes: { p, v in p > finish || v.x > flick })
        return PercentDrivenDriver(styleName: name, geometry: geometry, stage: run.stage, forward: run.forward,
                                   timing: s.cubicTiming, completionCurve: s.curve("completionCurve") ?? .easeOut,
                                   completionSpeed: s.number("completionSpeed") ?? 1, scrubsInLayerTime: true,
                                   interruptible: false, rule: rule)
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
