import Foundation
import Geometry
import Interaction
import Motion
import Scene

/// Replays a scene's timeline entries in order, keeping the navigation state, and records
/// the segments and transition drivers a `Timeline` evaluates.
struct TimelineBuilder {
    let scene: Scene
    private(set) var segments: [Timeline.Segment] = []
    private(set) var drivers: [any TransitionDriver] = []
    private(set) var traces: [[TouchPoint]] = []
    /// Where each driver's screens sit relative to navigation bars, by driver index.
    private(set) var contexts: [Timeline.BarContext] = []
    /// The last moment anything moves or a finger lifts.
    private(set) var lastActivity = 0.0
    /// Every lift of a finger that held a transition, with the decision taken then.
    private(set) var releases: [TransitionRelease] = []
    /// The timeline entry (index in `scene.timeline`) that started each driver, and whether the
    /// driver runs inside a navigation controller (push or pop), by driver index.
    private(set) var driverOrigins: [(entry: Int, pushed: Bool)] = []
    /// The entry being replayed.
    private var currentEntry = 0
    /// The touch samples replayed so far, synthesized swipes included, against `Limits.samples`.
    private var sampleCount = 0
    /// The scroll views' offsets as they rest now (a moving one's where its run ends).
    private var offsets = ScrollOffsets()
    /// Every finger that scrolled a scroll view, in time order.
    private(set) var scrolls: [ScrollRun] = []
    /// The scroll run still moving, if any.
    private var activeScroll: Int?
    /// The scroll views' offsets while each driver runs, by driver index.
    private(set) var driverOffsets: [ScrollOffsets] = []
    /// The scroll views a gesture scrolled.
    private(set) var scrolledViews: Set<ScrollOffsets.Key> = []

    /// One screen of the navigation stack and the transition that brought it (nil for the root).
    struct Entry {
        var screen: String
        var transition: Transition?
        var stage: TransitionStage?
        /// Pushed inside the navigation controller below it (true), or presented over it (false).
        var pushed = false
    }

    private var stack: [Entry]
    private var active: Int?
    /// Where each driver's stage came from, to push its entry when it finishes.
    private var runs: [(transition: Transition, stage: TransitionStage, pushed: Bool)] = []
    /// The scene's transitions with their styles resolved and settings decoded.
    private var transitions: [Transition] = []
    private var diagnostics: [Diagnostic] = []

    private var bounds: Rect { scene.device.bounds }
    let tree: SceneTree

    init(scene: Scene, text: any TextMeasuring, layouts: ScreenLayouts, tree: SceneTree? = nil) {
        self.scene = scene
        self.tree = tree ?? SceneTree(scene: scene, text: text, layouts: layouts)
        stack = [Entry(screen: scene.root)]
        segments = []
        segments = [.idle(start: -.infinity, nodes: restingNodes())]
    }

    /// A scene transition with its style resolved and its settings decoded.
    struct Transition: Sendable {
        var spec: TransitionSpec
        var style: any TransitionStyleDefinition
        var settings: SettingValues

        /// The style and run that play `stage` in a direction: UIKit's own push or pop
        /// (`SystemPush.fallback`) where the style has no animator for it, else the style's own.
        /// Every hook the timeline asks goes through here, so no style forwards the fallback itself.
        func resolved(_ stage: TransitionStage, forward: Bool) -> (style: any TransitionStyleDefinition, run: StyleRun) {
            let run = StyleRun(settings: settings, stage: stage, forward: forward)
            guard style.usesSystemAnimator(forward: forward) else { return (style, run) }
            let system = SystemPush.fallback(for: style.name, run)
            return (system.style, system.run)
        }

        func animated(_ stage: TransitionStage, forward: Bool, at time: Double) -> any TransitionDriver {
            let (style, run) = resolved(stage, forward: forward)
            return style.animated(run, at: time)
        }

        func gesture(_ stage: TransitionStage, forward: Bool) -> StyleGesture? {
            let (style, run) = resolved(stage, forward: forward)
            return style.gesture(run)
        }

        func resting(_ stage: TransitionStage) -> [Placement]? {
            let (style, run) = resolved(stage, forward: true)
            return style.resting(run)
        }

        func barTransition(_ stage: TransitionStage, forward: Bool) -> BarTransition {
            let (style, run) = resolved(stage, forward: forward)
            return style.barTransition(run)
        }
    }

