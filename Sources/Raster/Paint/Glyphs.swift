internal import CCairo
import Geometry
import Scene

/// The system symbols Segue draws as paths (the bundled font has no SF Symbols): chevrons,
/// checkmark, bar button symbols and the status bar's signal, Wi-Fi and battery. Each fits the
/// box it is given, in the context's user space.
enum Glyphs {
    /// `chevron.backward` of a back button (17 pt semibold): a 12.5 × 21 pt box.
    static func backChevron(in box: Rect, color: Color, on cairo: CairoContext) {
        let w = box.width * 0.24  // inset so the round caps stay inside the box
        cairo.strokeLines([Point(x: box.maxX - w / 2, y: box.minY + 1.5), Point(x: box.minX + 1.5, y: box.midY),
                           Point(x: box.maxX - w / 2, y: box.maxY - 1.5)], width: 3, color: color)
    }

    /// A cell's disclosure indicator (`chevron.forward`, 13 pt semibold): an 8 × 13 pt box.
    static func disclosureChevron(in box: Rect, color: Color, on cairo: CairoContext) {
        cairo.strokeLines([Point(x: box.minX + 1, y: box.minY + 1), Point(x: box.maxX - 1, y: box.midY),
                           Point(x: box.minX + 1, y: box.maxY - 1)], width: 2.1, color: color)
    }

    /// A cell's checkmark (17 pt semibold): a 15 × 13 pt box.
    static func checkmark(in box: Rect, color: Color, on cairo: CairoContext) {
        // Not a glyph of reading direction: a right-to-left layout moves it, and leaves its drawing alone.
        cairo.unmirrored(about: box) { _ in cairo.strokeLines([Point(x: box.minX + 1.2, y: box.midY + 0.8), Point(x: box.minX + box.width * 0.38, y: box.maxY - 1.2),
                           Point(x: box.maxX - 1.2, y: box.minY + 1.2)], width: 2.2, color: color) }
    }

    /// A cell's info button (`info.circle`, 22 pt): a ring with an "i" — a dot over a stem.
    static func infoButton(in box: Rect, color: Color, on cairo: CairoContext) {
        let cr = cairo.pointer
        let c = Point(x: box.midX, y: box.midY), r = min(box.width, box.height) / 2 - 1
        cairo_new_path(cr)
        cairo_arc(cr, c.x, c.y, r, 0, 2 * Double.pi)
        cairo.strokeRound(width: 1.6, color: color)
        cairo.fillCircle(center: Point(x: c.x, y: c.y - r * 0.42), radius: r * 0.13, color: color)
        cairo.strokeLines([Point(x: c.x, y: c.y - r * 0.1), Point(x: c.x, y: c.y + r * 0.5)], width: r * 0.2, color: color)
    }

    /// A bar button symbol centered in `box` (about 24 pt square).
    static func symbol(_ symbol: NavigationBarView.Item.Symbol, in box: Rect, color: Color, bold: Bool, on cairo: CairoContext) {
        // None of the bar symbols reads by direction: a right-to-left layout leaves their drawing alone.
        cairo.unmirrored(about: box) { _ in drawSymbol(symbol, in: box, color: color, bold: bold, on: cairo) }
    }

    private static func drawSymbol(_ symbol: NavigationBarView.Item.Symbol, in box: Rect, color: Color, bold: Bool, on cairo: CairoContext) {
        let c = Point(x: box.midX, y: box.midY)
        let stroke = bold ? 2.4 : 1.9
        let cr = cairo.pointer
        switch symbol {
        case .plus:
            let h = 8.5
            cairo.strokeLines([Point(x: c.x - h, y: c.y), Point(x: c.x + h, y: c.y)], width: stroke, color: color)
            cairo.strokeLines([Point(x: c.x, y: c.y - h), Point(x: c.x, y: c.y + h)], width: stroke, color: color)
        case .ellipsis:
            cairo_new_path(cr)
            cairo_arc(cr, c.x, c.y, 10.5, 0, 2 * Double.pi)
            cairo.strokeRound(width: stroke * 0.85, color: color)
            for dx in [-5.0, 0, 5] {
                cairo.fillCircle(center: Point(x: c.x + dx, y: c.y), radius: 1.55, color: color)
            }
        case .search:
            let r = 7.0, center = Point(x: c.x - 2, y: c.y - 2)
            cairo_new_path(cr)
            cairo_arc(cr, center.x, center.y, r, 0, 2 * Double.pi)
            cairo.strokeRound(width: stroke, color: color)
            let d = r / 2.0.squareRoot()
            cairo.strokeLines([Point(x: center.x + d + 1, y: center.y + d + 1), Point(x: c.x + 8.5, y: c.y + 8.5)],
                              width: stroke + 0.4, color: color)
        case .share:
            // An open box with an arrow rising out of it.
            let top = c.y - 3, bottom = c.y + 10, half = 7.5
            cairo_new_path(cr)
            cairo_move_to(cr, c.x - 3.5, top)
            cairo_line_to(cr, c.x - half + 2, top)
            cairo_arc_negative(cr, c.x - half + 2, top + 2, 2, -Double.pi / 2, Double.pi)
            cairo_line_to(cr, c.x - half, bottom - 2)
            cairo_arc_negative(cr, c.x - half + 2, bottom - 2, 2, Double.pi, Double.pi / 2)
            cairo_line_to(cr, c.x + half - 2, bottom)
            cairo_arc_negative(cr, c.x + half - 2, bottom - 2, 2, Double.pi / 2, 0)
            cairo_line_to(cr, c.x + half, top + 2)
            cairo_arc_negative(cr, c.x + half - 2, top + 2, 2, 0, -Double.pi / 2)
            cairo_line_to(cr, c.x + 3.5, top)
            cairo.strokeRound(width: stroke * 0.9, color: color)
            cairo.strokeLines([Point(x: c.x, y: c.y + 3), Point(x: c.x, y: c.y - 11)], width: stroke * 0.9, color: color)
            cairo.strokeLines([Point(x: c.x - 4, y: c.y - 7), Point(x: c.x, y: c.y - 11), Point(x: c.x + 4, y: c.y - 7)],
                              width: stroke * 0.9, color: color)
        }
    }

