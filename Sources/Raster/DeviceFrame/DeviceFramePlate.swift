internal import CCairo
import Foundation
import Geometry
import Scene

/// A device frame drawn once per render: the picture around the screen (background, shadow,
/// buttons, body, glass, the Dynamic Island), and how much of it lies over the screen's own
/// rectangle — outside the display's rounded corners, and on the island — as coverage a row
/// at a time. Each worker's `FramedCanvas` starts from a copy of it. Immutable and shared
/// between threads.
public final class DeviceFramePlate: Sendable {
    public let layout: DeviceFrameLayout
    /// The picture, the screen's rectangle black glass.
    let picture: PixelImage
    /// For each row of the screen, the runs where the frame lies over it: where each starts,
    /// and how much of each pixel the frame covers (255: the frame alone).
    let cover: [[GlassRun]]

    struct GlassRun: Sendable {
        let x: Int
        let coverage: [UInt8]
    }

    /// A caption laid beside the device: its node's id, its box's size in points, and whether it
    /// goes above the device (else below).
    public struct BesideCaption: Sendable {
        public var id: String
        public var size: Size
        public var above: Bool

        public init(id: String, size: Size, above: Bool) {
            self.id = id
            self.size = size
            self.above = above
        }
    }

    /// Where each caption beside the device goes, by node id, in the picture's pixels (its box
    /// at the device's scale, a pixel more each way for the painter's rounding); fixed for the
    /// render, so whichever worker laid a caption, any worker knows its rows.
    public let captionAreas: [String: PixelArea]

    public struct PixelArea: Sendable, Equatable {
        public let x: Int, y: Int, width: Int, height: Int

        /// Its rows, within `0..<height`.
        func rows(height limit: Int) -> Range<Int> { max(y, 0)..<max(min(y + height, limit), max(y, 0)) }
    }

    /// How much of the screen's pixel (`x`, `y`) the frame covers, 0 (the screen's own) to 255.
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard cover.indices.contains(y) else { return 0 }
        for run in cover[y] where x >= run.x && x < run.x + run.coverage.count { return run.coverage[x - run.x] }
        return 0
    }

    /// The glass is black, as every current iPhone's and iPad's is.
    static let glass = Color.black

    public init(layout: DeviceFrameLayout, captions: [BesideCaption] = []) throws {
        self.layout = layout
        captionAreas = Dictionary(captions.map { caption in
            let rect = layout.captionRect(caption.size, above: caption.above)
            return (caption.id, PixelArea(x: Int((rect.minX * layout.scale).rounded()), y: Int((rect.minY * layout.scale).rounded()),
                                          width: Int((rect.width * layout.scale).rounded(.up)) + 1,
                                          height: Int((rect.height * layout.scale).rounded(.up)) + 1))
        }, uniquingKeysWith: { first, _ in first })
        let surface = try CairoSurface(width: layout.width, height: layout.height)
        let cairo = try CairoContext(surface: surface)
        try DeviceFramePainter(cairo: cairo, layout: layout).paint()
        try cairo.checkStatus("drawing the device frame")
        surface.flush()
        picture = PixelImage(copying: surface)
        cover = try Self.glassRuns(layout)
    }

    /// Where the frame covers the screen: everything outside the display's continuous rounded
    /// corners, and the island, with Cairo's antialiased coverage along their edges.
    private static func glassRuns(_ layout: DeviceFrameLayout) throws -> [[GlassRun]] {
        let width = layout.screenWidth, height = layout.screenHeight
        let mask = try CairoSurface(width: width, height: height, format: CAIRO_FORMAT_A8)
        let cairo = try CairoContext(surface: mask)
        cairo_scale(cairo.pointer, layout.scale, layout.scale)
        cairo.setSource(.white)
        cairo_paint(cairo.pointer)
        let display = Rect(x: 0, y: 0, width: Double(width) / layout.scale, height: Double(height) / layout.scale)
        cairo.withSavedState {
            cairo_set_operator(cairo.pointer, CAIRO_OPERATOR_CLEAR)
            cairo.setPath(display, cornerRadius: layout.displayCornerRadius, curve: .continuous)
            cairo_fill(cairo.pointer)
        }
        if let island = layout.body.island {
            cairo.setPath(island, cornerRadius: island.height / 2, curve: .circular)
            cairo_fill(cairo.pointer)
        }
        try cairo.checkStatus("drawing the device frame's glass")
        mask.flush()
        return mask.withMutableData { data in
            (0..<height).map { row in
                let line = data + row * mask.stride
                var runs: [GlassRun] = [], x = 0
                while x < width {
                    guard line[x] > 0 else { x += 1; continue }
                    let start = x
                    while x < width, line[x] > 0 { x += 1 }
                    runs.append(GlassRun(x: start, coverage: Array(UnsafeBufferPointer(start: line + start, count: x - start))))
                }
                return runs
            }
        }
    }
}

/// Draws a device frame's picture, in points (the context scaled to pixels): the background,
/// a soft shadow, the buttons, the body's band and glass. The screen's rectangle is left black.
struct DeviceFramePainter {
    let cairo: CairoContext
    let layout: DeviceFrameLayout

    /// The band's colours: its face and the highlight along its outer edge.
    private var band: (face: Color, edge: Color, button: Color) {
        switch layout.spec.finish {
        case .dark: (Color(r8: 0x3A, g8: 0x3A, b8: 0x3C), Color(r8: 0x5E, g8: 0x5E, b8: 0x62), Color(r8: 0x2E, g8: 0x2E, b8: 0x30))
        case .light: (Color(r8: 0xD4, g8: 0xD4, b8: 0xD8), Color(r8: 0xF2, g8: 0xF2, b8: 0xF4), Color(r8: 0xBE, g8: 0xBE, b8: 0xC3))
        }
    }

