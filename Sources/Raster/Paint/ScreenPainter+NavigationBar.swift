internal import CCairo
import Geometry
import Scene

/// The parts of a navigation bar that cross-fade on their own during a navigation transition.
struct NavigationBarGroups: OptionSet {
    let rawValue: Int
    static let background = NavigationBarGroups(rawValue: 1)
    static let backChevron = NavigationBarGroups(rawValue: 2)
    static let title = NavigationBarGroups(rawValue: 4)
    static let items = NavigationBarGroups(rawValue: 8)
    static let backLabel = NavigationBarGroups(rawValue: 16)
    static let back: NavigationBarGroups = [.backChevron, .backLabel]
    static let all: NavigationBarGroups = [.background, .back, .title, .items]
}

/// The navigation bar, placed by `NavigationBarLayout`.
extension ScreenPainter {
    /// Background and hairline, back button and items, then the title between them (or the
    /// large title below) — the `groups` asked for; the others are only measured, so the title
    /// sits where it would with all of them.
    func paint(_ bar: NavigationBarView, groups: NavigationBarGroups) throws {
        let layout = NavigationBarLayout(bar, on: device)
        if groups.contains(.background) {
            if device.chrome.drawsBarBackgrounds { paintBackground(of: bar, layout: layout) } else { paintScrollEdge(of: bar, layout: layout) }
        }
        let line = layout.bar
        let places = try layout.items(of: bar) { text, prominent in
            try self.width(of: text, size: 17, weight: prominent ? .semibold : .regular)
        }
        if bar.back != nil {
            if groups.contains(.backChevron) { Glyphs.backChevron(in: layout.backChevron, color: bar.plainItemColor ?? bar.tint, on: cairo) }
            if let box = places.backLabel, let back = places.backTitle, groups.contains(.backLabel) {
                try draw(back, in: box, size: 17, color: bar.tint)
            }
        }
        if groups.contains(.items) {
            // On glass a prominent item sits on its tint's capsule, in white.
            let onTint = !places.capsules.isEmpty
            for (item, box) in zip(bar.leading + bar.trailing, places.leading + places.trailing) {
                let color = item.isProminent ? (onTint ? .white : bar.tint) : bar.plainItemColor ?? bar.tint
                _ = try drawBarItem(item, from: box.minX, direction: 1, tint: color, line: line, drawing: true)
            }
        }
        let leadingEdge = places.titleLeading, trailingEdge = places.titleTrailing
        if let title = bar.title, groups.contains(.title) {
            if let box = layout.largeTitle {
                try draw(title, in: box, size: bar.largeTitleType.size, weight: .bold, color: bar.titleColor)
            } else {
                // Centered on the bar, narrowed symmetrically so it clears the buttons on both sides.
                let halfWidth = max(min(line.midX - leadingEdge, trailingEdge - line.midX) - 8, 0)
                try draw(title, in: Rect(x: line.midX - halfWidth, y: line.y, width: 2 * halfWidth, height: line.height),
                         size: 17, weight: .semibold, color: bar.titleColor, alignment: .center)
            }
        }
    }

    /// The soft scroll edge effect where a bar has no background (Liquid Glass): over the status bar
    /// and the bar, white at 0.5 (black at 0.6 in the dark appearance) over the band, its last tenth
    /// falling smoothly to nothing (`LiquidGlassPocket`) [RE: UIKit's navigation "pocket"
    /// layers on iOS 27; the fall-off EST], and the ⅓ pt hairline, black or white at 0.1,
    /// under it. The engine blurs what is beneath (its `edge/blur` nodes) and fades the whole in as
    /// content scrolls under the bar.
    private func paintScrollEdge(of bar: NavigationBarView, layout: NavigationBarLayout) {
        let band = layout.background
        let dark = 0.2126 * bar.titleColor.red + 0.7152 * bar.titleColor.green + 0.0722 * bar.titleColor.blue > 0.5
        let color = dark ? Color(red: 0, green: 0, blue: 0, alpha: 0.6) : Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        guard let pattern = cairo_pattern_create_linear(0, band.minY, 0, band.maxY) else { return }
        defer { cairo_pattern_destroy(pattern) }
        // Full strength to the band's last tenth, then a smooth step down to nothing at its bottom.
        let full = 1 - LiquidGlassPocket.washFade, steps = 8
        cairo_pattern_add_color_stop_rgba(pattern, 0, color.red, color.green, color.blue, color.alpha)
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let mask = 1 - t * t * (3 - 2 * t)
            cairo_pattern_add_color_stop_rgba(pattern, full + (1 - full) * t, color.red, color.green, color.blue, color.alpha * mask)
        }
        cairo.withSavedState {
            cairo_rectangle(cairo.pointer, band.minX, band.minY, band.width, band.height)
            cairo_set_source(cairo.pointer, pattern)
            cairo_fill(cairo.pointer)
        }
        let hairline = dark ? Color(red: 1, green: 1, blue: 1, alpha: 0.1) : Color(red: 0, green: 0, blue: 0, alpha: 0.1)
        drawHairline(Rect(x: 0, y: band.maxY, width: band.width, height: 0), color: hairline)
    }

    private func paintBackground(of bar: NavigationBarView, layout: NavigationBarLayout) {
        cairo.fill(layout.background, color: bar.background)
        if let separator = bar.separator {
            // UIKit's shadow image hangs just below the bar.
            drawHairline(Rect(x: 0, y: layout.background.maxY + 1 / scale, width: layout.background.width, height: 0),
                         color: separator)
        }
    }

    /// A bar button item of any bar starting at `edge`, extending in `direction`, centered on
    /// `line`; returns its far edge. Text is 17 pt (semibold for `done`), symbols and icons
    /// fill a 24 pt box (icons at 20 pt, as `UIImage.SymbolConfiguration(textStyle: .body, scale: .large)`).
    func drawBarItem(_ item: NavigationBarView.Item, from edge: Double, direction: Double, tint: Color, line: Rect,
                     drawing: Bool) throws -> Double {
        switch item.content {
        case .text(let string):
            let weight: LabelView.Weight = item.isProminent ? .semibold : .regular
            let width = try self.width(of: string, size: 17, weight: weight)
            let x = direction > 0 ? edge : edge - width
            guard drawing else { return edge + direction * width }
            try draw(string, in: Rect(x: x, y: line.y, width: width + 1, height: line.height), size: 17, weight: weight,
                     color: tint)
            return edge + direction * width
        case .symbol(let symbol):
            let side = 24.0
            let x = direction > 0 ? edge : edge - side
            guard drawing else { return edge + direction * side }
            Glyphs.symbol(symbol, in: Rect(x: x, y: line.midY - side / 2, width: side, height: side), color: tint,
                          bold: item.isProminent, on: cairo)
            return edge + direction * side
        case .icon(let icon):
            let side = 24.0
            let x = direction > 0 ? edge : edge - side
            guard drawing else { return edge + direction * side }
            try icons.draw(icon, in: Rect(x: x, y: line.midY - side / 2, width: side, height: side), pointSize: 20,
                           weight: item.isProminent ? .semibold : .regular, color: tint)
            return edge + direction * side
        }
    }
}
