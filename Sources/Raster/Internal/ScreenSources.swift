/// One canvas's private Cairo views of a screen cache's images, reused across frames.
///
/// Built the first time a canvas draws from a cache; holds the cache so its pixels outlive
/// the surfaces reading them.
final class ScreenSources {
    /// A screen image wrapped for painting: its surface and a reusable pattern.
    struct Source {
        let pattern: CairoPattern
        let pixelWidth: Int
        let pixelHeight: Int
    }

    let cache: ScreenCache
    private let sources: [String: Source]

    init(cache: ScreenCache) throws {
        var sources: [String: Source] = [:]
        for (name, image) in cache.images {
            let pattern = try CairoPattern(surface: image.makeSurface())
            sources[name] = Source(pattern: pattern, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight)
        }
        self.cache = cache
        self.sources = sources
    }

    subscript(name: String) -> Source? { sources[name] }
}
