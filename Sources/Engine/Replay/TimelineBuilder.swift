import Foundation
import Geometry
import Interaction
import Motion
import Scene

/// Replays a scene's timeline entries in order and records the segments, transition runs and
/// scroll runs a `Timeline` evaluates. The state it replays through are values of their own: the
/// view controllers (`NavigationState`), the scroll views (`ScrollReplay`), and what follows from
/// both at rest (`AtRest`: where the top screen is shown and what a finger finds there). This
/// file is the loop over the entries and the runs' beginnings and ends; `+Touches` routes a
/// finger, `+Scrolling` scrolls, and `GestureExpectations` checks each gesture's `expect:`.
struct TimelineBuilder {
    let scene: Scene
    let tree: SceneTree
    var segments: [Timeline.Segment] = []
    /// Every transition run, in the order they started.
    var runs: [ReplayedRun] = []
    var traces: [[TouchPoint]] = []
    /// The last moment anything moves or a finger lifts.
    var lastActivity = 0.0
    /// Every lift of a finger that held a transition, with the decision taken then.
    private(set) var releases: [TransitionRelease] = []
    /// The selected tab and the stack on top after each change, in time order.
    private(set) var navigationChanges: [Timeline.Navigation] = []

    /// The view controllers: each tab's stack and what is presented over the one on top.
    var navigation: NavigationState
    /// The scroll views: their offsets, and every run that moved them.
    var scrolling = ScrollReplay()
    /// The run of `runs` still running, if any.
    var active: Int?
    /// The scene's transitions with their styles resolved and settings decoded.
    private(set) var transitions: [ResolvedTransition] = []
    /// Every gesture entry and what it did, checked against `expect:` once the replay is over.
    var gestures = GestureExpectations()
    /// The entry being replayed.
    private var currentEntry = 0
    /// The touch samples replayed so far, synthesized swipes included, against `Limits.samples`.
    var sampleCount = 0
    private var diagnostics: [Diagnostic] = []

    var bounds: Rect { scene.device.bounds }
    var stack: [NavigationState.Entry] { navigation.stack }
    var top: NavigationState.Entry { navigation.top }
    /// The replay as it rests now, to ask where things are.
    var atRest: AtRest { AtRest(scene: scene, tree: tree, navigation: navigation, offsets: scrolling.offsets) }

    init(scene: Scene, text: any TextMeasuring, layouts: ScreenLayouts, tree: SceneTree? = nil) {
        self.scene = scene
        self.tree = tree ?? SceneTree(scene: scene, text: text, layouts: layouts)
        navigation = NavigationState(scene: scene)
        segments = [.idle(start: -.infinity, nodes: atRest.restingNodes())]
        navigationChanges = [navigation.change(at: -.infinity)]
    }

