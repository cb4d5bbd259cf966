import Geometry
import Interaction
import Motion
import Scene

/// A scene's timeline, evaluated once into pieces so that any instant can be looked up alone.
///
/// Building replays the scene's actions and finger traces in time order through the gesture
/// recognizers and transition drivers; afterwards `state(frame:)` is a pure function of
/// the frame's absolute time `frame / fps`, so frames can be rendered in any order, on any thread.
public struct Timeline: Sendable {
    public let scene: Scene
    /// Seconds of video from the start to the end of the last frame. In scene time (without
    /// `playback`): `duration` when the scene gives one, otherwise long enough to show the end of
    /// the last motion and then `tail` seconds; with `playback`, that time as the video plays it.
    public let duration: Double
    /// The video's frames (`state(frame:)`), at the scene's frame rate.
    public let frameCount: Int
    /// The scene's own length, before `playback` stretches or holds any of it.
    public let sceneDuration: Double
    /// Video time to scene time (`Scene.playback`; the identity without it).
    public let clock: PlaybackClock

    let segments: [Segment]
    /// Every transition run: its driver, where it draws its screens and the scroll views under it.
    var replayed: [ReplayedRun]
    /// Every finger that scrolled a scroll view, in time order.
    let scrolls: [ScrollRun]
    /// The selected tab and the stack on top after each change, in time order; the first from the start.
    let navigationChanges: [Navigation]
    /// Every release of a finger holding a transition, in time order, with its decision.
    public let releases: [TransitionRelease]
    let traces: [[TouchPoint]]
    private let tree: SceneTree
    let chrome: WindowChrome
    /// The scene's captions, laid out once, drawn over everything at the scene's time.
    private let captions: CaptionLayout

    /// Each of `scene`'s captions (in its order) and its box's size in points, as a timeline lays
    /// them out on the device, measuring text with `text`.
    public static func captionBoxes(of scene: Scene, text: any TextMeasuring) -> [(spec: CaptionSpec, size: Size)] {
        CaptionLayout(scene.captions, device: scene.device, text: text).placed.map { ($0.spec, $0.node.size) }
    }
    /// A page sheet's presenter handing the status bar over, in time order (`findStatusBarHandOvers()`).
    var statusBarHandOvers: [StatusBarHandOver] = []

    enum Segment: Sendable {
        /// Nothing moves: the same nodes, window chrome included, on every frame.
        case idle(start: Double, nodes: [RenderNode])
        case transition(start: Double, driver: Int)
        /// A scroll view moves (`scrolls[run]`) on a screen otherwise at rest as `layout` says.
        case scroll(start: Double, run: Int, layout: RestingLayout, offsets: ScrollOffsets)

        var start: Double {
            switch self {
            case .idle(let start, _), .transition(let start, _), .scroll(let start, _, _, _): return start
            }
        }
    }

