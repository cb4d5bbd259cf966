import Geometry
import Interaction
import Motion
import Scene

/// `parallax-back-swipe` (its tutorial: docs/uikit-semantics.md#tutorial-styles): a navigation pop with a parallax underlay and an edge
/// shadow, driven by a pan from anywhere. The tutorial's delegate returns no animator for a push
/// (`if navigationData.duringPushAnimation { return nil }`), so UIKit plays its own push: the
/// system push, bar included (`SystemPush.fallback`).
struct ParallaxBackSwipe: PercentDrivenStyle {
    var name: String { Key.name }
    let summary = "pop: the top screen slides right casting a shadow, the screen below comes in from −width / 3.33 at alpha 0.9; push: UIKit's own (`system-push` with its defaults), for which the tutorial returns no animator"
    let presentations: [Presentation] = [.navigation]
    typealias Key = ParallaxBackSwipeKeys
    var settings: [SettingDescriptor] { Key.settings }
    var placesByAbsoluteX: Bool { true }

    /// The tutorial returns no animator for a push.
    func usesSystemAnimator(forward: Bool) -> Bool { forward }

    /// The tutorial's pop (a push is UIKit's own: `usesSystemAnimator`).
    func driver(_ run: StyleRun) -> PercentDrivenDriver {
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
            recognizer: .pan, reads: .translationX,
            progress: { event, bounds, base in base + max(event.translation.x, 0) / bounds.width },
            // p > finish || v.x > flick
            decision: ReleaseDecision(velocity: flick, threshold: finish))
        return PercentDrivenDriver(styleName: name, geometry: geometry, stage: run.stage, forward: run.forward,
                                   timing: s.cubicTiming(Key.curve, Key.duration), completionCurve: s[Key.completionCurve],
                                   completionSpeed: s[Setting<Double>.completionSpeed], scrubsInLayerTime: true,
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
