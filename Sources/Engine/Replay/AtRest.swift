import Geometry
import Scene

/// The replay between runs: the navigation state and the scroll views' offsets, and what follows
/// from them — where the top screen is shown (full screen, in a sheet, pushed inside a presented
/// navigation controller), what is drawn at rest, and where a finger finds the bars, rows, cells
/// and scroll views (`AtRest+Touch`). A value: asking it changes nothing.
struct AtRest {
    let scene: Scene
    let tree: SceneTree
    let navigation: NavigationState
    let offsets: ScrollOffsets

    var bounds: Rect { scene.device.bounds }
    var stack: [NavigationState.Entry] { navigation.stack }
    var top: NavigationState.Entry { navigation.top }

    // MARK: Where the top screen is shown

    /// Where a screen brought by a transition rests on the device — a sheet's frame at its
    /// detent — and the device it is laid out for there (the sheet's size and safe area); nil for
    /// a screen shown full screen, or a transition whose style leaves nothing else on screen.
    func shown(_ transition: ResolvedTransition, stage: TransitionStage) -> (frame: Rect, layout: Device)? {
        guard let placements = transition.resting(stage),
              let placement = placements.first(where: { $0.content == .screen(stage.above) }),
              placement.frame != bounds else { return nil }
        return (placement.frame, tree.layout(of: placement).layout)
    }

    /// The top screen as shown: full screen unless its transition rests it elsewhere (a sheet).
    func topShown() -> ShownScreen {
        if let container = container(level: stack.count - 1) {
            return ShownScreen(frame: container.frame, layout: container.layout, screen: tree.layouts.screen(top.screen, on: container.layout)?.spec)
        }
        if let transition = top.transition, let stage = top.stage, let shown = shown(transition, stage: stage) {
            return ShownScreen(frame: shown.frame, layout: shown.layout, screen: tree.layouts.screen(top.screen, on: shown.layout)?.spec)
        }
        return ShownScreen(frame: bounds, layout: scene.device, screen: scene.screens[top.screen])
    }

    /// The presented navigation controller holding stack entry `index` where its presentation
    /// rests other than full screen; nil inside the scene's controller or a full-screen presentation.
    func container(level index: Int) -> PresentedContainer? {
        let root = navigation.controllerRoot(level: index)
        guard root > 0, let transition = stack[root].transition, let stage = stack[root].stage,
              let shown = shown(transition, stage: stage) else { return nil }
        return PresentedContainer(root: root, frame: shown.frame, layout: shown.layout)
    }

    /// The sheet the top screen rests in — its own presentation, or that of the presented
    /// navigation controller it was pushed inside — as its style's driver would start a drag of
    /// it, with the stack entry of that presentation; nil when the top screen is in no sheet.
    func restingSheet() -> (driver: SheetDriver, level: Int)? {
        let level = navigation.controllerRoot(level: stack.count - 1)
        guard level > 0, let transition = stack[level].transition, let stage = stack[level].stage,
              let style = transition.style as? any SheetStyle else { return nil }
        return (style.driver(StyleRun(settings: transition.settings, stage: stage, forward: false)), level)
    }

    /// The page sheet the top screen is shown in (its presented navigation controller's), at the
    /// detent it rests at, for a sheet presented from it; nil where the top screen is in no page sheet.
    func presentingSheet() -> PresentingSheet? {
        guard let (sheet, level) = restingSheet(), case .page = sheet.geometry.kind, let stage = stack[level].stage else { return nil }
        return PresentingSheet(geometry: sheet.geometry, top: sheet.restTop, root: stage.below)
    }

    /// The bounds a transition from the top screen runs in: a push inside a presented navigation
    /// controller shown as a sheet runs in the container's own points, anything else on the device.
    func stageBounds(pushed: Bool) -> Rect {
        guard pushed, let inside = container(level: stack.count - 1) else { return bounds }
        return Rect(origin: .zero, size: inside.layout.size)
    }

    /// The stage of a transition from the top screen to `above`, growing out of the cell image
    /// `cell.image` of list `cell.list` (hidden while it flies, showing what lies behind it), given
    /// in the top screen's own points: a push runs in them (`stageBounds`), a presentation on the device.
    func sourceStage(above: String, cell: (list: String, image: Rect)?, pushed: Bool) -> TransitionStage {
        let image = cell.map { pushed ? $0.image : topShown().onDevice($0.image) }
        var stage = TransitionStage(bounds: stageBounds(pushed: pushed), below: top.screen, above: above, cellImage: image)
        if let cell { stage.cellBackdrop = scene.screens[top.screen]?.cellBackdrop(list: cell.list, on: scene.device) }
        if !pushed { stage.presentingSheet = presentingSheet() }
        stage.appearance = scene.appearance
        stage.sheet = scene.device.chrome.sheet(on: scene.device)
        stage.pushed = pushed
        return stage
    }

    /// Whether the top screen's lists and grids scroll: it fills the screen at rest, is a sheet,
    /// or was pushed inside a presented navigation controller (shown as a sheet or a cover).
    var topScrolls: Bool {
        restingPlacements() == nil || restingSheet() != nil || (top.pushed && container(level: stack.count - 1) != nil)
    }

