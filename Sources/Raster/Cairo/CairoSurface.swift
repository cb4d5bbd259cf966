internal import CCairo
import Memory

/// A Cairo image surface; owns one `cairo_surface_t`.
final class CairoSurface {
    let pointer: OpaquePointer
    /// Memory the surface draws into when it does not own its pixels; kept alive as long as the surface.
    private let storage: PixelBuffer?

    /// A new surface owning zeroed pixels, in a `PixelBuffer` (a large one mapped, so its pages
    /// are zeroed as they are first touched rather than all at once, and handed back whole).
    convenience init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws {
        try Self.checkSize(width: width, height: height)
        let stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        guard stride > 0 else { throw RasterError.invalidSize(width: width, height: height, scale: 1) }
        try self.init(wrapping: PixelBuffer(count: stride * height), width: width, height: height, stride: stride,
                      format: format)
    }

    /// A surface drawing into (or reading from) `buffer`, laid out with `stride` bytes per row,
    /// from `offset` bytes into it (a surface of some of an image's rows).
    convenience init(wrapping buffer: PixelBuffer, offset: Int = 0, width: Int, height: Int, stride: Int,
                     format: cairo_format_t) throws {
        try Self.checkSize(width: width, height: height)
        guard offset >= 0, offset + stride * height <= buffer.count else {
            throw RasterError.invalidSize(width: width, height: height, scale: 1)
        }
        let data = (buffer.bytes + offset).assumingMemoryBound(to: UInt8.self)
        try self.init(
            adopting: cairo_image_surface_create_for_data(data, format, Int32(width), Int32(height), Int32(stride)),
            storage: buffer, operation: "wrapping a \(width)x\(height) image")
    }

    /// A surface decoded from the PNG file at `path`.
    static func loadPNG(path: String) throws -> CairoSurface {
        do {
            return try CairoSurface(adopting: cairo_image_surface_create_from_png(path), storage: nil,
                                    operation: "reading PNG")
        } catch RasterError.cairo(_, let status) {
            throw RasterError.png(path: path, reason: "cannot read PNG (\(status))")
        }
    }

    private init(adopting pointer: OpaquePointer?, storage: PixelBuffer?, operation: String) throws {
        guard let pointer else {
            throw RasterError.cairo(operation: operation, status: "out of memory")
        }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            try checkCairo(status, operation)
            throw RasterError.cairo(operation: operation, status: "unknown failure")
        }
        self.pointer = pointer
        self.storage = storage
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    private static func checkSize(width: Int, height: Int) throws {
        guard (1...cairoMaximumSide).contains(width), (1...cairoMaximumSide).contains(height) else {
            throw RasterError.invalidSize(width: width, height: height, scale: 1)
        }
    }

    var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    var height: Int { Int(cairo_image_surface_get_height(pointer)) }
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }
    var format: cairo_format_t { cairo_image_surface_get_format(pointer) }

    /// The first byte of the first row; call `flush()` first after drawing.
    var data: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(pointer) }

    /// Finishes pending drawing so `data` holds it.
    func flush() {
        cairo_surface_flush(pointer)
    }

    /// Tells Cairo `data` was written directly.
    /// Calls `body` with the pixels to write, pending drawing flushed first, then tells Cairo
    /// they changed.
    func withMutableData<R>(_ body: (UnsafeMutablePointer<UInt8>) throws -> R) rethrows -> R {
        flush()
        // A successfully created image surface always has data.
        guard let data else { preconditionFailure("Cairo image surface without pixels") }
        defer { markDirty() }
        return try body(data)
    }

    func markDirty() {
        cairo_surface_mark_dirty(pointer)
    }

    /// Encodes the surface as PNG at `path` (not atomically: see `writePNGAtomically`).
    func writePNG(path: String) throws {
        flush()
        do {
            try checkCairo(cairo_surface_write_to_png(pointer, path), "writing PNG")
        } catch RasterError.cairo(_, let status) {
            throw RasterError.png(path: path, reason: "cannot write PNG (\(status))")
        }
    }
}
