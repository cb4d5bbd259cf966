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
    /// The last moment anything moves or a finger lifts.
    private(set) var lastActivity = 0.0

    /// The navigation stack: the root, then each presented screen with the transition that brought it.
    private var stack: [(screen: String, transition: TransitionSpec?)]
    private var active: Int?
    private var diagnostics: [Diagnostic] = []

    init(scene: Scene) {
        self.scene = scene
        stack = [(scene.root, nil)]
        segments = [.idle(start: -.infinity, screen: scene.root)]
    }

    mutating func run() throws {
        for entry in scene.timeline {
            switch entry.action {
            case .present(let screen): present(screen, entry: entry)
            case .dismiss: dismiss(entry: entry)
            case .touch(let samples): touch(samples.map { TouchPoint(time: entry.time + $0.time, location: $0.location) })
            }
        }
        settle(before: .infinity)
        if !diagnostics.isEmpty { throw SceneError(diagnostics) }
    }

    private var top: String { stack[stack.count - 1].screen }

    // MARK: Actions

    private mutating func present(_ screen: String, entry: TimelineEntry) {
        settle(before: entry.time)
        guard checkIdle(entry, "present '\(screen)'") else { return }
        guard let spec = scene.transitions.first(where: { $0.from == top && $0.to == screen }) else {
            let known = scene.transitions.filter { $0.from == top }.map(\.to)
            let hint = known.isEmpty ? "no transition starts at '\(top)'" : "transitions from '\(top)' go to: \(known.joined(separator: ", "))"
            diagnostics.append(Diagnostic(location: entry.location,
                                          message: "cannot present '\(screen)' at \(entry.time) s: '\(top)' is on screen and no transition goes from '\(top)' to '\(screen)' (\(hint)); add one under 'transitions'"))
            return
        }
        start(makeAnimated(spec, forward: true, presenter: top, sheet: screen, at: entry.time), at: entry.time)
    }

    private mutating func dismiss(entry: TimelineEntry) {
        settle(before: entry.time)
        guard checkIdle(entry, "dismiss") else { return }
        guard stack.count > 1, let spec = stack[stack.count - 1].transition else {
            diagnostics.append(Diagnostic(location: entry.location,
                                          message: "cannot dismiss at \(entry.time) s: nothing is presented ('\(top)' is the root screen)"))
            return
        }
        let presenter = stack[stack.count - 2].screen
        start(makeAnimated(spec, forward: false, presenter: presenter, sheet: top, at: entry.time), at: entry.time)
    }

    private mutating func checkIdle(_ entry: TimelineEntry, _ what: String) -> Bool {
        guard let index = active else { return true }
        let driver = drivers[index]
        let until = driver.completion.map { "until \(format($0.time)) s" } ?? "held by a finger"
        diagnostics.append(Diagnostic(location: entry.location,
                                      message: "cannot \(what) at \(format(entry.time)) s: the \(driver.styleName) transition from '\(driver.source)' to '\(driver.destination)' is still running (\(until)); move this entry later"))
        return false
    }

    private func makeAnimated(_ spec: TransitionSpec, forward: Bool, presenter: String, sheet: String, at time: Double) -> any TransitionDriver {
        switch spec.style {
        case .slideUpModal:
            return SlideUpModalDriver.animated(parameters: spec.parameters, bounds: scene.device.bounds,
                                               presenter: presenter, sheet: sheet, forward: forward, at: time)
        }
    }

    // MARK: Touches

    private mutating func touch(_ trace: [TouchPoint]) {
        guard let down = trace.first, let up = trace.last else { return }
        traces.append(trace)
        lastActivity = max(lastActivity, up.time)
        settle(before: down.time)

        // A touch landing on a running, interruptible animation catches it.
        if let index = active, drivers[index].isInterruptible, drivers[index].completion != nil {
            drivers[index].interrupt(at: down.time)
            let recognition = PanRecognizer(bounds: scene.device.bounds).recognize(trace)
            if recognition.didBegin {
                for event in recognition.events { drivers[index].handle(event) }
            } else {
                drivers[index].resume(at: up.time)
            }
            return
        }

        // Otherwise the touch may start an interactive transition once its pan begins.
        let recognition = PanRecognizer(bounds: scene.device.bounds).recognize(trace)
        guard let began = recognition.events.first else { return }
        settle(before: began.time)
        guard active == nil, stack.count > 1, let spec = stack[stack.count - 1].transition,
              let movement = recognition.movementAtBegin else { return }
        switch spec.style {
        case .slideUpModal:
            guard SlideUpModalDriver.shouldBeginDismissal(movement: movement) else { return }
            var driver = SlideUpModalDriver.interactive(parameters: spec.parameters, bounds: scene.device.bounds,
                                                        presenter: stack[stack.count - 2].screen, sheet: top,
                                                        forward: false, began: began)
            for event in recognition.events.dropFirst() { driver.handle(event) }
            start(driver, at: began.time)
        }
    }

    // MARK: Bookkeeping

    private mutating func start(_ driver: any TransitionDriver, at time: Double) {
        drivers.append(driver)
        active = drivers.count - 1
        segments.append(.transition(start: time, driver: drivers.count - 1))
    }

    /// Completes the active transition if it ends before `time`, updating the stack.
    private mutating func settle(before time: Double) {
        guard let index = active, let completion = drivers[index].completion, completion.time <= time else { return }
        let driver = drivers[index]
        if completion.finished {
            if driver.isForward {
                let spec = scene.transitions.first { $0.from == driver.source && $0.to == driver.destination }
                stack.append((driver.destination, spec))
            } else {
                stack.removeLast()
            }
        }
        active = nil
        lastActivity = max(lastActivity, completion.time)
        segments.append(.idle(start: completion.time, screen: top))
    }

    private func format(_ value: Double) -> String {
        String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