    // MARK: What is drawn at rest

    /// What is on screen when no transition runs: the top screen with its navigation bar, or
    /// what its style leaves on screen (the drawer over the moved screen).
    func restingNodes() -> [RenderNode] {
        tree.nodes(restingLayout(), offsets: offsets)
    }

    /// What `restingNodes` draws, before the scroll views' offsets: above the root of a presented
    /// navigation controller shown as a sheet, the presentation at rest with its stack's top
    /// screen and bar inside it.
    func restingLayout() -> Timeline.RestingLayout {
        let level = stack.count - 1
        guard let inside = container(level: level), inside.root < level else { return restingLayout(level: level) }
        var layout = restingLayout(level: inside.root)
        layout.container = SceneTree.Container(root: stack[inside.root].screen, layout: inside.layout,
                                               placements: [Placement(screen: top.screen, frame: Rect(origin: .zero, size: inside.layout.size))],
                                               bar: SceneTree.Bar(id: navigation.barID(level: level), below: top.screen, above: nil, amount: 0),
                                               selections: NavigationState.selection(top))
        return layout
    }

    /// What is on screen at rest with stack entry `level` on top (the top itself, or the root of
    /// a presented stack drawn around its container).
    func restingLayout(level: Int) -> Timeline.RestingLayout {
        let entry = stack[level]
        if let transition = entry.transition, let stage = entry.stage, let placements = transition.resting(stage) {
            let context = barContext(belowIndex: level - 1, below: stage.below, above: stage.above, pushed: entry.pushed)
            return Timeline.RestingLayout(placements: placements, bar: context.bar(amount: 1), ownBars: context.ownBars,
                                          tabBar: navigation.tabBar(belowIndex: level - 1, above: stage.above, pushed: entry.pushed),
                                          selections: NavigationState.selection(stack[level - 1]).merging(NavigationState.selection(entry)) { a, _ in a })
        }
        return Timeline.RestingLayout(placements: [Placement(screen: entry.screen, frame: bounds)],
                                      bar: SceneTree.Bar(id: navigation.barID(level: level), below: entry.screen, above: nil, amount: 0),
                                      ownBars: [:], tabBar: navigation.restingTabBar, selections: NavigationState.selection(entry))
    }

    /// Where the top screen's style leaves what is on screen at rest — for a screen inside a
    /// presented navigation controller, its presentation's — nil when the top screen simply
    /// fills the screen.
    func restingPlacements() -> [Placement]? {
        let level = container(level: stack.count - 1)?.root ?? stack.count - 1
        guard let transition = stack[level].transition, let stage = stack[level].stage else { return nil }
        return transition.resting(stage)
    }

    /// Where a transition between `below` (stack entry `belowIndex`) and `above` draws bars:
    /// inside the navigation controller for a push or pop, each screen with its own otherwise.
    func barContext(belowIndex: Int, below: String, above: String, pushed: Bool) -> Timeline.BarContext {
        if pushed {
            return Timeline.BarContext(below: below, above: above, barID: navigation.barID(level: max(belowIndex, 0)), ownBars: [:])
        }
        var ownBars = [below: navigation.barID(level: max(belowIndex, 0)), above: "\(above)/navigationBar"]
        // Over a sheet presented from a sheet, the screen the lower sheet was presented from shows further back.
        if let lower = navigation.lowerSheetRoot(belowIndex) { ownBars[stack[lower].screen] = navigation.barID(level: lower) }
        return Timeline.BarContext(below: below, above: above, barID: nil, ownBars: ownBars)
    }

    /// Where run `driver` of `transition` on `stage` draws its screens' bars, the tab bar, a
    /// selected row kept under a push, and the presentation around it: its context, and the
    /// presented navigation controller it runs inside, if any.
    func context(of driver: any TransitionDriver, _ transition: ResolvedTransition, stage: TransitionStage,
                 pushed: Bool) -> (context: Timeline.BarContext, container: PresentedContainer?) {
        let belowIndex = navigation.belowIndex(of: driver, stage: stage, pushed: pushed)
        var context = barContext(belowIndex: belowIndex, below: stage.below, above: stage.above, pushed: pushed)
        context.barTransition = transition.barTransition(stage, forward: driver.isForward)
        context.tabBar = navigation.tabBar(belowIndex: belowIndex, above: stage.above, pushed: pushed,
                                           crossFades: transition.crossFadesBottomBars(stage, forward: driver.isForward))
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
            let root = navigation.controllerRoot(level: stack.count - 1)
            if root < stack.count - 1 {
                context.container = restingLayout().container ?? SceneTree.Container(
                    root: stack[root].screen, layout: scene.device, placements: [Placement(screen: top.screen, frame: bounds)],
                    bar: SceneTree.Bar(id: navigation.barID(level: stack.count - 1), below: top.screen, above: nil, amount: 0),
                    selections: NavigationState.selection(top))
            }
        }
        return (context, inside)
    }
}
