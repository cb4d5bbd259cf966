internal import CCairo
import Geometry
import Scene

extension CairoContext {
    /// Strokes the open polyline through `points` with round caps and joins, as SF Symbols' strokes end.
    func strokeLines(_ points: [Point], width: Double, color: Color) {
        guard let first = points.first else { return }
        withSavedState {
            cairo_new_path(pointer)
            cairo_move_to(pointer, first.x, first.y)
            for point in points.dropFirst() {
                cairo_line_to(pointer, point.x, point.y)
            }
            strokeRound(width: width, color: color)
        }
    }

    /// Strokes the current path with round caps and joins.
    func strokeRound(width: Double, color: Color) {
        cairo_set_line_width(pointer, width)
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        setSource(color)
        cairo_stroke(pointer)
    }

    /// Fills `rect`, rounded by `radius` along `curve`, with `color`.
    func fill(_ rect: Rect, cornerRadius radius: Double = 0, curve: CornerCurve = .continuous, color: Color) {
        guard color.alpha > 0, rect.width > 0, rect.height > 0 else { return }
        setPath(rect, cornerRadius: radius, curve: curve)
        setSource(color)
        cairo_fill(pointer)
    }

    /// Fills a circle.
    func fillCircle(center: Point, radius: Double, color: Color) {
        cairo_new_path(pointer)
        cairo_arc(pointer, center.x, center.y, radius, 0, 2 * Double.pi)
        setSource(color)
        cairo_fill(pointer)
    }
}
