import Geometry
import Interaction
import Scene

/// A finger, routed as UIKit's recognizers route it: a running, interruptible animation catches
/// it; else a sheet and its scroll view share it, a transition's gesture begins, a scroll view
/// scrolls, or, as a tap, it hits a tab, the back button, a bar button item or a row or cell.
extension TimelineBuilder {
    /// How far after a frame's time a touch sample may fall and still be that frame's: half a
    /// millisecond, what a time typed with three decimals can be off by (1/60 s typed 0.017 is
    /// 0.33 ms late, typed 0.016667 0.33 µs late; `at` plus an offset, 1.6 + 0.05, a rounding
    /// error late), and under half the interval of the fastest sampling a scene allows (1000 Hz).
    static let sampleTolerance = 0.0005

    /// A touch sample's absolute time: a sample at most `sampleTolerance` after a frame's time is
    /// moved onto it (exactly `Timeline.time(ofFrame:)`), so every event it causes — a scrub, a
    /// release, the touch indicator — shows on the frame it was written for; other times are kept.
    static func sampleTime(_ time: Double, fps: Int) -> Double {
        let rate = Double(fps)
        let below = (time * rate).rounded(.down)
        for frame in [below + 1, below] {
            let frameTime = frame / rate
            if frameTime <= time, time - frameTime <= sampleTolerance + 1e-9 { return frameTime }
        }
        return time
    }

    mutating func touch(_ samples: [TouchSample], entry: TimelineEntry) {
        // The loader counted the samples at the file's frame rate; a swipe synthesized at another
        // (`--fps`) has as many more as the rate rounds up to, so the limit is checked on these.
        if let problem = countSamples(samples.count) { fail(entry, problem) }
        let trace = samples.map { TouchPoint(time: Self.sampleTime(entry.time + $0.time, fps: scene.fps), location: $0.location) }
        gestures.record(entry, touchEffect(trace, entry: entry))
    }

    /// A tap entry: resolved to a point on the screen on top — a row or cell where its content
    /// is at that moment — then replayed as a finger (on content still decelerating, that finger
    /// only stops it: `movingScrollView(at:)`).
    mutating func tap(_ target: TapTarget, entry: TimelineEntry) {
        settle(before: entry.time)
        let now = AtRest(scene: scene, tree: tree, navigation: navigation, offsets: scrolling.offsets(at: entry.time))
        switch now.location(of: target, at: entry.time, running: active != nil) {
        case .failure(let refusal):
            fail(entry, refusal.message)
        case .success(let location):
            touch([TouchSample(time: 0, location: location), TouchSample(time: TapTarget.duration, location: location)], entry: entry)
        }
    }

