import Scene

/// The PNG images of the screens being drawn, each decoded once however often it is shown.
///
/// Used while a `ScreenCache` draws its screens, on one thread; the decoded images are
/// dropped with it, as their pixels are then part of the cached screens.
final class ImageLibrary {
    private var surfaces: [String: CairoSurface] = [:]

    /// The decoded image at `file.path`.
    func surface(for file: ImageFile) throws -> CairoSurface {
        if let surface = surfaces[file.path] { return surface }
        let surface = try CairoSurface.loadPNG(path: file.path)
        surfaces[file.path] = surface
        return surface
    }
}
