import Geometry

// Right-to-left, as Segue draws it: the engine replays every scene in left-to-right space and
// mirrors the result. Each node's place in its parent is mirrored (x → width − x), and what it
// draws is mirrored within its own bounds — the raster draws a right-to-left scene's parts
// mirrored, its text, photos and most icons turned back in their boxes — so a screen ends up
// mirrored as a whole, which is what UIKit does to a layout made with leading and trailing
// (docs/uikit-semantics.md#right-to-left).

extension RenderNode {
    /// The node mirrored in a parent `parentWidth` points wide: its transform conjugated by the
    /// two mirrors (the parent's, and its own bounds'), its shadow's offset turned, its children
    /// mirrored within its bounds, and a scroll view's offset measured from the content's other end.
    public func mirrored(inParentOfWidth parentWidth: Double) -> RenderNode {
        var node = self
        let t = transform, w = size.width
        // F_parent ∘ T ∘ F_own, with F_w(x, y) = (w − x, y).
        node.transform = AffineTransform(a: t.a, b: turned(t.b), c: turned(t.c), d: t.d, tx: parentWidth - t.a * w - t.tx, ty: t.b * w + t.ty)
        if var shadow = node.shadow {
            shadow.offset.x = turned(shadow.offset.x)
            node.shadow = shadow
        }
        if let offset = contentOffset {
            let contentWidth = children.first?.size.width ?? w
            node.contentOffset = Point(x: contentWidth - w - offset.x + 0, y: offset.y)
        }
        node.children = children.map { $0.mirrored(inParentOfWidth: w) }
        return node
    }
}

extension FrameState {
    /// The frame as a right-to-left interface shows it on a screen `width` points wide: every node
    /// mirrored (`RenderNode.mirrored(inParentOfWidth:)`) and the fingers with them.
    public func mirrored(width: Double) -> FrameState {
        var state = self
        state.nodes = nodes.map { $0.mirrored(inParentOfWidth: width) }
        state.touches = touches.map { Point(x: width - $0.x, y: $0.y) }
        return state
    }
}

/// `-value`, without a negative zero (which a trace would print as `-0`).
private func turned(_ value: Double) -> Double { value == 0 ? 0 : -value }