    private mutating func touchEffect(_ trace: [TouchPoint], entry: TimelineEntry) -> GestureEffect {
        guard let down = trace.first, let up = trace.last else { return .nothing("it has no samples") }
        traces.append(trace)
        lastActivity = max(lastActivity, up.time)
        settle(before: down.time)
        let caught = movingScrollView(at: down)
        let springsBack = stopScroll(at: down.time, release: up.time) != nil

        var earliestBegin = -Double.infinity
        if let index = active {
            let driver = runs[index].driver
            if driver.isInterruptible, driver.completion != nil {
                return .run(catchRun(index, trace))
            }
            let what = "the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)'"
            guard let end = driver.completion?.time else { return .nothing("\(what) is held by another finger") }
            guard up.time > end else {
                return .nothing("\(what) runs until \(Wording.number(end)) s and cannot be interrupted, and this finger lifts at \(Wording.number(up.time)) s; start it after \(Wording.number(end)) s")
            }
            // UIKit's recognizers still watch the finger: one that begins once the transition
            // is over starts the next one.
            settle(before: end)
            earliestBegin = end
        }

        // The trace as a scroll view's pan recognizer sees it, for the sheet's scroll view and any other.
        let pan = PanRecognizer(bounds: bounds).recognize(trace)
        // A pan on a list or grid inside a sheet: the sheet and the scroll view share it.
        if let effect = sheetScroll(trace, pan, notBefore: earliestBegin) {
            return effect
        }

        // Idle: the gestures that can start a transition from here, the way back first.
        var reasons: [String] = []
        let candidates = GestureCandidate.all(at: atRest, transitions)
        for candidate in candidates {
            // A gesture of a navigation controller inside a sheet begins on the sheet.
            if let container = candidate.container, !container.frame.contains(down.location) {
                reasons.append("\(candidate.summary) did not begin: the touch went down at \(Wording.point(down.location)), outside the sheet it pops in (\(Wording.rect(container.frame)))")
                continue
            }
            let recognition = candidate.recognizer.recognize(candidate.container?.inside(trace) ?? trace)
            guard let began = recognition.events.first, let movement = recognition.movementAtBegin else {
                reasons.append("\(candidate.summary) did not begin: \(GestureCandidate.recognitionProblem(trace, candidate.recognizer))")
                continue
            }
            guard began.time >= earliestBegin else {
                reasons.append("\(candidate.summary) began at \(Wording.number(began.time)) s, while the transition before ran (until \(Wording.number(earliestBegin)) s)")
                continue
            }
            settle(before: began.time)
            guard active == nil else { continue }
            guard candidate.accepts(began, movement) else {
                reasons.append("it is not \(candidate.summary) (it began at \(Wording.point(began.location)) moving \(Wording.point(movement)))")
                continue
            }
            if let refusal = candidate.refusal {
                fail(entry, refusal)
                return .nothing(refusal)
            }
            var driver = candidate.make(began)
            for event in recognition.events.dropFirst() { driver.handle(event) }
            start(driver, transition: candidate.transition, stage: candidate.stage, pushed: candidate.pushed, at: began.time)
            recordRelease(of: runs.count - 1, at: recognition.events.last { $0.state == .ended }?.time ?? up.time)
            return .run(runs.count - 1)
        }

        // A pan no transition claims scrolls the scroll view under the finger.
        switch scroll(trace, pan, notBefore: earliestBegin) {
        case .scrolled(let index): return .scroll(index)
        case .declined(let why?): reasons.append(why)
        case .declined(nil): break
        }

        // A tap on a cell starts a style that grows out of it, on a row its action.
        let moved = trace.map { ($0.location - down.location).magnitude }.max() ?? 0
        if moved < 10, up.time - down.time < 0.5 {
            if let effect = barTap(at: down.location, time: up.time, entry: entry) { return effect }
            if let caught, springsBack {
                return .nothing("it catches '\(caught.key.view)' springing back from its edge, which goes on springing back when the finger lifts; the row or cell under it is not tapped")
            } else if let caught {
                return .acted("stops '\(caught.key.view)', which was still scrolling at \(Wording.number(down.time)) s (until \(Wording.number(caught.endTime)) s): a touch on a moving scroll view only stops it, and the row or cell under it is not tapped; tap after it comes to rest")
            }
            if let effect = presenterTap(at: down.location) { return effect }
            switch tap(at: down.location, time: up.time, down: down.time) {
            case .started(let index): return .run(index)
            case .refused(let refusal):
                fail(entry, refusal)
                return .nothing(refusal)
            case .missed: break
            }
            reasons.append("as a tap at \(Wording.point(down.location)) it hit no row or cell a transition is bound to ('tap: { list: ID }' on a transition) or grows out of" + atRest.whatActs())
        }
        if candidates.isEmpty && reasons.isEmpty || candidates.isEmpty {
            reasons.insert(atRest.noGestureHere(transitions), at: 0)
        }
        // A list the finger lands on that cannot scroll for want of an id is the likeliest cause: first.
        if let unnamed = atRest.unnamedScrollableView(at: down.location) { reasons.insert(unnamed, at: 0) }
        return .nothing(reasons.joined(separator: "; "))
    }

    /// The scroll view a finger going down at `down` lands on while it still moves on its own —
    /// decelerating, springing back from an edge or animating to an offset — its run; nil
    /// where none moves there. UIKit's scroll view pan recognizer begins at once on such a touch
    /// and holds back the touches of the content beneath (docs/uikit-semantics.md#scrolling), so
    /// the touch stops the scrolling and selects nothing.
    private func movingScrollView(at down: TouchPoint) -> ScrollRun? {
        guard let run = scrolling.moving(at: down.time),
              let hit = atRest.scrollView(at: down.location) ?? atRest.presenterScrollView(at: down.location), hit.key == run.key else { return nil }
        return run
    }

