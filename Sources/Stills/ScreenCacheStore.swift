import Foundation
import Raster
import Scene
import Workers

/// Rasterized screens shared between the renders of one process (a batch): scenes whose screens,
/// device and appearance are the same value reuse one `ScreenCache` instead of drawing them again.
///
/// Holds at most `capacity` caches, dropping the least recently used; a render keeps its own
/// reference, so dropping never affects a render in progress. Thread-safe.
public final class ScreenCacheStore: Sendable {
    /// The most caches kept at once.
    public let capacity: Int

    private struct Entries {
        /// Most recently used last.
        var caches: [(key: String, cache: ScreenCache)] = []
        /// Lookups answered from the store, for statistics.
        var hits = 0
    }

    private let entries = LockedValueBox(Entries())

    public init(capacity: Int = 4) {
        self.capacity = max(1, capacity)
    }

    /// The screens of `scene`, from the store when an earlier render drew the same ones.
    ///
    /// The key is the full value description of the screen specs, device, appearance and fonts:
    /// every stored property, doubles printed exactly, image files by path and size.
    public func screens(for scene: Scene) throws -> ScreenCache {
        let key = Self.key(for: scene)
        let stored = entries.withLockedValue { entries -> ScreenCache? in
            guard let index = entries.caches.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.caches.remove(at: index)
            entries.caches.append(entry)
            entries.hits += 1
            return entry.cache
        }
        if let stored { return stored }

        // Two renders that miss together both draw; the second result is dropped.
        let cache = try Self.rasterize(scene)
        return entries.withLockedValue { entries in
            if let existing = entries.caches.first(where: { $0.key == key }) {
                return existing.cache
            }
            entries.caches.append((key, cache))
            if entries.caches.count > capacity {
                entries.caches.removeFirst(entries.caches.count - capacity)
            }
            return cache
        }
    }

    /// How many lookups found screens already drawn.
    public var reuseCount: Int {
        entries.withLockedValue { $0.hits }
    }

    /// Rasterizes `scene`'s screens at its device's size and scale (no store involved).
    package static func rasterize(_ scene: Scene) throws -> ScreenCache {
        try ScreenCache(screens: scene.screenOrder.compactMap { scene.screens[$0] }, device: scene.device, tabBar: scene.tabs?.bar,
                        fonts: scene.fonts, layoutDirection: scene.layoutDirection)
    }

    private static func key(for scene: Scene) -> String {
        String(reflecting: (scene.screenOrder.compactMap { scene.screens[$0] }, scene.device, scene.appearance, scene.tabs?.bar,
                            scene.fonts, scene.layoutDirection))
    }
}