    /// Replays `scene`; throws `SceneError` for actions that make no sense where they happen.
    /// `text` measures what the engine sizes from text (the bar's title sliding into the back
    /// button) as the painter draws it; the pipeline passes Raster's `TextMeasurer`. `layouts`
    /// lays the screens out for the sizes nodes show them at: the painter's, when it draws them
    /// (`ScreenCache.layouts`), so each screen is laid out once per size; the timeline's own otherwise.
    public init(scene: Scene, text: any TextMeasuring, layouts: ScreenLayouts? = nil) throws {
        // Its lists and grids count their lines by `text` too, as the painter sets them.
        let scene = scene.withTabBarSafeArea().measuringText(with: text)
        let layouts = layouts ?? ScreenLayouts(screens: scene.screens, device: scene.device)
        var builder = TimelineBuilder(scene: scene, text: text, layouts: layouts)
        try builder.run()
        if !builder.scrolling.scrolledViews.isEmpty {
            // Replayed again with those scroll views drawn as scroll views from the first frame,
            // so their nodes and `contentOffset` are in every frame's tree, not only once they move.
            var tree = SceneTree(scene: scene, text: text, layouts: layouts)
            tree.scrolling = builder.scrolling.scrolledViews
            builder = TimelineBuilder(scene: scene, text: text, layouts: layouts, tree: tree)
            try builder.run()
        }
        self.scene = scene
        let chrome = WindowChrome(screens: scene.screens.values, device: scene.device, background: scene.background,
                                  appearance: scene.appearance)
        self.chrome = chrome
        captions = CaptionLayout(scene.captions, device: scene.device, text: text)
        // An idle segment shows the same nodes on every frame: its window chrome is worked out once.
        segments = builder.segments.map { segment in
            guard case .idle(let start, let nodes) = segment else { return segment }
            return .idle(start: start, nodes: nodes + chrome.nodes(over: nodes))
        }
        replayed = builder.runs
        navigationChanges = builder.navigationChanges
        scrolls = builder.scrolling.runs
        releases = builder.releases
        traces = builder.traces
        tree = builder.tree
        let fps = Double(scene.fps)
        let frames: Double
        if let duration = scene.duration {
            frames = max(1, (duration * fps).rounded())
        } else {
            // Up to and including the frame that shows the last motion's end, then the tail.
            frames = ((builder.lastActivity + scene.tail) * fps + 1e-6).rounded(.down) + 1
            try Self.checkLimits(scene, motionEnd: builder.lastActivity, frames: frames)
        }
        let sceneLength = Double(Int(saturating: frames)) / fps
        sceneDuration = sceneLength
        // A playback entry must start within the scene (a stretch past its end is cut there).
        let late = scene.playback.filter { $0.start > sceneLength + 1e-9 }
        if !late.isEmpty {
            throw SceneError(late.map { entry in Diagnostic(location: entry.location, message:
                "this playback entry starts at \(Limits.format(entry.start)) s, after the scene's end at \(Limits.format(sceneLength)) s") })
        }
        clock = PlaybackClock(segments: scene.playback, sceneDuration: sceneLength)
        if clock.isIdentity {
            frameCount = Int(saturating: frames)
        } else {
            let played = max(1, (clock.videoDuration * fps).rounded())
            if !(played <= Double(Limits.frames)), let first = scene.playback.first {
                let seconds = (clock.videoDuration * 1000).rounded() / 1000
                throw SceneError([Diagnostic(location: first.location, message:
                    "played as 'playback' says, the video lasts \(Limits.format(played)) frames (\(Limits.format(seconds)) s at \(scene.fps) fps), over the limit of \(Limits.frames) frames")])
            }
            frameCount = Int(played)
        }
        duration = Double(frameCount) / fps
        statusBarHandOvers = findStatusBarHandOvers()
    }

    /// `scene`'s timeline replayed as far as it goes: the whole of it with no problems, or, when
    /// an entry fails, the replay of the entries before the first one that does, with the
    /// problems of the whole (what `inspect` shows of a scene whose timeline fails). Throws
    /// what the entries before cannot mend: a problem outside the timeline (a transition's),
    /// or one that the entries before the first failing one still have.
    public static func replayedAsFarAsItGoes(_ scene: Scene, text: any TextMeasuring,
                                             layouts: ScreenLayouts? = nil) throws -> (timeline: Timeline, problems: [Diagnostic]) {
        do {
            return (try Timeline(scene: scene, text: text, layouts: layouts), [])
        } catch let error as SceneError {
            let lines = Set(scene.timeline.map(\.location.line))
            guard let first = error.diagnostics.filter({ lines.contains($0.location.line) }).map(\.location.line).min(),
                  let stop = scene.timeline.firstIndex(where: { $0.location.line >= first }) else { throw error }
            var before = scene
            before.timeline = Array(scene.timeline[..<stop])
            return (try Timeline(scene: before, text: text, layouts: layouts), error.diagnostics)
        }
    }