    /// A tap above a page sheet resting at or below its `largestUndimmedDetent`: with no dimming
    /// view there it reaches the screen the sheet was presented from (as a tap on a Maps card's
    /// map does). A row or cell bound to a transition from that screen does not start it: the
    /// screen is presenting the sheet, and UIKit refuses a second presentation from it ("Attempt
    /// to present … which is already presenting …", `present(_:animated:)`); a push under the
    /// sheet is not modelled. Nil where the tap is not there.
    private func presenterTap(at location: Point) -> GestureEffect? {
        let rest = atRest
        guard let presenter = rest.undimmedPresenter(at: location) else { return nil }
        for transition in transitions where transition.spec.from == presenter.screen {
            guard let trigger = transition.spec.tap,
                  let index = rest.presenterCell(at: location, list: trigger.list, of: presenter.screen),
                  trigger.index == nil || trigger.index == index else { continue }
            let what = "it taps item \(index) of '\(trigger.list)' on '\(presenter.screen)' beside the sheet '\(presenter.sheet)' (undimmed at this detent)"
            return .nothing(transition.style.presentations.contains(.modal)
                ? "\(what), but '\(presenter.screen)' is presenting '\(presenter.sheet)', and UIKit presents nothing more from it (\"Attempt to present … which is already presenting …\"); dismiss the sheet first"
                : "\(what); a push under a presented sheet is not modelled: dismiss the sheet first")
        }
        return .nothing("it lands on '\(presenter.screen)' beside the sheet '\(presenter.sheet)', which rests at or below its largestUndimmedDetent, so no dimming view takes the touch; nothing on '\(presenter.screen)' acts on a tap there")
    }

    /// The samples of a touch counted against `Limits.samples`: the problem, once, where they pass it.
    private mutating func countSamples(_ count: Int) -> String? {
        let before = sampleCount
        sampleCount += count
        guard sampleCount > Limits.samples, before <= Limits.samples else { return nil }
        return "the timeline's touches make \(sampleCount) samples at \(scene.fps) fps by this entry, over the limit of \(Limits.samples) samples; lower --fps or the swipes' 'rate'"
    }

    /// A touch landing on run `index`, a running, interruptible animation, catches it: a pan that
    /// begins drives it, a finger that only rests lets it go on when lifted. Returns `index`.
    private mutating func catchRun(_ index: Int, _ trace: [TouchPoint]) -> Int {
        guard let down = trace.first, let up = trace.last else { return index }
        runs[index].driver.interrupt(at: down.time)
        let container = runs[index].container
        let area = container.map { Rect(origin: .zero, size: $0.layout.size) } ?? bounds
        let recognizer = runs[index].driver.catchingRecognizer(bounds: area) ?? PanRecognizer(bounds: area)
        let recognition = recognizer.recognize(container?.inside(trace) ?? trace)
        if recognition.didBegin {
            for event in recognition.events { runs[index].driver.handle(event) }
        } else {
            runs[index].driver.resume(at: up.time)
        }
        recordRelease(of: index, at: recognition.events.last { $0.state == .ended }?.time ?? up.time)
        return index
    }

    /// A tap at `location` on a tab bar item or the back button: the tab switch or the pop it
    /// makes (at `time`, the finger's lift); nil where the tap hits neither.
    private mutating func barTap(at location: Point, time: Double, entry: TimelineEntry) -> GestureEffect? {
        guard active == nil else { return nil }
        // Where the tab bar is hidden (hidesBottomBarWhenPushed) or covered (a presentation), the
        // tap goes to what is there instead: the screen's rows and views.
        let rest = atRest
        if let index = rest.tabItem(at: location) {
            return selectTab(index, at: time, entry: entry)
        }
        if let frame = rest.backButtonFrame(), frame.contains(location) {
            back(navigation: true, entry: entry, at: time)
            return active.map(GestureEffect.run) ?? .acted("taps the back button")
        }
        if let item = rest.barItems().first(where: { $0.frame.contains(location) })?.item {
            guard let action = item.action else { return .nothing(rest.noAction(item)) }
            switch action {
            case .pop: back(navigation: true, entry: entry, at: time)
            case .dismiss: back(navigation: false, entry: entry, at: time)
            case .push(let screen): forward(to: screen, navigation: true, entry: entry, at: time)
            case .present(let screen): forward(to: screen, navigation: false, entry: entry, at: time)
            }
            // Where the action cannot run, its error is already at the entry.
            return active.map(GestureEffect.run) ?? .acted("taps '\(item.name)'")
        }
        if let toolbar = rest.toolbarFrame(), toolbar.contains(location) {
            return .nothing("it lands on the toolbar of '\(rest.top.screen)' between its items, which takes the touch from the content beneath")
        }
        return nil
    }

