import Geometry
import Scene

/// The screens a transition moves and the container it happens in.
struct TransitionStage: Sendable, Hashable {
    var bounds: Rect
    /// The screen underneath: presenting, or the one below on the navigation stack.
    var below: String
    /// The screen on top: presented, or pushed.
    var above: String
    /// For zoom-from-cell: the cell image's frame in the screen underneath.
    var cellImage: Rect?
}

/// A style's picture as a function of how far its screen is in: `amount` 0 = not shown
/// (the state before a present/push, after a dismiss/pop), 1 = fully in. Values past the ends
/// come from springs and follow them.
protocol StyleGeometry: Sendable {
    func layers(amount: Double, stage: TransitionStage) -> [Placement]
    /// What stays on screen once the screen is fully in; nil means the top screen alone.
    func restingLayers(stage: TransitionStage) -> [Placement]?
}

extension StyleGeometry {
    func restingLayers(stage: TransitionStage) -> [Placement]? { nil }
}

/// Seed 001 `BackSwipeAnimatedTransitioning`: the top screen slides to x = width casting a shadow
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

/// Seed 002: the new screen is translated from x = −width to identity, above the current one.
struct CoverGeometry: StyleGeometry {
    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        [
            Placement(screen: stage.below, frame: stage.bounds),
            Placement(screen: stage.above, frame: stage.bounds.offsetBy(dx: -stage.bounds.width * (1 - a), dy: 0)),
        ]
    }
}

/// Seed 003: a drawer `width` wide slides in from the left while the presenting screen moves right
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

/// Seed 004 `ContactDetailShowAnimator`: the detail screen grows from the tapped cell's image frame
/// (corner radius = its height / 2) to full screen (radius 0), clipped to its bounds. The seed
/// animates the detail view's frame, so its content is laid out at each size (`.atFrame`);
/// `.aspectFill` magnifies the finished screen instead.
struct ZoomGeometry: StyleGeometry {
    var layout = Placement.Layout.atFrame

    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        let start = stage.cellImage ?? Rect(x: stage.bounds.midX, y: stage.bounds.midY, width: 0, height: 0)
        let frame = start.interpolated(to: stage.bounds, fraction: a)
        let radius = (start.height / 2) * (1 - a)
        return [
            Placement(screen: stage.below, frame: stage.bounds),
            Placement(screen: stage.above, frame: frame, cornerRadius: max(radius, 0), layout: layout),
        ]
    }
}

/// Seed 004 `CustomModalShowAnimator`: the presented screen from scale 0.6 translated by (0, −200) and
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
