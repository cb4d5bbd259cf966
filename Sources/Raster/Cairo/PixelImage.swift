internal import CCairo
import Memory

/// Pixels in plain memory, laid out as Cairo lays out an image surface of `format`, which any
/// number of threads may read, each through a surface of its own (`makeSurface`): no Cairo or
/// pixman object is shared between threads. What screen parts, window chrome and decoded
/// images keep their pixels in.
struct PixelImage: Sendable {
    let pixels: PixelBuffer
    let width: Int
    let height: Int
    /// Bytes from one row to the next.
    let stride: Int
    let format: cairo_format_t

    /// Zeroed pixels for an image of `width` x `height` in `format`, rows as Cairo pads them.
    init(width: Int, height: Int, format: cairo_format_t) {
        self.width = width
        self.height = height
        self.format = format
        stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        pixels = PixelBuffer(count: stride * height)
    }

    /// A copy of `surface`'s pixels (an image surface, flushed).
    init(copying surface: CairoSurface) {
        self.init(width: surface.width, height: surface.height, format: surface.format)
        let (stride, from, rowBytes, pixels) = (self.stride, surface.stride, min(self.stride, surface.stride), self.pixels)
        surface.withMutableData { data in
            for row in 0..<height { (pixels.bytes + row * stride).copyMemory(from: data + row * from, byteCount: rowBytes) }
        }
    }

    /// A Cairo surface reading (or drawing into) these pixels, for one user's exclusive use.
    func makeSurface() throws -> CairoSurface {
        try CairoSurface(wrapping: pixels, width: width, height: height, stride: stride, format: format)
    }
}
