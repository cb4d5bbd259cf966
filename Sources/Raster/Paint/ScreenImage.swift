internal import CCairo
import Geometry
import Scene

/// One screen part's pixels at device scale: drawn once, then read-only.
///
/// The pixels live in plain memory rather than a Cairo surface, so each `Canvas` wraps them
/// in its own surface and no Cairo or pixman object is shared between threads.
final class ScreenImage: Sendable {
    let pixels: PixelBuffer
    let pixelWidth: Int
    let pixelHeight: Int
    let stride: Int
    /// RGB24 (no alpha channel) when every pixel is opaque, so painting it is a copy rather than a blend.
    let isOpaque: Bool

    /// An image of `size` points x `scale` pixels, drawn by `draw` in a context whose user
    /// space is in points.
    init(size: Size, scale: Double, opaque: Bool, draw: (CairoContext) throws -> Void) throws {
        let w = size.width * scale, h = size.height * scale
        guard scale > 0, scale.isFinite, w.isFinite, h.isFinite, w >= 0.5, h >= 0.5,
              w < Double(cairoMaximumSide) + 1, h < Double(cairoMaximumSide) + 1 else {
            throw RasterError.invalidSize(width: w.isFinite ? Int(min(w, 1e9)) : 0, height: h.isFinite ? Int(min(h, 1e9)) : 0,
                                          scale: scale)
        }
        let width = max(Int(w.rounded()), 1), height = max(Int(h.rounded()), 1)
        isOpaque = opaque
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        pixelWidth = width
        pixelHeight = height
        pixels = PixelBuffer(count: stride * height)

        let surface = try CairoSurface(wrapping: pixels, width: width, height: height, stride: stride, format: format)
        let cairo = try CairoContext(surface: surface)
        cairo_scale(cairo.pointer, Double(width) / size.width, Double(height) / size.height)
        try draw(cairo)
        try cairo.checkStatus("drawing a screen")
        surface.flush()
    }

    /// A Cairo surface reading these pixels, for one canvas's exclusive use.
    func makeSurface() throws -> CairoSurface {
        try CairoSurface(wrapping: pixels, width: pixelWidth, height: pixelHeight, stride: stride,
                         format: isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32)
    }
}
