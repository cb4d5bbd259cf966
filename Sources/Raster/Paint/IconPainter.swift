internal import CCairo
import Geometry
import Scene

/// Draws icons where iOS draws SF Symbols: symbol art (`SymbolShape`) as Cairo paths, Material
/// Icons glyphs by codepoint, or text (emoji, symbol characters) in the label fonts.
///
/// Sizing follows `UIImage.SymbolConfiguration(pointSize:weight:)`: a symbol at point size s
/// is about as tall as a capital letter plus the descender of text at s. Symbol art and Material
/// Icons both draw in a 20-unit live area of a 24-unit grid, so the grid is set 1.2 s wide to
/// make that area s tall. Symbol art's line weight follows the weight, as SF Symbols' does;
/// Material Icons has one weight: heavier weights embolden the outline by stroking it, lighter
/// ones draw the regular glyph.
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

    /// The width of symbol art's lines at `weight`, in units of its 24-unit grid. Tabler draws
    /// 2 units; SF Symbols' regular lines are lighter, about 1.75 units at this size (a 17 pt
    /// symbol's 1.5 pt), and range from a hairline (ultralight) to about 1.7 × regular (black).
    static func symbolLineWidth(_ weight: LabelView.Weight) -> Double {
        switch weight {
        case .ultralight: 0.9
        case .thin: 1.15
        case .light: 1.45
        case .regular: 1.75
        case .medium: 1.95
        case .semibold: 2.15
        case .bold: 2.4
        case .heavy: 2.7
        case .black: 3.0
        }
    }

    /// `icon` centered in `box`, `pointSize` tall, in `color` (emoji keep their own colors).
    func draw(_ icon: Icon, in box: Rect, pointSize: Double, weight: LabelView.Weight = .regular, color: Color) throws {
        guard color.alpha > 0, pointSize > 0 else { return }
        // In a right-to-left layout a symbol keeps its drawing, except those named by direction of
        // reading (`chevron.backward`, `arrow.forward`), which SF Symbols mirror.
        guard !icon.mirrorsInRightToLeft else { return try drawUnmirrored(icon, in: box, pointSize: pointSize, weight: weight, color: color) }
        try cairo.unmirrored(about: box) { _ in
            try drawUnmirrored(icon, in: box, pointSize: pointSize, weight: weight, color: color)
        }
    }

    private func drawUnmirrored(_ icon: Icon, in box: Rect, pointSize: Double, weight: LabelView.Weight, color: Color) throws {
        let family: String, size: Double, string: String
        switch icon.glyph {
        case .symbol(let key):
            let shape: SymbolShape
            do { shape = try SymbolShape.named(key) } catch { throw RasterError.iconArt(key: key, reason: "\(error)") }
            drawSymbol(shape, in: box, pointSize: pointSize, weight: weight, color: color)
            return
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

    /// `shape` centered in `box`: its 24-unit grid 1.2 × `pointSize` wide, lines `weight` wide.
    func drawSymbol(_ shape: SymbolShape, in box: Rect, pointSize: Double, weight: LabelView.Weight, color: Color) {
        let cr = cairo.pointer
        let unit = pointSize * 1.2 / 24
        let lineWidth = Self.symbolLineWidth(weight)
        func append(_ element: SymbolShape.Element) {
            for segment in element.segments {
                switch segment {
                case .move(let p): cairo_move_to(cr, p.x, p.y)
                case .line(let p): cairo_line_to(cr, p.x, p.y)
                case .curve(let a, let b, let c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
                case .close: cairo_close_path(cr)
                }
            }
        }
        /// An element as its style draws it: filled (and stroked, so a dot keeps its weight) or stroked.
        func paint(_ element: SymbolShape.Element, filled: Bool) {
            append(element)
            if filled { cairo_fill_preserve(cr) }
            cairo_stroke(cr)
        }
        cairo.withSavedState {
            cairo_translate(cr, box.midX - 12 * unit, box.midY - 12 * unit)
            cairo_scale(cr, unit, unit)
            cairo.setSource(color)
            cairo_set_line_width(cr, lineWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_new_path(cr)
            switch shape.style {
            case .outline:
                for element in shape.elements { paint(element, filled: element.isFilled) }
            case .filled:
                // Filled art is drawn at the regular weight; heavier weights grow it by their extra line width.
                for element in shape.elements { append(element) }
                let extra = lineWidth - Self.symbolLineWidth(.regular)
                if extra > 0 {
                    cairo_set_line_width(cr, extra)
                    cairo_fill_preserve(cr)
                    cairo_stroke(cr)
                } else {
                    cairo_fill(cr)
                }
            case .solid:
                // The outer shapes filled, and the lines within them cut out: `plus.circle.fill` is a
                // disc with a plus cut through it, `square.and.arrow.up.fill` a box with the arrow's
                // foot cut out of it. A shape is an element no other holds that closes, or that
                // spans a quarter of the grid (a box open at the top is filled as if closed).
                let shapes = shape.elements.indices.filter { index in
                    let element = shape.elements[index]
                    return (element.isClosed || element.bounds.width * element.bounds.height >= 144)
                        && !shape.elements.contains { Self.contains($0.bounds, element.bounds) }
                }
                let lines = shape.elements.indices.filter { !shapes.contains($0) }
                cairo_push_group(cr)
                for index in lines { paint(shape.elements[index], filled: shape.elements[index].isFilled) }
                for index in shapes { paint(shape.elements[index], filled: true) }
                // Cut the lines out where they cross a shape, then draw the shapes' edges again.
                cairo.withSavedState {
                    for index in shapes { append(shape.elements[index]) }
                    cairo_clip(cr)
                    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
                    for index in lines { paint(shape.elements[index], filled: shape.elements[index].isFilled) }
                }
                for index in shapes { paint(shape.elements[index], filled: false) }
                cairo_pop_group_to_source(cr)
                cairo_paint(cr)
            }
            cairo_new_path(cr)
        }
    }

    /// Whether `outer` holds `inner` and is larger (a shape does not hold itself).
    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        let slack = 0.01
        return outer != inner && inner.minX >= outer.minX - slack && inner.maxX <= outer.maxX + slack
            && inner.minY >= outer.minY - slack && inner.maxY <= outer.maxY + slack
    }
}
