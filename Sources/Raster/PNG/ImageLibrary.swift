internal import CCairo
import Synchronization
import Scene

/// The PNG images of the screens being drawn, each decoded once however often it is shown.
///
/// Shared by the threads drawing a `ScreenCache`'s parts and bands: the decoded pixels are
/// kept in plain memory, and each use gets a Cairo surface of its own over them, so no Cairo or
/// pixman object is shared between threads (as `ScreenImage` does). Dropped with the cache, as
/// the images' pixels are then part of the cached screens.
final class ImageLibrary: Sendable {
    private let decoded = Mutex<[String: PixelImage]>([:])

    /// A surface of its own over the decoded image at `file.path`, decoding it the first time.
    func surface(for file: ImageFile) throws -> CairoSurface {
        let image = try decoded.withLock { decoded in
            if let image = decoded[file.path] { return image }
            let image = try Self.decode(file.path)
            decoded[file.path] = image
            return image
        }
        return try image.makeSurface()
    }

    /// The pixels of the PNG file at `path`, as Cairo decodes them.
    private static func decode(_ path: String) throws -> PixelImage {
        let surface = try CairoSurface.loadPNG(path: path)
        surface.flush()
        return PixelImage(copying: surface)
    }
}