    // MARK: Status bar

    /// Four cellular bars, rising, bottoms on `box.maxY`: a 17 × 11 pt box at full size.
    static func signal(in box: Rect, color: Color, on cairo: CairoContext) {
        // The status bar's symbols keep their drawing in a right-to-left layout, only their order turns.
        cairo.unmirrored(about: box) { _ in drawSignal(in: box, color: color, on: cairo) }
    }

    private static func drawSignal(in box: Rect, color: Color, on cairo: CairoContext) {
        let gap = box.width * 0.1, bar = (box.width - 3 * gap) / 4
        for i in 0..<4 {
            let height = box.height * (0.36 + 0.213 * Double(i))
            let rect = Rect(x: box.minX + Double(i) * (bar + gap), y: box.maxY - height, width: bar, height: height)
            cairo.fill(rect, cornerRadius: bar * 0.35, curve: .circular, color: color)
        }
    }

    /// Wi-Fi: a dot sector and two arcs fanning up from the bottom center: a 16 × 12 pt box at full size.
    static func wifi(in box: Rect, color: Color, on cairo: CairoContext) {
        // The status bar's symbols keep their drawing in a right-to-left layout, only their order turns.
        cairo.unmirrored(about: box) { _ in drawWifi(in: box, color: color, on: cairo) }
    }

    private static func drawWifi(in box: Rect, color: Color, on cairo: CairoContext) {
        let cr = cairo.pointer
        let origin = Point(x: box.midX, y: box.maxY - box.height * 0.02)
        let outer = box.height
        let band = outer * 0.21, gap = outer * 0.14
        let start = -Double.pi * 3 / 4, end = -Double.pi / 4
        cairo.withSavedState {
            cairo.setSource(color)
            for i in 0..<3 {
                let r1 = outer - Double(i) * (band + gap)
                let r0 = i == 2 ? 0 : r1 - band
                cairo_new_path(cr)
                cairo_arc(cr, origin.x, origin.y, r1, start, end)
                if r0 > 0 {
                    cairo_arc_negative(cr, origin.x, origin.y, r0, end, start)
                } else {
                    cairo_line_to(cr, origin.x, origin.y)
                }
                cairo_close_path(cr)
                cairo_set_line_width(cr, band * 0.35)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_fill_preserve(cr)
                cairo_stroke(cr)
            }
        }
    }

    /// A full battery: outline at 35 % opacity, solid charge inside, terminal cap: a 27 × 12.5 pt box at full size.
    static func battery(in box: Rect, color: Color, on cairo: CairoContext) {
        // The status bar's symbols keep their drawing in a right-to-left layout, only their order turns.
        cairo.unmirrored(about: box) { _ in drawBattery(in: box, color: color, on: cairo) }
    }

    private static func drawBattery(in box: Rect, color: Color, on cairo: CairoContext) {
        let cap = box.width * 0.06
        let body = Rect(x: box.minX, y: box.minY, width: box.width - cap - box.width * 0.03, height: box.height)
        let line = box.height * 0.085
        let cr = cairo.pointer
        cairo.withSavedState {
            let outline = Rect(x: body.minX + line / 2, y: body.minY + line / 2, width: body.width - line, height: body.height - line)
            cairo.setPath(outline, cornerRadius: body.height * 0.3, curve: .continuous)
            cairo_set_line_width(cr, line)
            cairo.setSource(color, alpha: 0.35)
            cairo_stroke(cr)
        }
        let inset = line + box.height * 0.1
        let charge = Rect(x: body.minX + inset, y: body.minY + inset, width: body.width - 2 * inset, height: body.height - 2 * inset)
        cairo.fill(charge, cornerRadius: charge.height * 0.25, curve: .continuous, color: color)
        let terminal = Rect(x: body.maxX + box.width * 0.03, y: box.midY - box.height * 0.17, width: cap, height: box.height * 0.34)
        cairo.withSavedState {
            cairo.setPath(terminal, cornerRadius: cap * 0.6, curve: .circular)
            cairo.setSource(color, alpha: 0.4)
            cairo_fill(cr)
        }
    }
}