    /// A scene without a `duration` lasts until its last motion ends: each time in the file is
    /// within `Limits.duration`, but a run's end (a slow spring, a low completion speed) may not be.
    private static func checkLimits(_ scene: Scene, motionEnd: Double, frames: Double) throws {
        let location = scene.timeline.last?.location ?? scene.keyLocations["timeline"]
            ?? SourceLocation(file: scene.file, line: 1, column: 1)
        func text(_ value: Double) -> String { value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value) }
        if !(motionEnd + scene.tail <= Limits.duration) {
            throw SceneError([Diagnostic(location: location, message:
                "the scene's motion ends at \(text(motionEnd)) s, over the limit of \(text(Limits.duration)) s; shorten its transitions or give a shorter 'duration'")])
        }
        if !(frames <= Double(Limits.frames)) {
            throw SceneError([Diagnostic(location: location, message:
                "the scene lasts \(text(frames)) frames (\(text(motionEnd + scene.tail)) s at \(scene.fps) fps), over the limit of \(Limits.frames) frames; lower the fps")])
        }
    }

    /// The absolute time of frame `index`.
    public func time(ofFrame index: Int) -> Double { Double(index) / Double(scene.fps) }

    /// Everything on screen at video frame `index`.
    public func state(frame index: Int) -> FrameState {
        state(video: time(ofFrame: index), frame: index)
    }

    /// Everything on screen at video time `time`, labelled as frame `frame`: the scene at the
    /// time `clock` maps it to, with both times (`FrameState.sceneTime`) where the scene has `playback`.
    public func state(video time: Double, frame: Int = 0) -> FrameState {
        guard !clock.isIdentity else { return state(at: time, frame: frame) }
        let sceneTime = clock.sceneTime(atVideo: time)
        var state = state(at: sceneTime, frame: frame)
        state.time = time
        state.sceneTime = sceneTime
        return state
    }

    /// Everything on screen at `time` (seconds of the scene), labelled as frame `frame`: the
    /// screens' nodes, the window chrome over them (`WindowChrome`), then the captions showing.
    public func state(at time: Double, frame: Int = 0) -> FrameState {
        var state = screensAndChrome(at: time, frame: frame)
        // Replayed left to right; a right-to-left interface is its mirror image (captions are the video's, not the app's).
        if scene.layoutDirection == .rightToLeft { state = state.mirrored(width: scene.device.size.width) }
        state.nodes += captions.nodes(at: time)
        return state
    }

    /// The screens' nodes at `time` and the window chrome over them.
    private func screensAndChrome(at time: Double, frame: Int) -> FrameState {
        let touches = traces.compactMap { trace -> Point? in
            guard let first = trace.first, let last = trace.last, time >= first.time, time < last.time else { return nil }
            return trace.last { $0.time <= time }?.location
        }
        // Times computed by adding durations may land a rounding error after a frame's time.
        let segment = segments.last { $0.start <= time + 1e-9 } ?? segments[0]
        switch segment {
        case .idle(_, let nodes):
            // A status bar still fading from a sheet's hand-over shows its fade over the rest.
            let shown = handOverFade(at: time).map { mix in
                nodes.map { $0.id == "statusBar" ? chrome.statusBarNode(mix) ?? $0 : $0 }
            } ?? nodes
            return FrameState(frame: frame, time: time, transition: nil, phase: .idle, progress: nil,
                              touches: touches, nodes: shown)
        case .scroll(_, let index, let layout, let offsets):
            let run = scrolls[index]
            let nodes = tree.nodes(layout, offsets: offsets.with(run.key, at: run.offset(at: time)))
            return FrameState(frame: frame, time: time, transition: nil, phase: .idle, progress: nil,
                              touches: touches, nodes: nodes + chrome.nodes(over: nodes, statusBar: handOverFade(at: time)))
        case .transition(_, let index):
            let driver = replayed[index].driver
            let nodes = screenNodes(run: index, at: time)
            // While a page sheet moves, the status bar is handed over as UIKit does it, with its fade.
            let mix = handOverFade(at: time) ?? (driver is SheetDriver ? handOverTone(at: time) : nil)
            return FrameState(frame: frame, time: time, transition: driver.styleName, phase: driver.phase(at: time),
                              progress: driver.progress(at: time), touches: touches,
                              nodes: nodes + chrome.nodes(over: nodes, statusBar: mix))
        }
    }

    /// The screens' nodes of run `index` at `time`, the window chrome aside.
    func screenNodes(run index: Int, at time: Double) -> [RenderNode] {
        let run = replayed[index]
        let driver = run.driver, context = run.context
        var selections: [String: SceneTree.Selection] = [:]
        if let row = context.selection {
            selections[row.screen] = SceneTree.Selection(list: row.list, index: row.index,
                                                         alpha: row.fadesWithAmount ? driver.amount(at: time) : 1)
        }
        var offsets = run.offsets
        if let springing = run.springingScroll { offsets[scrolls[springing].key] = scrolls[springing].offset(at: time) }
        if var around = context.presentation, let root = around.container {
            // A push or pop inside a presented navigation controller: the presentation stays at
            // rest and the transition runs inside its container.
            around.container = SceneTree.Container(root: root.root, layout: root.layout, placements: driver.layers(at: time),
                                                   bar: context.bar(amount: driver.amount(at: time)), selections: selections)
            return tree.nodes(around, offsets: offsets)
        }
        var tabBar = context.tabBar
        if tabBar?.fadesWithAmount == true { tabBar?.alpha = 1 - min(max(driver.amount(at: time), 0), 1) }
        return tree.nodes(driver.layers(at: time), bar: context.bar(amount: driver.amount(at: time)),
                          ownBars: context.ownBars, tabBar: tabBar, selections: selections,
                          offsets: offsets, container: context.container)
    }

    /// What is on screen when no transition runs, before the scroll views' offsets are applied.
    struct RestingLayout: Sendable {
        var placements: [Placement]
        var bar: SceneTree.Bar?
        var ownBars: [String: String]
        var tabBar: SceneTree.TabBar?
        var selections: [String: SceneTree.Selection]
        /// The presented navigation controller a sheet shows, where its stack is deeper than its root.
        var container: SceneTree.Container?
    }

    /// Where each screen of the stack on top at `time` is drawn on the device (its node's frame),
    /// by name: a sheet behind a sheet at its receded frame, a presenter at its scaled one.
    public func drawnFrames(at time: Double) -> [String: Rect] {
        let stack = Set(navigation(at: time).stack)
        var frames: [String: Rect] = [:]
        for layer in state(at: time).layers where stack.contains(layer.id) && frames[layer.id] == nil {
            frames[layer.id] = layer.frame
        }
        return frames
    }

    /// Each scrolled scroll view's `contentOffset` along its axis at `time`, by its render-tree id
    /// (`<screen>/<list, grid or scroll id>`).
    public func scrollOffsets(at time: Double) -> [String: Double] {
        Self.scrollOffsets(in: state(at: time))
    }

    /// The scroll offsets `state` shows, as `scrollOffsets(at:)` gives them.
    public static func scrollOffsets(in state: FrameState) -> [String: Double] {
        var offsets: [String: Double] = [:]
        for layer in state.layers {
            // One axis moves: x for a horizontal scroll view, y for a vertical one. A scroll
            // view inside a `scroll` (`<screen>/<scroll>/<id>`) is listed as `<screen>/<id>`.
            guard let offset = layer.contentOffset else { continue }
            let path = layer.id.split(separator: "/")
            let id = path.count == 3 ? "\(path[0])/\(path[2])" : layer.id
            offsets[id] = offset.x != 0 ? offset.x : offset.y
        }
        return offsets
    }

    /// The navigation state from a moment on: the tab bar controller's selected tab and the
    /// screens of the stack on top, root first (what is presented over it included).
    public struct Navigation: Sendable {
        public var time: Double
        /// nil for a scene without `tabs`.
        public var tab: Int?
        public var stack: [String]
    }

    /// The selected tab and the stack on top at `time`; a transition running then counts as not
    /// yet finished.
    public func navigation(at time: Double) -> Navigation {
        navigationChanges.last { $0.time <= time } ?? navigationChanges[0]
    }

    /// Where a presentation shows a screen: a sheet at its detent, laid out at the sheet's size.
    public struct Presentation: Sendable {
        /// The transition style's name (`page-sheet`, `form-sheet`).
        public var style: String
        /// The screen's frame on the device, in points.
        public var frame: Rect
        /// The size and safe area the screen is laid out for there.
        public var layout: Device
    }

    /// Every screen of `scene` a modal transition shows other than full screen (a sheet), by
    /// name, as it rests once presented — what `segue inspect` reports as `presentedAs`: its
    /// style, its frame on the device and the device it is laid out for there; the first such
    /// transition to it in the file decides. A screen pushed from one of them is shown in the same
    /// sheet (its presented navigation controller), and so on up the stack.
    public static func presentations(of scene: Scene, text: any TextMeasuring) -> [String: Presentation] {
        let scene = scene.measuringText(with: text)
        let builder = TimelineBuilder(scene: scene, text: text, layouts: ScreenLayouts(screens: scene.screens, device: scene.device))
        let rest = builder.atRest
        let transitions = ResolvedTransition.resolve(scene).transitions
        var found: [String: Presentation] = [:]
        for transition in transitions where transition.style.presentations.contains(.modal) && found[transition.spec.to] == nil {
            var stage = TransitionStage(bounds: builder.bounds, below: transition.spec.from, above: transition.spec.to)
            stage.appearance = scene.appearance
            stage.sheet = scene.device.chrome.sheet(on: scene.device)
            if let shown = rest.shown(transition, stage: stage) {
                found[transition.spec.to] = Presentation(style: transition.style.name, frame: shown.frame, layout: shown.layout)
            }
        }
        var grown = true
        while grown {
            grown = false
            for transition in transitions where transition.style.presentations.contains(.navigation) {
                guard found[transition.spec.to] == nil, let sheet = found[transition.spec.from] else { continue }
                found[transition.spec.to] = sheet
                grown = true
            }
        }
        return found
    }

    /// Where a transition's two screens sit relative to navigation bars.
    struct BarContext: Sendable {
        var below: String
        var above: String
        /// The navigation controller's bar, for a push or pop inside it; nil for a modal transition.
        var barID: String?
        /// Screens drawn with their own bar (a modal transition's presenter and presented screen).
        var ownBars: [String: String]
        /// How the bar's items change over during a push or pop.
        var barTransition: BarTransition = .crossFade
        /// Where the tab bar controller's bar goes (`Scene.tabs`); nil where it does not show.
        var tabBar: SceneTree.TabBar?
        /// The covered screen's selected row, kept through a push and faded out with a pop's
        /// progress (`clearsSelectionOnViewWillAppear` with the transition coordinator).
        var selection: RowSelection?
        /// For a push or pop inside a navigation controller presented as a sheet: the presentation
        /// at rest around it, its `container` naming the root and the container's layout (its
        /// placements are the driver's, evaluated per frame).
        var presentation: RestingLayout?
        /// For a dismissal (or a drag) of a sheet whose navigation stack is deeper than its root:
        /// what the sheet shows, its stack's top screen with the controller's bar.
        var container: SceneTree.Container?

        struct RowSelection: Sendable {
            var screen: String
            var list: String
            var index: Int
            /// Whether it fades as the screen above leaves (a pop or dismissal): its alpha is the
            /// driver's `amount`, so a cancelled pop brings it back.
            var fadesWithAmount: Bool
        }

        /// The bar cross-fading from `below` to `above`, `amount` = how far `above` is in.
        func bar(amount: Double) -> SceneTree.Bar? {
            barID.map { SceneTree.Bar(id: $0, below: below, above: above, amount: amount, transition: barTransition) }
        }
    }
}

extension SceneTree {
    /// The nodes of a screen at rest (`Timeline.RestingLayout`), its scroll views at `offsets`.
    func nodes(_ layout: Timeline.RestingLayout, offsets: ScrollOffsets) -> [RenderNode] {
        nodes(layout.placements, bar: layout.bar, ownBars: layout.ownBars, tabBar: layout.tabBar,
              selections: layout.selections, offsets: offsets, container: layout.container)
    }
}