    /// Resolves every transition's style by name and decodes its settings; every problem is a
    /// located diagnostic.
    private mutating func resolveTransitions() {
        let registry = StyleRegistry(scene: scene)
        diagnostics += StyleRegistry.problems(scene: scene)
        for spec in scene.transitions {
            guard let style = registry.style(named: spec.style) else {
                let names = registry.names
                let hint = Diagnostic.closest(to: spec.style, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                diagnostics.append(Diagnostic(location: spec.styleLocation, message:
                    "unknown transition style '\(spec.style)'\(hint); expected one of: \(names.joined(separator: ", ")), or a style declared under 'styles'"))
                continue
            }
            let (settings, problems) = spec.settings.decode(style.settings, style: style.name)
            diagnostics += problems
            if let custom = style as? CustomStyle {
                diagnostics += custom.problems(from: spec.from, to: spec.to, transition: spec.location)
            }
            transitions.append(Transition(spec: spec, style: style, settings: settings))
        }
    }

    mutating func run() throws {
        resolveTransitions()
        if !diagnostics.isEmpty { throw SceneError(diagnostics) }
        for (index, entry) in scene.timeline.enumerated() {
            currentEntry = index
            switch entry.action {
            case .present(let screen): forward(to: screen, navigation: false, entry: entry)
            case .push(let screen): forward(to: screen, navigation: true, entry: entry)
            case .dismiss: back(navigation: false, entry: entry)
            case .pop: back(navigation: true, entry: entry)
            case .touch, .swipe: touch(entry.samples(framesPerSecond: scene.fps) ?? [], entry: entry)
            case .tap(let target): tap(target, entry: entry)
            case .scroll(let target): scroll(to: target, entry: entry)
            }
        }
        settle(before: .infinity)
        checkGestures()
        if !diagnostics.isEmpty { throw SceneError(diagnostics.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }) }
    }

    private var top: Entry { stack[stack.count - 1] }

    // MARK: Actions

    private mutating func forward(to screen: String, navigation: Bool, entry: TimelineEntry) {
        let verb = navigation ? "push" : "present"
        settle(before: entry.time)
        guard checkIdle(entry, "\(verb) '\(screen)'") else { return }
        guard let transition = transitions.first(where: { $0.spec.from == top.screen && $0.spec.to == screen }) else {
            let known = transitions.filter { $0.spec.from == top.screen }.map(\.spec.to)
            let hint = known.isEmpty ? "no transition starts at '\(top.screen)'" : "transitions from '\(top.screen)' go to: \(known.joined(separator: ", "))"
            fail(entry, "cannot \(verb) '\(screen)' at \(format(entry.time)) s: '\(top.screen)' is on screen and no transition goes from '\(top.screen)' to '\(screen)' (\(hint)); add one under 'transitions'")
            return
        }
        let style = transition.style
        guard style.presentations.contains(navigation ? .navigation : .modal) else {
            let isNavigation = style.presentations.contains(.navigation)
            fail(entry, "cannot \(verb) '\(screen)': its transition is \(style.name), a \(isNavigation ? "navigation" : "modal") style; use '\(isNavigation ? "push" : "present"): \(screen)'")
            return
        }
        var source: (list: String, image: Rect)?
        if let key = style.sourceCellSetting {
            let cell = transition.settings.cell(key) ?? CellReference(list: "", index: 0)
            guard let frame = CellLocator.imageFrame(in: scene.screens[top.screen], cell: cell, device: scene.device)?
                .offsetBy(dx: 0, dy: -offsets[ScrollOffsets.Key(screen: top.screen, view: cell.list)]) else {
                fail(entry, "cannot \(verb) '\(screen)' with \(style.name): '\(top.screen)' has no cell \(cell.index) in a list or grid with id '\(cell.list)'; set the transition's '\(key): { list: ID, index: N }'")
                return
            }
            source = (cell.list, frame)
        }
        let stage = sourceStage(above: screen, cell: source)
        start(transition.animated(stage, forward: true, at: entry.time), transition: transition, stage: stage,
              pushed: navigation, at: entry.time)
    }

