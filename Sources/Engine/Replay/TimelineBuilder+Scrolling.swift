import Geometry
import Interaction
import Scene

/// Scrolling in the replay: a pan no transition claims scrolls the scroll view under it, a pan on
/// a sheet's scroll view is shared with the sheet, and `scroll:` entries scroll to a row; each
/// run's beginning and end is a segment of the timeline.
extension TimelineBuilder {
    enum ScrollAttempt {
        case scrolled(Int)
        /// Not a scroll, and why where the finger was on a scroll view.
        case declined(String?)
    }

    /// A pan no transition claimed, on a scroll view of the top screen: it scrolls it, as
    /// `UIScrollView`'s pan gesture recognizer does. A scroll view takes only a pan that begins
    /// moving mostly along its axis (a vertical one ignores a mostly sideways pan, a horizontal one
    /// a mostly vertical pan), which goes to a scroll view of that axis under it, if any
    /// (docs/uikit-semantics.md#scrolling). A screen scrolls that fills the screen at rest or is a sheet.
    mutating func scroll(_ trace: [TouchPoint], _ recognition: PanRecognition, notBefore earliest: Double) -> ScrollAttempt {
        guard active == nil, let down = trace.first else { return .declined(nil) }
        let rest = atRest
        let axis: ScrollAxis? = recognition.movementAtBegin.map { ScrollAxis.dominant(in: $0) }
        guard let hit = rest.scrollView(at: down.location, axis: axis) ?? rest.scrollView(at: down.location)
            ?? rest.presenterScrollView(at: down.location, axis: axis) ?? rest.presenterScrollView(at: down.location)
        else { return .declined(nil) }
        // A toolbar or the tab bar lies over the content: a finger that lands on it is the bar's, not the list's.
        if let why = rest.bottomBarTakes(down.location, over: hit) { return .declined(why) }
        return scroll(hit, recognition, notBefore: earliest)
    }

    /// The pan `recognition` on scroll view `hit` of the top screen scrolls it, unless it began
    /// moving mostly across its axis or before `earliest`, or its content cannot scroll.
    private mutating func scroll(_ hit: AtRest.ScrollHit, _ recognition: PanRecognition, notBefore earliest: Double) -> ScrollAttempt {
        if case .declined(let why) = atRest.answer(to: recognition, on: hit, notBefore: earliest) { return .declined(why) }
        guard let began = recognition.events.first else { return .declined(nil) }
        // This finger holds content it caught past an edge: from here its pan moves it.
        stopScroll(at: began.time)
        return .scrolled(beginScroll(ScrollRun(key: hit.key, geometry: hit.geometry, offset: scrolling.offsets[hit.key], recognition: recognition,
                                               scale: scene.device.scale)))
    }

