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
    private let tree: SceneTree

    init(scene: Scene) {
        self.scene = scene
        tree = SceneTree(scene: scene)
        stack = [Entry(screen: scene.root)]
        segments = []
        segments = [.idle(start: -.infinity, nodes: restingNodes())]
    }

    /// A scene transition with its style resolved and its settings decoded.
    struct Transition: Sendable {
        var spec: TransitionSpec
        var style: any TransitionStyleDefinition
        var settings: SettingValues

        func run(_ stage: TransitionStage, forward: Bool) -> StyleRun {
            StyleRun(settings: settings, stage: stage, forward: forward)
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
        for entry in scene.timeline {
            switch entry.action {
            case .present(let screen): forward(to: screen, navigation: false, entry: entry)
            case .push(let screen): forward(to: screen, navigation: true, entry: entry)
            case .dismiss: back(navigation: false, entry: entry)
            case .pop: back(navigation: true, entry: entry)
            case .touch(let samples): touch(samples.map { TouchPoint(time: entry.time + $0.time, location: $0.location) })
            }
        }
        settle(before: .infinity)
        if !diagnostics.isEmpty { throw SceneError(diagnostics) }
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
        var cellImage: Rect?
        if let key = style.sourceCellSetting {
            let cell = transition.settings.cell(key) ?? CellReference(list: "", index: 0)
            guard let frame = CellLocator.imageFrame(in: scene.screens[top.screen], cell: cell, device: scene.device) else {
                fail(entry, "cannot \(verb) '\(screen)' with \(style.name): '\(top.screen)' has no cell \(cell.index) in a list or grid with id '\(cell.list)'; set the transition's '\(key): { list: ID, index: N }'")
                return
            }
            cellImage = frame
        }
        let stage = TransitionStage(bounds: bounds, below: top.screen, above: screen, cellImage: cellImage)
        start(style.animated(transition.run(stage, forward: true), at: entry.time), transition: transition, stage: stage,
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
        start(transition.style.animated(transition.run(stage, forward: false), at: entry.time), transition: transition,
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

    private mutating func touch(_ trace: [TouchPoint]) {
        guard let down = trace.first, let up = trace.last else { return }
        traces.append(trace)
        lastActivity = max(lastActivity, up.time)
        settle(before: down.time)

        if let index = active {
            // A touch landing on a running, interruptible animation catches it; otherwise it does nothing.
            guard drivers[index].isInterruptible, drivers[index].completion != nil else { return }
            drivers[index].interrupt(at: down.time)
            let recognizer = (drivers[index] as? PercentDrivenDriver)?.rule?.recognizer(bounds: bounds) ?? PanRecognizer(bounds: bounds)
            let recognition = recognizer.recognize(trace)
            if recognition.didBegin {
                for event in recognition.events { drivers[index].handle(event) }
            } else {
                drivers[index].resume(at: up.time)
            }
            return
        }

        // Idle: the gestures that can start a transition from here, the way back first.
        for candidate in gestureCandidates() {
            let recognition = candidate.recognizer.recognize(trace)
            guard let began = recognition.events.first, let movement = recognition.movementAtBegin else { continue }
            settle(before: began.time)
            guard active == nil, candidate.accepts(began, movement) else { continue }
            var driver = candidate.make(began)
            for event in recognition.events.dropFirst() { driver.handle(event) }
            start(driver, transition: candidate.transition, stage: candidate.stage, pushed: candidate.pushed, at: began.time)
            return
        }

        // A tap on a cell starts a style that grows out of it.
        let moved = trace.map { ($0.location - down.location).magnitude }.max() ?? 0
        if moved < 10, up.time - down.time < 0.5 { tap(at: down.location, time: up.time) }
    }

    /// A gesture that could start a transition from the current state.
    private struct Candidate {
        var transition: Transition
        var stage: TransitionStage
        /// Whether the transition runs inside the navigation controller (a push or a pop).
        var pushed: Bool
        var recognizer: PanRecognizer
        var accepts: (PanEvent, Point) -> Bool
        var make: (PanEvent) -> any TransitionDriver

        init(_ transition: Transition, _ stage: TransitionStage, pushed: Bool, _ gesture: StyleGesture) {
            self.transition = transition
            self.stage = stage
            self.pushed = pushed
            recognizer = gesture.recognizer
            accepts = gesture.accepts
            make = gesture.make
        }
    }

    /// The way back from the top screen first, then the ways forward from it, each where its
    /// style has a gesture in that direction.
    private func gestureCandidates() -> [Candidate] {
        var candidates: [Candidate] = []
        if stack.count > 1, let transition = top.transition, let stage = top.stage,
           let gesture = transition.style.gesture(transition.run(stage, forward: false)) {
            candidates.append(Candidate(transition, stage, pushed: top.pushed, gesture))
        }
        for transition in transitions where transition.spec.from == top.screen {
            let stage = TransitionStage(bounds: bounds, below: top.screen, above: transition.spec.to)
            guard let gesture = transition.style.gesture(transition.run(stage, forward: true)) else { continue }
            // A gesture brings a screen in modally where the style can, else pushes it.
            candidates.append(Candidate(transition, stage, pushed: !transition.style.presentations.contains(.modal), gesture))
        }
        return candidates
    }

    private mutating func tap(at location: Point, time: Double) {
        guard active == nil else { return }
        for transition in transitions where transition.spec.from == top.screen {
            guard let key = transition.style.sourceCellSetting else { continue }
            let list = transition.settings.cell(key)?.list ?? ""
            guard let cell = CellLocator.cell(at: location, in: scene.screens[top.screen], list: list, device: scene.device) else { continue }
            let stage = TransitionStage(bounds: bounds, below: top.screen, above: transition.spec.to, cellImage: cell.image)
            let pushed = transition.style.presentations.contains(.navigation)
            start(transition.style.animated(transition.run(stage, forward: true), at: time), transition: transition,
                  stage: stage, pushed: pushed, at: time)
            return
        }
    }

    // MARK: Bookkeeping

    private mutating func start(_ driver: any TransitionDriver, transition: Transition, stage: TransitionStage, pushed: Bool,
                                at time: Double) {
        drivers.append(driver)
        runs.append((transition, stage, pushed))
        contexts.append(barContext(below: stage.below, above: stage.above, pushed: pushed))
        active = drivers.count - 1
        segments.append(.transition(start: time, driver: drivers.count - 1))
    }

    /// Completes the active transition if it ends before `time`, updating the stack.
    private mutating func settle(before time: Double) {
        guard let index = active, let completion = drivers[index].completion, completion.time <= time else { return }
        let driver = drivers[index]
        if completion.finished {
            if driver.isForward {
                stack.append(Entry(screen: driver.destination, transition: runs[index].transition, stage: runs[index].stage,
                                   pushed: runs[index].pushed))
            } else {
                stack.removeLast()
            }
        }
        active = nil
        lastActivity = max(lastActivity, completion.time)
        segments.append(.idle(start: completion.time, nodes: restingNodes()))
    }

    /// What is on screen when no transition runs: the top screen with its navigation bar, or
    /// what its style leaves on screen (the drawer over the moved screen).
    private func restingNodes() -> [RenderNode] {
        if let transition = top.transition, let stage = top.stage,
           let placements = transition.style.resting(transition.run(stage, forward: true)) {
            let context = barContext(below: stage.below, above: stage.above, pushed: top.pushed)
            return tree.nodes(placements, bar: context.bar(amount: 1), ownBars: context.ownBars)
        }
        return tree.nodes([Placement(screen: top.screen, frame: bounds)],
                          bar: SceneTree.Bar(id: barID(level: stack.count - 1), below: top.screen, above: nil, amount: 0))
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