    private mutating func back(navigation: Bool, entry: TimelineEntry) {
        let verb = navigation ? "pop" : "dismiss"
        settle(before: entry.time)
        guard checkIdle(entry, verb) else { return }
        guard stack.count > 1, let transition = top.transition, let stage = top.stage else {
            fail(entry, navigation
                 ? "cannot pop at \(format(entry.time)) s: '\(top.screen)' is the root of the navigation stack"
                 : "cannot dismiss at \(format(entry.time)) s: nothing is presented ('\(top.screen)' is the root screen)")
            return
        }
        guard top.pushed == navigation else {
            fail(entry, "cannot \(verb) '\(top.screen)': it was \(top.pushed ? "pushed" : "presented") with \(transition.style.name); use '\(top.pushed ? "pop" : "dismiss"): true'")
            return
        }
        start(transition.animated(stage, forward: false, at: entry.time), transition: transition,
              stage: stage, pushed: top.pushed, at: entry.time)
    }

    private mutating func checkIdle(_ entry: TimelineEntry, _ what: String) -> Bool {
        guard let index = active else { return true }
        let driver = drivers[index]
        let until = driver.completion.map { "until \(format($0.time)) s" } ?? "held by a finger"
        fail(entry, "cannot \(what) at \(format(entry.time)) s: the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)' is still running (\(until)); move this entry later")
        return false
    }

    // MARK: Touches

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

    /// What a finger did: the run it started or caught, or why it did nothing.
    enum GestureEffect {
        case run(Int)
        /// It scrolled `scrolls[index]`.
        case scroll(Int)
        case nothing(String)
    }

    /// Every gesture entry and what it did, checked against `expect:` once the replay is over.
    private var gestures: [(entry: TimelineEntry, effect: GestureEffect)] = []

    private mutating func touch(_ samples: [TouchSample], entry: TimelineEntry) {
        // The loader counted the samples at the file's frame rate; a swipe synthesized at another
        // (`--fps`) has as many more as the rate rounds up to, so the limit is checked on these.
        let before = sampleCount
        sampleCount += samples.count
        if sampleCount > Limits.samples, before <= Limits.samples {
            fail(entry, "the timeline's touches make \(sampleCount) samples at \(scene.fps) fps by this entry, over the limit of \(Limits.samples) samples; lower --fps or the swipes' 'rate'")
        }
        let trace = samples.map { TouchPoint(time: Self.sampleTime(entry.time + $0.time, fps: scene.fps), location: $0.location) }
        gestures.append((entry, touchEffect(trace)))
    }

    private mutating func touchEffect(_ trace: [TouchPoint]) -> GestureEffect {
        guard let down = trace.first, let up = trace.last else { return .nothing("it has no samples") }
        traces.append(trace)
        lastActivity = max(lastActivity, up.time)
        settle(before: down.time)
        stopScroll(at: down.time)

        var earliestBegin = -Double.infinity
        if let index = active {
            let driver = drivers[index]
            if driver.isInterruptible, driver.completion != nil {
                // A touch landing on a running, interruptible animation catches it.
                drivers[index].interrupt(at: down.time)
                let recognizer = (drivers[index] as? PercentDrivenDriver)?.rule?.recognizer(bounds: bounds) ?? PanRecognizer(bounds: bounds)
                let recognition = recognizer.recognize(trace)
                if recognition.didBegin {
                    for event in recognition.events { drivers[index].handle(event) }
                } else {
                    drivers[index].resume(at: up.time)
                }
                recordRelease(of: index, at: recognition.events.last { $0.state == .ended }?.time ?? up.time)
                return .run(index)
            }
            let what = "the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)'"
            guard let end = driver.completion?.time else { return .nothing("\(what) is held by another finger") }
            guard up.time > end else {
                return .nothing("\(what) runs until \(format(end)) s and cannot be interrupted, and this finger lifts at \(format(up.time)) s; start it after \(format(end)) s")
            }
            // UIKit's recognizers still watch the finger: one that begins once the transition
            // is over starts the next one.
            settle(before: end)
            earliestBegin = end
        }

        // Idle: the gestures that can start a transition from here, the way back first.
        var reasons: [String] = []
        let candidates = gestureCandidates()
        for candidate in candidates {
            let recognition = candidate.recognizer.recognize(trace)
            guard let began = recognition.events.first, let movement = recognition.movementAtBegin else {
                reasons.append("\(candidate.summary) did not begin: \(recognitionProblem(trace, candidate.recognizer))")
                continue
            }
            guard began.time >= earliestBegin else {
                reasons.append("\(candidate.summary) began at \(format(began.time)) s, while the transition before ran (until \(format(earliestBegin)) s)")
                continue
            }
            settle(before: began.time)
            guard active == nil else { continue }
            guard candidate.accepts(began, movement) else {
                reasons.append("it is not \(candidate.summary) (it began at \(point(began.location)) moving \(point(movement)))")
                continue
            }
            var driver = candidate.make(began)
            for event in recognition.events.dropFirst() { driver.handle(event) }
            start(driver, transition: candidate.transition, stage: candidate.stage, pushed: candidate.pushed, at: began.time)
            recordRelease(of: drivers.count - 1, at: recognition.events.last { $0.state == .ended }?.time ?? up.time)
            return .run(drivers.count - 1)
        }

        // A pan no transition claims scrolls the scroll view under the finger.
        switch scroll(trace, notBefore: earliestBegin) {
        case .scrolled(let index): return .scroll(index)
        case .declined(let why?): reasons.append(why)
        case .declined(nil): break
        }

        // A tap on a cell starts a style that grows out of it, on a row its action.
        let moved = trace.map { ($0.location - down.location).magnitude }.max() ?? 0
        if moved < 10, up.time - down.time < 0.5 {
            if let index = tap(at: down.location, time: up.time) { return .run(index) }
            reasons.append("as a tap at \(point(down.location)) it hit no row or cell a transition is bound to ('tap: { list: ID }' on a transition) or grows out of")
        }
        if candidates.isEmpty && reasons.isEmpty || candidates.isEmpty {
            reasons.insert(noGestureHere(), at: 0)
        }
        return .nothing(reasons.joined(separator: "; "))
    }

