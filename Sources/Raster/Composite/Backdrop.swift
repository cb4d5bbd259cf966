internal import CCairo
import Geometry
import RenderTree
import Scene

/// Paints backdrop nodes (`NodeContent.backdrop`): the material's filter of what the canvas
/// holds beneath the node's whole pixels, drawn over them through the current clip at the
/// node's opacity. One per compositor; keeps its filters and its output image between frames.
final class BackdropPainter {
    private var filters: [MaterialLook: BackdropFilter] = [:]
    private var output: (surface: CairoSurface, pattern: CairoPattern)?

    /// The filter of `look` on a canvas of `scale` pixels per point.
    func filter(_ look: MaterialLook, scale: Double) -> BackdropFilter {
        if let filter = filters[look] { return filter }
        let filter = BackdropFilter(look, scale: scale)
        filters[look] = filter
        return filter
    }

    /// Filters the canvas under `area` (whole pixels on `cairo`'s canvas) with `look`'s filter and
    /// paints the result there at `alpha`, rounded by `cornerRadius` device pixels.
    func paint(_ look: MaterialLook, alpha: Double, area: Rect, cornerRadius: Double, scale: Double, on cairo: CairoContext) {
        let x0 = Int(area.x), y0 = Int(area.y), width = Int(area.width), height = Int(area.height)
        guard alpha > 0, width > 0, height > 0, let target = try? outputImage(width: width, height: height) else { return }
        let canvas = cairo.surface
        canvas.flush()
        guard let pixels = canvas.data, let out = target.surface.data else { return }
        target.surface.flush()
        filter(look, scale: scale).apply(
            source: UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt32.self), sourceStride: canvas.stride / 4,
            canvasWidth: canvas.width, canvasHeight: canvas.height, x0: x0, y0: y0, width: width, height: height,
            output: UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt32.self), outputStride: target.surface.stride / 4)
        target.surface.markDirty()
        let cr = cairo.pointer
        cairo.withSavedState {
            cairo_new_path(cr)
            if cornerRadius > 0 {
                cairo.setPath(area, cornerRadius: cornerRadius, curve: .continuous)
            } else {
                cairo_rectangle(cr, area.x, area.y, area.width, area.height)
            }
            cairo_clip(cr)
            target.pattern.place(x: area.x, y: area.y, sx: 1, sy: 1, filter: CAIRO_FILTER_FAST, extend: CAIRO_EXTEND_NONE)
            cairo_set_source(cr, target.pattern.pointer)
            if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
            cairo_set_source_rgb(cr, 0, 0, 0)
        }
    }

    /// An image exactly `width` x `height`, the one of the last call when it is that size.
    private func outputImage(width: Int, height: Int) throws -> (surface: CairoSurface, pattern: CairoPattern) {
        if let output, output.surface.width == width, output.surface.height == height { return output }
        let surface = try CairoSurface(width: width, height: height)
        let made = (surface: surface, pattern: try CairoPattern(surface: surface))
        output = made
        return made
    }
}

extension Damage {
    /// This damage grown so that every backdrop whose reads it touches is repainted with all it
    /// reads: `reads` gives, per backdrop of the plan, the rows it reads (its area grown by its
    /// filter's reach). Repeated until nothing more grows, as one backdrop's rows may reach another's.
    func spreading(over reads: [Range<Int>], height: Int) -> Damage {
        var damage = self
        var grown = true
        while grown {
            grown = false
            for rows in reads where !rows.isEmpty {
                let touched = damage.bands.contains { $0.overlaps(rows) }
                let covered = damage.bands.contains { $0.lowerBound <= rows.lowerBound && rows.upperBound <= $0.upperBound }
                if touched, !covered {
                    damage = damage.union(rows, height: height)
                    grown = true
                }
            }
        }
        return damage
    }
}
