import Scene

/// The scene's view controllers as the replay keeps them: the tab bar controller's selected tab,
/// each tab's navigation stack, and the presentations over the stack on top — each level the
/// screen shown and the transition that brought it. It changes as UIKit's controllers change
/// theirs: a run that finishes pushes or presents its screen, or pops or dismisses (a dismissal
/// takes a presented navigation controller's whole stack); selecting a tab keeps the stack left.
struct NavigationState {
    /// One screen of the navigation stack and the transition that brought it (nil for the root).
    struct Entry {
        var screen: String
        var transition: ResolvedTransition?
        var stage: TransitionStage?
        /// Pushed inside the navigation controller below it (true), or presented over it (false).
        var pushed = false
        /// The list row a tap selected to bring the screen above; cleared when this screen is
        /// uncovered again (`clearsSelectionOnViewWillAppear`).
        var selectedRow: (list: String, index: Int)?
    }

    /// The navigation stack on top: the selected tab's, with whatever is presented over it.
    var stack: [Entry]
    /// Each tab's stack while another tab is selected (`Scene.tabs`), by tab; empty without tabs.
    private var tabStacks: [[Entry]] = []
    /// The selected tab of the scene's tab bar controller.
    private(set) var selectedTab = 0
    private let hasTabs: Bool
    /// The screens pushed with `hidesBottomBarWhenPushed`.
    private let hidingBottomBar: Set<String>

    /// The scene's controllers before its timeline: the root screen (the selected tab's root).
    init(scene: Scene) {
        self.init(root: scene.root, tabs: scene.tabs.map { ($0.roots, $0.bar.selected) },
                  hidingBottomBar: Set(scene.screens.filter { $0.value.hidesBottomBarWhenPushed }.keys))
    }

    /// `root` alone on the stack; with `tabs`, a tab bar controller with a navigation stack at each
    /// of the tabs' roots, the `selected` one on top (its root should be `root`).
    init(root: String, tabs: (roots: [String], selected: Int)? = nil, hidingBottomBar: Set<String> = []) {
        stack = [Entry(screen: root)]
        hasTabs = tabs != nil
        if let tabs {
            tabStacks = tabs.roots.map { [Entry(screen: $0)] }
            selectedTab = tabs.selected
        }
        self.hidingBottomBar = hidingBottomBar
    }

    var top: Entry { stack[stack.count - 1] }

    /// The selected tab and the stack on top as they are from `time` on.
    func change(at time: Double) -> Timeline.Navigation {
        Timeline.Navigation(time: time, tab: hasTabs ? selectedTab : nil, stack: stack.map(\.screen))
    }

    /// The screens shown now, in every tab: what a push or presentation may not show again.
    var hierarchy: ScreenHierarchy {
        let levels = { (entries: [Entry]) in entries.map { ScreenHierarchy.Level(screen: $0.screen, pushed: $0.pushed) } }
        return ScreenHierarchy(stack: levels(stack), otherTabs: tabStacks.indices.filter { $0 != selectedTab }.map { ($0, levels(tabStacks[$0])) })
    }

    // MARK: Controllers

    /// The stack index of the root of the navigation controller holding entry `index`: 0 for the
    /// scene's (or the selected tab's), else the entry presented with it at its root.
    func controllerRoot(level index: Int) -> Int {
        var root = index
        while root > 0, stack[root].pushed { root -= 1 }
        return root
    }

    /// The id of the navigation bar of the navigation controller holding stack entry `index`:
    /// the root's, or the one presented with the screen it was pushed onto.
    func barID(level index: Int) -> String {
        let root = controllerRoot(level: index)
        return root == 0 ? "navigationBar" : "\(stack[root].screen)/navigationBar"
    }

    /// For stack entry `index` shown in a presented page sheet, the entry that sheet was presented
    /// from: what a sheet presented over it draws furthest back (`PresentingSheet.root`).
    func lowerSheetRoot(_ index: Int) -> Int? {
        guard stack.indices.contains(index) else { return nil }
        let root = controllerRoot(level: index)
        guard root > 0, stack[root].transition?.style is any SheetStyle else { return nil }
        return root - 1
    }