    /// Why nothing can start from the top screen by a gesture, and what can.
    private func noGestureHere() -> String {
        let ways = transitions.filter { $0.spec.from == top.screen }
        let back = top.transition.map { "'\(top.screen)' came with \($0.style.name), which has no gesture back" }
        let forward = ways.isEmpty ? "no transition leaves '\(top.screen)'"
            : "the transitions from '\(top.screen)' (\(ways.map { "\($0.style.name) to \($0.spec.to)" }.joined(separator: ", "))) have no gesture that starts them; use an action (push, present)"
        return ([back].compactMap { $0 } + [forward]).joined(separator: "; ")
    }

    /// Why `recognizer` saw no pan in `trace`.
    private func recognitionProblem(_ trace: [TouchPoint], _ recognizer: PanRecognizer) -> String {
        guard let down = trace.first else { return "no samples" }
        if let edge = recognizer.edge, !recognizer.isNearEdge(down.location) {
            return "the touch went down at \(point(down.location)), not within \(format(recognizer.edgeZone)) pt of the \(edge.rawValue) edge"
        }
        let moved = trace.map { ($0.location - down.location).magnitude }.max() ?? 0
        return "the touch moved \(format(moved)) pt, less than the \(format(recognizer.slop)) pt it must move to begin"
    }

    /// A tap entry: resolved to a point on the screen on top, then replayed as a finger.
    private mutating func tap(_ target: TapTarget, entry: TimelineEntry) {
        settle(before: entry.time)
        let screen = scene.screens[top.screen]
        let location: Point
        switch target {
        case .point(let p):
            location = p
        case .cell(let list, let index):
            guard let frames = screen?.cellFrames(list: list, on: scene.device) else {
                let ids = screen?.collectionIDs ?? []
                fail(entry, "'\(top.screen)' is on screen at \(format(entry.time)) s and has no list or grid '\(list)'" +
                     (ids.isEmpty ? "" : "; its lists and grids are: \(ids.joined(separator: ", "))"))
                return
            }
            guard frames.indices.contains(index) else {
                fail(entry, "list or grid '\(list)' of '\(top.screen)' has \(frames.count) rows or cells; index \(index) is past its end")
                return
            }
            let offset = offsets[ScrollOffsets.Key(screen: top.screen, view: list)]
            location = Point(x: frames[index].cell.midX, y: frames[index].cell.midY - offset)
            if let scroll = screen?.scrollView(list, on: scene.device), !scroll.frame.contains(location) {
                let side = location.y < scroll.frame.minY ? "above" : "below"
                fail(entry, "row or cell \(index) of '\(list)' is off-screen at \(format(entry.time)) s: with the content scrolled to \(format(offset)) pt its center is at y = \(format(location.y)), \(side) the list's visible \(format(scroll.frame.minY))–\(format(scroll.frame.maxY)); scroll it into view first")
                return
            }
        case .view(let id):
            guard let view = screen?.identifiedViews(on: scene.device).first(where: { $0.id == id }) else {
                let ids = screen?.identifiedViews(on: scene.device).map(\.id) ?? []
                fail(entry, "'\(top.screen)' is on screen at \(format(entry.time)) s and has no view with id '\(id)'" +
                     (ids.isEmpty ? "" : "; its views with ids are: \(ids.joined(separator: ", "))"))
                return
            }
            location = Point(x: view.frame.midX, y: view.frame.midY)
        }
        touch([TouchSample(time: 0, location: location), TouchSample(time: TapTarget.duration, location: location)], entry: entry)
    }

