internal import CCairo
import Geometry
import Memory

/// A small translucent image drawn once and composited over frames at a fixed place: the
/// status bar and the home indicator. Read-only after drawing, like `ScreenImage`.
final class OverlayImage: Sendable {
    let pixelImage: PixelImage
    var pixels: PixelBuffer { pixelImage.pixels }
    var pixelWidth: Int { pixelImage.width }
    var pixelHeight: Int { pixelImage.height }
    var stride: Int { pixelImage.stride }
    /// Where the image's top-left pixel goes on the canvas, in whole device pixels.
    let pixelX: Int
    let pixelY: Int

    /// Draws the part `frame` (points) of a canvas at `scale` pixels per point, snapped outwards
    /// to whole pixels: `draw` gets a context whose user space is the canvas's, in points.
    init(frame: Rect, scale: Double, draw: (CairoContext) throws -> Void) throws {
        let x0 = Int((frame.minX * scale).rounded(.down)), y0 = Int((frame.minY * scale).rounded(.down))
        let x1 = Int((frame.maxX * scale).rounded(.up)), y1 = Int((frame.maxY * scale).rounded(.up))
        pixelX = x0
        pixelY = y0
        pixelImage = PixelImage(width: max(x1 - x0, 1), height: max(y1 - y0, 1), format: CAIRO_FORMAT_ARGB32)
        let surface = try pixelImage.makeSurface()
        let cairo = try CairoContext(surface: surface)
        cairo_translate(cairo.pointer, -Double(x0), -Double(y0))
        cairo_scale(cairo.pointer, scale, scale)
        try draw(cairo)
        try cairo.checkStatus("drawing an overlay")
        surface.flush()
    }

    /// A Cairo surface reading these pixels, for one canvas's exclusive use.
    func makeSurface() throws -> CairoSurface {
        try pixelImage.makeSurface()
    }
}
