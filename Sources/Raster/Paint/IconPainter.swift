internal import CCairo
import Geometry
import Scene

/// Draws icons where iOS draws SF Symbols: Material Icons glyphs by codepoint, or text (emoji,
/// symbol characters) in the label fonts.
///
/// Sizing follows `UIImage.SymbolConfiguration(pointSize:weight:)`: a symbol at point size s
/// is about as tall as a capital letter plus the descender of text at s. Material Icons draws
/// its glyphs in a 20/24 live area of the em, so the font is set at 1.2 s to make that area s
/// tall. The set has one weight: heavier weights embolden the outline by stroking it,
/// lighter ones draw the regular glyph.
struct IconPainter {
    let cairo: CairoContext
    let text: TextAccess

    /// The Material Icons font size for a symbol of `pointSize`.
    static func materialFontSize(forPointSize pointSize: Double) -> Double { pointSize * 1.2 }

    /// Stroke width (points) added around the outline for `weight` at `pointSize`.
    static func emboldening(_ weight: LabelView.Weight, pointSize: Double) -> Double {
        let factor: Double = switch weight {
        case .ultralight, .thin, .light, .regular: 0
        case .medium: 0.025
        case .semibold: 0.045
        case .bold: 0.065
        case .heavy: 0.085
        case .black: 0.1
        }
        return factor * pointSize
    }

    /// `icon` centered in `box`, `pointSize` tall, in `color` (emoji keep their own colors).
    func draw(_ icon: Icon, in box: Rect, pointSize: Double, weight: LabelView.Weight = .regular, color: Color) throws {
        guard color.alpha > 0, pointSize > 0 else { return }
        let family: String, size: Double, string: String
        switch icon.glyph {
        case .material(let code):
            family = FontLibrary.iconFamily
            size = Self.materialFontSize(forPointSize: pointSize)
            string = Unicode.Scalar(code).map { String(Character($0)) } ?? ""
        case .text(let characters):
            family = FontLibrary.families
            size = pointSize
            string = TextLayout.presentingPictographsAsEmoji(characters)
        }
        guard !string.isEmpty else { return }
        try text.with { context in
            context.update(for: cairo)
            guard let layout = pango_layout_new(context.pointer) else {
                throw RasterError.fontSetup("Pango could not create a layout")
            }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let isMaterial = family == FontLibrary.iconFamily
            let font = try FontDescription(family: family, size: size, weight: isMaterial ? .regular : weight)
            pango_layout_set_font_description(layout, font.pointer)
            pango_layout_set_text(layout, string, -1)
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            let unit = Double(PANGO_SCALE)
            // Material glyphs sit in their em square: centering the line box keeps every icon on one
            // grid, as symbols are. Text is centered by its line box horizontally and vertically.
            let width = Double(logical.width) / unit, height = Double(logical.height) / unit
            let x = box.midX - width / 2 - Double(logical.x) / unit
            let y = box.midY - height / 2 - Double(logical.y) / unit
            let cr = cairo.pointer
            cairo.withSavedState {
                cairo_move_to(cr, x, y)
                cairo.setSource(color)
                let stroke = isMaterial ? Self.emboldening(weight, pointSize: pointSize) : 0
                if stroke > 0 {
                    pango_cairo_layout_path(cr, layout)
                    cairo_set_line_width(cr, stroke)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                    cairo_fill_preserve(cr)
                    cairo_stroke(cr)
                } else {
                    pango_cairo_show_layout(cr, layout)
                }
                cairo_new_path(cr)
            }
        }
    }
}
