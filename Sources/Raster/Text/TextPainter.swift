internal import CCairo
import Geometry
import Scene

/// Draws and measures text in a Cairo context whose user space is in points.
struct TextPainter {
    let cairo: CairoContext
    let text: TextContext

    /// The text laid out in the frame's width and centered vertically in it, as UILabel does.
    func draw(_ label: LabelView) throws {
        guard label.frame.width > 0, label.color.alpha > 0, !label.text.isEmpty else { return }
        // In a mirrored (right-to-left) layout the glyphs read as ever, in the mirrored frame,
        // set against its other side: natural alignment is the leading edge's.
        try cairo.unmirrored(about: label.frame) { mirrored in
            text.update(for: cairo)
            let layout = try TextLayout(label, context: text, mirrored: mirrored)
            let box = layout.logicalRect
            let top = label.frame.y + (label.frame.height - box.height) / 2 - box.y
            cairo_move_to(cairo.pointer, label.frame.x, top)
            cairo.setSource(label.color)
            layout.show(in: cairo)
            cairo_new_path(cairo.pointer)
        }
    }

    /// The width `string` takes on one line, in points: the measuring service's, which the engine asks too.
    func width(of string: String, size: Double, weight: LabelView.Weight = .regular, font: CustomFont? = nil) throws -> Double {
        try TextMeasurer(fonts: text.fonts).width(of: string, size: size, weight: weight, font: font, in: text)
    }
}
