internal import CCairo
import Synchronization
import Scene
import Memory

/// The PNG images of the screens being drawn, each decoded once however often it is shown.
///
/// Shared by the threads drawing a `ScreenCache`'s parts and bands: the decoded pixels are
/// kept in plain memory, and each use gets a Cairo surface of its own over them, so no Cairo or
/// pixman object is shared between threads (as `ScreenImage` does). Dropped with the cache, as
/// the images' pixels are then part of the cached screens.
final class ImageLibrary: Sendable {
    /// An image's decoded pixels, as Cairo decoded them.
    private struct Decoded: Sendable {
        let pixels: PixelBuffer
        let width: Int
        let height: Int
        let stride: Int
        let format: cairo_format_t
    }

    private let decoded = Mutex<[String: Decoded]>([:])

    /// A surface of its own over the decoded image at `file.path`, decoding it the first time.
    func surface(for file: ImageFile) throws -> CairoSurface {
        let image = try decoded.withLock { decoded in
            if let image = decoded[file.path] { return image }
            let image = try Self.decode(file.path)
            decoded[file.path] = image
            return image
        }
        return try CairoSurface(wrapping: image.pixels, width: image.width, height: image.height, stride: image.stride,
                                format: image.format)
    }

    private static func decode(_ path: String) throws -> Decoded {
        let surface = try CairoSurface.loadPNG(path: path)
        surface.flush()
        let height = surface.height, stride = surface.stride
        let pixels = PixelBuffer(count: stride * height)
        surface.withMutableData { data in pixels.bytes.copyMemory(from: data, byteCount: stride * height) }
        return Decoded(pixels: pixels, width: surface.width, height: height, stride: stride, format: surface.format)
    }
}
