internal import CCairo
import Geometry

/// A transparent canvas-sized image a compositor draws a layer into before blending it; made once, reused.
final class ScratchCanvas {
    let cairo: CairoContext
    /// The image as a source, placed at the canvas origin, unfiltered.
    let pattern: CairoPattern

    init(width: Int, height: Int) throws {
        let surface = try CairoSurface(width: width, height: height)
        cairo = try CairoContext(surface: surface)
        pattern = try CairoPattern(surface: surface)
        cairo_pattern_set_filter(pattern.pointer, CAIRO_FILTER_FAST)
    }

    /// Makes the whole pixels of `box` transparent.
    func clear(_ box: Rect) {
        let cr = cairo.pointer
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_new_path(cr)
        cairo_rectangle(cr, box.x, box.y, box.width, box.height)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }
}