    /// Each gesture against what it was expected to do: a gesture that does nothing unasked, or
    /// one whose run ends otherwise than `expect:` says, is an error at its entry.
    private mutating func checkGestures() {
        for (entry, effect) in gestures {
            let kind = entry.gestureName
            switch (effect, entry.expect) {
            case (.scroll(let index), .scroll?) where entry.expectedScroll != nil:
                let run = scrolls[index]
                guard let wanted = entry.expectedScroll else { break }
                if run.key.view != wanted.list {
                    fail(entry, "this \(kind) should scroll '\(wanted.list)', but it scrolls '\(run.key.view)' of '\(run.key.screen)'")
                } else if abs(run.restingOffset - wanted.offset) > wanted.tolerance {
                    fail(entry, "this \(kind) should scroll '\(wanted.list)' to rest at \(format(wanted.offset)) pt (± \(format(wanted.tolerance))), but it comes to rest at \(format(run.restingOffset)) pt at \(format(run.endTime)) s")
                }
            case (.nothing, .nothing?), (.scroll, .scroll?), (.scroll, nil):
                break
            case (.scroll(let index), let expected?):
                let run = scrolls[index]
                fail(entry, "this \(kind) should \(expected.rawValue == "nothing" ? "do nothing" : "\(expected.rawValue) a transition"), but it scrolls '\(run.key.view)' of '\(run.key.screen)' (to rest at \(format(run.restingOffset)) pt at \(format(run.endTime)) s)")
            case (.nothing(let why), .scroll?):
                fail(entry, "this \(kind) should scroll a list or grid but does nothing: \(why)")
            case (.nothing(let why), nil):
                fail(entry, "this \(kind) does nothing: \(why); if that is intended, add 'expect: nothing'")
            case (.nothing(let why), let expected?):
                fail(entry, "this \(kind) should \(expected.rawValue) a transition but does nothing: \(why)")
            case (.run(let index), let expected?):
                let driver = drivers[index]
                let ended = driver.completion.map { $0.finished ? "finished" : "was cancelled" } ?? "was still held when the scene ended"
                let verb = driver.completion.map { " at \(format($0.time)) s" } ?? ""
                let what = "the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)'"
                switch expected {
                case .scroll:
                    fail(entry, "this \(kind) should scroll a list or grid, but it drives \(what), which \(ended)\(verb)")
                case .nothing:
                    fail(entry, "this \(kind) should do nothing, but it drives \(what), which \(ended)\(verb)")
                case .finish where driver.completion?.finished != true, .cancel where driver.completion?.finished != false:
                    fail(entry, "this \(kind) should \(expected.rawValue) \(what), but it \(ended)\(verb)")
                default:
                    break
                }
            case (.run, nil):
                break
            }
        }
    }

    private func point(_ p: Point) -> String { "[\(format(p.x)), \(format(p.y))]" }

    /// A gesture that could start a transition from the current state.
    private struct Candidate {
        var transition: Transition
        var stage: TransitionStage
        /// Whether the transition runs inside the navigation controller (a push or a pop).
        var pushed: Bool
        var recognizer: PanRecognizer
        var accepts: (PanEvent, Point) -> Bool
        var make: (PanEvent) -> any TransitionDriver
        /// The gesture in words: "\(style)'s pan from the left edge".
        var summary: String

        init(_ transition: Transition, _ stage: TransitionStage, pushed: Bool, _ gesture: StyleGesture) {
            self.transition = transition
            self.stage = stage
            self.pushed = pushed
            recognizer = gesture.recognizer
            accepts = gesture.accepts
            make = gesture.make
            summary = "\(transition.style.name)'s \(gesture.summary)"
        }
    }

