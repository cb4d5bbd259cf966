import Engine
import Foundation
import Scene

/// One of `count` deterministic parts of a folder command (`segue batch --shard 2/4`,
/// `segue snapshot --shard 2/4`), so that `count` machines — a CI matrix, a Kubernetes Indexed
/// Job, GitLab's `parallel:` — split a folder between them without overlap.
///
/// The parts are balanced by each scene's estimated cost (`SceneCost`: frames × pixels, read
/// from the scene file alone, nothing rendered) with the longest-processing-time-first rule:
/// scenes sorted by cost, most expensive first (ties by path), each given to the part with the
/// least cost so far (ties to the lowest part). Every machine that sees the same files makes the
/// same parts, and the parts together hold every scene exactly once. The rule's largest part is
/// at most 4/3 of the best possible (Graham, "Bounds on multiprocessing timing anomalies", SIAM
/// J. Appl. Math. 17(2), 1969); a part can only exceed the mean by one scene's cost, so the
/// parts are even unless one scene outweighs a part's share.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// The whole folder.
    public static let all = Shard(uncheckedIndex: 1, count: 1)

    /// `i/n` with 1 <= i <= n; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, count <= Self.maximumCount, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    private init(uncheckedIndex: Int, count: Int) {
        self.index = uncheckedIndex
        self.count = count
    }

    /// More parts than any CI matrix runs (GitHub allows 256 jobs, GitLab's `parallel:` 200).
    public static let maximumCount = 10_000

    /// The usage error for a `--shard` value that is not `i/n`.
    public static let usage = "--shard must be i/n with 1 <= i <= n <= \(maximumCount), e.g. 2/4"

    public var description: String { "\(index)/\(count)" }

    /// The items of this part, in their given order. `key` names an item the same way on every
    /// machine (its path relative to the folder given); `cost` is only asked for when there is
    /// more than one part.
    public func select<Item>(_ items: [Item], key: (Item) -> String, cost: (Item) -> Double) -> [Item] {
        guard count > 1 else { return items }
        let parts = Self.assign(items.map { (key($0), cost($0)) }, count: count)
        return zip(items, parts).filter { $0.1 == index }.map(\.0)
    }

    /// The part (1-based) of each job, by the longest-processing-time-first rule.
    public static func assign(_ jobs: [(key: String, cost: Double)], count: Int) -> [Int] {
        let order = jobs.indices.sorted { a, b in
            let ca = sanitized(jobs[a].cost), cb = sanitized(jobs[b].cost)
            if ca != cb { return ca > cb }
            return Array(jobs[a].key.utf8).lexicographicallyPrecedes(Array(jobs[b].key.utf8))
        }
        var loads = [Double](repeating: 0, count: max(count, 1))
        var parts = [Int](repeating: 1, count: jobs.count)
        for job in order {
            // The least-loaded part; the first of equals.
            var least = 0
            for part in loads.indices where loads[part] < loads[least] { least = part }
            loads[least] += sanitized(jobs[job].cost)
            parts[job] = least + 1
        }
        return parts
    }

    /// A cost that sorts and adds: not negative, not NaN, finite.
    private static func sanitized(_ cost: Double) -> Double {
        cost.isFinite ? max(cost, 0) : cost == .infinity ? .greatestFiniteMagnitude : 0
    }
}

/// How much work a scene is, estimated from its file alone: the frames a command renders × the
/// pixels of each, at the command line's `--fps` and `--scale`.
public enum SceneCost {
    /// Which frames a command renders of a scene. `segue batch` renders every frame of the video
    /// (`.video`); the Snapshots module adds `.snapshots`, the snapshot points.
    public struct Work: Sendable {
        /// The number of frames rendered of a scene and its timeline.
        public let frames: @Sendable (Scene, Timeline) -> Int

        public init(frames: @escaping @Sendable (Scene, Timeline) -> Int) {
            self.frames = frames
        }

        /// `segue batch`: every frame of the video.
        public static let video = Work { _, timeline in timeline.frameCount }
    }

    /// The cost of the scene at `url`; a scene that does not load costs one pixel (it fails at
    /// once), so it still lands in exactly one part.
    public static func estimate(_ url: URL, settings: RenderSettings, work: Work) -> Double {
        guard let scene = try? SceneFile.load(url.path, settings: settings),
              let timeline = try? Timeline(scene: scene) else { return 1 }
        let pixels = (scene.device.size.width * scene.device.scale).rounded() * (scene.device.size.height * scene.device.scale).rounded()
        return max(Double(work.frames(scene, timeline)) * pixels, 1)
    }
}
