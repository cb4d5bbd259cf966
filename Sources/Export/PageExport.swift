import Engine
import Foundation
import Geometry
import Interaction
import Raster
import RenderTree
import Scene
import Stills

/// How far `segue export` explores a scene, and how finely it samples.
public struct PageExportOptions: Sendable {
    /// Pictures along each interactive transition (evenly spaced values of its animator, ends included: this + 1).
    public var samples = 48
    /// Screens at rest the page may show at most: exploring stops there.
    public var maxStates = 24
    /// Transitions from the first screen to the deepest one the page reaches.
    public var maxDepth = 4
    /// Rows or cells of a list a transition is bound to with no `index`, from the first, that the page lets a tap start it from.
    public var rowsPerList = 6
    /// Frames per second of a transition played by a tap or a button.
    public var fps = 60
    /// Whether the page may carry images and fonts from outside the scene file's folder
    /// (`--allow-outside-files`); by default each is an error at the line that names it.
    public var allowsOutsideFiles = false

    public init() {}

    /// The largest scale `segue export` draws at unless asked for another: @3x pages dropped
    /// frames in Chromium where @2x ones did not (docs/export.md, "Speed").
    public static let defaultLargestScale = 2.0
}

/// What an export wrote.
public struct PageExportSummary: Sendable {
    public var bytes: Int
    public var states: Int
    public var transitions: Int
    public var gestures: Int
    public var images: Int
    public var imageBytes: Int
}

/// `segue export`: a scene's screens at rest and the transitions between them, as one
/// self-contained HTML page a finger drives (docs/export.md).
///
/// The page's states are found by replaying the scene's own engine: from the first screen,
/// each transition the top screen can start (a tap it is bound to, a bar button item's action,
/// a tab, a `push`/`present` of a transition from it) and the way back from it (`pop` /
/// `dismiss`) is appended to a timeline and replayed; what settles is a state, what ran between
/// is the transition's pictures, and a run a gesture drives also hands on its rule
/// (`Timeline.gestureModel(ofRun:)`) and its pictures at evenly spaced values of its animator
/// (`Timeline.heldState(ofRun:value:)`).
public enum PageExport {
    public static func export(_ scene: Scene, to url: URL, options: PageExportOptions = PageExportOptions()) throws -> PageExportSummary {
        try AtomicFile.check(url)
        if !options.allowsOutsideFiles {
            let outside = outsideFiles(of: scene)
            if !outside.isEmpty { throw SceneError(outside) }
        }
        let builder = try PageBuilder(scene: scene, options: options)
        try builder.explore()
        let data = builder.json()
        let page = ExportPage.html(title: scene.name, data: data)
        try AtomicFile.write(page, to: url)
        return PageExportSummary(bytes: page.utf8.count, states: builder.states.count, transitions: builder.edges.count,
                                 gestures: builder.edges.filter { $0.gesture != nil }.count,
                                 images: builder.exporter.images.count, imageBytes: builder.exporter.images.reduce(0) { $0 + $1.count })
    }
}