    /// The way back from the top screen first, then the ways forward from it, each where its
    /// style has a gesture in that direction.
    private func gestureCandidates() -> [Candidate] {
        var candidates: [Candidate] = []
        if stack.count > 1, let transition = top.transition, let stage = top.stage,
           let gesture = transition.gesture(stage, forward: false) {
            candidates.append(Candidate(transition, stage, pushed: top.pushed, gesture))
        }
        for transition in transitions where transition.spec.from == top.screen {
            let stage = TransitionStage(bounds: bounds, below: top.screen, above: transition.spec.to)
            guard let gesture = transition.gesture(stage, forward: true) else { continue }
            // A gesture brings a screen in modally where the style can, else pushes it.
            candidates.append(Candidate(transition, stage, pushed: !transition.style.presentations.contains(.modal), gesture))
        }
        return candidates
    }

    /// The stage of a transition from the top screen to `above`, growing out of the cell image
    /// `cell.image` of list `cell.list` (hidden while it flies, showing what lies behind it).
    private func sourceStage(above: String, cell: (list: String, image: Rect)?) -> TransitionStage {
        var stage = TransitionStage(bounds: bounds, below: top.screen, above: above, cellImage: cell?.image)
        if let cell { stage.cellBackdrop = scene.screens[top.screen]?.cellBackdrop(list: cell.list, on: scene.device) }
        return stage
    }

    /// A tap at `location`: on a row or cell a transition is bound to (`tap:`), that transition;
    /// on a cell a style grows out of, that style; nil when it hits none.
    private mutating func tap(at location: Point, time: Double) -> Int? {
        guard active == nil else { return nil }
        for transition in transitions where transition.spec.from == top.screen {
            guard let trigger = transition.spec.tap, let cell = cell(at: location, list: trigger.list),
                  trigger.index == nil || trigger.index == cell.index else { continue }
            let style = transition.style
            let pushed = style.presentations.contains(.navigation)
            let stage = sourceStage(above: transition.spec.to, cell: style.sourceCellSetting == nil ? nil : (trigger.list, cell.image))
            start(transition.animated(stage, forward: true, at: time), transition: transition, stage: stage,
                  pushed: pushed, at: time)
            return drivers.count - 1
        }
        for transition in transitions where transition.spec.from == top.screen {
            guard let key = transition.style.sourceCellSetting else { continue }
            let list = transition.settings.cell(key)?.list ?? ""
            guard let cell = cell(at: location, list: list) else { continue }
            let stage = sourceStage(above: transition.spec.to, cell: (list, cell.image))
            let pushed = transition.style.presentations.contains(.navigation)
            start(transition.animated(stage, forward: true, at: time), transition: transition,
                  stage: stage, pushed: pushed, at: time)
            return drivers.count - 1
        }
        return nil
    }

    // MARK: Bookkeeping

    private mutating func start(_ driver: any TransitionDriver, transition: Transition, stage: TransitionStage, pushed: Bool,
                                at time: Double) {
        stopScroll(at: time)
        driverOffsets.append(offsets)
        drivers.append(driver)
        runs.append((transition, stage, pushed))
        driverOrigins.append((currentEntry, pushed))
        var context = barContext(below: stage.below, above: stage.above, pushed: pushed)
        context.barTransition = transition.barTransition(stage, forward: driver.isForward)
        contexts.append(context)
        active = drivers.count - 1
        segments.append(.transition(start: time, driver: drivers.count - 1))
    }

    /// The finger holding run `index` lifted at `time`: its completion, as the driver now plans
    /// it, is the decision of this release (a later touch may catch the animation and decide again).
    private mutating func recordRelease(of index: Int, at time: Double) {
        guard let completion = drivers[index].completion else { return }
        releases.append(TransitionRelease(run: index, time: time, finishes: completion.finished))
    }

    /// Completes the active transition if it ends before `time`, updating the stack.
    private mutating func settle(before time: Double) {
        if let run = activeScroll, scrolls[run].endTime <= time { finishScroll() }
        guard let index = active, let completion = drivers[index].completion, completion.time <= time else { return }
        let driver = drivers[index]
        if completion.finished {
            if driver.isForward {
                stack.append(Entry(screen: driver.destination, transition: runs[index].transition, stage: runs[index].stage,
                                   pushed: runs[index].pushed))
            } else {
                stack.removeLast()
            }
        } else if let stage = driver.restingStage, !driver.isForward {
            stack[stack.count - 1].stage = stage
        }
        active = nil
        lastActivity = max(lastActivity, completion.time)
        segments.append(.idle(start: completion.time, nodes: restingNodes()))
    }

