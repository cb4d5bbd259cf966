import Geometry
import Scene

/// Liquid Glass in the tree: a backdrop node whose look is glass (`MaterialLook.glass`) for each
/// shape the design's chrome puts behind bars and buttons (`GlassShape`).
extension SceneTree {
    /// A node of Liquid Glass for `shape` (screen points), inside a parent whose box is `area`: the
    /// glass of its size in the scene's appearance, tinted as the shape asks, with the soft shadow
    /// floating glass casts (black, 8 % at a 12 pt radius, 4 pt down [EST]; the tab bar's pill casts
    /// none [RE]).
    func glassNode(_ id: String, _ shape: GlassShape, in area: Rect, alpha: Double = 1,
                   shadow: Shadow? = Shadow(opacity: 0.08, radius: 12, offset: Point(x: 0, y: 4))) -> RenderNode {
        // A prominent item's capsule is its tint, opaque (`.glassProminent`) [RE: the tint's alpha as requested].
        let tint = shape.tint.alpha > 0 ? Color(red: shape.tint.red, green: shape.tint.green, blue: shape.tint.blue) : .clear
        let look = MaterialLook.glass(extent: min(shape.frame.width, shape.frame.height), appearance: scene.appearance, tint: tint,
                                      reduceTransparency: scene.reduceTransparency)
        return RenderNode(id: id, content: .backdrop(look), size: shape.frame.size,
                          transform: AffineTransform(translationX: shape.frame.x - area.x, y: shape.frame.y - area.y), alpha: alpha,
                          cornerRadius: shape.cornerRadius, shadow: shadow)
    }

    /// A bar's blur material as the scene shows it: with Reduce Transparency on, opaque — the
    /// material as it looks over the appearance's background, its blur dropped [EST: UIKit makes
    /// bar backgrounds opaque then; the colour is the material's own over a plain background].
    func barMaterial(_ look: MaterialLook) -> MaterialLook {
        guard scene.reduceTransparency else { return look }
        let base = SystemColor.named("systemBackground", appearance: scene.appearance) ?? .white
        return MaterialLook(blurRadius: 0, saturation: 1, tint: look.over(base).withAlpha(1))
    }
}
