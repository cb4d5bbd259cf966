internal import CCairo

/// A Pango context set up for device-independent text; owns one `PangoContext`.
///
/// Grayscale antialiasing, no hinting and unhinted, unrounded metrics, so glyph positions
/// do not depend on the pixel grid; language fixed so the environment's locale cannot
/// change shaping or font choice.
final class TextContext {
    let pointer: OpaquePointer
    /// The library whose font map the context uses (its files, its system font, its widths).
    let fonts: FontLibrary

    init(fontMap: UnsafeMutablePointer<PangoFontMap>, fonts: FontLibrary) throws {
        self.fonts = fonts
        guard let pointer = pango_font_map_create_context(fontMap) else {
            throw RasterError.fontSetup("Pango could not create a context")
        }
        self.pointer = pointer
        let options = try CairoFontOptions()
        pango_cairo_context_set_font_options(pointer, options.pointer)
        pango_cairo_context_set_resolution(pointer, 72)
        pango_context_set_round_glyph_positions(pointer, 0)
        pango_context_set_language(pointer, pango_language_from_string("en-us"))
        pango_context_set_base_dir(pointer, PANGO_DIRECTION_LTR)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// Matches the context to `cairo`'s current transformation, so glyphs are rasterized at device resolution.
    func update(for cairo: CairoContext) {
        pango_cairo_update_context(cairo.pointer, pointer)
    }
}
