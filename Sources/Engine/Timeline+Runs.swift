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
    /// Whether it finished (true) or was cancelled; false also for a run a finger still holds when the scene ends.
    public var finished: Bool
    /// Whether it completed before the scene ended (false: a finger still holds it).
    public var completed: Bool
    /// The timeline entry (index in `scene.timeline`) that started it.
    public var entry: Int
    /// Whether it moves toward `destination` (a push or present) rather than back (a pop or dismiss).
    public var isForward: Bool
    /// Whether it runs inside a navigation controller (a push or pop) rather than modally.
    public var pushed: Bool
    /// The detent a sheet settles at when the run moves it between detents instead of
    /// dismissing it (`large`, `medium`, `custom`); nil for any other run.
    public var detent: String? = nil

    /// What it does in one word: push, pop, present, dismiss, or detent (a sheet moved between detents).
    public var verb: String {
        if detent != nil { return "detent" }
        switch (isForward, pushed) {
        case (true, true): return "push"
        case (true, false): return "present"
        case (false, true): return "pop"
        case (false, false): return "dismiss"
        }
    }

    /// The screen it brings in (forward) or takes away (back).
    public var movingScreen: String { isForward ? destination : source }
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
    /// The detent a sheet set off to when the release moves it between detents rather than
    /// back where it was; nil otherwise.
    public var detent: String? = nil
}

extension Timeline {
    /// Every transition that ran, in order.
    public var runs: [TransitionRun] {
        replayed.enumerated().map { index, replayed in
            let driver = replayed.driver
            let start = segments.first { if case .transition(_, let i) = $0 { return i == index } else { return false } }?.start ?? 0
            let completion = driver.completion ?? (time: duration, finished: false)
            return TransitionRun(index: index, style: driver.styleName, source: driver.source, destination: driver.destination,
                                 start: start, end: completion.time, finished: completion.finished,
                                 completed: driver.completion != nil, entry: replayed.entry, isForward: driver.isForward,
                                 pushed: replayed.pushed, detent: driver.completion == nil ? nil : driver.detentChange)
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

    /// The first frame that shows run `index` settled — the first at or after its completion;
    /// nil when there is no such run, a finger still holds it, or it completes after the last frame.
    public func settledFrame(ofRun index: Int) -> Int? {
        guard let run = runs.first(where: { $0.index == index }), run.completed else { return nil }
        // A frame shows what starts no more than 1e-9 s after its time (`state(at:)`).
        let frame = max(Int(saturating: ((run.end - 1e-9) * Double(scene.fps)).rounded(.up)), 0)
        return frame < frameCount ? frame : nil
    }
}

/// One scroll view moved by a finger, a `scroll:` entry or a tap on the status bar or tab bar,
/// as it ran in the timeline.
public struct ScrollRunSummary: Hashable, Sendable {
    public var screen: String
    /// The scroll view's id.
    public var view: String
    /// The timeline entry (index in `scene.timeline`) that started it.
    public var entry: Int
    /// When the content began to move, when the finger lifted (an animated scroll: when it
    /// started), and when the content came to rest or was stopped.
    public var start: Double
    public var release: Double
    public var end: Double
    /// Whether a finger dragged it (false: an animated scroll, or a caught spring-back).
    public var dragged: Bool
    /// The offset along its axis it rests at.
    public var restingOffset: Double
}

extension Timeline {
    /// Every scroll run, in the order they began.
    public var scrollRuns: [ScrollRunSummary] {
        scrolls.map { run in
            ScrollRunSummary(screen: run.key.screen, view: run.key.view, entry: run.entry, start: run.beginTime,
                             release: run.releaseTime, end: run.endTime, dragged: !run.drag.isEmpty, restingOffset: run.restingOffset)
        }
    }
}