extension PageExport {
    /// The scene's images and fonts that lie outside its folder (an absolute path elsewhere, a
    /// `../`, a link leading out), each at the line that names it: a page is made to be sent to
    /// others, and would carry them along.
    static func outsideFiles(of scene: Scene) -> [Diagnostic] {
        let folder = resolved(URL(fileURLWithPath: scene.file).deletingLastPathComponent().path)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let outside = scene.readFiles.filter { !resolved($0).hasPrefix(prefix) }.map { path in
            let what = path.lowercased().hasSuffix(".png") ? "image" : "font"
            return Diagnostic(location: scene.readFileLocations[path] ?? SourceLocation(file: scene.file, line: 1, column: 1), message:
                "\(what) \(path) is outside the scene's folder (\(folder)), and an exported page carries its pictures to whoever opens it; move it into the scene's folder, or give --allow-outside-files")
        }
        return outside.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    /// `path` with every link and `..` resolved (as it is when it does not exist).
    private static func resolved(_ path: String) -> String {
        guard let pointer = realpath(path, nil) else { return path }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

/// A screen at rest the page can show, and how the engine reaches it.
struct PageState {
    /// The timeline entries that lead here from the first screen.
    var entries: [TimelineEntry]
    /// When it has settled: the time its transitions start at.
    var rest: Double
    var stack: [String]
    var tab: Int?
    var plan: [ExportedStep]
    var depth: Int
    /// Where a sheet on top rests when a drag left it at another detent than it was presented at.
    var detentTop: Double? = nil
    /// The cell a screen grew out of (`list#index`), for a style that grows from one: the way back
    /// goes to that cell, so screens alike otherwise are different states.
    var cell: String? = nil
}

/// A gesture's rule and its pictures along its key; for a follower, the steps of the following
/// screen's nodes in each picture.
struct SampledGesture {
    var model: GestureModel
    var values: [Double]
    var plans: [[ExportedStep]]
    /// The steps of the nodes the page moves itself (a follower, a zoom's card), in each picture.
    var movedSteps: [[Range<Int>]]?
    /// A zoom's pictures on the way to the source view (`GestureModel.ZoomModel`), with the card's steps.
    var popPlans: [[ExportedStep]]?
    var popMovedSteps: [[Range<Int>]]?
}

/// A transition between two states: played (a tap, a button), and driven by a gesture where its style has one.
struct PageEdge {
    var from: Int
    var to: Int
    var label: String
    var verb: String
    var plays: [[ExportedStep]]
    var gesture: SampledGesture?
    /// Where a tap starts it, in points; nil: a button beside the phone.
    var tapRect: Rect?
    var isBack: Bool
    /// For a sheet's drag: the state each other detent it may settle at leads to, by the top edge there.
    var detents: [(top: Double, state: Int)] = []
}

final class PageBuilder {
    let scene: Scene
    let options: PageExportOptions
    let screens: ScreenCache
    let exporter: PlanExporter
    private(set) var states: [PageState] = []
    private(set) var edges: [PageEdge] = []
    /// Gestures a state's finger tries, in the engine's order: the way back first.
    private var gestureOrder: [Int: [Int]] = [:]
    private let location: SourceLocation
    /// How the scene's own timeline brings each screen it pushes or presents: a style that does
    /// either (`slide-up-modal`) is explored the way the scene uses it.
    private var presents: [String: Bool] = [:]

    init(scene original: Scene, options: PageExportOptions) throws {
        var scene = original.withTabBarSafeArea()
        for entry in scene.timeline {
            if case .present(let screen) = entry.action, presents[screen] == nil { presents[screen] = true }
            if case .push(let screen) = entry.action, presents[screen] == nil { presents[screen] = false }
        }
        scene.timeline = []
        scene.duration = nil
        scene.playback = []
        scene.captions = []
        scene.showsTouches = false
        scene.tail = 0.05
        self.scene = scene
        self.options = options
        screens = try ScreenCacheStore.rasterize(scene)
        exporter = PlanExporter(cache: screens, background: scene.background)
        location = SourceLocation(file: scene.file, line: 1, column: 1)
    }

    private func replay(_ entries: [TimelineEntry]) throws -> Timeline {
        var s = scene
        s.timeline = entries
        return try Timeline(scene: s, layouts: screens.layouts)
    }

    /// The first frame after everything in `timeline` has settled.
    private static func settled(_ timeline: Timeline) -> Double {
        let runs = timeline.runs.map(\.end).max() ?? 0
        return max(runs, timeline.sceneDuration - 0.05) + 0.05
    }

    func explore() throws {
        let first = try replay([])
        let startTab = scene.tabs?.bar.selected
        let root = scene.tabs.map { $0.roots[$0.bar.selected] } ?? scene.root
        states.append(PageState(entries: [], rest: 0, stack: [root], tab: startTab,
                                plan: try exporter.steps(first.state(at: 0)), depth: 0))
        var next = 0
        while next < states.count {
            try explore(state: next)
            next += 1
        }
    }

    /// One way out of a state: the entry that takes it, what the stack becomes, and how the page names it.
    private struct Candidate {
        var action: Action
        var stack: [String]
        var tab: Int?
        var label: String
        var verb: String
        var isBack: Bool
        var cell: (list: String, index: Int)?
    }

    private func candidates(from state: PageState) -> [Candidate] {
        var out: [Candidate] = []
        let stack = state.stack
        let top = stack[stack.count - 1]
        if stack.count > 1 {
            let below = stack[stack.count - 2]
            let back = Array(stack.dropLast())
            let hasBack = scene.screens[top]?.navigationBar?.back != nil
            if hasBack { out.append(Candidate(action: .tap(.back), stack: back, tab: state.tab, label: "back to \(below)", verb: "pop", isBack: true)) }
            out.append(Candidate(action: .pop, stack: back, tab: state.tab, label: "pop to \(below)", verb: "pop", isBack: true))
            out.append(Candidate(action: .dismiss, stack: back, tab: state.tab, label: "dismiss \(top)", verb: "dismiss", isBack: true))
        }
        guard state.depth < options.maxDepth else { return out }
        if let bar = scene.screens[top]?.navigationBar {
            for item in bar.leading + bar.trailing {
                guard let action = item.action else { continue }
                var next = stack
                switch action {
                case .pop, .dismiss: next.removeLast()
                case .push(let screen), .present(let screen): next.append(screen)
                }
                guard !next.isEmpty else { continue }
                out.append(Candidate(action: .tap(.barItem(item.name)), stack: next, tab: state.tab,
                                     label: "\(item.name) (\(action.description))", verb: "tap", isBack: false))
            }
        }
        for transition in scene.transitions where transition.from == top && !stack.contains(transition.to) {
            let next = stack + [transition.to]
            // A style that grows out of a cell (zoom, zoom-from-cell) starts from a tap on any of them.
            if let list = transition.settings.cell("cell")?.list, transition.tap == nil,
               let count = scene.screens[top]?.cellFrames(list: list, on: scene.device)?.count {
                for index in 0..<min(count, options.rowsPerList) {
                    out.append(Candidate(action: .tap(.cell(list: list, index: index)), stack: next, tab: state.tab,
                                         label: "a cell of \(list)", verb: "tap", isBack: false, cell: (list, index)))
                }
                continue
            }
            if let tap = transition.tap {
                let count = scene.screens[top]?.cellFrames(list: tap.list, on: scene.device)?.count ?? 0
                let indices = tap.index.map { [$0] } ?? Array(0..<min(count, options.rowsPerList))
                for index in indices {
                    out.append(Candidate(action: .tap(.cell(list: tap.list, index: index)), stack: next, tab: state.tab,
                                         label: "a row of \(tap.list)", verb: "tap", isBack: false,
                                         cell: (tap.list, index)))
                }
            }
            guard transition.tap == nil else { continue }
            let push = Candidate(action: .push(transition.to), stack: next, tab: state.tab, label: "push \(transition.to)",
                                 verb: "push", isBack: false)
            let present = Candidate(action: .present(transition.to), stack: next, tab: state.tab, label: "present \(transition.to)",
                                    verb: "present", isBack: false)
            out += presents[transition.to] == true ? [present, push] : [push, present]
        }
        if let tabs = scene.tabs, stack.count == 1 {
            for index in tabs.roots.indices where index != state.tab {
                out.append(Candidate(action: .tap(.tab(index)), stack: [tabs.roots[index]], tab: index,
                                     label: "the \(tabs.bar.items[index].title) tab", verb: "tab", isBack: false))
            }
        }
        return out
    }

    private func explore(state index: Int) throws {
        let state = states[index]
        var reached: Set<String> = []
        for candidate in candidates(from: state) {
            let key = candidate.stack.joined(separator: "/") + "#\(candidate.tab ?? -1)" + (candidate.cell.map { "@\($0.list)\($0.index)" } ?? "")
            // One way to each destination: a tap before a button, the first action the engine accepts.
            if reached.contains(key) { continue }
            let entry = TimelineEntry(time: state.rest, action: candidate.action, location: location)
            guard let timeline = try? replay(state.entries + [entry]) else { continue }
            let run = timeline.runs.last { $0.entry == state.entries.count }
            let rest = Self.settled(timeline)
            let restPlan = try exporter.steps(timeline.state(at: rest))
            if run == nil && restPlan == state.plan { continue }
            if let run, !run.finished { continue }
            reached.insert(key)
            // Where it goes: the state it comes back to, one already found, or a new one.
            let to: Int
            if candidate.isBack, let parent = states.firstIndex(where: { $0.stack == candidate.stack && $0.tab == candidate.tab && $0.plan == restPlan }) {
                to = parent
            } else if let known = states.firstIndex(where: { $0.stack == candidate.stack && $0.tab == candidate.tab && $0.plan == restPlan
                                                               && $0.cell == candidate.cell.map { "\($0.list)#\($0.index)" } }) {
                to = known
            } else {
                guard states.count < options.maxStates else { continue }
                states.append(PageState(entries: state.entries + [entry], rest: rest, stack: candidate.stack, tab: candidate.tab,
                                        plan: restPlan, depth: state.depth + 1, cell: candidate.cell.map { "\($0.list)#\($0.index)" }))
                to = states.count - 1
            }
            // The run's frames from the entry's time (a tap's finger down) to where it settles.
            let fps = Double(options.fps)
            let end = run.map { $0.end } ?? state.rest
            let count = max(Int(((end - state.rest) * fps).rounded(.up)), 0)
            var plays: [[ExportedStep]] = []
            for frame in 0...count {
                plays.append(try exporter.steps(timeline.state(at: min(state.rest + Double(frame) / fps, end))))
            }
            plays.append(restPlan)
            var gesture: SampledGesture?
            if let run, let model = timeline.gestureModel(ofRun: run.index) {
                let (low, high) = (model.range[0], model.range[1])
                let values = (0...options.samples).map { low + (high - low) * Double($0) / Double(options.samples) }
                let moved = model.follower.map { [$0.node] } ?? model.zoom?.nodes
                func steps(_ plans: [(steps: [ExportedStep], nodes: [(id: String, steps: Range<Int>)])]) -> [[Range<Int>]]? {
                    moved.map { ids in plans.map { plan in
                        plan.nodes.filter { node in ids.contains { node.id == $0 || node.id.hasPrefix($0 + "/") } }.map(\.steps)
                    } }
                }
                let plans = try values.map { key in try exporter.plan(timeline.heldState(ofRun: run.index, key: key)!) }
                gesture = SampledGesture(model: model, values: values, plans: plans.map(\.steps), movedSteps: steps(plans))
                if model.zoom != nil {
                    let pops = try values.map { key in try exporter.plan(timeline.heldState(ofRun: run.index, key: key, popping: true)!) }
                    gesture?.popPlans = pops.map(\.steps)
                    gesture?.popMovedSteps = steps(pops)
                }
            }
            var tapRect: Rect?
            if case .tap(let target) = candidate.action, let point = timeline.fingerTraces.last?.first?.location {
                // Where the engine put the finger, a touch target's 44 pt around it; a row or cell
                // of a screen shown full screen, its whole frame (which then holds the point).
                tapRect = Rect(x: point.x - 22, y: point.y - 22, width: 44, height: 44)
                if case .cell(let list, let i) = target, let top = state.stack.last,
                   let frame = scene.screens[top]?.cellFrame(list: list, index: i, on: scene.device)?.cell, frame.contains(point) {
                    tapRect = frame
                }
            }
            // A gesture-only way (a `pop` action where the back button also pops) adds its gesture to the tap's edge.
            if case .tap = candidate.action {} else if let existing = edges.firstIndex(where: { $0.from == index && $0.to == to && $0.tapRect != nil }) {
                if edges[existing].gesture == nil, let gesture { edges[existing].gesture = gesture }
                if gesture != nil { gestureOrder[index, default: []].append(existing) }
                continue
            }
            var edge = PageEdge(from: index, to: to, label: candidate.label, verb: candidate.verb, plays: plays, gesture: gesture,
                                tapRect: tapRect, isBack: candidate.isBack)
            if let model = gesture?.model, model.key == "top" { edge.detents = try detentStates(from: index, model: model) }
            edges.append(edge)
            if gesture != nil { gestureOrder[index, default: []].append(edges.count - 1) }
        }
    }

    /// The states a drag of the sheet on top of state `index` leaves at each other detent: the
    /// engine replays a finger that grabs the sheet by its top edge, moves it there in half a
    /// second and holds still before lifting, so the release projects onto that detent.
    private func detentStates(from index: Int, model: GestureModel) throws -> [(top: Double, state: Int)] {
        let state = states[index]
        guard let tops = model.decision.tops, let zero = model.reading.values.indices.first(where: {
            abs(model.reading.start + Double($0) * model.reading.step) < 1e-9 }) else { return [] }
        let restTop = model.reading.values[zero]
        var out: [(top: Double, state: Int)] = []
        for top in tops where abs(top - restTop) > 0.5 {
            let x = scene.device.size.width / 2, y0 = restTop + 12, distance = top - restTop
            var samples: [TouchSample] = []
            for i in 0...30 {
                let s = Double(i) / 30
                samples.append(TouchSample(time: s * 0.5, location: Point(x: x, y: y0 + distance * (s * s * (3 - 2 * s)))))
            }
            for i in 1...9 { samples.append(TouchSample(time: 0.5 + Double(i) / 60, location: Point(x: x, y: y0 + distance))) }
            let entry = TimelineEntry(time: state.rest, action: .touch(samples), location: location)
            guard let timeline = try? replay(state.entries + [entry]),
                  let run = timeline.runs.last(where: { $0.entry == state.entries.count }), run.detent != nil else { continue }
            let rest = Self.settled(timeline)
            let plan = try exporter.steps(timeline.state(at: rest))
            if let known = states.firstIndex(where: { $0.stack == state.stack && $0.tab == state.tab && $0.plan == plan }) {
                out.append((top, known))
            } else if states.count < options.maxStates {
                states.append(PageState(entries: state.entries + [entry], rest: rest, stack: state.stack, tab: state.tab,
                                        plan: plan, depth: state.depth, detentTop: top))
                out.append((top, states.count - 1))
            }
        }
        return out
    }

    // MARK: The page's data

    func json() -> String {
        var out = "{\"format\": 1, \"scene\": \(JSONNumber.quote(scene.name)), "
        out += "\"size\": [\(n(scene.device.size.width)), \(n(scene.device.size.height))], \"scale\": \(n(scene.device.scale)), "
        out += "\"mirrored\": \(scene.layoutDirection == .rightToLeft), "
        out += "\"velocity\": {\"minimumInterval\": \(n(VelocityEstimator.minimumInterval, 6)), \"latestWeight\": \(n(VelocityEstimator().latestWeight))}, "
        out += "\"start\": 0, \"states\": [" + states.indices.map(stateJSON).joined(separator: ", ") + "], "
        out += "\"edges\": [" + edges.map(edgeJSON).joined(separator: ", ") + "], "
        // The names are all before the pictures; the pictures' base64 has nothing to escape and
        // is not copied again for it.
        return HTMLText.scriptData(out)
            + "\"parts\": [" + exporter.images.map { "\"data:image/png;base64," + Data($0).base64EncodedString() + "\"" }.joined(separator: ", ") + "]}"
    }

    private func stateJSON(_ index: Int) -> String {
        let state = states[index]
        let mine = edges.indices.filter { edges[$0].from == index }
        let taps = mine.compactMap { i in edges[i].tapRect.map { "{\"rect\": \(rect($0)), \"edge\": \(i)}" } }
        let buttons = mine.filter { edges[$0].tapRect == nil }
        // The way back first, then the gestures of transitions that start here (the engine's order).
        let gestures = (gestureOrder[index] ?? []).sorted { (edges[$0].isBack ? 0 : 1, $0) < (edges[$1].isBack ? 0 : 1, $1) }
        return "{\"name\": \(JSONNumber.quote(state.stack.joined(separator: " › "))), \"plan\": \(plan(state.plan)), "
            + "\"taps\": [\(taps.joined(separator: ", "))], \"gestures\": \(gestures), \"buttons\": \(buttons)}"
    }

    private func edgeJSON(_ edge: PageEdge) -> String {
        var out = "{\"from\": \(edge.from), \"to\": \(edge.to), \"label\": \(JSONNumber.quote(edge.label)), \"verb\": \(JSONNumber.quote(edge.verb)), "
        out += "\"play\": {\"fps\": \(options.fps), \"plans\": [" + edge.plays.map(plan).joined(separator: ", ") + "]}, \"gesture\": "
        if let gesture = edge.gesture {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var model = (try? encoder.encode(gesture.model)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            model.removeLast()
            out += model + ", \"detents\": [" + edge.detents.map { "{\"top\": \(n($0.top)), \"state\": \($0.state)}" }.joined(separator: ", ") + "]"
            func ranges(_ steps: [[Range<Int>]]) -> String {
                "[" + steps.map { "[" + $0.map { "[\($0.lowerBound), \($0.upperBound)]" }.joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
            }
            if let steps = gesture.movedSteps { out += ", \"movedSteps\": " + ranges(steps) }
            if let pops = gesture.popPlans, let steps = gesture.popMovedSteps {
                out += ", \"popFrames\": {\"values\": [" + gesture.values.map { n($0) }.joined(separator: ", ") + "], \"plans\": ["
                    + pops.map(plan).joined(separator: ", ") + "]}, \"popMovedSteps\": " + ranges(steps)
            }
            out += ", \"frames\": {\"values\": [" + gesture.values.map { n($0) }.joined(separator: ", ") + "], \"plans\": ["
                + gesture.plans.map(plan).joined(separator: ", ") + "]}}"
        } else {
            out += "null"
        }
        return out + "}"
    }

    private func n(_ value: Double, _ decimals: Int = 4) -> String { JSONNumber.format(value, decimals: decimals) }
    private func rect(_ r: Rect) -> String { "[\(n(r.x)), \(n(r.y)), \(n(r.width)), \(n(r.height))]" }
    private func color(_ c: Color) -> String { "[\(n(c.red)), \(n(c.green)), \(n(c.blue)), \(n(c.alpha))]" }
    private func matrix(_ t: Geometry.AffineTransform) -> String { "[" + t.components.map { n($0, 5) }.joined(separator: ", ") + "]" }

    private func plan(_ steps: [ExportedStep]) -> String {
        "[" + steps.map { step -> String in
            switch step {
            case .clear(let c): return "[\"clear\", \(color(c))]"
            case let .shadow(s, bounds, radius, world, alpha):
                return "[\"shadow\", \(color(s.color)), \(n(s.opacity)), \(n(s.radius)), [\(n(s.offset.x)), \(n(s.offset.y))], \(rect(bounds)), \(n(radius)), \(matrix(world)), \(n(alpha))]"
            case let .fill(c, alpha, bounds, radius, device):
                return "[\"fill\", \(color(c)), \(n(alpha)), \(rect(bounds)), \(n(radius)), \(matrix(device))]"
            case let .image(part, alpha, bounds, radius, device):
                return "[\"image\", \(part), \(n(alpha)), \(rect(bounds)), \(n(radius)), \(matrix(device))]"
            case let .backdrop(look, alpha, bounds, radius, device):
                return "[\"backdrop\", {\"blur\": \(n(look.blurRadius)), \"saturation\": \(n(look.saturation)), \"brightness\": \(n(look.brightness)), \"tint\": \(color(look.tint))}, \(n(alpha)), \(rect(bounds)), \(n(radius)), \(matrix(device))]"
            case let .overlay(part, alpha, x, y):
                return "[\"overlay\", \(part), \(n(alpha)), \(x), \(y)]"
            case .beginChildren(let clip):
                guard let clip else { return "[\"begin\", null]" }
                return "[\"begin\", [\(rect(clip.bounds)), \(n(clip.cornerRadius)), \(matrix(clip.device))]]"
            case .endChildren: return "[\"end\"]"
            }
        }.joined(separator: ", ") + "]"
    }
}
