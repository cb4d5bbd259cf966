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
        var spec: TransitionSpec?
        var stage: TransitionStage?
        /// Pushed inside the navigation controller below it (true), or presented over it (false).
        var pushed = false
    }

    private var stack: [Entry]
    private var active: Int?
    /// Where each driver's stage came from, to push its entry when it finishes.
    private var runs: [(spec: TransitionSpec, stage: TransitionStage, pushed: Bool)] = []
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

    mutating func run() throws {
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
        guard let spec = scene.transitions.first(where: { $0.from == top.screen && $0.to == screen }) else {
            let known = scene.transitions.filter { $0.from == top.screen }.map(\.to)
            let hint = known.isEmpty ? "no transition starts at '\(top.screen)'" : "transitions from '\(top.screen)' go to: \(known.joined(separator: ", "))"
            fail(entry, "cannot \(verb) '\(screen)' at \(format(entry.time)) s: '\(top.screen)' is on screen and no transition goes from '\(top.screen)' to '\(screen)' (\(hint)); add one under 'transitions'")
            return
        }
        guard navigation ? spec.style.isNavigation : spec.style.isModal else {
            let right = spec.style.isNavigation ? "push" : "present"
            fail(entry, "cannot \(verb) '\(screen)': its transition is \(spec.style.rawValue), a \(spec.style.isNavigation ? "navigation" : "modal") style; use '\(right): \(screen)'")
            return
        }
        var cellImage: Rect?
        if spec.style == .zoomFromCell {
            let cell = spec.options.cell ?? CellReference(list: "", index: 0)
            guard let frame = CellLocator.imageFrame(in: scene.screens[top.screen], cell: cell, device: scene.device) else {
                fail(entry, "cannot push '\(screen)' with zoom-from-cell: '\(top.screen)' has no cell \(cell.index) in a list or grid with id '\(cell.list)'; set the transition's 'cell: { list: ID, index: N }'")
                return
            }
            cellImage = frame
        }
        let stage = TransitionStage(bounds: bounds, below: top.screen, above: screen, cellImage: cellImage)
        start(makeDriver(spec, stage: stage, forward: true, at: entry.time), spec: spec, stage: stage, pushed: navigation,
              at: entry.time)
    }

    private mutating func back(navigation: Bool, entry: TimelineEntry) {
        let verb = navigation ? "pop" : "dismiss"
        settle(before: entry.time)
        guard checkIdle(entry, verb) else { return }
        guard stack.count > 1, let spec = top.spec, let stage = top.stage else {
            fail(entry, navigation
                 ? "cannot pop at \(format(entry.time)) s: '\(top.screen)' is the root of the navigation stack"
                 : "cannot dismiss at \(format(entry.time)) s: nothing is presented ('\(top.screen)' is the root screen)")
            return
        }
        guard top.pushed == navigation else {
            fail(entry, "cannot \(verb) '\(top.screen)': it was \(top.pushed ? "pushed" : "presented") with \(spec.style.rawValue); use '\(top.pushed ? "pop" : "dismiss"): true'")
            return
        }
        start(makeDriver(spec, stage: stage, forward: false, at: entry.time), spec: spec, stage: stage, pushed: top.pushed,
              at: entry.time)
    }

    private mutating func checkIdle(_ entry: TimelineEntry, _ what: String) -> Bool {
        guard let index = active else { return true }
        let driver = drivers[index]
        let until = driver.completion.map { "until \(format($0.time)) s" } ?? "held by a finger"
        fail(entry, "cannot \(what) at \(format(entry.time)) s: the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)' is still running (\(until)); move this entry later")
        return false
    }

    /// A non-interactive run of `spec`, starting at `time`.
    private func makeDriver(_ spec: TransitionSpec, stage: TransitionStage, forward: Bool, at time: Double) -> any TransitionDriver {
        if spec.style == .slideUpModal {
            return SlideUpModalDriver.animated(parameters: spec.parameters, bounds: bounds, presenter: stage.below,
                                               sheet: stage.above, forward: forward, at: time)
        }
        var driver = StyleCatalog.driver(for: spec, stage: stage, forward: forward)
        driver.start(at: time)
        return driver
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
            start(driver, spec: candidate.spec, stage: candidate.stage, pushed: candidate.pushed, at: began.time)
            return
        }

        // A tap on a cell pushes with zoom-from-cell.
        let moved = trace.map { ($0.location - down.location).magnitude }.max() ?? 0
        if moved < 10, up.time - down.time < 0.5 { tap(at: down.location, time: up.time) }
    }

    /// A gesture that could start a transition from the current state.
    private struct Candidate {
        var spec: TransitionSpec
        var stage: TransitionStage
        /// Whether the transition runs inside the navigation controller (a push or a pop).
        var pushed: Bool
        var recognizer: PanRecognizer
        var accepts: (PanEvent, Point) -> Bool
        var make: (PanEvent) -> any TransitionDriver
    }

    private func gestureCandidates() -> [Candidate] {
        var candidates: [Candidate] = []
        let bounds = self.bounds
        if stack.count > 1, let spec = top.spec, let stage = top.stage {
            if spec.style == .slideUpModal {
                candidates.append(Candidate(
                    spec: spec, stage: stage, pushed: top.pushed, recognizer: PanRecognizer(bounds: bounds),
                    accepts: { _, movement in SlideUpModalDriver.shouldBeginDismissal(movement: movement) },
                    make: { began in
                        SlideUpModalDriver.interactive(parameters: spec.parameters, bounds: bounds, presenter: stage.below,
                                                       sheet: stage.above, forward: false, began: began)
                    }))
            } else if let candidate = percentDriven(spec, stage: stage, forward: false, pushed: top.pushed) {
                candidates.append(candidate)
            }
        }
        for spec in scene.transitions where spec.from == top.screen && spec.style != .slideUpModal && spec.style != .zoomFromCell {
            let stage = TransitionStage(bounds: bounds, below: top.screen, above: spec.to)
            // Gesture-started forward styles are the modal ones (cover, drawer).
            if let candidate = percentDriven(spec, stage: stage, forward: true, pushed: !spec.style.isModal) {
                candidates.append(candidate)
            }
        }
        return candidates
    }

    /// The gesture of a percent-driven style in one direction, if its seed has one.
    private func percentDriven(_ spec: TransitionSpec, stage: TransitionStage, forward: Bool, pushed: Bool) -> Candidate? {
        let template = StyleCatalog.driver(for: spec, stage: stage, forward: forward)
        guard let rule = template.rule else { return nil }
        let bounds = self.bounds
        return Candidate(
            spec: spec, stage: stage, pushed: pushed, recognizer: rule.recognizer(bounds: bounds),
            accepts: { began, _ in rule.accepts(beganAt: began.location, bounds: bounds) },
            make: { began in
                var driver = template
                driver.begin(began)
                driver.handle(began)
                return driver
            })
    }

    private mutating func tap(at location: Point, time: Double) {
        guard active == nil else { return }
        for spec in scene.transitions where spec.from == top.screen && spec.style == .zoomFromCell {
            let list = spec.options.cell?.list ?? ""
            guard let cell = CellLocator.cell(at: location, in: scene.screens[top.screen], list: list, device: scene.device) else { continue }
            let stage = TransitionStage(bounds: bounds, below: top.screen, above: spec.to, cellImage: cell.image)
            var driver = StyleCatalog.driver(for: spec, stage: stage, forward: true)
            driver.start(at: time)
            start(driver, spec: spec, stage: stage, pushed: true, at: time)
            return
        }
    }

    // MARK: Bookkeeping

    private mutating func start(_ driver: any TransitionDriver, spec: TransitionSpec, stage: TransitionStage, pushed: Bool,
                                at time: Double) {
        drivers.append(driver)
        runs.append((spec, stage, pushed))
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
                stack.append(Entry(screen: driver.destination, spec: runs[index].spec, stage: runs[index].stage,
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
        if let spec = top.spec, let stage = top.stage, let placements = StyleCatalog.restingLayers(for: spec, stage: stage) {
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
