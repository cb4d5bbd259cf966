internal import CCairo
import RenderTree

/// One canvas's private Cairo views of a screen cache's images, reused across frames.
///
/// Built the first time a canvas draws from a cache; wraps each part the first time a frame
/// shows it (parts at passing sizes are wrapped for one use). Holds the cache so its pixels
/// outlive the surfaces reading them.
final class ScreenSources {
    /// An image wrapped for painting: its surface and a reusable pattern.
    struct Source {
        /// The whole image's pattern; nil for an image held in strips (`ImageTiles`), painted strip by strip.
        let pattern: CairoPattern?
        let pixelWidth: Int
        let pixelHeight: Int
        /// Keeps the pixels alive while the pattern reads them.
        let image: ScreenImage
    }

    /// An overlay wrapped for painting, placed at its pixel position.
    struct Overlay {
        let pattern: CairoPattern
        let image: OverlayImage
    }

    let cache: ScreenCache
    private var sources: [ScreenPart: Source] = [:]
    let statusBar: [ChromeTone: Overlay]
    let homeIndicator: [ChromeTone: Overlay]

    init(cache: ScreenCache) throws {
        func overlays(_ images: [ChromeTone: OverlayImage]) throws -> [ChromeTone: Overlay] {
            try images.mapValues { image in
                let pattern = try CairoPattern(surface: image.makeSurface())
                pattern.place(x: Double(image.pixelX), y: Double(image.pixelY), sx: 1, sy: 1, filter: CAIRO_FILTER_FAST,
                              extend: CAIRO_EXTEND_NONE)
                return Overlay(pattern: pattern, image: image)
            }
        }
        self.cache = cache
        statusBar = try overlays(cache.chrome.statusBar)
        homeIndicator = try overlays(cache.chrome.homeIndicator)
    }

    /// Readies the rows `rows` (image rows; all when nil) of `source` for painting: an image
    /// drawn band by band draws those not drawn yet.
    func prepare(_ source: Source, rows: Range<Int>?) {
        cache.drawRows(rows, of: source.image)
    }

    /// The wrapped image of `part`, drawing it first if no frame has shown it; nil when it cannot be drawn.
    func source(for part: ScreenPart) -> Source? {
        if let source = sources[part] { return source }
        guard let image = cache.image(for: part) else { return nil }
        var pattern: CairoPattern?
        if image.tiles == nil {
            guard let surface = try? image.makeSurface(), let whole = try? CairoPattern(surface: surface) else { return nil }
            pattern = whole
        }
        let source = Source(pattern: pattern, pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight, image: image)
        if part.layout == cache.device { sources[part] = source }
        return source
    }
}
