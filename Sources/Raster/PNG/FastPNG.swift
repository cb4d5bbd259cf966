internal import CPNG

/// In-memory PNG encoding through libpng's simplified API with `PNG_IMAGE_FLAG_FAST`: a few
/// times faster than Cairo's writer (which uses zlib's default level and filter search), for
/// files a little larger.
enum FastPNG {
    /// Encodes `height` rows of `width` R, G, B, A pixels (straight alpha), `stride` bytes apart.
    static func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = segue_png_format_rgba()
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        defer { png_image_free(&image) }
        // Room for the pixels stored uncompressed: the encoder never needs more.
        var capacity = height * (width * 4 + 1) + height / 8 * 64 + 4096
        var output = [UInt8](repeating: 0, count: capacity)
        let written = output.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &capacity, 0, pixels, Int32(stride), nil)
        }
        guard written != 0, capacity <= output.count else {
            let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw RasterError.png(path: "(memory)", reason: "cannot encode PNG (\(message))")
        }
        output.removeSubrange(capacity...)
        return output
    }
}
