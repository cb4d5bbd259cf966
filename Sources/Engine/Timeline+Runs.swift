import Geometry

/// One transition as it ran in the timeline.
public struct TransitionRun: Hashable, Sendable {
    /// 0-based, in the order the runs started.
    public var index: Int
    public var style: String
    public var source: String
    public var destination: String
    /// When it started and completed (seconds).
    public var start: Double
    public var end: Double
    /// Whether it finished (true) or was cancelled.
    public var finished: Bool
}

/// A finger lifting off a transition it held, and what the transition decided then: to
/// finish or to cancel. A run caught again mid-animation has one release per lift, each with
/// its own decision; the run's `finished` is the last one's.
public struct TransitionRelease: Hashable, Sendable {
    /// The run's `index`.
    public var run: Int
    /// When the finger lifted (the pan's `.ended`), in seconds.
    public var time: Double
    /// Whether the transition set off to finish (true) or to cancel.
    public var finishes: Bool
}

extension Timeline {
    /// Every transition that ran, in order.
    public var runs: [TransitionRun] {
        drivers.enumerated().map { index, driver in
            let start = segments.first { if case .transition(_, let i) = $0 { return i == index } else { return false } }?.start ?? 0
            let completion = driver.completion ?? (time: duration, finished: false)
            return TransitionRun(index: index, style: driver.styleName, source: driver.source, destination: driver.destination,
                                 start: start, end: completion.time, finished: completion.finished)
        }
    }

    /// The first frame at which run `index` shows at least `progress`, or the run's last frame
    /// if it never does (a cancelled gesture); nil if there is no such run.
    public func frame(whereRun index: Int, reaches progress: Double) -> Int? {
        guard let run = runs.first(where: { $0.index == index }) else { return nil }
        let fps = Double(scene.fps)
        let first = max(0, Int(saturating: (run.start * fps - 1e-6).rounded(.up)))
        let last = min(frameCount - 1, Int(saturating: (run.end * fps + 1e-6).rounded(.down)))
        guard first <= last else { return min(first, frameCount - 1) }
        for frame in first...last {
            let state = self.state(frame: frame)
            if state.transition != nil, let p = state.progress, p >= progress - 1e-9 { return frame }
        }
        return last
    }
}
