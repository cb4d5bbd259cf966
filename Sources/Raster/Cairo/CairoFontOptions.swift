internal import CCairo

/// Cairo font options for deterministic text; owns one `cairo_font_options_t`.
final class CairoFontOptions {
    let pointer: OpaquePointer

    /// Grayscale antialiasing, no hinting, unhinted metrics.
    init() throws {
        guard let pointer = cairo_font_options_create() else {
            throw RasterError.cairo(operation: "creating font options", status: "out of memory")
        }
        self.pointer = pointer
        cairo_font_options_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
        try checkCairo(cairo_font_options_status(pointer), "creating font options")
    }

    deinit {
        cairo_font_options_destroy(pointer)
    }
}