    func paint() throws {
        let p = cairo.pointer
        try paintBackground()
        cairo_scale(p, layout.scale, layout.scale)
        let body = layout.bodyRect, radius = layout.body.cornerRadius
        // A soft shadow: the outline spread in steps of falling darkness, a little below the body,
        // drawn only outside the body (which covers the rest), so it costs a ring, not the picture.
        cairo.withSavedState {
            cairo_set_fill_rule(p, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_new_path(p)
            cairo_rectangle(p, 0, 0, Double(layout.width) / layout.scale, Double(layout.height) / layout.scale)
            cairo.appendRoundedRect(body.insetBy(1), cornerRadius: radius - 1, curve: .continuous)
            cairo_clip(p)
            for step in stride(from: 12, through: 1, by: -1) {
                let spread = Double(step) * 1.5
                cairo.setSource(.black, alpha: 0.022)
                cairo.setPath(body.insetBy(-spread).offsetBy(dx: 0, dy: 6), cornerRadius: radius + spread, curve: .continuous)
                cairo_fill(p)
            }
        }
        for button in layout.buttonRects {
            cairo.setSource(band.button)
            cairo.setPath(button, cornerRadius: min(button.width, button.height) / 2, curve: .circular)
            cairo_fill(p)
        }
        // The band: its edge colour at the outline, its face a little inside.
        cairo.setSource(band.edge)
        cairo.setPath(body, cornerRadius: radius, curve: .continuous)
        cairo_fill(p)
        let edge = 0.75
        cairo.setSource(band.face)
        cairo.setPath(body.insetBy(edge), cornerRadius: radius - edge, curve: .continuous)
        cairo_fill(p)
        let glass = body.insetBy(layout.body.band)
        cairo.setSource(DeviceFramePlate.glass)
        cairo.setPath(glass, cornerRadius: radius - layout.body.band, curve: .continuous)
        cairo_fill(p)
        if let island = layout.islandRect {
            cairo.setSource(DeviceFramePlate.glass)
            cairo.setPath(island, cornerRadius: island.height / 2, curve: .circular)
            cairo_fill(p)
        }
        if let diameter = layout.body.homeButton { paintHomeButton(diameter: diameter) }
        if layout.body.island == nil, layout.body.top >= 24 { paintFrontCamera() }
        try cairo.checkStatus("drawing the device frame")
    }

    private func paintBackground() throws {
        let p = cairo.pointer
        let width = Double(layout.width), height = Double(layout.height)
        cairo.withSavedState {
            cairo_set_operator(p, CAIRO_OPERATOR_SOURCE)
            switch layout.spec.background {
            case .color(let color):
                cairo.setSource(color)
                cairo_paint(p)
            case .gradient(let top, let bottom):
                let gradient = cairo_pattern_create_linear(0, 0, 0, height)
                cairo_pattern_add_color_stop_rgba(gradient, 0, top.red, top.green, top.blue, top.alpha)
                cairo_pattern_add_color_stop_rgba(gradient, 1, bottom.red, bottom.green, bottom.blue, bottom.alpha)
                cairo_set_source(p, gradient)
                cairo_paint(p)
                cairo_pattern_destroy(gradient)
            case .image:
                cairo.setSource(.black)
                cairo_paint(p)
            }
        }
        guard let file = layout.spec.imageFile else { return }
        // Scaled to cover the picture, centered.
        let image = try CairoSurface.loadPNG(path: file.path)
        let factor = max(width / Double(image.width), height / Double(image.height))
        cairo.withSavedState {
            cairo_translate(p, (width - Double(image.width) * factor) / 2, (height - Double(image.height) * factor) / 2)
            cairo_scale(p, factor, factor)
            cairo_set_source_surface(p, image.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(p), CAIRO_FILTER_GOOD)
            // Edge pixels repeat outwards, so the picture's edges are the image's, not faded.
            cairo_pattern_set_extend(cairo_get_source(p), CAIRO_EXTEND_PAD)
            cairo_paint(p)
        }
    }

    /// Without a Dynamic Island, the front camera centered in the border above the display, and
    /// beside it, on a device with a home button, the earpiece's slot [EST].
    private func paintFrontCamera() {
        let p = cairo.pointer
        let screen = layout.screenRect
        let center = Point(x: screen.midX, y: screen.minY - layout.body.top / 2)
        cairo.setSource(Color(r8: 0x1C, g8: 0x1C, b8: 0x1E))
        if layout.body.homeButton != nil {
            let slot = Rect(x: center.x - 25, y: center.y - 3, width: 50, height: 6)
            cairo.setPath(slot, cornerRadius: 3, curve: .circular)
            cairo_fill(p)
            cairo_new_path(p)
            cairo_arc(p, center.x, center.y - 18, 4, 0, 2 * .pi)
        } else {
            cairo_new_path(p)
            cairo_arc(p, center.x, center.y, 3.5, 0, 2 * .pi)
        }
        cairo_fill(p)
    }

    /// A home button's ring, centered in the border below the display.
    private func paintHomeButton(diameter: Double) {
        let p = cairo.pointer
        let screen = layout.screenRect
        let center = Point(x: screen.midX, y: screen.maxY + layout.body.bottom / 2)
        cairo_new_path(p)
        cairo_arc(p, center.x, center.y, diameter / 2 - 1.5, 0, 2 * .pi)
        cairo.setSource(band.face)
        cairo_set_line_width(p, 3)
        cairo_stroke(p)
    }
}
