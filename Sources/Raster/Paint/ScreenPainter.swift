internal import CCairo
import Geometry
import RenderTree
import Scene

/// Draws a screen's background, views and navigation bar into a Cairo context whose user
/// space is in points.
///
/// Every view kind is drawn by one `paint` overload chosen in `paint(_ view:)`; a new
/// `ViewSpec` case slots in there. Lists, grids and the navigation bar are placed by the
/// Scene module's layouts (`ListLayout`, `GridLayout`, `NavigationBarLayout`), the same
/// numbers the engine reads cell frames from.
struct ScreenPainter {
    let cairo: CairoContext
    let text: TextAccess
    let device: Device
    /// Pixels per point of the image being drawn, for hairlines one pixel thick.
    let scale: Double
    let images: ImageLibrary
    /// Blurred shapes for the shadows of views and control knobs.
    let shadows = ShadowCache()

    /// What of a screen `paint(_:part:)` draws.
    enum Part {
        /// The background and the views without an id (each view with an id is its own part).
        case body
    }

    /// Fills the whole surface with `screen.background`, then draws its views without an id
    /// back to front, then its tab bar. The navigation bar, the toolbar (drawn over the views with
    /// ids, as UIKit's toolbar lies over the content) and the views with ids are parts of their own.
    func paint(_ screen: ScreenSpec, part: Part) throws {
        cairo.withSavedState {
            cairo_set_operator(cairo.pointer, CAIRO_OPERATOR_SOURCE)
            cairo.setSource(screen.background)
            cairo_paint(cairo.pointer)
        }
        let content = screen.contentFrame(on: device)
        for view in screen.views where view.id == nil {
            try paint(view, defaultFrame: content)
        }
        if let tabBar = screen.tabBar { try paint(tabBar, beneath: screen.background) }
    }

    /// The view alone, its `frame` (in screen points on `layout`) moved to the image's origin.
    func paint(_ view: ViewSpec, in frame: Rect, on layout: Device, screen: ScreenSpec) throws {
        try cairo.withSavedState {
            cairo_translate(cairo.pointer, -frame.x, -frame.y)
            try paint(view, defaultFrame: screen.contentFrame(on: layout))
        }
    }

    /// A scroll view's whole content from its content frame's top-left: its list, grid or
    /// `scroll`'s subviews laid out in its frame, drawn over the whole content frame
    /// (`ScrollGeometry.contentFrame`: as tall as the content, as wide when it scrolls horizontally).
    func paintScrollContent(_ view: ViewSpec, of scroll: ScrollGeometry) throws {
        let frame = scroll.contentFrame
        try cairo.withSavedState {
            cairo_translate(cairo.pointer, -frame.x, -frame.y)
            switch view {
            // A plain list's headers are views of their own over the content (they pin).
            case .list(let list): try paint(list, frame: frame, headers: list.style != .plain)
            // A horizontal grid's cells are as wide as the frame makes them, and run on past it.
            case .grid(let grid): try paint(grid, frame: scroll.axis == .vertical ? frame : scroll.frame, drawn: frame)
            case .rect(var rect):
                // A carousel inside is a scroll view of its own, drawn over this content.
                let nested = rect.nestedScrollViews.compactMap(\.id)
                rect.subviews.removeAll { $0.id.map(nested.contains) ?? false }
                rect.frame = frame
                rect.clipsToBounds = false
                try paint(rect)
            default: try paint(view, defaultFrame: frame)
            }
        }
    }

    /// `defaultFrame`: where a list or grid without a frame goes, in the current coordinates.
    /// A view with `opacity` below 1 is drawn into a group first and composited at that
    /// alpha, so its overlapping parts do not show through each other (`UIView.alpha`).
    private func paint(_ view: ViewSpec, defaultFrame: Rect) throws {
        let opacity = view.opacity
        guard opacity > 0 else { return }
        if opacity < 1 { cairo_push_group(cairo.pointer) }
        defer {
            if opacity < 1 {
                cairo_pop_group_to_source(cairo.pointer)
                cairo_paint_with_alpha(cairo.pointer, opacity)
            }
        }
        switch view {
        case .rect(let rect): try paint(rect)
        case .label(let label): try draw(label)
        case .image(let image): try paint(image)
        case .list(let list): try paint(list, frame: list.frame ?? defaultFrame)
        case .grid(let grid): try paint(grid, frame: grid.frame ?? defaultFrame)
        case .control(let control): try controls.paint(control)
        case .icon(let icon): try paint(icon)
        }
    }