    /// What is on screen when no transition runs: the top screen with its navigation bar, or
    /// what its style leaves on screen (the drawer over the moved screen).
    private func restingNodes() -> [RenderNode] {
        let layout = restingLayout()
        return tree.nodes(layout.placements, bar: layout.bar, ownBars: layout.ownBars, offsets: offsets)
    }

    /// What `restingNodes` draws, before the scroll views' offsets.
    private func restingLayout() -> Timeline.RestingLayout {
        if let placements = restingPlacements() {
            let context = barContext(below: top.stage?.below ?? top.screen, above: top.stage?.above ?? top.screen, pushed: top.pushed)
            return Timeline.RestingLayout(placements: placements, bar: context.bar(amount: 1), ownBars: context.ownBars)
        }
        return Timeline.RestingLayout(placements: [Placement(screen: top.screen, frame: bounds)],
                                      bar: SceneTree.Bar(id: barID(level: stack.count - 1), below: top.screen, above: nil, amount: 0),
                                      ownBars: [:])
    }

    /// Where the top screen's style leaves what is on screen at rest; nil when the top screen
    /// simply fills the screen.
    private func restingPlacements() -> [Placement]? {
        guard let transition = top.transition, let stage = top.stage else { return nil }
        return transition.resting(stage)
    }

    // MARK: Scrolling

    enum ScrollAttempt {
        case scrolled(Int)
        /// Not a scroll, and why where the finger was on a scroll view.
        case declined(String?)
    }

    /// A pan no transition claimed, on a scroll view of the top screen: it scrolls it, as
    /// `UIScrollView`'s pan gesture recognizer does. A vertical scroll view ignores a pan that
    /// begins moving mostly sideways. Only a screen that fills the screen at rest scrolls.
    private mutating func scroll(_ trace: [TouchPoint], notBefore earliest: Double) -> ScrollAttempt {
        guard active == nil, restingPlacements() == nil, let down = trace.first,
              let screen = scene.screens[top.screen],
              let geometry = screen.scrollViews(on: scene.device).last(where: { $0.frame.contains(down.location) })
        else { return .declined(nil) }
        let name = "'\(geometry.id)' of '\(top.screen)'"
        let recognition = PanRecognizer(bounds: bounds).recognize(trace)
        guard let began = recognition.events.first, let movement = recognition.movementAtBegin else {
            return .declined(nil)
        }
        guard abs(movement.y) >= abs(movement.x) else {
            return .declined("\(name) scrolls vertically and ignores this pan, which began moving mostly sideways (\(point(movement)))")
        }
        guard began.time >= earliest else {
            return .declined("as a scroll of \(name) it began at \(format(began.time)) s, while the transition before ran (until \(format(earliest)) s)")
        }
        let key = ScrollOffsets.Key(screen: top.screen, view: geometry.id)
        let run = ScrollRun(key: key, geometry: geometry, offset: offsets[key], recognition: recognition, scale: scene.device.scale)
        scrolls.append(run)
        activeScroll = scrolls.count - 1
        scrolledViews.insert(key)
        segments.append(.scroll(start: run.beginTime, run: scrolls.count - 1, layout: restingLayout(), offsets: offsets))
        lastActivity = max(lastActivity, run.endTime)
        return .scrolled(scrolls.count - 1)
    }

