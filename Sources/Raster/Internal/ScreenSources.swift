internal import CCairo

/// One canvas's private Cairo views of a screen cache's images, reused across frames.
///
/// Built the first time a canvas draws from a cache; holds the cache so its pixels outlive
/// the surfaces reading them.
final class ScreenSources {
    /// An image wrapped for painting: its surface and a reusable pattern.
    struct Source {
        let pattern: CairoPattern
        let pixelWidth: Int
        let pixelHeight: Int
        /// Every pixel opaque: a layer showing it at full alpha hides what is beneath.
        let isOpaque: Bool
    }

    /// An overlay wrapped for painting, placed at its pixel position.
    struct Overlay {
        let pattern: CairoPattern
        let image: OverlayImage
    }

    let cache: ScreenCache
    private let sources: [String: Source]
    let statusBar: [SystemChrome.Tone: Overlay]
    let homeIndicator: [SystemChrome.Tone: Overlay]

    init(cache: ScreenCache) throws {
        var sources: [String: Source] = [:]
        for (name, image) in cache.images {
            let pattern = try CairoPattern(surface: image.makeSurface())
            sources[name] = Source(pattern: pattern, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight,
                                   isOpaque: image.isOpaque)
        }
        func overlays(_ images: [SystemChrome.Tone: OverlayImage]) throws -> [SystemChrome.Tone: Overlay] {
            try images.mapValues { image in
                let pattern = try CairoPattern(surface: image.makeSurface())
                pattern.place(x: Double(image.pixelX), y: Double(image.pixelY), sx: 1, sy: 1, filter: CAIRO_FILTER_FAST,
                              extend: CAIRO_EXTEND_NONE)
                return Overlay(pattern: pattern, image: image)
            }
        }
        self.cache = cache
        self.sources = sources
        statusBar = try overlays(cache.chrome?.statusBar ?? [:])
        homeIndicator = try overlays(cache.chrome?.homeIndicator ?? [:])
    }

    subscript(name: String) -> Source? { sources[name] }
}