    /// Fill, then subviews (clipped to the rounded bounds when `clipsToBounds`), then the
    /// border on top, inside the bounds: CALayer's order.
    private func paint(_ rect: RectView) throws {
        let frame = rect.frame
        guard frame.width > 0, frame.height > 0 else { return }
        let radius = rect.cornerRadius
        if let shadow = rect.shadow {
            paintShadow(of: frame, cornerRadius: radius, shadow: shadow)
        }
        cairo.fill(frame, cornerRadius: radius, curve: rect.cornerCurve, color: rect.fill)
        if let gradient = rect.gradient {
            paint(gradient, in: frame, cornerRadius: radius, curve: rect.cornerCurve)
        }
        if !rect.subviews.isEmpty {
            try cairo.withSavedState {
                if rect.clipsToBounds {
                    cairo.setPath(frame, cornerRadius: radius, curve: rect.cornerCurve)
                    cairo_clip(cairo.pointer)
                }
                cairo_translate(cairo.pointer, frame.x, frame.y)
                let bounds = Rect(origin: .zero, size: frame.size)
                for subview in rect.subviews {
                    try paint(subview, defaultFrame: bounds)
                }
            }
        }
        if let borderColor = rect.borderColor, rect.borderWidth > 0, borderColor.alpha > 0 {
            paintBorder(of: frame, width: rect.borderWidth, cornerRadius: radius, curve: rect.cornerCurve, color: borderColor)
        }
    }

