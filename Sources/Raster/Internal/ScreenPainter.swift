internal import CCairo
import Geometry
import Scene

/// Draws a screen's background and views into a Cairo context whose user space is in points.
///
/// Every view kind is drawn by one `paint` overload chosen in `paint(_ view:)`; a new
/// `ViewSpec` case slots in there.
struct ScreenPainter {
    let cairo: CairoContext
    let text: TextContext

    /// Fills the whole surface with `screen.background`, then draws its views back to front.
    func paint(_ screen: ScreenSpec) throws {
        cairo.withSavedState {
            cairo_set_operator(cairo.pointer, CAIRO_OPERATOR_SOURCE)
            cairo.setSource(screen.background)
            cairo_paint(cairo.pointer)
        }
        for view in screen.views {
            try paint(view)
        }
    }

    private func paint(_ view: ViewSpec) throws {
        switch view {
        case .rect(let rect): try paint(rect)
        case .label(let label): try paint(label)
        }
    }

    /// Fill, then subviews (clipped to the rounded bounds when `clipsToBounds`), then the
    /// border on top, inside the bounds: CALayer's order.
    private func paint(_ rect: RectView) throws {
        let frame = rect.frame
        guard frame.width > 0, frame.height > 0 else { return }
        let radius = rect.cornerRadius
        if rect.fill.alpha > 0 {
            cairo.setPath(frame, cornerRadius: radius, curve: .circular)
            cairo.setSource(rect.fill)
            cairo_fill(cairo.pointer)
        }
        if !rect.subviews.isEmpty {
            try cairo.withSavedState {
                if rect.clipsToBounds {
                    cairo.setPath(frame, cornerRadius: radius, curve: .circular)
                    cairo_clip(cairo.pointer)
                }
                cairo_translate(cairo.pointer, frame.x, frame.y)
                for subview in rect.subviews {
                    try paint(subview)
                }
            }
        }
        if let borderColor = rect.borderColor, rect.borderWidth > 0, borderColor.alpha > 0 {
            paintBorder(of: frame, width: rect.borderWidth, cornerRadius: radius, color: borderColor)
        }
    }

    /// The ring between the bounds and the bounds inset by `width`, filled even-odd.
    private func paintBorder(of frame: Rect, width: Double, cornerRadius: Double, color: Color) {
        cairo.withSavedState {
            cairo.setPath(frame, cornerRadius: cornerRadius, curve: .circular)
            let inset = min(width, min(frame.width, frame.height) / 2)
            let inner = Rect(x: frame.x + inset, y: frame.y + inset,
                             width: frame.width - 2 * inset, height: frame.height - 2 * inset)
            if inner.width > 0, inner.height > 0 {
                cairo.appendRoundedRect(inner, cornerRadius: max(cornerRadius - inset, 0), curve: .circular)
            }
            cairo_set_fill_rule(cairo.pointer, CAIRO_FILL_RULE_EVEN_ODD)
            cairo.setSource(color)
            cairo_fill(cairo.pointer)
        }
    }

    /// The text laid out in the frame's width and centered vertically in it, as UILabel does.
    private func paint(_ label: LabelView) throws {
        guard label.frame.width > 0, label.color.alpha > 0, !label.text.isEmpty else { return }
        text.update(for: cairo)
        let layout = try TextLayout(label, context: text)
        let box = layout.logicalRect
        let top = label.frame.y + (label.frame.height - box.height) / 2 - box.y
        cairo_move_to(cairo.pointer, label.frame.x, top)
        cairo.setSource(label.color)
        layout.show(in: cairo)
        cairo_new_path(cairo.pointer)
    }
}
