internal import CCairo
import Scene
import Workers

/// The PNG images of the screens being drawn, each decoded once however often it is shown.
///
/// Shared by the threads drawing a `ScreenCache`'s parts and bands: the decoded pixels are
/// kept in plain memory, and each use gets a Cairo surface of its own over them, so no Cairo or
/// pixman object is shared between threads (as `ScreenImage` does). Dropped with the cache, as
/// the images' pixels are then part of the cached screens.
final class ImageLibrary: Sendable {
    private let decoded = LockedValueBox<[String: PixelImage]>([:])

    /// A surface of its own over the decoded image at `file.path`, decoding it the first time.
    func surface(for file: ImageFile) throws -> CairoSurface {
        let image = try decoded.withLockedValue { decoded in
            if let image = decoded[file.path] { return image }
            let image = try Self.decode(file.path)
            decoded[file.path] = image
            return image
        }
        return try image.makeSurface()
    }

    /// Decodes the images of `files` not decoded yet, several at once: one thread per image, up
    /// to one per core (a scene's photos are large, and each is decoded on one thread). Throws
    /// the error of the first file, in `files`' order, that cannot be decoded, whichever thread
    /// got to it first; the images before it are kept.
    func decode(_ files: [ImageFile]) throws {
        var seen = Set<String>()
        let paths = decoded.withLockedValue { decoded in
            files.map(\.path).filter { decoded[$0] == nil && seen.insert($0).inserted }
        }
        for (path, result) in zip(paths, WorkerPool.outcomes(of: paths, name: "segue-images", Self.decode)) {
            let image = try result.get()
            decoded.withLockedValue { $0[path] = image }
        }
    }

    /// The pixels of the PNG file at `path`, as Cairo decodes them.
    private static func decode(_ path: String) throws -> PixelImage {
        let surface = try CairoSurface.loadPNG(path: path)
        surface.flush()
        return PixelImage(copying: surface)
    }
}
