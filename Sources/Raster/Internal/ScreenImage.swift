internal import CCairo
import Geometry
import Scene

/// One screen's pixels at device scale: drawn once, then read-only.
///
/// The pixels live in plain memory rather than a Cairo surface, so each `Canvas` wraps them
/// in its own surface and no Cairo or pixman object is shared between threads.
final class ScreenImage: Sendable {
    let pixels: PixelBuffer
    let pixelWidth: Int
    let pixelHeight: Int
    let stride: Int
    /// RGB24 (no alpha channel) when the background is opaque, so painting it is a copy rather than a blend.
    let isOpaque: Bool

    /// Draws `screen` at the device's size in points x `scale`, laid out for `device`.
    init(_ screen: ScreenSpec, device: Device, scale: Double, text: TextContext, images: ImageLibrary) throws {
        let size = device.size
        let width = Int((size.width * scale).rounded())
        let height = Int((size.height * scale).rounded())
        guard scale > 0, scale.isFinite, (1...cairoMaximumSide).contains(width),
              (1...cairoMaximumSide).contains(height) else {
            throw RasterError.invalidSize(width: width, height: height, scale: scale)
        }
        isOpaque = screen.background.alpha >= 1
        let format = isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        pixelWidth = width
        pixelHeight = height
        pixels = PixelBuffer(count: stride * height)

        let surface = try CairoSurface(wrapping: pixels, width: width, height: height, stride: stride, format: format)
        let cairo = try CairoContext(surface: surface)
        cairo_scale(cairo.pointer, Double(width) / size.width, Double(height) / size.height)
        try ScreenPainter(cairo: cairo, text: text, device: device, scale: scale, images: images).paint(screen)
        try cairo.checkStatus("drawing screen \"\(screen.name)\"")
        surface.flush()
    }

    /// A Cairo surface reading these pixels, for one canvas's exclusive use.
    func makeSurface() throws -> CairoSurface {
        try CairoSurface(wrapping: pixels, width: pixelWidth, height: pixelHeight, stride: stride,
                         format: isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32)
    }
}
