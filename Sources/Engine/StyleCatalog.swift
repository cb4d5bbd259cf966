import Geometry
import Interaction
import Motion
import Scene

/// Each percent-driven style's seed defaults, with a scene's overrides applied.
enum StyleCatalog {
    /// A driver for `spec` moving the screens of `stage` (forward = present/push/open).
    static func driver(for spec: TransitionSpec, stage: TransitionStage, forward: Bool) -> PercentDrivenDriver {
        let o = spec.options
        let width = stage.bounds.width
        func cubic(_ curve: CubicTimingCurve, _ duration: Double) -> AnimatorTiming {
            .cubic(o.curve ?? curve, duration: o.duration ?? duration)
        }
        func threshold(_ value: Double) -> Double { o.completionThreshold ?? value }
        let speed = o.completionSpeed ?? 1
        switch spec.style {
        case .parallaxBackSwipe:
            // Seed 001: 0.3 s .curveLinear, completionCurve .easeOut; pan anywhere,
            // percent = max(dx, 0) / width, finish when percent > 0.5 or velocity.x > 1000.
            var geometry = ParallaxGeometry()
            if let v = o.parallaxRatio { geometry.parallaxRatio = v }
            if let v = o.underlayAlpha { geometry.underlayAlpha = v }
            if let v = o.shadowRadius { geometry.shadow.radius = v }
            if let v = o.shadowColor { geometry.shadow.color = v }
            if let v = o.shadowOffset { geometry.shadow.offset = v }
            if let v = o.shadowOpacity { geometry.shadowOpacity = (v[0], v[1]) }
            let finish = threshold(0.5), flick = o.flickVelocity ?? 1000
            let rule = InteractionRule(
                recognizer: .pan,
                progress: { event, bounds, base in base + max(event.translation.x, 0) / bounds.width },
                finishes: { p, v in p > finish || v.x > flick })
            return PercentDrivenDriver(style: spec.style, geometry: geometry, stage: stage, forward: forward,
                                       timing: cubic(.linear, 0.3), completionCurve: o.completionCurve ?? .easeOut,
                                       completionSpeed: speed, scrubsInLayerTime: true, interruptible: false,
                                       rule: forward ? nil : rule)
        case .coverFromLeft:
            // Seed 002: 2.0 s .curveEaseOut; progress = touch x / width; past 0.7 it finishes at once.
            let auto = o.autoFinish ?? 0.7
            let rule = InteractionRule(
                recognizer: .pan,
                progress: { event, bounds, _ in event.location.x / bounds.width },
                autoFinish: auto,
                finishes: { p, _ in p > auto })
            return PercentDrivenDriver(style: spec.style, geometry: CoverGeometry(), stage: stage, forward: forward,
                                       timing: cubic(.easeOut, 2.0), completionCurve: o.completionCurve ?? .easeInOut,
                                       completionSpeed: speed, scrubsInLayerTime: true, interruptible: false,
                                       rule: forward ? rule : nil)
        case .sideDrawer:
            // Seed 003: 0.3 s (UIView.animate's default ease-in-out); drawer 320 pt; dimming 0 → 0.5;
            // open: percent = dx / 320, close: percent = −dx / 320; finish when percent > 0.5.
            var geometry = DrawerGeometry()
            geometry.width = min(o.width ?? 320, width)
            geometry.dimming = o.resolvedDimming(defaultAlpha: 0.5)
            let drawer = geometry.width, finish = threshold(0.5)
            let rule = InteractionRule(
                recognizer: .pan,
                progress: { event, _, base in base + (forward ? 1 : -1) * event.translation.x / drawer },
                finishes: { p, _ in p > finish })
            return PercentDrivenDriver(style: spec.style, geometry: geometry, stage: stage, forward: forward,
                                       timing: cubic(.easeInOut, 0.3), completionCurve: o.completionCurve ?? .easeInOut,
                                       completionSpeed: speed, scrubsInLayerTime: true, interruptible: false, rule: rule)
        case .zoomFromCell:
            // Seed 004: UIViewPropertyAnimator 0.3 s .easeInOut; pop by a pan beginning in the left half,
            // progress = |dx| / width, finish when velocity.x > 0 at release.
            let rule = InteractionRule(
                recognizer: .panInLeftHalf,
                progress: { event, bounds, base in base + abs(event.translation.x) / bounds.width },
                finishes: { _, v in v.x > 0 })
            let zoom = ZoomGeometry(layout: o.detailContent == .scale ? .aspectFill : .atFrame)
            return PercentDrivenDriver(style: spec.style, geometry: zoom, stage: stage, forward: forward,
                                       timing: cubic(.easeInOut, 0.3), completionCurve: o.completionCurve ?? .easeInOut,
                                       completionSpeed: speed, scrubsInLayerTime: false, interruptible: !forward,
                                       rule: forward ? nil : rule)
        case .scaleFadeModal:
            // Seed 004: UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: (1, 0)) in a 0.6 s
            // animator; left screen-edge pan dismisses, progress = clamp(dx / 200, 0, 1), finish at ≥ 0.5,
            // with dx = translation(in: viewController.view), read in the shrinking view's own space.
            var geometry = ScaleFadeGeometry()
            if let v = o.scale { geometry.scale = v }
            if let v = o.offset { geometry.offset = v }
            let distance = o.progressDistance ?? 200, finish = threshold(0.5), scale = geometry.scale
            let rule = InteractionRule(
                recognizer: .leftEdge(zone: o.edgeZone ?? 13),
                progress: { event, _, base in
                    ScaleFadeReading.progress(translation: event.translation.x, distance: distance, endScale: scale, base: base)
                },
                finishes: { p, _ in p >= finish })
            let spring = o.spring ?? Spring(dampingRatio: 0.8, duration: 0.6, initialVelocity: 1)
            return PercentDrivenDriver(style: spec.style, geometry: geometry, stage: stage, forward: forward,
                                       timing: .spring(spring), completionCurve: o.completionCurve ?? .easeInOut,
                                       completionSpeed: speed, scrubsInLayerTime: false, interruptible: !forward,
                                       rule: forward ? nil : rule)
        case .slideUpModal:
            preconditionFailure("slide-up-modal has its own two-animator driver")
        }
    }

    /// The layers left on screen once `spec` has brought its screen in, or nil for the top screen alone.
    static func restingLayers(for spec: TransitionSpec, stage: TransitionStage) -> [Placement]? {
        guard spec.style == .sideDrawer else { return nil }
        return driver(for: spec, stage: stage, forward: true).geometry.restingLayers(stage: stage)
    }
}
