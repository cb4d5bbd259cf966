internal import CCairo
import Geometry
import Scene

/// A Cairo drawing context on one surface; owns one `cairo_t`.
final class CairoContext {
    let pointer: OpaquePointer
    let surface: CairoSurface

    init(surface: CairoSurface) throws {
        guard let pointer = cairo_create(surface.pointer) else {
            throw RasterError.cairo(operation: "creating a drawing context", status: "out of memory")
        }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            try checkCairo(status, "creating a drawing context")
            throw RasterError.cairo(operation: "creating a drawing context", status: "unknown failure")
        }
        self.pointer = pointer
        self.surface = surface
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Throws the first error Cairo met while drawing, if any.
    func checkStatus(_ operation: String) throws {
        try checkCairo(cairo_status(pointer), operation)
    }

    /// Runs `body` between `cairo_save` and `cairo_restore`.
    func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        return try body()
    }

    /// Mirrors user space left to right across a part `width` points wide: what is drawn next at
    /// x lands at width − x. A right-to-left screen's parts are drawn so (`ScreenImage`).
    func mirror(width: Double) {
        cairo_translate(pointer, width, 0)
        cairo_scale(pointer, -1, 1)
    }

    /// Whether user space is mirrored (its transform turns orientation): what draws glyphs and
    /// pictures then turns them back about their own box (`unmirrored(about:_:)`).
    var isMirrored: Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        return matrix.xx * matrix.yy - matrix.xy * matrix.yx < 0
    }

    /// `body`, in a user space mirrored back about `box`'s vertical centre line where it is
    /// mirrored: text, photos and icons keep their reading direction in a mirrored layout, at
    /// the mirrored place of their box, as UIKit draws them under right-to-left.
    func unmirrored<R>(about box: Rect, _ body: (_ mirrored: Bool) throws -> R) rethrows -> R {
        guard isMirrored else { return try body(false) }
        return try withSavedState {
            cairo_translate(pointer, 2 * box.midX, 0)
            cairo_scale(pointer, -1, 1)
            return try body(true)
        }
    }

    /// Sets the source to `color` (straight alpha), its alpha multiplied by `alpha`.
    func setSource(_ color: Color, alpha: Double = 1) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha * alpha)
    }

    /// Replaces the current path with `rect`, its corners rounded by `radius` along `curve`.
    func setPath(_ rect: Rect, cornerRadius radius: Double, curve: CornerCurve) {
        cairo_new_path(pointer)
        appendRoundedRect(rect, cornerRadius: radius, curve: curve)
    }

    /// Adds `rect`, rounded by `radius` along `curve`, as a closed clockwise sub-path.
    func appendRoundedRect(_ rect: Rect, cornerRadius radius: Double, curve: CornerCurve) {
        let half = min(rect.width, rect.height) / 2
        guard radius > 0, half > 0 else {
            cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
            return
        }
        if curve == .continuous, radius * CornerCurve.continuousExtent <= half {
            appendContinuousRoundedRect(rect, radius: radius)
        } else {
            // Too round for a continuous corner (a capsule): CoreAnimation's shape is then close to circular.
            appendCircularRoundedRect(rect, radius: min(radius, half))
        }
    }

    private func appendCircularRoundedRect(_ rect: Rect, radius r: Double) {
        let quarter = Double.pi / 2
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, rect.maxX - r, rect.minY + r, r, -quarter, 0)
        cairo_arc(pointer, rect.maxX - r, rect.maxY - r, r, 0, quarter)
        cairo_arc(pointer, rect.minX + r, rect.maxY - r, r, quarter, 2 * quarter)
        cairo_arc(pointer, rect.minX + r, rect.minY + r, r, 2 * quarter, 3 * quarter)
        cairo_close_path(pointer)
    }

    private func appendContinuousRoundedRect(_ rect: Rect, radius r: Double) {
        let e = CornerCurve.continuousExtent
        cairo_new_sub_path(pointer)
        cairo_move_to(pointer, rect.minX + e * r, rect.minY)
        // Each corner: its point, then the unit vectors back along the edge arriving at it and along the edge leaving it.
        appendContinuousCorner(x: rect.maxX, y: rect.minY, inX: -1, inY: 0, outX: 0, outY: 1, radius: r)
        appendContinuousCorner(x: rect.maxX, y: rect.maxY, inX: 0, inY: -1, outX: -1, outY: 0, radius: r)
        appendContinuousCorner(x: rect.minX, y: rect.maxY, inX: 1, inY: 0, outX: 0, outY: -1, radius: r)
        appendContinuousCorner(x: rect.minX, y: rect.minY, inX: 0, inY: 1, outX: 1, outY: 0, radius: r)
        cairo_close_path(pointer)
    }

    private func appendContinuousCorner(x: Double, y: Double, inX: Double, inY: Double, outX: Double, outY: Double,
                                        radius r: Double) {
        // Point (a, b) in units of r: a back along the arriving edge, b along the leaving edge.
        func px(_ a: Double, _ b: Double) -> Double { x + (a * inX + b * outX) * r }
        func py(_ a: Double, _ b: Double) -> Double { y + (a * inY + b * outY) * r }
        let k = CornerCurve.continuousPoints
        cairo_line_to(pointer, px(k[0].a, k[0].b), py(k[0].a, k[0].b))
        var index = 1
        while index + 2 < k.count {
            let c1 = k[index], c2 = k[index + 1], end = k[index + 2]
            cairo_curve_to(pointer, px(c1.a, c1.b), py(c1.a, c1.b), px(c2.a, c2.b), py(c2.a, c2.b),
                           px(end.a, end.b), py(end.a, end.b))
            index += 3
        }
    }
}
