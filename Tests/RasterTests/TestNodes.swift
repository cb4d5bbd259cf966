import Engine
import Geometry
import Scene

/// A top-level render-tree node for compositor tests: screen `screen`'s body laid out at
/// `written` (the frame's size unless given) at `scale`, scaled onto `frame`; or a fill.
func testNode(_ id: String, screen: String? = nil, fill: Color? = nil, frame: Rect, written: Size? = nil,
              scale: Double = 2, alpha: Double = 1, cornerRadius: Double = 0, shadow: Shadow? = nil) -> RenderNode {
    if let screen {
        let size = written ?? frame.size
        let layout = Device(name: "custom", size: size, scale: scale)
        return RenderNode(id: id, content: .part(ScreenPart(screen: screen, kind: .body, layout: layout)), size: size,
                          transform: AffineTransform(mapping: size, onto: frame), alpha: alpha, cornerRadius: cornerRadius,
                          clipsToBounds: true, shadow: shadow)
    }
    return RenderNode(id: id, content: .fill(fill ?? .clear), size: frame.size,
                      transform: AffineTransform(translationX: frame.x, y: frame.y), alpha: alpha,
                      cornerRadius: cornerRadius, shadow: shadow)
}