    /// A linear gradient filling the rounded frame, its stops evenly spaced from `start` to `end`.
    private func paint(_ gradient: Gradient, in frame: Rect, cornerRadius: Double, curve: CornerCurve) {
        let start = Point(x: frame.x + gradient.start.x * frame.width, y: frame.y + gradient.start.y * frame.height)
        let end = Point(x: frame.x + gradient.end.x * frame.width, y: frame.y + gradient.end.y * frame.height)
        guard let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        let last = Double(max(gradient.colors.count - 1, 1))
        for (index, color) in gradient.colors.enumerated() {
            cairo_pattern_add_color_stop_rgba(pattern, Double(index) / last, color.red, color.green, color.blue, color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo.withSavedState {
            cairo.setPath(frame, cornerRadius: cornerRadius, curve: curve)
            cairo_set_source(cairo.pointer, pattern)
            cairo_fill(cairo.pointer)
        }
    }

    /// The ring between the bounds and the bounds inset by `width`, filled even-odd.
    func paintBorder(of frame: Rect, width: Double, cornerRadius: Double, curve: CornerCurve, color: Color) {
        cairo.withSavedState {
            cairo.setPath(frame, cornerRadius: cornerRadius, curve: curve)
            let inset = min(width, min(frame.width, frame.height) / 2)
            let inner = Rect(x: frame.x + inset, y: frame.y + inset,
                             width: frame.width - 2 * inset, height: frame.height - 2 * inset)
            if inner.width > 0, inner.height > 0 {
                cairo.appendRoundedRect(inner, cornerRadius: max(cornerRadius - inset, 0), curve: curve)
            }
            cairo_set_fill_rule(cairo.pointer, CAIRO_FILL_RULE_EVEN_ODD)
            cairo.setSource(color)
            cairo_fill(cairo.pointer)
        }
    }

    /// The text laid out in the frame's width and centered vertically in it, as UILabel does.
    func draw(_ label: LabelView) throws {
        try text.with { try TextPainter(cairo: cairo, text: $0).draw(label) }
    }

    /// `string` in `frame`, one line, tail-truncated.
    func draw(_ string: String, in frame: Rect, size: Double, weight: LabelView.Weight = .regular, color: Color,
              alignment: LabelView.Alignment = .left, lines: Int = 1, font: CustomFont? = nil) throws {
        var label = LabelView(text: string, frame: frame, fontSize: size, weight: weight, color: color, alignment: alignment,
                              lines: lines)
        label.customFont = font
        try draw(label)
    }

    /// A caption's pill (`CaptionLayout`): black at 0.72 with corners of half its height (at
    /// most 16 pt), each line white and centered on its row.
    func paintCaption(_ lines: [String], fontSize: Double, weight: LabelView.Weight, box: Size) throws {
        let metrics = CaptionMetrics(fontSize: fontSize)
        cairo.fill(Rect(origin: .zero, size: box), cornerRadius: min(box.height / 2, 16), color: Color.black.withAlpha(0.72))
        for (index, line) in lines.enumerated() {
            let row = Rect(x: metrics.horizontalPadding, y: metrics.verticalPadding + Double(index) * metrics.lineHeight,
                           width: box.width - 2 * metrics.horizontalPadding, height: metrics.lineHeight)
            try draw(line, in: row, size: fontSize, weight: weight, color: .white, alignment: .center)
        }
    }

    /// The width `string` takes on one line, in points.
    func width(of string: String, size: Double, weight: LabelView.Weight = .regular, font: CustomFont? = nil) throws -> Double {
        try text.with { try TextPainter(cairo: cairo, text: $0).width(of: string, size: size, weight: weight, font: font) }
    }

    /// The image placed by its content mode, over its background, clipped to its rounded frame.
    private func paint(_ view: ImageView) throws {
        guard view.frame.width > 0, view.frame.height > 0 else { return }
        cairo.fill(view.frame, cornerRadius: view.cornerRadius, curve: view.cornerCurve, color: view.background)
        try drawImage(view.image, in: view.frame, contentMode: view.contentMode, cornerRadius: view.cornerRadius,
                      curve: view.cornerCurve)
    }

    /// `image` placed in `frame` by `contentMode`, clipped to the frame rounded by `cornerRadius`.
    func drawImage(_ image: ImageFile, in frame: Rect, contentMode: ImageView.ContentMode, cornerRadius: Double,
                   curve: CornerCurve = .continuous) throws {
        let surface = try images.surface(for: image)
        let placed = ImageView.placement(of: image.pointSize, in: frame, contentMode: contentMode)
        guard placed.width > 0, placed.height > 0 else { return }
        // A photo is not mirrored in a right-to-left layout: only where it is placed is.
        cairo.unmirrored(about: frame) { _ in cairo.withSavedState {
            let cr = cairo.pointer
            cairo.setPath(frame, cornerRadius: cornerRadius, curve: curve)
            cairo_clip(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, placed.x, placed.y, placed.width, placed.height)
            cairo_clip(cr)
            cairo_translate(cr, placed.x, placed.y)
            cairo_scale(cr, placed.width / Double(surface.width), placed.height / Double(surface.height))
            cairo_set_source_surface(cr, surface.pointer, 0, 0)
            if let pattern = cairo_get_source(cr) {
                // Edge pixels repeat outwards, so only the clip shapes the image's edge.
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_pattern_set_filter(pattern, CairoPattern.contentsFilter)
            }
            cairo_paint(cr)
        } }
    }

    /// A horizontal hairline one device pixel thick, its bottom edge on the pixel boundary at or above `line.y`.
    func drawHairline(_ line: Rect, color: Color) {
        guard line.width > 0, color.alpha > 0 else { return }
        let bottom = (line.y * scale).rounded() / scale
        cairo.fill(Rect(x: line.x, y: bottom - 1 / scale, width: line.width, height: 1 / scale), color: color)
    }

    var icons: IconPainter { IconPainter(cairo: cairo, text: text) }
    var controls: ControlPainter { ControlPainter(painter: self) }

    /// `icon` centered in the view's frame.
    func paint(_ view: IconView) throws {
        try icons.draw(view.icon, in: view.frame, pointSize: view.pointSize, weight: view.weight, color: view.color)
    }

    /// A Gaussian-blurred copy of the rounded rectangle, offset, under what is drawn next
    /// (Core Animation's shadow: blur standard deviation = radius / 2).
    func paintShadow(of frame: Rect, cornerRadius: Double, shadow: ViewShadow) {
        guard shadow.opacity > 0, shadow.color.alpha > 0, frame.width > 0, frame.height > 0 else { return }
        let width = Int((frame.width * scale).rounded()), height = Int((frame.height * scale).rounded())
        guard width > 0, height > 0,
              let mask = try? shadows.mask(width: width, height: height, sigma: shadow.radius / 2 * scale,
                                           cornerRadius: cornerRadius * scale) else { return }
        let padding = Double(mask.padding)
        let sx = frame.width / Double(width), sy = frame.height / Double(height)
        mask.pattern.place(x: frame.minX + shadow.offset.x - padding * sx, y: frame.minY + shadow.offset.y - padding * sy,
                           sx: sx, sy: sy, filter: CAIRO_FILTER_GOOD, extend: CAIRO_EXTEND_NONE)
        cairo.withSavedState {
            cairo.setSource(shadow.color, alpha: shadow.opacity)
            cairo_mask(cairo.pointer, mask.pattern.pointer)
        }
    }
}
