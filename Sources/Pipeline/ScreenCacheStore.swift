import Foundation
import Raster
import Scene

/// Rasterized screens shared between the renders of one process (a batch): scenes whose screens,
/// device and appearance are the same value reuse one `ScreenCache` instead of drawing them again.
///
/// Holds at most `capacity` caches, dropping the least recently used; a render keeps its own
/// reference, so dropping never affects a render in progress. Thread-safe.
public final class ScreenCacheStore: @unchecked Sendable {
    /// The most caches kept at once.
    public let capacity: Int

    private let lock = NSLock()
    /// Guarded by `lock`: most recently used last.
    private var entries: [(key: String, cache: ScreenCache)] = []
    /// Guarded by `lock`: lookups answered from the store, for statistics.
    private var hits = 0

    public init(capacity: Int = 4) {
        self.capacity = max(1, capacity)
    }

    /// The screens of `scene`, from the store when an earlier render drew the same ones.
    ///
    /// The key is the full value description of the screen specs, device and appearance:
    /// every stored property, doubles printed exactly, image files by path and size.
    public func screens(for scene: Scene) throws -> ScreenCache {
        let key = Self.key(for: scene)
        lock.lock()
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            hits += 1
            lock.unlock()
            return entry.cache
        }
        lock.unlock()

        // Two renders that miss together both draw; the second result is dropped.
        let cache = try Self.rasterize(scene)
        lock.lock()
        defer { lock.unlock() }
        if let existing = entries.first(where: { $0.key == key }) {
            return existing.cache
        }
        entries.append((key, cache))
        if entries.count > capacity {
            entries.removeFirst(entries.count - capacity)
        }
        return cache
    }

    /// How many lookups found screens already drawn.
    public var reuseCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return hits
    }

    /// Rasterizes `scene`'s screens at its device's size and scale (no store involved).
    static func rasterize(_ scene: Scene) throws -> ScreenCache {
        try ScreenCache(screens: scene.screenOrder.compactMap { scene.screens[$0] }, device: scene.device)
    }

    private static func key(for scene: Scene) -> String {
        String(reflecting: (scene.screenOrder.compactMap { scene.screens[$0] }, scene.device, scene.appearance))
    }
}