    /// `scroll: { list, to }`: the row or cell brought into view as `scrollToRow(at:at:animated:)`
    /// does — the least scrolling that shows it whole (`.none`), or to the `top`, `middle` or
    /// `bottom` of the list — animated, and never past the content's ends.
    private mutating func scroll(to target: ScrollTarget, entry: TimelineEntry) {
        settle(before: entry.time)
        guard checkIdle(entry, "scroll '\(target.list)'") else { return }
        stopScroll(at: entry.time)
        let screen = scene.screens[top.screen]
        guard restingPlacements() == nil, let geometry = screen?.scrollView(target.list, on: scene.device),
              let frames = screen?.cellFrames(list: target.list, on: scene.device) else {
            let ids = screen?.scrollViews(on: scene.device).map(\.id) ?? []
            fail(entry, "cannot scroll '\(target.list)' at \(format(entry.time)) s: '\(top.screen)' is on screen and has no list or grid '\(target.list)' that scrolls" +
                 (ids.isEmpty ? " (only top-level lists and grids with an id scroll)" : "; its scroll views are: \(ids.joined(separator: ", "))"))
            return
        }
        guard frames.indices.contains(target.index) else {
            fail(entry, "list or grid '\(target.list)' of '\(top.screen)' has \(frames.count) rows or cells; index \(target.index) is past its end")
            return
        }
        let key = ScrollOffsets.Key(screen: top.screen, view: target.list)
        let current = offsets[key]
        // The row in content coordinates: 0 at the content's top.
        let cell = frames[target.index].cell.offsetBy(dx: 0, dy: -geometry.frame.minY)
        let height = geometry.frame.height
        var wanted: Double
        switch target.position {
        case .top: wanted = cell.minY
        case .middle: wanted = cell.midY - height / 2
        case .bottom: wanted = cell.maxY - height
        case .none: wanted = cell.minY < current ? cell.minY : cell.maxY > current + height ? cell.maxY - height : current
        }
        wanted = min(max(wanted, geometry.range.lowerBound), geometry.range.upperBound)
        let run = ScrollRun(key: key, geometry: geometry, from: current, to: wanted, at: entry.time)
        scrolls.append(run)
        activeScroll = scrolls.count - 1
        scrolledViews.insert(key)
        segments.append(.scroll(start: entry.time, run: scrolls.count - 1, layout: restingLayout(), offsets: offsets))
        lastActivity = max(lastActivity, run.endTime)
    }

    /// The moving scroll view comes to rest: its offset is kept and the screen is at rest again.
    private mutating func finishScroll() {
        guard let index = activeScroll else { return }
        let run = scrolls[index]
        offsets[run.key] = run.restingOffset
        activeScroll = nil
        lastActivity = max(lastActivity, run.endTime)
        segments.append(.idle(start: run.endTime, nodes: restingNodes()))
    }

    /// A touch or a transition at `time` stops a scroll view still moving (`UIScrollView`
    /// stops decelerating when touched).
    private mutating func stopScroll(at time: Double) {
        guard let index = activeScroll else { return }
        scrolls[index].stop(at: time)
        finishScroll()
    }

    /// The row or cell of the top screen's list or grid `list` under `location`, where it is now
    /// (its scroll view's offset applied), with its image frame on screen; nil when none is, or
    /// the point lies outside the scroll view that shows it.
    private func cell(at location: Point, list: String) -> (index: Int, image: Rect)? {
        let screen = scene.screens[top.screen]
        let offset = offsets[ScrollOffsets.Key(screen: top.screen, view: list)]
        if let scroll = screen?.scrollView(list, on: scene.device), !scroll.frame.contains(location) { return nil }
        guard let hit = CellLocator.cell(at: Point(x: location.x, y: location.y + offset), in: screen, list: list,
                                         device: scene.device) else { return nil }
        return (hit.index, hit.image.offsetBy(dx: 0, dy: -offset))
    }

    /// The id of the navigation bar of the navigation controller holding stack entry `index`:
    /// the root's, or the one presented with the screen it was pushed onto.
    private func barID(level index: Int) -> String {
        var root = index
        while root > 0, stack[root].pushed { root -= 1 }
        return root == 0 ? "navigationBar" : "\(stack[root].screen)/navigationBar"
    }

    /// Where a transition between `below` (the top of the stack) and `above` draws bars: inside
    /// the top's navigation controller for a push or pop, each screen with its own otherwise.
    private func barContext(below: String, above: String, pushed: Bool) -> Timeline.BarContext {
        // Before a push or present `below` is on top; before a pop or dismiss `above` is.
        let belowIndex = top.screen == below ? stack.count - 1 : stack.count - 2
        if pushed {
            return Timeline.BarContext(below: below, above: above, barID: barID(level: max(belowIndex, 0)), ownBars: [:])
        }
        return Timeline.BarContext(below: below, above: above, barID: nil,
                                   ownBars: [below: barID(level: max(belowIndex, 0)), above: "\(above)/navigationBar"])
    }

    private mutating func fail(_ entry: TimelineEntry, _ message: String) {
        diagnostics.append(Diagnostic(location: entry.location, message: message))
    }

    private func format(_ value: Double) -> String {
        String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
