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
    /// For each driver, the scroll run that goes on springing back from past an edge while it
    /// runs (its offset overrides `driverOffsets` for that view), by driver index.
    private(set) var driverScrolls: [Int?] = []
    /// When the last pan on each scroll view of a sheet lifted (`SheetScrollArbitration.minimumSwipeInterval`).
    private var panEnds: [ScrollOffsets.Key: Double] = [:]
    /// The scroll views a gesture scrolled.
    private(set) var scrolledViews: Set<ScrollOffsets.Key> = []
    /// For each driver that runs inside a presented navigation controller shown as a sheet, the
    /// container a finger's points are taken into (its stage is in the container's points), by driver index.
    private var driverContainers: [Container?] = []
    /// The selected tab and the stack on top after each change, in time order.
    private(set) var navigation: [Timeline.Navigation] = []

    /// One screen of the navigation stack and the transition that brought it (nil for the root).
    struct Entry {
        var screen: String
        var transition: Transition?
        var stage: TransitionStage?
        /// Pushed inside the navigation controller below it (true), or presented over it (false).
        var pushed = false
        /// The list row a tap selected to bring the screen above; cleared when this screen is
        /// uncovered again (`clearsSelectionOnViewWillAppear`).
        var selectedRow: (list: String, index: Int)?
    }

    /// The navigation stack on top: the selected tab's, with whatever is presented over it.
    private var stack: [Entry]
    /// Each tab's stack while another tab is selected (`Scene.tabs`), by tab; empty without tabs.
    private var tabStacks: [[Entry]] = []
    /// The selected tab of the scene's tab bar controller.
    private var selectedTab = 0
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
        if let tabs = scene.tabs {
            tabStacks = tabs.roots.map { [Entry(screen: $0)] }
            selectedTab = tabs.bar.selected
        }
        segments = []
        segments = [.idle(start: -.infinity, nodes: restingNodes())]
        noteNavigation(at: -.infinity)
    }

    /// Records the selected tab and the stack on top as they are from `time` on.
    private mutating func noteNavigation(at time: Double) {
        navigation.append(Timeline.Navigation(time: time, tab: scene.tabs == nil ? nil : selectedTab, stack: stack.map(\.screen)))
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
    mutating func resolveTransitions() {
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

    /// The screens shown now, in every tab: what a push or presentation may not show again.
    private var hierarchy: ScreenHierarchy {
        let levels = { (entries: [Entry]) in entries.map { ScreenHierarchy.Level(screen: $0.screen, pushed: $0.pushed) } }
        return ScreenHierarchy(stack: levels(stack), otherTabs: tabStacks.indices.filter { $0 != selectedTab }.map { ($0, levels(tabStacks[$0])) })
    }

    // MARK: Actions

    private mutating func forward(to screen: String, navigation: Bool, entry: TimelineEntry) {
        forward(to: screen, navigation: navigation, entry: entry, at: entry.time)
    }

    /// Pushes or presents `screen` at `time` (an action's `at`, or the lift of a tap on a bar button).
    private mutating func forward(to screen: String, navigation: Bool, entry: TimelineEntry, at time: Double) {
        let verb = navigation ? "push" : "present"
        settle(before: time)
        guard checkIdle(entry, "\(verb) '\(screen)'", at: time) else { return }
        if let refusal = hierarchy.refusal(toShow: screen, verb: verb) {
            fail(entry, refusal)
            return
        }
        guard let transition = transitions.first(where: { $0.spec.from == top.screen && $0.spec.to == screen }) else {
            let known = transitions.filter { $0.spec.from == top.screen }.map(\.spec.to)
            let hint = known.isEmpty ? "no transition starts at '\(top.screen)'" : "transitions from '\(top.screen)' go to: \(known.joined(separator: ", "))"
            fail(entry, "cannot \(verb) '\(screen)' at \(format(time)) s: '\(top.screen)' is on screen and no transition goes from '\(top.screen)' to '\(screen)' (\(hint)); add one under 'transitions'")
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
            // The cell where the top screen draws it: laid out as shown (in a sheet, at the sheet's
            // size), moved by its scroll views' offsets.
            let shown = topShown()
            guard let frame = CellLocator.imageFrame(in: shown.screen, cell: cell, device: shown.layout)
                .map({ scrolled($0, list: cell.list, of: shown.screen, on: shown.layout) }) else {
                fail(entry, "cannot \(verb) '\(screen)' with \(style.name): '\(top.screen)' has no cell \(cell.index) in a list or grid with id '\(cell.list)'; set the transition's '\(key): { list: ID, index: N }'")
                return
            }
            source = (cell.list, frame)
        }
        let stage = sourceStage(above: screen, cell: source, pushed: navigation)
        start(transition.animated(stage, forward: true, at: time), transition: transition, stage: stage,
              pushed: navigation, at: time)
    }

    private mutating func back(navigation: Bool, entry: TimelineEntry) {
        back(navigation: navigation, entry: entry, at: entry.time)
    }

    /// Pops or dismisses the top screen at `time` (an action's `at`, or the lift of a tap on a bar button).
    private mutating func back(navigation: Bool, entry: TimelineEntry, at time: Double) {
        let verb = navigation ? "pop" : "dismiss"
        settle(before: time)
        guard checkIdle(entry, verb, at: time) else { return }
        guard stack.count > 1, let transition = top.transition, let stage = top.stage else {
            fail(entry, navigation
                 ? "cannot pop at \(format(entry.time)) s: '\(top.screen)' is the root of the navigation stack"
                 : "cannot dismiss at \(format(entry.time)) s: nothing is presented ('\(top.screen)' is the root screen)")
            return
        }
        // A dismissal from a screen pushed inside a presented navigation controller takes the
        // whole presented stack away (`dismiss(animated:)` on any of its view controllers).
        let root = controllerRoot(level: stack.count - 1)
        if !navigation, top.pushed, root > 0, let presentation = stack[root].transition, let presented = stack[root].stage {
            start(presentation.animated(presented, forward: false, at: time), transition: presentation,
                  stage: presented, pushed: false, at: time)
            return
        }
        guard top.pushed == navigation else {
            fail(entry, "cannot \(verb) '\(top.screen)': it was \(top.pushed ? "pushed" : "presented") with \(transition.style.name); use '\(top.pushed ? "pop" : "dismiss"): true'")
            return
        }
        start(transition.animated(stage, forward: false, at: time), transition: transition,
              stage: stage, pushed: top.pushed, at: time)
    }

    private mutating func checkIdle(_ entry: TimelineEntry, _ what: String, at time: Double? = nil) -> Bool {
        guard let index = active else { return true }
        let driver = drivers[index]
        let until = driver.completion.map { "until \(format($0.time)) s" } ?? "held by a finger"
        fail(entry, "cannot \(what) at \(format(time ?? entry.time)) s: the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)' is still running (\(until)); move this entry later")
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
        /// It acted without a transition run (a tab switch), said in words.
        case acted(String)
        /// A sheet and the scroll view inside it shared it (`SheetScrollArbitration`): the runs it
        /// drove the sheet through and the scrolls it made, each in time order.
        case shared(runs: [Int], scrolls: [Int])
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
        gestures.append((entry, touchEffect(trace, entry: entry)))
    }

    private mutating func touchEffect(_ trace: [TouchPoint], entry: TimelineEntry) -> GestureEffect {
        guard let down = trace.first, let up = trace.last else { return .nothing("it has no samples") }
        traces.append(trace)
        lastActivity = max(lastActivity, up.time)
        settle(before: down.time)
        stopScroll(at: down.time, release: up.time)

        var earliestBegin = -Double.infinity
        if let index = active {
            let driver = drivers[index]
            if driver.isInterruptible, driver.completion != nil {
                // A touch landing on a running, interruptible animation catches it.
                drivers[index].interrupt(at: down.time)
                let container = driverContainers[index]
                let area = container.map { Rect(origin: .zero, size: $0.layout.size) } ?? bounds
                let recognizer = (drivers[index] as? PercentDrivenDriver)?.rule?.recognizer(bounds: area) ?? PanRecognizer(bounds: area)
                let recognition = recognizer.recognize(container.map { inside($0, trace) } ?? trace)
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

        // The trace as a scroll view's pan recognizer sees it, for the sheet's scroll view and any other.
        let pan = PanRecognizer(bounds: bounds).recognize(trace)
        // A pan on a list or grid inside a sheet: the sheet and the scroll view share it.
        if let effect = sheetScroll(trace, pan, notBefore: earliestBegin) {
            return effect
        }

        // Idle: the gestures that can start a transition from here, the way back first.
        var reasons: [String] = []
        let candidates = gestureCandidates()
        for candidate in candidates {
            // A gesture of a navigation controller inside a sheet begins on the sheet.
            if let container = candidate.container, !container.frame.contains(down.location) {
                reasons.append("\(candidate.summary) did not begin: the touch went down at \(point(down.location)), outside the sheet it pops in (\(rect(container.frame)))")
                continue
            }
            let recognition = candidate.recognizer.recognize(candidate.container.map { inside($0, trace) } ?? trace)
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
            if let refusal = candidate.refusal {
                fail(entry, refusal)
                return .nothing(refusal)
            }
            var driver = candidate.make(began)
            for event in recognition.events.dropFirst() { driver.handle(event) }
            start(driver, transition: candidate.transition, stage: candidate.stage, pushed: candidate.pushed, at: began.time)
            recordRelease(of: drivers.count - 1, at: recognition.events.last { $0.state == .ended }?.time ?? up.time)
            return .run(drivers.count - 1)
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
            switch tap(at: down.location, time: up.time, down: down.time) {
            case .started(let index): return .run(index)
            case .refused(let refusal):
                fail(entry, refusal)
                return .nothing(refusal)
            case .missed: break
            }
            reasons.append("as a tap at \(point(down.location)) it hit no row or cell a transition is bound to ('tap: { list: ID }' on a transition) or grows out of" + whatActs())
        }
        if candidates.isEmpty && reasons.isEmpty || candidates.isEmpty {
            reasons.insert(noGestureHere(), at: 0)
        }
        return .nothing(reasons.joined(separator: "; "))
    }

    /// What a tap could act on here, for a tap that hit nothing: the back button, the tab bar's
    /// items, or the actions that leave the top screen.
    private func whatActs() -> String {
        var ways: [String] = []
        if let frame = backButtonFrame() { ways.append("the back button at \(point(Point(x: frame.midX, y: frame.midY))) ('tap: { back: true }')") }
        for (item, frame) in barItems() where item.action != nil {
            ways.append("'\(item.name)' (\(item.action?.description ?? "")) at \(point(Point(x: frame.midX, y: frame.midY))) ('tap: { barItem: \(item.name) }')")
        }
        if let tabs = scene.tabs, restingTabBar != nil { ways.append("the tab bar's items ('tap: { tab: 0 }' to '{ tab: \(tabs.roots.count - 1) }')") }
        if stack.count > 1 { ways.append(top.pushed ? "'pop: true'" : "'dismiss: true'") }
        return ways.isEmpty ? "" : "; what acts here: " + ways.joined(separator: ", ")
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
        let shown = topShown()
        let screen = shown.screen
        let location: Point
        switch target {
        case .point(let p):
            location = p
        case .cell(let list, let index):
            guard let frames = screen?.cellFrames(list: list, on: shown.layout) else {
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
            let shownCell = scrolled(frames[index].cell, list: list, of: screen, on: shown.layout)
            let local = Point(x: shownCell.midX, y: shownCell.midY)
            if let scroll = screen?.scrollView(list, on: shown.layout) {
                let visible = touchable(scroll, offset: offset, of: screen, on: shown.layout)
                if !visible.contains(local) {
                    let where_: String
                    if scroll.axis == .horizontal {
                        where_ = "x = \(format(local.x)), \(local.x < visible.minX ? "left of" : "right of") the view's visible \(format(visible.minX))–\(format(visible.maxX))"
                    } else {
                        let side = local.y < visible.minY ? "above" : "below"
                        let bar = visible.maxY < reachable(scroll, offset: offset, of: screen, on: shown.layout).maxY && local.y >= visible.maxY
                            ? " (under the tab bar, which takes the touch)" : ""
                        where_ = "y = \(format(local.y)), \(side) the list's visible \(format(visible.minY))–\(format(visible.maxY))\(bar)"
                    }
                    fail(entry, "row or cell \(index) of '\(list)' is off-screen at \(format(entry.time)) s: with the content scrolled to \(format(offset)) pt its center is at \(where_); scroll it into view first")
                    return
                }
            }
            location = onDevice(local, shown)
        case .view(let id):
            guard let view = screen?.identifiedViews(on: shown.layout).first(where: { $0.id == id }) else {
                let ids = screen?.identifiedViews(on: shown.layout).map(\.id) ?? []
                fail(entry, "'\(top.screen)' is on screen at \(format(entry.time)) s and has no view with id '\(id)'" +
                     (ids.isEmpty ? "" : "; its views with ids are: \(ids.joined(separator: ", "))"))
                return
            }
            location = onDevice(Point(x: view.frame.midX, y: view.frame.midY), shown)
        case .tab(let index):
            guard let tabs = scene.tabs else {
                fail(entry, "'tap: { tab: \(index) }' taps an item of the scene's tab bar controller, and this scene has none; declare one with 'tabs: { items: [{ title, root }] }' instead of 'root'")
                return
            }
            guard tabs.roots.indices.contains(index) else {
                fail(entry, "the tab bar has \(tabs.roots.count) items (0 to \(tabs.roots.count - 1)); tab \(index) is past its end")
                return
            }
            guard active != nil || restingTabBar != nil else {
                fail(entry, "'tap: { tab: \(index) }' taps where tab \(index) would be at \(format(entry.time)) s, but '\(top.screen)' " +
                     (top.pushed ? "hides the tab bar (hidesBottomBarWhenPushed)" : "covers the tab bar (it was presented)"))
                return
            }
            let item = tabItemFrame(index, of: tabs.roots.count)
            location = Point(x: item.midX, y: item.midY)
        case .back:
            guard let frame = backButtonFrame() else {
                fail(entry, "'\(top.screen)' is on screen at \(format(entry.time)) s and shows no back button: \(noBackButton())")
                return
            }
            location = Point(x: frame.midX, y: frame.midY)
        case .barItem(let name):
            let items = barItems()
            guard let item = items.first(where: { $0.item.name == name }) else {
                let names = items.map(\.item.name)
                let hint = Diagnostic.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                fail(entry, "'\(top.screen)' is on screen at \(format(entry.time)) s and its navigation bar has no item '\(name)'\(hint)" +
                     (names.isEmpty ? "" : "; its items are: \(names.joined(separator: ", "))"))
                return
            }
            guard item.item.action != nil else {
                fail(entry, noAction(item.item))
                return
            }
            location = Point(x: item.frame.midX, y: item.frame.midY)
        }
        touch([TouchSample(time: 0, location: location), TouchSample(time: TapTarget.duration, location: location)], entry: entry)
    }

    /// Each gesture against what it was expected to do: a gesture that does nothing unasked, or
    /// one whose run ends otherwise than `expect:` says, is an error at its entry.
    private mutating func checkGestures() {
        for (entry, recorded) in gestures {
            let kind = entry.gestureName
            var effect = recorded
            if case .shared(let runs, let scrolled) = recorded {
                // A pan the sheet and its scroll view shared answers for the part its `expect:` names:
                // its last scroll for `scroll`, its last run of the sheet otherwise.
                let scroll = scrolled.last.map(GestureEffect.scroll), run = runs.last.map(GestureEffect.run)
                effect = (entry.expect == .scroll ? scroll ?? run : run ?? scroll) ?? .nothing("it has no samples")
            }
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
                let detent = driver.completion == nil ? nil : driver.detentChange
                switch expected {
                case .scroll:
                    fail(entry, "this \(kind) should scroll a list or grid, but it drives \(what), which \(ended)\(verb)")
                case .nothing:
                    fail(entry, "this \(kind) should do nothing, but it drives \(what), which \(ended)\(verb)")
                case .detent where detent == nil:
                    fail(entry, "this \(kind) should move the sheet to \(entry.expectedDetent.map { "the \($0) detent" } ?? "another detent"), but it drives \(what), which \(ended)\(verb)")
                case .detent where entry.expectedDetent != nil && entry.expectedDetent != detent:
                    fail(entry, "this \(kind) should move the sheet to the \(entry.expectedDetent ?? "") detent, but it settles at the \(detent ?? "") detent\(verb)")
                case .cancel where detent != nil:
                    fail(entry, "this \(kind) moves the sheet to the \(detent ?? "") detent\(verb), not back where it was; write 'expect: { detent: \(detent ?? "") }'")
                case .finish where driver.completion?.finished != true, .cancel where driver.completion?.finished != false:
                    fail(entry, "this \(kind) should \(expected.rawValue) \(what), but it \(ended)\(verb)")
                default:
                    break
                }
            case (.run, nil), (.acted, nil):
                break
            case (.acted(let what), let expected?):
                fail(entry, "this \(kind) should \(expected.rawValue == "nothing" ? "do nothing" : "\(expected.rawValue) a transition"), but it \(what)")
            case (.shared, _):
                break
            }
        }
    }

    private func point(_ p: Point) -> String { "[\(format(p.x)), \(format(p.y))]" }

    private func rect(_ r: Rect) -> String { "[\(format(r.x)), \(format(r.y)), \(format(r.width)), \(format(r.height))]" }

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
        /// The presented navigation controller the transition runs inside, whose points its stage is in.
        var container: Container?
        /// Why the transition cannot run (its screen is already shown), for a gesture that begins it.
        var refusal: String?

        init(_ transition: Transition, _ stage: TransitionStage, pushed: Bool, _ gesture: StyleGesture, in container: Container? = nil) {
            self.transition = transition
            self.stage = stage
            self.pushed = pushed
            self.container = container
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
        let inside = container(level: stack.count - 1)
        if stack.count > 1, let transition = top.transition, let stage = top.stage,
           let gesture = transition.gesture(stage, forward: false) {
            candidates.append(Candidate(transition, stage, pushed: top.pushed, gesture, in: top.pushed ? inside : nil))
        }
        // Inside a presented navigation controller, the presentation's own gesture (a sheet's
        // drag) takes the whole stack away.
        let root = controllerRoot(level: stack.count - 1)
        if top.pushed, root > 0, let transition = stack[root].transition, let stage = stack[root].stage,
           let gesture = transition.gesture(stage, forward: false) {
            candidates.append(Candidate(transition, stage, pushed: false, gesture))
        }
        for transition in transitions where transition.spec.from == top.screen {
            // A gesture brings a screen in modally where the style can, else pushes it.
            let pushed = !transition.style.presentations.contains(.modal)
            let stage = sourceStage(above: transition.spec.to, cell: nil, pushed: pushed)
            guard let gesture = transition.gesture(stage, forward: true) else { continue }
            var candidate = Candidate(transition, stage, pushed: pushed, gesture, in: pushed ? inside : nil)
            candidate.refusal = hierarchy.refusal(toShow: transition.spec.to, verb: pushed ? "push" : "present")
            candidates.append(candidate)
        }
        return candidates
    }

    /// The stage of a transition from the top screen to `above`, growing out of the cell image
    /// `cell.image` of list `cell.list` (hidden while it flies, showing what lies behind it), given
    /// in the top screen's own points: a push runs in them (`stageBounds`), a presentation on the device.
    private func sourceStage(above: String, cell: (list: String, image: Rect)?, pushed: Bool) -> TransitionStage {
        let image = cell.map { pushed ? $0.image : onDevice($0.image, topShown()) }
        var stage = TransitionStage(bounds: stageBounds(pushed: pushed), below: top.screen, above: above, cellImage: image)
        if let cell { stage.cellBackdrop = scene.screens[top.screen]?.cellBackdrop(list: cell.list, on: scene.device) }
        if !pushed { stage.presentingSheet = presentingSheet() }
        return stage
    }

    /// The page sheet the top screen is shown in (its presented navigation controller's), at the
    /// detent it rests at, for a sheet presented from it; nil where the top screen is in no page sheet.
    private func presentingSheet() -> PresentingSheet? {
        guard let (sheet, level) = restingSheet(), case .page = sheet.geometry.kind, let stage = stack[level].stage else { return nil }
        return PresentingSheet(geometry: sheet.geometry, top: sheet.restTop, root: stage.below)
    }

    // MARK: Bars

    /// Whether the tab bar shows over stack entry `index` at rest: inside the tab's navigation
    /// controller (every entry up to it pushed), none of them pushed with `hidesBottomBarWhenPushed`.
    private func showsTabBar(level index: Int) -> Bool {
        guard scene.tabs != nil, stack.indices.contains(index) else { return false }
        return stack[...index].dropFirst().allSatisfy { $0.pushed && scene.screens[$0.screen]?.hidesBottomBarWhenPushed != true }
    }

    /// The tab bar at rest: over the top screen where it shows there.
    private var restingTabBar: SceneTree.TabBar? {
        showsTabBar(level: stack.count - 1) ? SceneTree.TabBar(place: .fixed, selected: selectedTab) : nil
    }

    /// The tab bar during a transition from stack entry `belowIndex` to `above`: fixed over a
    /// push or pop that keeps it; with the covered screen where the pushed one hides it or a
    /// presentation covers it.
    private func tabBar(belowIndex: Int, above: String, pushed: Bool) -> SceneTree.TabBar? {
        if !pushed, let lower = lowerSheetRoot(belowIndex), showsTabBar(level: lower) {
            // A sheet over a sheet: the tab bar stays with the screen furthest back.
            return SceneTree.TabBar(place: .carried(by: stack[lower].screen), selected: selectedTab)
        }
        guard showsTabBar(level: belowIndex) else { return nil }
        if pushed, scene.screens[above]?.hidesBottomBarWhenPushed != true {
            return SceneTree.TabBar(place: .fixed, selected: selectedTab)
        }
        return SceneTree.TabBar(place: .carried(by: stack[belowIndex].screen), selected: selectedTab)
    }

    /// For stack entry `index` shown in a presented page sheet, the entry that sheet was presented
    /// from: what a sheet presented over it draws furthest back (`PresentingSheet.root`).
    private func lowerSheetRoot(_ index: Int) -> Int? {
        guard stack.indices.contains(index) else { return nil }
        let root = controllerRoot(level: index)
        guard root > 0, stack[root].transition?.style is any SheetStyle else { return nil }
        return root - 1
    }

    /// Item `index` of `count` of the tab bar, in screen points.
    private func tabItemFrame(_ index: Int, of count: Int) -> Rect {
        BottomBarLayout(height: TabBarView.barHeight, on: scene.device).tab(index, of: count)
    }

    /// Where the back button of the top screen's navigation bar takes a touch: the chevron's
    /// 44 × 44 pt touch target (Apple HIG's minimum), from the screen's left edge; nil when the
    /// top screen was not pushed or its bar draws no back button.
    private func backButtonFrame() -> Rect? {
        let shown = topShown()
        guard stack.count > 1, top.pushed, let bar = shown.screen?.navigationBar, bar.back != nil else { return nil }
        let layout = NavigationBarLayout(bar, on: shown.layout)
        return onDevice(Rect(x: 0, y: layout.bar.midY - 22, width: max(44, layout.backChevron.maxX), height: 44), shown)
    }

    // MARK: Where the top screen is shown

    /// Every screen a modal transition rests somewhere other than full screen (a sheet), by name:
    /// its style, its frame on the device and the device it is laid out for there; the first such
    /// transition to it in the file decides. A screen pushed from one of them is shown in the same
    /// sheet (its presented navigation controller), and so on up the stack.
    static func presentations(_ scene: Scene, text: any TextMeasuring) -> [String: Timeline.Presentation] {
        var builder = TimelineBuilder(scene: scene, text: text, layouts: ScreenLayouts(screens: scene.screens, device: scene.device))
        builder.resolveTransitions()
        var found: [String: Timeline.Presentation] = [:]
        for transition in builder.transitions where transition.style.presentations.contains(.modal) && found[transition.spec.to] == nil {
            let stage = TransitionStage(bounds: builder.bounds, below: transition.spec.from, above: transition.spec.to)
            if let shown = builder.shown(transition, stage: stage) {
                found[transition.spec.to] = Timeline.Presentation(style: transition.style.name, frame: shown.frame, layout: shown.layout)
            }
        }
        var grown = true
        while grown {
            grown = false
            for transition in builder.transitions where transition.style.presentations.contains(.navigation) {
                guard found[transition.spec.to] == nil, let sheet = found[transition.spec.from] else { continue }
                found[transition.spec.to] = sheet
                grown = true
            }
        }
        return found
    }

    /// Where a screen brought by a transition rests on the device — a sheet's frame at its
    /// detent — and the device it is laid out for there (the sheet's size and safe area); nil for
    /// a screen shown full screen, or a transition whose style leaves nothing else on screen.
    func shown(_ transition: Transition, stage: TransitionStage) -> (frame: Rect, layout: Device)? {
        guard let placements = transition.resting(stage),
              let placement = placements.first(where: { $0.content == .screen(stage.above) }),
              placement.frame != bounds else { return nil }
        return (placement.frame, tree.layout(of: placement).layout)
    }

    /// The top screen as shown: its frame on the device, the device it is laid out for, and the
    /// screen laid out there; full screen unless its transition rests it elsewhere (a sheet).
    private func topShown() -> (frame: Rect, layout: Device, screen: ScreenSpec?) {
        let written = scene.screens[top.screen]
        if let container = container(level: stack.count - 1) {
            return (container.frame, container.layout, tree.layouts.screen(top.screen, on: container.layout)?.spec)
        }
        if let transition = top.transition, let stage = top.stage, let shown = shown(transition, stage: stage) {
            return (shown.frame, shown.layout, tree.layouts.screen(top.screen, on: shown.layout)?.spec)
        }
        return (bounds, scene.device, written)
    }

    /// A point of the top screen's own coordinates on the device, and back.
    private func onDevice(_ p: Point, _ shown: (frame: Rect, layout: Device, screen: ScreenSpec?)) -> Point {
        Point(x: shown.frame.minX + p.x * shown.frame.width / max(shown.layout.size.width, 1e-9),
              y: shown.frame.minY + p.y * shown.frame.height / max(shown.layout.size.height, 1e-9))
    }

    private func onScreen(_ p: Point, _ shown: (frame: Rect, layout: Device, screen: ScreenSpec?)) -> Point {
        Point(x: (p.x - shown.frame.minX) * shown.layout.size.width / max(shown.frame.width, 1e-9),
              y: (p.y - shown.frame.minY) * shown.layout.size.height / max(shown.frame.height, 1e-9))
    }

    /// A rectangle of the top screen's own coordinates on the device.
    private func onDevice(_ r: Rect, _ shown: (frame: Rect, layout: Device, screen: ScreenSpec?)) -> Rect {
        let a = onDevice(r.origin, shown), b = onDevice(Point(x: r.maxX, y: r.maxY), shown)
        return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
    }

    /// The top screen's bar button items with where a tap finds them: each drawn box widened to
    /// the 44 pt minimum touch target (Apple HIG), text at its measured width.
    private func barItems() -> [(item: NavigationBarView.Item, frame: Rect)] {
        let shown = topShown()
        guard let bar = shown.screen?.navigationBar else { return [] }
        let places = NavigationBarLayout(bar, on: shown.layout).items(of: bar, text: tree.text)
        return zip(bar.leading + bar.trailing, places.leading + places.trailing).map { item, box in
            let width = max(box.width, 44)
            return (item, onDevice(Rect(x: box.midX - width / 2, y: box.minY, width: width, height: box.height), shown))
        }
    }

    /// The error for a tap on a bar button item that has no action.
    private func noAction(_ item: NavigationBarView.Item) -> String {
        "the bar button item '\(item.name)' of '\(top.screen)' has no action; give it 'action:' (\(NavigationBarView.BarAction.names))"
    }

    /// Why the top screen has no back button to tap.
    private func noBackButton() -> String {
        if stack.count == 1 { return "it is the root of its navigation stack" }
        if !top.pushed { return "it was presented, not pushed (a presented screen leaves with 'dismiss: true')" }
        return "its navigationBar has no 'back' (give it 'back: TITLE', or 'back: \"\"' for the chevron alone)"
    }

    /// A tap at `location` on a tab bar item or the back button: the tab switch or the pop it
    /// makes (at `time`, the finger's lift); nil where the tap hits neither.
    private mutating func barTap(at location: Point, time: Double, entry: TimelineEntry) -> GestureEffect? {
        guard active == nil else { return nil }
        // Where the tab bar is hidden (hidesBottomBarWhenPushed) or covered (a presentation), the
        // tap goes to what is there instead: the screen's rows and views.
        if let tabs = scene.tabs, restingTabBar != nil,
           let index = tabs.roots.indices.first(where: { tabItemFrame($0, of: tabs.roots.count).contains(location) }) {
            return selectTab(index, at: time, entry: entry)
        }
        if let frame = backButtonFrame(), frame.contains(location) {
            back(navigation: true, entry: entry, at: time)
            return active.map(GestureEffect.run) ?? .acted("taps the back button")
        }
        if let item = barItems().first(where: { $0.frame.contains(location) })?.item {
            guard let action = item.action else { return .nothing(noAction(item)) }
            switch action {
            case .pop: back(navigation: true, entry: entry, at: time)
            case .dismiss: back(navigation: false, entry: entry, at: time)
            case .push(let screen): forward(to: screen, navigation: true, entry: entry, at: time)
            case .present(let screen): forward(to: screen, navigation: false, entry: entry, at: time)
            }
            // Where the action cannot run, its error is already at the entry.
            return active.map(GestureEffect.run) ?? .acted("taps '\(item.name)'")
        }
        return nil
    }

    /// `UITabBarController` selecting tab `index`: at once, without animation; the tab left keeps
    /// its navigation stack and the selected one shows its own as it was left. The selected tab
    /// tapped again shows its root (`reselectTab`).
    private mutating func selectTab(_ index: Int, at time: Double, entry: TimelineEntry) -> GestureEffect {
        let title = scene.tabs?.bar.items[index].title ?? "\(index)"
        guard index != selectedTab else { return reselectTab(index, title: title, at: time, entry: entry) }
        stopScroll(at: time)
        tabStacks[selectedTab] = stack
        selectedTab = index
        stack = tabStacks[index]
        lastActivity = max(lastActivity, time)
        segments.append(.idle(start: time, nodes: restingNodes()))
        noteNavigation(at: time)
        return .acted("switches to tab \(index) ('\(title)')")
    }

    /// The selected tab tapped again (docs/uikit-semantics.md#tab-bar-controllers): its navigation
    /// controller pops to its root with the animated pop (`popToRootViewController(animated: true)`:
    /// the top screen slides off straight onto the root, the screens between leave the stack
    /// unseen); at the root, its scroll view at the content top scrolls to the top, animated.
    private mutating func reselectTab(_ index: Int, title: String, at time: Double, entry: TimelineEntry) -> GestureEffect {
        if stack.count > 1 {
            if stack.count > 2, let stage = top.stage {
                // The pop runs from the top screen straight to the root: the screens between go now.
                var top = self.top
                top.stage = TransitionStage(bounds: stage.bounds, below: stack[0].screen, above: stage.above)
                stack = [stack[0], top]
            }
            back(navigation: true, entry: entry, at: time)
            return active.map(GestureEffect.run) ?? .acted("pops tab \(index) ('\(title)') to its root")
        }
        stopScroll(at: time)
        guard let screen = scene.screens[top.screen],
              let scroll = screen.scrollViews(on: scene.device).first(where: { screen.reachesUnderBar($0, on: scene.device) })
                ?? screen.scrollViews(on: scene.device).first(where: { $0.axis == .vertical }),
              offsets[ScrollOffsets.Key(screen: top.screen, view: scroll.id)] != 0 else {
            return .nothing("tab \(index) ('\(title)') is already selected and shows its root '\(top.screen)' with nothing scrolled")
        }
        let key = ScrollOffsets.Key(screen: top.screen, view: scroll.id)
        return .scroll(begin(ScrollRun(key: key, geometry: scroll, from: offsets[key], to: 0, at: time, scale: scene.device.scale)))
    }

    /// A tap at `location`: on a row or cell a transition is bound to (`tap:`), that transition;
    /// on a cell a style grows out of, that style; nil when it hits none.
    private enum TapOutcome {
        /// It started the run with this driver index.
        case started(Int)
        /// It hit a row or cell whose transition shows a screen that is already shown.
        case refused(String)
        case missed
    }

    private mutating func tap(at location: Point, time: Double, down: Double) -> TapOutcome {
        guard active == nil else { return .missed }
        let shown = topShown()
        for transition in transitions where transition.spec.from == top.screen {
            guard let trigger = transition.spec.tap, let cell = cell(at: location, list: trigger.list),
                  trigger.index == nil || trigger.index == cell.index else { continue }
            let style = transition.style
            let pushed = style.presentations.contains(.navigation)
            if let refusal = hierarchy.refusal(toShow: transition.spec.to, verb: pushed ? "push" : "present") { return .refused(refusal) }
            // A list row highlights as the finger lands and stays selected under the screen it brings.
            if shown.screen?.selecting(list: trigger.list, index: cell.index) != nil {
                stack[stack.count - 1].selectedRow = (trigger.list, cell.index)
                if down < time { segments.append(.idle(start: down, nodes: restingNodes())) }
            }
            let stage = sourceStage(above: transition.spec.to, cell: style.sourceCellSetting == nil ? nil : (trigger.list, cell.image),
                                    pushed: pushed)
            start(transition.animated(stage, forward: true, at: time), transition: transition, stage: stage,
                  pushed: pushed, at: time)
            return .started(drivers.count - 1)
        }
        for transition in transitions where transition.spec.from == top.screen {
            guard let key = transition.style.sourceCellSetting else { continue }
            let list = transition.settings.cell(key)?.list ?? ""
            guard let cell = cell(at: location, list: list) else { continue }
            let pushed = transition.style.presentations.contains(.navigation)
            if let refusal = hierarchy.refusal(toShow: transition.spec.to, verb: pushed ? "push" : "present") { return .refused(refusal) }
            let stage = sourceStage(above: transition.spec.to, cell: (list, cell.image), pushed: pushed)
            start(transition.animated(stage, forward: true, at: time), transition: transition,
                  stage: stage, pushed: pushed, at: time)
            return .started(drivers.count - 1)
        }
        return .missed
    }

    // MARK: Bookkeeping

    private mutating func start(_ driver: any TransitionDriver, transition: Transition, stage: TransitionStage, pushed: Bool,
                                at time: Double) {
        // A transition stops a scroll view decelerating; content past an edge goes on springing
        // back under it (the bounce is the scroll view's own animation, which no transition stops).
        let springing = stopScroll(at: time, release: time)
        if let springing {
            activeScroll = nil
            offsets[scrolls[springing].key] = scrolls[springing].restingOffset
        }
        driverOffsets.append(offsets)
        driverScrolls.append(springing)
        drivers.append(driver)
        runs.append((transition, stage, pushed))
        driverOrigins.append((currentEntry, pushed))
        // Before a push or present the top is below; before a pop the entry under it is, and
        // before a dismissal the one under the presented stack's root.
        let belowIndex = driver.isForward || top.screen == stage.below ? stack.count - 1
            : pushed ? stack.count - 2 : controllerRoot(level: stack.count - 1) - 1
        var context = barContext(belowIndex: belowIndex, below: stage.below, above: stage.above, pushed: pushed)
        context.barTransition = transition.barTransition(stage, forward: driver.isForward)
        context.tabBar = tabBar(belowIndex: belowIndex, above: stage.above, pushed: pushed)
        if stack.indices.contains(belowIndex), let row = stack[belowIndex].selectedRow {
            context.selection = .init(screen: stage.below, list: row.list, index: row.index, fadesWithAmount: !driver.isForward)
        }
        let inside = pushed ? container(level: max(belowIndex, 0)) : nil
        if let inside {
            // A push or pop inside a presented navigation controller shown as a sheet.
            var around = restingLayout(level: inside.root)
            around.container = SceneTree.Container(root: stack[inside.root].screen, layout: inside.layout, placements: [], bar: nil)
            context.presentation = around
        } else if !pushed, !driver.isForward {
            // A dismissal: the presented view goes with the top of its stack showing (inside the
            // sheet, or filling the screen for a presentation that does).
            let root = controllerRoot(level: stack.count - 1)
            if root < stack.count - 1 {
                context.container = restingLayout().container ?? SceneTree.Container(
                    root: stack[root].screen, layout: scene.device, placements: [Placement(screen: top.screen, frame: bounds)],
                    bar: SceneTree.Bar(id: barID(level: stack.count - 1), below: top.screen, above: nil, amount: 0),
                    selections: selection(top))
            }
        }
        driverContainers.append(inside)
        contexts.append(context)
        active = drivers.count - 1
        segments.append(.transition(start: time, driver: drivers.count - 1))
    }

    /// The finger holding run `index` lifted at `time`: its completion, as the driver now plans
    /// it, is the decision of this release (a later touch may catch the animation and decide again).
    private mutating func recordRelease(of index: Int, at time: Double) {
        guard let completion = drivers[index].completion else { return }
        releases.append(TransitionRelease(run: index, time: time, finishes: completion.finished, detent: drivers[index].detentChange))
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
                // A pop takes the top screen; a dismissal the whole presented stack.
                stack.removeSubrange((runs[index].pushed ? stack.count - 1 : controllerRoot(level: stack.count - 1))...)
                stack[stack.count - 1].selectedRow = nil
            }
        } else if let stage = driver.restingStage, !driver.isForward {
            stack[runs[index].pushed ? stack.count - 1 : controllerRoot(level: stack.count - 1)].stage = stage
        }
        active = nil
        lastActivity = max(lastActivity, completion.time)
        if let run = driverScrolls[index], scrolls[run].endTime > completion.time {
            // Content still springing back when the transition ends goes on to rest.
            activeScroll = run
            segments.append(.scroll(start: completion.time, run: run, layout: restingLayout(), offsets: offsets))
            if scrolls[run].endTime <= time { finishScroll() }
        } else {
            segments.append(.idle(start: completion.time, nodes: restingNodes()))
        }
        noteNavigation(at: completion.time)
    }

    /// What is on screen when no transition runs: the top screen with its navigation bar, or
    /// what its style leaves on screen (the drawer over the moved screen).
    private func restingNodes() -> [RenderNode] {
        tree.nodes(restingLayout(), offsets: offsets)
    }

    /// What `restingNodes` draws, before the scroll views' offsets: above the root of a presented
    /// navigation controller shown as a sheet, the presentation at rest with its stack's top
    /// screen and bar inside it.
    private func restingLayout() -> Timeline.RestingLayout {
        let level = stack.count - 1
        guard let inside = container(level: level), inside.root < level else { return restingLayout(level: level) }
        var layout = restingLayout(level: inside.root)
        layout.container = SceneTree.Container(root: stack[inside.root].screen, layout: inside.layout,
                                               placements: [Placement(screen: top.screen, frame: Rect(origin: .zero, size: inside.layout.size))],
                                               bar: SceneTree.Bar(id: barID(level: level), below: top.screen, above: nil, amount: 0),
                                               selections: selection(top))
        return layout
    }

    /// The row `entry` shows selected, by screen.
    private func selection(_ entry: Entry) -> [String: SceneTree.Selection] {
        entry.selectedRow.map { [entry.screen: SceneTree.Selection(list: $0.list, index: $0.index, alpha: 1)] } ?? [:]
    }

    /// What is on screen at rest with stack entry `level` on top (the top itself, or the root of
    /// a presented stack drawn around its container).
    private func restingLayout(level: Int) -> Timeline.RestingLayout {
        let entry = stack[level]
        if let transition = entry.transition, let stage = entry.stage, let placements = transition.resting(stage) {
            let context = barContext(belowIndex: level - 1, below: stage.below, above: stage.above, pushed: entry.pushed)
            return Timeline.RestingLayout(placements: placements, bar: context.bar(amount: 1), ownBars: context.ownBars,
                                          tabBar: tabBar(belowIndex: level - 1, above: stage.above, pushed: entry.pushed),
                                          selections: selection(stack[level - 1]).merging(selection(entry)) { a, _ in a })
        }
        return Timeline.RestingLayout(placements: [Placement(screen: entry.screen, frame: bounds)],
                                      bar: SceneTree.Bar(id: barID(level: level), below: entry.screen, above: nil, amount: 0),
                                      ownBars: [:], tabBar: restingTabBar, selections: selection(entry))
    }

    /// Where the top screen's style leaves what is on screen at rest — for a screen inside a
    /// presented navigation controller, its presentation's — nil when the top screen simply
    /// fills the screen.
    private func restingPlacements() -> [Placement]? {
        let level = container(level: stack.count - 1)?.root ?? stack.count - 1
        guard let transition = stack[level].transition, let stage = stack[level].stage else { return nil }
        return transition.resting(stage)
    }

    // MARK: Scrolling

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
    private mutating func scroll(_ trace: [TouchPoint], _ recognition: PanRecognition, notBefore earliest: Double) -> ScrollAttempt {
        guard active == nil, let down = trace.first else { return .declined(nil) }
        let axis: ScrollAxis? = recognition.movementAtBegin.map { ScrollAxis.dominant(in: $0) }
        guard let hit = scrollView(at: down.location, axis: axis) ?? scrollView(at: down.location) else { return .declined(nil) }
        // The tab bar lies over the content: a finger that lands on it is the bar's, not the list's.
        if restingTabBar != nil, BottomBarLayout(height: TabBarView.barHeight, on: scene.device).background.contains(down.location) {
            return .declined("'\(hit.geometry.id)' of '\(top.screen)' lies under the tab bar where this pan began, and the bar takes the touch")
        }
        return scroll(hit, recognition, notBefore: earliest)
    }

    /// The pan `recognition` on scroll view `hit` of the top screen scrolls it, unless it began
    /// moving mostly across its axis or before `earliest`, or its content cannot scroll.
    private mutating func scroll(_ hit: (geometry: ScrollGeometry, key: ScrollOffsets.Key), _ recognition: PanRecognition,
                                 notBefore earliest: Double) -> ScrollAttempt {
        let (geometry, key) = hit
        let name = "'\(geometry.id)' of '\(top.screen)'"
        guard let began = recognition.events.first, let movement = recognition.movementAtBegin else {
            return .declined(nil)
        }
        guard ScrollAxis.dominant(in: movement) == geometry.axis else {
            return .declined("\(name) scrolls \(geometry.axis.rawValue)ly and ignores this pan, which began moving mostly \(geometry.axis == .vertical ? "sideways" : "up or down") (\(point(movement)))")
        }
        guard geometry.scrolls else {
            return .declined("\(name) does not scroll: its content fits its \(format(geometry.dimension)) pt \(geometry.axis == .vertical ? "height" : "width")" +
                             (geometry.behavior.bounces ? " and it does not bounce when it fits ('alwaysBounceVertical: true' makes it)" : " and 'bounces' is false"))
        }
        guard began.time >= earliest else {
            return .declined("as a scroll of \(name) it began at \(format(began.time)) s, while the transition before ran (until \(format(earliest)) s)")
        }
        // This finger holds content it caught past an edge: from here its pan moves it.
        stopScroll(at: began.time)
        return .scrolled(begin(ScrollRun(key: key, geometry: geometry, offset: offsets[key], recognition: recognition,
                                         scale: scene.device.scale)))
    }

    /// Scroll run `run` starts: it moves until it rests or a touch or a transition stops it. Returns its index.
    private mutating func begin(_ run: ScrollRun) -> Int {
        scrolls.append(run)
        activeScroll = scrolls.count - 1
        scrolledViews.insert(run.key)
        segments.append(.scroll(start: run.beginTime, run: scrolls.count - 1, layout: restingLayout(), offsets: offsets))
        lastActivity = max(lastActivity, run.endTime)
        return scrolls.count - 1
    }

    /// The top screen's scroll view under `location` (device points) where its content is now,
    /// the frontmost one scrolling along `axis` when given, with its geometry in the coordinates of
    /// the screen as shown (a sheet's own); nil where there is none, or the top screen is shown
    /// neither full screen nor as a sheet.
    private func scrollView(at location: Point, axis: ScrollAxis? = nil) -> (geometry: ScrollGeometry, key: ScrollOffsets.Key)? {
        guard topScrolls else { return nil }
        let shown = topShown()
        guard let screen = shown.screen else { return nil }
        let local = onScreen(location, shown)
        guard let geometry = screen.scrollViews(on: shown.layout).last(where: {
            (axis == nil || $0.axis == axis)
                && reachable($0, offset: offsets[ScrollOffsets.Key(screen: top.screen, view: $0.id)], of: screen, on: shown.layout).contains(local)
        }) else { return nil }
        return (geometry, ScrollOffsets.Key(screen: top.screen, view: geometry.id))
    }

    /// Whether the top screen's lists and grids scroll: it fills the screen at rest, is a sheet,
    /// or was pushed inside a presented navigation controller (shown as a sheet or a cover).
    private var topScrolls: Bool {
        restingPlacements() == nil || restingSheet() != nil || (top.pushed && container(level: stack.count - 1) != nil)
    }

    /// The sheet the top screen rests in — its own presentation, or that of the presented
    /// navigation controller it was pushed inside — as its style's driver would start a drag of
    /// it, with the stack entry of that presentation; nil when the top screen is in no sheet.
    private func restingSheet() -> (driver: SheetDriver, level: Int)? {
        let level = controllerRoot(level: stack.count - 1)
        guard level > 0, let transition = stack[level].transition, let stage = stack[level].stage,
              let style = transition.style as? any SheetStyle else { return nil }
        return (style.driver(StyleRun(settings: transition.settings, stage: stage, forward: false)), level)
    }

    /// A pan on a list or grid inside a resting sheet — of the sheet's root screen or of a screen
    /// pushed inside it — shared as UIKit's sheet interaction shares it with the scroll view
    /// (docs/uikit-semantics.md#a-scroll-view-inside-a-sheet): begun with the content scrolled
    /// down, the scroll view's alone; begun at its top, a downward pan drags the sheet and an
    /// upward one raises it to its largest detent (`prefersScrollingExpandsWhenScrolledToEdge`)
    /// before the content scrolls (`SheetScrollArbitration`); begun within 0.4 s of the last pan on
    /// it, the scroll view's alone (`MinimumSheetSwipeInterval`). Nil where this is not such a pan: a
    /// content that cannot scroll (no taller than the view, and not always bouncing), a pan that never began or began sideways or too early, which
    /// the sheet's own pan and the scroll view's answer as elsewhere.
    private mutating func sheetScroll(_ trace: [TouchPoint], _ recognition: PanRecognition, notBefore earliest: Double) -> GestureEffect? {
        guard active == nil, let resting = restingSheet(), let down = trace.first,
              let hit = scrollView(at: down.location, axis: .vertical), hit.geometry.scrolls
        else { return nil }
        let (geometry, key) = hit
        guard let began = recognition.events.first, let movement = recognition.movementAtBegin,
              ScrollAxis.dominant(in: movement) == .vertical, began.time >= earliest else { return nil }
        // A pan begun soon after the last one on this scroll view is its alone while the sheet rests.
        let quick = panEnds[key].map { began.time - $0 < SheetScrollArbitration.minimumSwipeInterval } ?? false
        panEnds[key] = recognition.up.time
        if offsets[key] > geometry.range.lowerBound + 1e-9 || quick {
            // The sheet follows only a pan that began with the content at its top.
            if case .scrolled(let index) = scroll(hit, recognition, notBefore: earliest) { return .scroll(index) }
            return nil
        }
        let sheet = resting.driver, level = resting.level
        let largest = sheet.geometry.detentTops(bounds).min() ?? sheet.restTop
        let room = sheet.rules.scrollingExpands ? max(sheet.restTop - largest, 0) : 0
        let phases = SheetScrollArbitration(room: room).phases(recognition.events)
        var runs: [Int] = [], scrolled: [Int] = []
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
                runs.append(drivers.count - 1)
                // A hand-over to the scroll view is no lift: only the last phase ends with the finger.
                if index == phases.count - 1 { recordRelease(of: drivers.count - 1, at: phase.events.last?.time ?? recognition.up.time) }
            case .scroll:
                stopScroll(at: first.time)
                scrolled.append(begin(ScrollRun(key: key, geometry: geometry, offset: offsets[key], events: phase.events,
                                                lift: recognition.up.time, scale: scene.device.scale)))
            }
        }
        return .shared(runs: runs, scrolls: scrolled)
    }

    /// `scroll: { list, to }`: the row or cell brought into view as `scrollToRow(at:at:animated:)`
    /// does — the least scrolling that shows it whole (`.none`), or to the `top`, `middle` or
    /// `bottom` of the list — animated, and never past the content's ends.
    private mutating func scroll(to target: ScrollTarget, entry: TimelineEntry) {
        settle(before: entry.time)
        guard checkIdle(entry, "scroll '\(target.list)'") else { return }
        stopScroll(at: entry.time)
        let shown = topShown()
        let screen = shown.screen
        if !topScrolls, let transition = top.transition {
            fail(entry, "cannot scroll '\(target.list)' at \(format(entry.time)) s: '\(top.screen)' is shown by \(transition.style.name), and only the lists and grids of a screen that fills the screen, of a sheet or of a screen pushed inside one scroll")
            return
        }
        guard let geometry = screen?.scrollView(target.list, on: shown.layout),
              let frames = screen?.cellFrames(list: target.list, on: shown.layout) else {
            let ids = screen?.scrollViews(on: shown.layout).map(\.id) ?? []
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
        // The row's extent along the axis in content coordinates: 0 at the content's top (left).
        let frame = frames[target.index].cell
        let (start, end) = geometry.axis == .vertical ? (frame.minY - geometry.frame.minY, frame.maxY - geometry.frame.minY)
                                                      : (frame.minX - geometry.frame.minX, frame.maxX - geometry.frame.minX)
        // What shows unobscured: above the bottom inset (the home indicator, a tab bar).
        let length = geometry.visibleLength
        var wanted: Double
        // Across a horizontal scroll view top, middle and bottom are UICollectionView's left,
        // centeredHorizontally and right.
        switch target.position {
        case .top: wanted = start
        case .middle: wanted = (start + end) / 2 - length / 2
        case .bottom: wanted = end - length
        case .none: wanted = start < current ? start : end > current + length ? end - length : current
        }
        wanted = min(max(wanted, geometry.range.lowerBound), geometry.range.upperBound)
        _ = begin(ScrollRun(key: key, geometry: geometry, from: current, to: wanted, at: entry.time, scale: scene.device.scale))
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
    /// stops decelerating when touched). A finger that lands while the content springs back from
    /// past an edge catches it there and, lifted at `release`, lets it spring back from where it
    /// holds it (docs/uikit-semantics.md#scrolling). Returns that spring-back's run.
    @discardableResult
    private mutating func stopScroll(at time: Double, release: Double? = nil) -> Int? {
        guard let index = activeScroll else { return nil }
        scrolls[index].stop(at: time)
        finishScroll()
        let caught = scrolls[index]
        guard let release, !caught.geometry.range.contains(caught.restingOffset) else { return nil }
        let run = ScrollRun(key: caught.key, geometry: caught.geometry, caught: caught.restingOffset, releasedAt: max(release, time),
                            scale: scene.device.scale)
        scrolls.append(run)
        activeScroll = scrolls.count - 1
        segments.append(.scroll(start: time, run: scrolls.count - 1, layout: restingLayout(), offsets: offsets))
        lastActivity = max(lastActivity, run.endTime)
        return scrolls.count - 1
    }

    /// Where a finger reaches scroll view `scroll` at `offset`: its frame, or, for one at the
    /// content top under a navigation bar (drawn reaching up under the bar, `SceneTree`), from the
    /// bar's bottom edge, which rises as the large title collapses (`BarScrollResponse`).
    /// A scroll view inside a `scroll` is reached where the outer one's offset shows its frame,
    /// inside where the outer one is reached.
    private func reachable(_ scroll: ScrollGeometry, offset: Double, of screen: ScreenSpec?, on layout: Device) -> Rect {
        if let parent = scroll.parent, let outer = screen?.scrollView(parent, on: layout) {
            let outerOffset = offsets[ScrollOffsets.Key(screen: self.top.screen, view: parent)]
            let frame = outer.scrolled(scroll.frame, by: outerOffset)
            let area = reachable(outer, offset: outerOffset, of: screen, on: layout)
            let minX = max(frame.minX, area.minX), minY = max(frame.minY, area.minY)
            return Rect(x: minX, y: minY, width: max(min(frame.maxX, area.maxX) - minX, 0), height: max(min(frame.maxY, area.maxY) - minY, 0))
        }
        let top = BarScrollResponse.visibleTop(of: scroll, offset: offset, on: screen, device: layout)
        return Rect(x: scroll.frame.minX, y: top, width: scroll.frame.width, height: scroll.frame.maxY - top)
    }

    /// Where a tap reaches scroll view `scroll` of the top screen: `reachable`, above the tab bar
    /// where it shows (the bar lies over the content and takes the touches that land on it).
    private func touchable(_ scroll: ScrollGeometry, offset: Double, of screen: ScreenSpec?, on layout: Device) -> Rect {
        let area = reachable(scroll, offset: offset, of: screen, on: layout)
        guard restingTabBar != nil, layout == scene.device else { return area }
        let barTop = BottomBarLayout(height: TabBarView.barHeight, on: layout).background.minY
        return Rect(x: area.minX, y: area.minY, width: area.width, height: max(min(area.maxY, barTop) - area.minY, 0))
    }

    /// The row or cell of the top screen's list or grid `list` under `location`, where it is now
    /// (its scroll view's offset applied), with its image frame on screen; nil when none is, or
    /// the point lies outside the scroll view that shows it.
    private func cell(at location: Point, list: String) -> (index: Int, image: Rect)? {
        let shown = topShown()
        let local = onScreen(location, shown)
        let offset = offsets[ScrollOffsets.Key(screen: top.screen, view: list)]
        if let scroll = shown.screen?.scrollView(list, on: shown.layout),
           !touchable(scroll, offset: offset, of: shown.screen, on: shown.layout).contains(local) { return nil }
        // The point in the content at offset 0: moved back by the offsets of the scroll views showing it.
        let shift = shown.screen?.contentShift(of: list, on: shown.layout) { offsets[ScrollOffsets.Key(screen: top.screen, view: $0)] } ?? .zero
        guard let hit = CellLocator.cell(at: Point(x: local.x + shift.x, y: local.y + shift.y), in: shown.screen, list: list,
                                         device: shown.layout) else { return nil }
        return (hit.index, hit.image.offsetBy(dx: -shift.x, dy: -shift.y))
    }

    /// `rect` of list or grid `list`'s content (at offset 0) on the top screen where its scroll
    /// views' offsets now show it: moved up (left) by the offset along the view's axis, and by
    /// its parent `scroll`'s.
    private func scrolled(_ rect: Rect, list: String, of screen: ScreenSpec?, on layout: Device) -> Rect {
        screen?.shown(rect, in: list, on: layout) { offsets[ScrollOffsets.Key(screen: top.screen, view: $0)] } ?? rect
    }

    /// The id of the navigation bar of the navigation controller holding stack entry `index`:
    /// the root's, or the one presented with the screen it was pushed onto.
    private func barID(level index: Int) -> String {
        let root = controllerRoot(level: index)
        return root == 0 ? "navigationBar" : "\(stack[root].screen)/navigationBar"
    }

    /// The stack index of the root of the navigation controller holding entry `index`: 0 for the
    /// scene's (or the selected tab's), else the entry presented with it at its root.
    private func controllerRoot(level index: Int) -> Int {
        var root = index
        while root > 0, stack[root].pushed { root -= 1 }
        return root
    }

    /// A presented navigation controller shown as a sheet (its presentation rests other than full
    /// screen): the stack index of its root, the root's frame on the device and the size and safe
    /// area the container lays its screens out for.
    struct Container {
        var root: Int
        var frame: Rect
        var layout: Device
    }

    /// The presented navigation controller holding stack entry `index` where its presentation
    /// rests other than full screen; nil inside the scene's controller or a full-screen presentation.
    private func container(level index: Int) -> Container? {
        let root = controllerRoot(level: index)
        guard root > 0, let transition = stack[root].transition, let stage = stack[root].stage,
              let shown = shown(transition, stage: stage) else { return nil }
        return Container(root: root, frame: shown.frame, layout: shown.layout)
    }

    /// The bounds a transition from the top screen runs in: a push inside a presented navigation
    /// controller shown as a sheet runs in the container's own points, anything else on the device.
    private func stageBounds(pushed: Bool) -> Rect {
        guard pushed, let inside = container(level: stack.count - 1) else { return bounds }
        return Rect(origin: .zero, size: inside.layout.size)
    }

    /// A finger's points taken into `container`'s own points.
    private func inside(_ container: Container, _ trace: [TouchPoint]) -> [TouchPoint] {
        let shown = (frame: container.frame, layout: container.layout, screen: ScreenSpec?.none)
        return trace.map { TouchPoint(time: $0.time, location: onScreen($0.location, shown)) }
    }

    /// Where a transition between `below` (stack entry `belowIndex`) and `above` draws bars:
    /// inside the navigation controller for a push or pop, each screen with its own otherwise.
    private func barContext(belowIndex: Int, below: String, above: String, pushed: Bool) -> Timeline.BarContext {
        if pushed {
            return Timeline.BarContext(below: below, above: above, barID: barID(level: max(belowIndex, 0)), ownBars: [:])
        }
        var ownBars = [below: barID(level: max(belowIndex, 0)), above: "\(above)/navigationBar"]
        // Over a sheet presented from a sheet, the screen the lower sheet was presented from shows further back.
        if let lower = lowerSheetRoot(belowIndex) { ownBars[stack[lower].screen] = barID(level: lower) }
        return Timeline.BarContext(below: below, above: above, barID: nil, ownBars: ownBars)
    }

    private mutating func fail(_ entry: TimelineEntry, _ message: String) {
        diagnostics.append(Diagnostic(location: entry.location, message: message))
    }

    private func format(_ value: Double) -> String {
        String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