    mutating func run() throws {
        let (transitions, problems) = ResolvedTransition.resolve(scene)
        self.transitions = transitions
        diagnostics = problems
        if !diagnostics.isEmpty { throw SceneError(diagnostics) }
        for (index, entry) in scene.timeline.enumerated() {
            currentEntry = index
            scrolling.entry = index
            switch entry.action {
            case .present(let screen): forward(to: screen, navigation: false, entry: entry, at: entry.time)
            case .push(let screen): forward(to: screen, navigation: true, entry: entry, at: entry.time)
            case .dismiss: back(navigation: false, entry: entry, at: entry.time)
            case .pop: back(navigation: true, entry: entry, at: entry.time)
            case .touch, .swipe: touch(entry.samples(framesPerSecond: scene.fps) ?? [], entry: entry)
            case .tap(let target): tap(target, entry: entry)
            case .scroll(let target): scroll(to: target, entry: entry)
            }
        }
        settle(before: .infinity)
        diagnostics += gestures.problems(runs: runs, scrolls: scrolling.runs)
        if !diagnostics.isEmpty { throw SceneError(diagnostics.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }) }
    }

    // MARK: Actions

    /// Pushes or presents `screen` at `time` (an action's `at`, or the lift of a tap on a bar button).
    mutating func forward(to screen: String, navigation pushes: Bool, entry: TimelineEntry, at time: Double) {
        let verb = pushes ? "push" : "present"
        settle(before: time)
        guard checkIdle(entry, "\(verb) '\(screen)'", at: time) else { return }
        // A screen filled from a tapped item, named as the file declares it: the item its transition names.
        guard let transition = transitions.first(where: {
            $0.spec.from == top.screen && ($0.spec.to == screen || ($0.spec.filled?.template == screen && $0.spec.filled?.isDefault == true))
        }) else {
            if let refusal = navigation.hierarchy.refusal(toShow: screen, verb: verb) {
                fail(entry, refusal)
                return
            }
            var known: [String] = []
            for name in transitions.filter({ $0.spec.from == top.screen }).map({ $0.spec.filled?.template ?? $0.spec.to }) where !known.contains(name) {
                known.append(name)
            }
            let hint = known.isEmpty ? "no transition starts at '\(top.screen)'" : "transitions from '\(top.screen)' go to: \(known.joined(separator: ", "))"
            fail(entry, "cannot \(verb) '\(screen)' at \(Wording.number(time)) s: '\(top.screen)' is on screen and no transition goes from '\(top.screen)' to '\(screen)' (\(hint)); add one under 'transitions'")
            return
        }
        if let refusal = navigation.hierarchy.refusal(toShow: transition.spec.to, verb: verb) {
            fail(entry, refusal)
            return
        }
        let style = transition.style
        guard style.presentations.contains(pushes ? .navigation : .modal) else {
            let isNavigation = style.presentations.contains(.navigation)
            fail(entry, "cannot \(verb) '\(screen)': its transition is \(style.name), a \(isNavigation ? "navigation" : "modal") style; use '\(isNavigation ? "push" : "present"): \(screen)'")
            return
        }
        let rest = atRest
        var source: (list: String, image: Rect)?
        if let key = style.sourceCellSetting {
            let cell = transition.settings.cell(key) ?? CellReference(list: "", index: 0)
            // The cell where the top screen draws it: laid out as shown (in a sheet, at the sheet's
            // size), moved by its scroll views' offsets.
            let shown = rest.topShown()
            guard let frame = CellLocator.imageFrame(in: shown.screen, cell: cell, device: shown.layout)
                .map({ rest.scrolled($0, list: cell.list, of: shown.screen, on: shown.layout) }) else {
                fail(entry, "cannot \(verb) '\(screen)' with \(style.name): '\(top.screen)' has no cell \(cell.index) in a list or grid with id '\(cell.list)'; set the transition's '\(key): { list: ID, index: N }'")
                return
            }
            source = (cell.list, frame)
        }
        let stage = rest.sourceStage(above: transition.spec.to, cell: source, pushed: pushes)
        start(transition.animated(stage, forward: true, at: time), transition: transition, stage: stage, pushed: pushes, at: time)
    }

    /// Pops or dismisses the top screen at `time` (an action's `at`, or the lift of a tap on a bar button).
    mutating func back(navigation pops: Bool, entry: TimelineEntry, at time: Double) {
        let verb = pops ? "pop" : "dismiss"
        settle(before: time)
        guard checkIdle(entry, verb, at: time) else { return }
        guard stack.count > 1, let transition = top.transition, let stage = top.stage else {
            fail(entry, pops
                 ? "cannot pop at \(Wording.number(entry.time)) s: '\(top.screen)' is the root of the navigation stack"
                 : "cannot dismiss at \(Wording.number(entry.time)) s: nothing is presented ('\(top.screen)' is the root screen)")
            return
        }
        // A dismissal from a screen pushed inside a presented navigation controller takes the
        // whole presented stack away (`dismiss(animated:)` on any of its view controllers).
        let root = navigation.controllerRoot(level: stack.count - 1)
        if !pops, top.pushed, root > 0, let presentation = stack[root].transition, let presented = stack[root].stage {
            start(presentation.animated(presented, forward: false, at: time), transition: presentation,
                  stage: presented, pushed: false, at: time)
            return
        }
        guard top.pushed == pops else {
            fail(entry, "cannot \(verb) '\(top.screen)': it was \(top.pushed ? "pushed" : "presented") with \(transition.style.name); use '\(top.pushed ? "pop" : "dismiss"): true'")
            return
        }
        start(transition.animated(stage, forward: false, at: time), transition: transition, stage: stage, pushed: top.pushed, at: time)
    }

    mutating func checkIdle(_ entry: TimelineEntry, _ what: String, at time: Double? = nil) -> Bool {
        guard let index = active else { return true }
        let driver = runs[index].driver
        let until = driver.completion.map { "until \(Wording.number($0.time)) s" } ?? "held by a finger"
        fail(entry, "cannot \(what) at \(Wording.number(time ?? entry.time)) s: the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)' is still running (\(until)); move this entry later")
        return false
    }

    // MARK: Runs

    /// Starts run `driver` of `transition` at `time`.
    mutating func start(_ driver: any TransitionDriver, transition: ResolvedTransition, stage: TransitionStage, pushed: Bool,
                        at time: Double) {
        // A transition stops a scroll view decelerating; content past an edge goes on springing
        // back under it (the bounce is the scroll view's own animation, which no transition stops).
        let springing = stopScroll(at: time, release: time)
        if let springing { scrolling.handOver(springing) }
        let (context, container) = atRest.context(of: driver, transition, stage: stage, pushed: pushed)
        runs.append(ReplayedRun(driver: driver, transition: transition, stage: stage, pushed: pushed, entry: currentEntry,
                                  context: context, offsets: scrolling.offsets, springingScroll: springing, container: container))
        active = runs.count - 1
        segments.append(.transition(start: time, driver: runs.count - 1))
    }

    /// The finger holding run `index` lifted at `time`: its completion, as the driver now plans
    /// it, is the decision of this release (a later touch may catch the animation and decide again).
    mutating func recordRelease(of index: Int, at time: Double) {
        let driver = runs[index].driver
        guard let completion = driver.completion else { return }
        releases.append(TransitionRelease(run: index, time: time, finishes: completion.finished, detent: driver.detentChange))
    }

    /// Completes the active transition if it ends before `time`, updating the stack.
    mutating func settle(before time: Double) {
        if scrolling.ending(before: time) { finishScroll() }
        guard let index = active, let completion = runs[index].driver.completion, completion.time <= time else { return }
        navigation.complete(runs[index], finished: completion.finished)
        active = nil
        lastActivity = max(lastActivity, completion.time)
        if let run = runs[index].springingScroll, scrolling.runs[run].endTime > completion.time {
            // Content still springing back when the transition ends goes on to rest.
            scrolling.resume(run)
            segments.append(.scroll(start: completion.time, run: run, layout: atRest.restingLayout(), offsets: scrolling.offsets))
            if scrolling.runs[run].endTime <= time { finishScroll() }
        } else {
            segments.append(.idle(start: completion.time, nodes: atRest.restingNodes()))
        }
        navigationChanges.append(navigation.change(at: completion.time))
    }

    /// The stack changed at `time` without a run (a tab selected): the screen at rest from then.
    mutating func noteRest(at time: Double) {
        lastActivity = max(lastActivity, time)
        segments.append(.idle(start: time, nodes: atRest.restingNodes()))
        navigationChanges.append(navigation.change(at: time))
    }

    mutating func fail(_ entry: TimelineEntry, _ message: String) {
        diagnostics.append(Diagnostic(location: entry.location, message: message))
    }
}
