import Scene

/// The scroll views as the replay moves them: their offsets at rest, every run a finger, a tap on
/// the tab bar or a `scroll:` entry started, the one still moving, and the pans on a sheet's
/// scroll views the sheet's arbitration remembers. The replay adds the segments each change shows.
struct ScrollReplay {
    /// The scroll views' offsets as they rest now (a moving one's where its run ends).
    var offsets = ScrollOffsets()
    /// Every finger that scrolled a scroll view, in time order.
    private(set) var runs: [ScrollRun] = []
    /// The scroll run still moving, if any.
    private(set) var active: Int?
    /// When the last pan on each scroll view of a sheet lifted (`SheetScrollArbitration.minimumSwipeInterval`).
    private var panEnds: [ScrollOffsets.Key: Double] = [:]
    /// The scroll views a gesture scrolled.
    private(set) var scrolledViews: Set<ScrollOffsets.Key> = []
    /// The timeline entry being replayed: each run begun is stamped with it (`ScrollRun.entry`).
    var entry = 0

    /// The offsets as the content shows them at `time`: the moving run's where it is then.
    func offsets(at time: Double) -> ScrollOffsets {
        guard let index = active else { return offsets }
        var shown = offsets
        shown[runs[index].key] = runs[index].offset(at: time)
        return shown
    }

    /// Run `run` starts: it moves until it rests or a touch or a transition stops it. Returns its index.
    mutating func begin(_ run: ScrollRun) -> Int {
        var run = run
        run.entry = entry
        runs.append(run)
        active = runs.count - 1
        scrolledViews.insert(run.key)
        return runs.count - 1
    }

    /// The run moving on its own at `time` as UIKit's scroll view counts it (`ScrollRun.isDecelerating(at:)`), if any.
    func moving(at time: Double) -> ScrollRun? {
        guard let index = active, runs[index].isDecelerating(at: time) else { return nil }
        return runs[index]
    }

    /// The moving run, if it ends by `time`.
    func ending(before time: Double) -> Bool {
        active.map { runs[$0].endTime <= time } ?? false
    }

    /// The moving scroll view comes to rest: its offset is kept. Returns the run that rested.
    mutating func finish() -> ScrollRun? {
        guard let index = active else { return nil }
        offsets[runs[index].key] = runs[index].restingOffset
        active = nil
        return runs[index]
    }

    /// A touch or a transition at `time` stops the moving run (`UIScrollView` stops decelerating
    /// when touched), which rests where it is. A finger that lands while the content springs back
    /// from past an edge catches it there and, lifted at `release`, lets it spring back from where
    /// it holds it (docs/uikit-semantics.md#scrolling): that spring-back's run is begun and returned.
    mutating func stop(at time: Double, release: Double?, scale: Double) -> (stopped: ScrollRun?, springBack: Int?) {
        guard let index = active else { return (nil, nil) }
        runs[index].stop(at: time)
        let stopped = finish()
        let caught = runs[index]
        guard let release, !caught.geometry.range.contains(caught.restingOffset) else { return (stopped, nil) }
        var springBack = ScrollRun(key: caught.key, geometry: caught.geometry, caught: caught.restingOffset, releasedAt: max(release, time), scale: scale)
        springBack.entry = entry
        runs.append(springBack)
        active = runs.count - 1
        return (stopped, runs.count - 1)
    }

    /// A transition starts over run `run` springing back: the view rests, as far as the replay
    /// goes on, where it ends; the timeline moves it under the transition.
    mutating func handOver(_ run: Int) {
        active = nil
        offsets[runs[run].key] = runs[run].restingOffset
    }

    /// A run springing back under a transition that ended at `time` goes on moving from there.
    mutating func resume(_ run: Int) {
        active = run
    }

    /// Whether a pan on `key` beginning at `time` comes within the sheet's minimum swipe interval
    /// of the last one on it (the scroll view's alone then); the pan lifting at `lift` is remembered.
    mutating func quickPan(on key: ScrollOffsets.Key, beganAt time: Double, liftsAt lift: Double) -> Bool {
        let quick = panEnds[key].map { time - $0 < SheetScrollArbitration.minimumSwipeInterval } ?? false
        panEnds[key] = lift
        return quick
    }
}
