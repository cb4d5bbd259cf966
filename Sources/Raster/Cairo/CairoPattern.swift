internal import CCairo
import Geometry

/// A Cairo surface pattern, reused across frames so painting a screen allocates nothing; owns one `cairo_pattern_t`.
final class CairoPattern {
    /// How a layer's contents are sampled when drawn at another size: bilinear, smaller and larger
    /// alike, as Core Animation's `minificationFilter` and `magnificationFilter` default to `linear`
    /// (no mipmaps; docs/uikit-semantics.md, "Scaled contents"). Cairo's GOOD filter averages boxes
    /// below three quarters of the size, smoother than an iPhone shows; above, it is this filter up
    /// to rounding.
    static let contentsFilter = CAIRO_FILTER_BILINEAR

    let pointer: OpaquePointer
    /// The surface the pattern reads; kept alive with it.
    let surface: CairoSurface

    init(surface: CairoSurface) throws {
        guard let pointer = cairo_pattern_create_for_surface(surface.pointer) else {
            throw RasterError.cairo(operation: "creating a surface pattern", status: "out of memory")
        }
        let status = cairo_pattern_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_pattern_destroy(pointer)
            try checkCairo(status, "creating a surface pattern")
            throw RasterError.cairo(operation: "creating a surface pattern", status: "unknown failure")
        }
        self.pointer = pointer
        self.surface = surface
    }

    deinit {
        cairo_pattern_destroy(pointer)
    }

    /// Places the pattern's pixel (0, 0) at device (`x`, `y`), each pattern pixel covering `sx` x `sy` device pixels,
    /// resampled with `filter`; `extend` says what lies beyond the image.
    ///
    /// A pattern over a window of a larger image, whose first pixel is pixel (`column`, `row`) of
    /// it, is placed where that image would be, by the same matrix less the window's offset.
    func place(x: Double, y: Double, sx: Double, sy: Double, filter: cairo_filter_t, extend: cairo_extend_t,
               column: Int = 0, row: Int = 0) {
        // The pattern matrix maps device space to pattern space: the inverse of the placement.
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, 1 / sx, 0, 0, 1 / sy, -x / sx - Double(column), -y / sy - Double(row))
        cairo_pattern_set_matrix(pointer, &matrix)
        cairo_pattern_set_filter(pointer, filter)
        cairo_pattern_set_extend(pointer, extend)
    }

    /// Places the pattern by `transform`, which maps pattern pixels to device pixels.
    func place(_ transform: AffineTransform, filter: cairo_filter_t, extend: cairo_extend_t) {
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
        // A transform that flattens the pattern has no inverse; it then shows nothing.
        guard cairo_matrix_invert(&matrix) == CAIRO_STATUS_SUCCESS else { return }
        cairo_pattern_set_matrix(pointer, &matrix)
        cairo_pattern_set_filter(pointer, filter)
        cairo_pattern_set_extend(pointer, extend)
    }
}