    /// The stack entry under a run's screens before it starts: before a push or present the top;
    /// before a pop the entry under it, and before a dismissal the one under the presented stack's root.
    func belowIndex(of driver: any TransitionDriver, stage: TransitionStage, pushed: Bool) -> Int {
        driver.isForward || top.screen == stage.below ? stack.count - 1
            : pushed ? stack.count - 2 : controllerRoot(level: stack.count - 1) - 1
    }

    // MARK: The tab bar

    /// Whether the tab bar shows over stack entry `index` at rest: inside the tab's navigation
    /// controller (every entry up to it pushed), none of them pushed with `hidesBottomBarWhenPushed`.
    func showsTabBar(level index: Int) -> Bool {
        guard hasTabs, stack.indices.contains(index) else { return false }
        return stack[...index].dropFirst().allSatisfy { $0.pushed && !hidingBottomBar.contains($0.screen) }
    }

    /// The tab bar at rest: over the top screen where it shows there.
    var restingTabBar: SceneTree.TabBar? {
        showsTabBar(level: stack.count - 1) ? SceneTree.TabBar(place: .fixed, selected: selectedTab) : nil
    }

    /// The tab bar during a transition from stack entry `belowIndex` to `above`: fixed over a
    /// push or pop that keeps it; with the covered screen where the pushed one hides it or a
    /// presentation covers it; fading in place where the style cross-fades bottom bars.
    func tabBar(belowIndex: Int, above: String, pushed: Bool, crossFades: Bool = false) -> SceneTree.TabBar? {
        if !pushed, let lower = lowerSheetRoot(belowIndex), showsTabBar(level: lower) {
            // A sheet over a sheet: the tab bar stays with the screen furthest back.
            return SceneTree.TabBar(place: .carried(by: stack[lower].screen), selected: selectedTab)
        }
        guard showsTabBar(level: belowIndex) else { return nil }
        if pushed, !hidingBottomBar.contains(above) {
            return SceneTree.TabBar(place: .fixed, selected: selectedTab)
        }
        if pushed, crossFades {
            return SceneTree.TabBar(place: .fixed, selected: selectedTab, fadesWithAmount: true)
        }
        return SceneTree.TabBar(place: .carried(by: stack[belowIndex].screen), selected: selectedTab)
    }

    /// The row `entry` shows selected, by screen.
    static func selection(_ entry: Entry) -> [String: SceneTree.Selection] {
        entry.selectedRow.map { [entry.screen: SceneTree.Selection(list: $0.list, index: $0.index, alpha: 1)] } ?? [:]
    }

    // MARK: Changes

    /// Run `run` ended as `completion` says: a finished forward run shows its screen on top, a
    /// finished pop takes the top screen and a dismissal the whole presented stack (the screen
    /// uncovered loses its selected row); a cancelled run back leaves its screen where it rests.
    mutating func complete(_ run: ReplayedRun, finished: Bool) {
        let driver = run.driver
        if finished {
            if driver.isForward {
                stack.append(Entry(screen: driver.destination, transition: run.transition, stage: run.stage, pushed: run.pushed))
            } else {
                stack.removeSubrange((run.pushed ? stack.count - 1 : controllerRoot(level: stack.count - 1))...)
                stack[stack.count - 1].selectedRow = nil
            }
        } else if let stage = driver.restingStage, !driver.isForward {
            stack[run.pushed ? stack.count - 1 : controllerRoot(level: stack.count - 1)].stage = stage
        }
    }

    /// `UITabBarController` selecting another tab: the tab left keeps its stack, the selected one
    /// shows its own as it was left.
    mutating func select(tab index: Int) {
        tabStacks[selectedTab] = stack
        selectedTab = index
        stack = tabStacks[index]
    }

    /// Before `popToRootViewController(animated:)` from deeper than one push: the screens between
    /// the root and the top leave the stack unseen, and the top's pop runs straight onto the root.
    mutating func skipToRoot() {
        guard stack.count > 2, let stage = top.stage else { return }
        var top = self.top
        top.stage = TransitionStage(bounds: stage.bounds, below: stack[0].screen, above: stage.above)
        top.stage?.appearance = stage.appearance
        top.stage?.pushed = stage.pushed
        stack = [stack[0], top]
    }
}