    /// A pan on a list or grid inside a resting sheet — of the sheet's root screen or of a screen
    /// pushed inside it — shared as UIKit's sheet interaction shares it with the scroll view
    /// (docs/uikit-semantics.md#a-scroll-view-inside-a-sheet): begun with the content scrolled
    /// down, the scroll view's alone; begun at its top, a downward pan drags the sheet and an
    /// upward one raises it to its largest detent (`prefersScrollingExpandsWhenScrolledToEdge`)
    /// before the content scrolls (`SheetScrollArbitration`); begun within 0.4 s of the last pan on
    /// it, the scroll view's alone (`MinimumSheetSwipeInterval`). Nil where this is not such a pan:
    /// a content that cannot scroll (no taller than the view, and not always bouncing), a pan that
    /// never began or began sideways or too early, which the sheet's own pan and the scroll view's
    /// answer as elsewhere.
    mutating func sheetScroll(_ trace: [TouchPoint], _ recognition: PanRecognition, notBefore earliest: Double) -> GestureEffect? {
        let rest = atRest
        guard active == nil, let resting = rest.restingSheet(), let down = trace.first,
              let hit = rest.scrollView(at: down.location, axis: .vertical), hit.geometry.scrolls,
              rest.bottomBarTakes(down.location, over: hit) == nil
        else { return nil }
        let (geometry, key) = hit
        guard let began = recognition.events.first, let movement = recognition.movementAtBegin,
              ScrollAxis.dominant(in: movement) == .vertical, began.time >= earliest else { return nil }
        // A pan begun soon after the last one on this scroll view is its alone while the sheet rests.
        let quick = scrolling.quickPan(on: key, beganAt: began.time, liftsAt: recognition.up.time)
        if scrolling.offsets[key] > geometry.range.lowerBound + 1e-9 || quick {
            // The sheet follows only a pan that began with the content at its top.
            if case .scrolled(let index) = scroll(hit, recognition, notBefore: earliest) { return .scroll(index) }
            return nil
        }
        let sheet = resting.driver, level = resting.level
        let largest = sheet.geometry.detentTops(bounds).min() ?? sheet.restTop
        let room = sheet.rules.scrollingExpands ? max(sheet.restTop - largest, 0) : 0
        let phases = SheetScrollArbitration(room: room).phases(recognition.events)
        var sheetRuns: [Int] = [], scrolled: [Int] = []
        for (index, phase) in phases.enumerated() {
            guard let first = phase.events.first else { continue }
            settle(before: first.time)
            switch phase.owner {
            case .sheet:
                // The presentation as the phase before left it (raised to another detent).
                guard let transition = stack[level].transition, let stage = stack[level].stage,
                      let gesture = transition.gesture(stage, forward: false) else { continue }
                var driver = gesture.make(first)
                for event in phase.events.dropFirst() { driver.handle(event) }
                start(driver, transition: transition, stage: stage, pushed: false, at: first.time)
                sheetRuns.append(runs.count - 1)
                // A hand-over to the scroll view is no lift: only the last phase ends with the finger.
                if index == phases.count - 1 { recordRelease(of: runs.count - 1, at: phase.events.last?.time ?? recognition.up.time) }
            case .scroll:
                stopScroll(at: first.time)
                scrolled.append(beginScroll(ScrollRun(key: key, geometry: geometry, offset: scrolling.offsets[key], events: phase.events,
                                                      lift: recognition.up.time, scale: scene.device.scale)))
            }
        }
        return .shared(runs: sheetRuns, scrolls: scrolled)
    }

    /// `scroll: { list, to }`: the row or cell brought into view, animated (`AtRest.scrollRun(to:at:)`).
    mutating func scroll(to target: ScrollTarget, entry: TimelineEntry) {
        settle(before: entry.time)
        guard checkIdle(entry, "scroll '\(target.list)'") else { return }
        stopScroll(at: entry.time)
        switch atRest.scrollRun(to: target, at: entry.time) {
        case .failure(let refusal): fail(entry, refusal.message)
        case .success(let run): _ = beginScroll(run)
        }
    }

    /// Scroll run `run` starts: it moves until it rests or a touch or a transition stops it. Returns its index.
    mutating func beginScroll(_ run: ScrollRun) -> Int {
        let index = scrolling.begin(run)
        segments.append(.scroll(start: run.beginTime, run: index, layout: atRest.restingLayout(), offsets: scrolling.offsets))
        lastActivity = max(lastActivity, run.endTime)
        return index
    }

    /// The moving scroll view comes to rest: its offset is kept and the screen is at rest again.
    mutating func finishScroll() {
        guard let run = scrolling.finish() else { return }
        rested(run)
    }

    /// Scroll run `run` rested: the screen is at rest from its end.
    private mutating func rested(_ run: ScrollRun) {
        lastActivity = max(lastActivity, run.endTime)
        segments.append(.idle(start: run.endTime, nodes: atRest.restingNodes()))
    }

    /// A touch or a transition at `time` stops a scroll view still moving (`ScrollReplay.stop`);
    /// content a finger catches past an edge springs back once it lifts at `release`. Returns that
    /// spring-back's run.
    @discardableResult
    mutating func stopScroll(at time: Double, release: Double? = nil) -> Int? {
        let (stopped, springBack) = scrolling.stop(at: time, release: release, scale: scene.device.scale)
        if let stopped { rested(stopped) }
        guard let springBack else { return nil }
        let run = scrolling.runs[springBack]
        segments.append(.scroll(start: time, run: springBack, layout: atRest.restingLayout(), offsets: scrolling.offsets))
        lastActivity = max(lastActivity, run.endTime)
        return springBack
    }
}