    /// `UITabBarController` selecting tab `index`: at once, without animation; the tab left keeps
    /// its navigation stack and the selected one shows its own as it was left. The selected tab
    /// tapped again shows its root (`reselectTab`).
    private mutating func selectTab(_ index: Int, at time: Double, entry: TimelineEntry) -> GestureEffect {
        let title = scene.tabs?.bar.items[index].title ?? "\(index)"
        guard index != navigation.selectedTab else { return reselectTab(index, title: title, at: time, entry: entry) }
        stopScroll(at: time)
        navigation.select(tab: index)
        noteRest(at: time)
        return .acted("switches to tab \(index) ('\(title)')")
    }

    /// The selected tab tapped again (docs/uikit-semantics.md#tab-bar-controllers): its navigation
    /// controller pops to its root with the animated pop (`popToRootViewController(animated: true)`:
    /// the top screen slides off straight onto the root, the screens between leave the stack
    /// unseen); at the root, its scroll view at the content top scrolls to the top, animated.
    private mutating func reselectTab(_ index: Int, title: String, at time: Double, entry: TimelineEntry) -> GestureEffect {
        if stack.count > 1 {
            navigation.skipToRoot()
            back(navigation: true, entry: entry, at: time)
            return active.map(GestureEffect.run) ?? .acted("pops tab \(index) ('\(title)') to its root")
        }
        stopScroll(at: time)
        guard let run = atRest.scrollToTop(at: time) else {
            return .nothing("tab \(index) ('\(title)') is already selected and shows its root '\(top.screen)' with nothing scrolled")
        }
        return .scroll(beginScroll(run))
    }

    /// A tap at `location`: on a row or cell a transition is bound to (`tap:`), that transition;
    /// on a cell a style grows out of, that style; nil when it hits none.
    private enum TapOutcome {
        /// It started the run with this index.
        case started(Int)
        /// It hit a row or cell whose transition shows a screen that is already shown.
        case refused(String)
        case missed
    }

    private mutating func tap(at location: Point, time: Double, down: Double) -> TapOutcome {
        guard active == nil else { return .missed }
        let rest = atRest
        let shown = rest.topShown()
        for transition in transitions where transition.spec.from == top.screen {
            guard let trigger = transition.spec.tap, let cell = rest.cell(at: location, list: trigger.list),
                  trigger.index == nil || trigger.index == cell.index else { continue }
            let style = transition.style
            let pushed = style.presentations.contains(.navigation)
            if let refusal = navigation.hierarchy.refusal(toShow: transition.spec.to, verb: pushed ? "push" : "present") { return .refused(refusal) }
            // A list row highlights as the finger lands and stays selected under the screen it brings.
            if shown.screen?.selecting(list: trigger.list, index: cell.index) != nil {
                navigation.stack[stack.count - 1].selectedRow = (trigger.list, cell.index)
                if down < time { segments.append(.idle(start: down, nodes: atRest.restingNodes())) }
            }
            let stage = atRest.sourceStage(above: transition.spec.to, cell: style.sourceCellSetting == nil ? nil : (trigger.list, cell.image),
                                           pushed: pushed)
            start(transition.animated(stage, forward: true, at: time), transition: transition, stage: stage, pushed: pushed, at: time)
            return .started(runs.count - 1)
        }
        for transition in transitions where transition.spec.from == top.screen {
            guard let key = transition.style.sourceCellSetting else { continue }
            let list = transition.settings.cell(key)?.list ?? ""
            guard let cell = rest.cell(at: location, list: list) else { continue }
            // A screen filled from the tapped item: the transition to that item's screen.
            if let filled = transition.spec.filled, filled.index != cell.index { continue }
            let pushed = transition.style.presentations.contains(.navigation)
            if let refusal = navigation.hierarchy.refusal(toShow: transition.spec.to, verb: pushed ? "push" : "present") { return .refused(refusal) }
            let stage = rest.sourceStage(above: transition.spec.to, cell: (list, cell.image), pushed: pushed)
            start(transition.animated(stage, forward: true, at: time), transition: transition, stage: stage, pushed: pushed, at: time)
            return .started(runs.count - 1)
        }
        return .missed
    }
}
