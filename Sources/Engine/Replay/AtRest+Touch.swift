import Geometry
import Interaction
import Scene

/// Where a finger finds things on the screen at rest: the top screen's scroll views, rows and
/// cells where their offsets show them, its bar button items and back button, the tab bar's items.
extension AtRest {
    typealias ScrollHit = (geometry: ScrollGeometry, key: ScrollOffsets.Key)

    /// The offset of the top screen's scroll view `view`.
    func offset(of view: String) -> Double { offsets[ScrollOffsets.Key(screen: top.screen, view: view)] }

    /// The top screen's scroll view under `location` (device points) where its content is now,
    /// the frontmost one scrolling along `axis` when given, with its geometry in the coordinates of
    /// the screen as shown (a sheet's own); nil where there is none, or the top screen is shown
    /// neither full screen nor as a sheet.
    func scrollView(at location: Point, axis: ScrollAxis? = nil) -> ScrollHit? {
        guard topScrolls else { return nil }
        let shown = topShown()
        guard let screen = shown.screen else { return nil }
        let local = shown.onScreen(location)
        guard let geometry = screen.scrollViews(on: shown.layout).last(where: {
            (axis == nil || $0.axis == axis) && reachable($0, offset: offset(of: $0.id), of: screen, on: shown.layout).contains(local)
        }) else { return nil }
        return (geometry, ScrollOffsets.Key(screen: top.screen, view: geometry.id))
    }

    /// Why the finger at `location` scrolls nothing though a list, grid or `scroll` of the top
    /// screen lies under it: it has no `id` (`ScreenSpec.unnamedScrollableView`); nil otherwise.
    func unnamedScrollableView(at location: Point) -> String? {
        let shown = topShown()
        guard let screen = shown.screen,
              let view = screen.unnamedScrollableView(at: shown.onScreen(location), on: shown.layout) else { return nil }
        return "the \(view.sceneKind) under the finger at \(Wording.point(location)) has no 'id', so it neither scrolls nor takes taps; give it one ('\(view.sceneKind): { id: NAME, … }')"
    }

    /// The scroll view of the screen a page sheet was presented from under `location`, where the
    /// sheet rests at or below its `largestUndimmedDetent` and the finger lands above it: with no
    /// dimming view there, the view underneath takes touches (`UISheetPresentationController`:
    /// nil "adds a noninteractive dimming view underneath the sheet at all detents"), as a map
    /// under a Maps card pans. Only a presenter shown full screen, and its top-level scroll views.
    func presenterScrollView(at location: Point, axis: ScrollAxis? = nil) -> ScrollHit? {
        guard let presenter = undimmedPresenter(at: location), let screen = scene.screens[presenter.screen] else { return nil }
        func key(_ view: String) -> ScrollOffsets.Key { ScrollOffsets.Key(screen: presenter.screen, view: view) }
        guard let geometry = screen.scrollViews(on: scene.device).last(where: {
            $0.parent == nil && (axis == nil || $0.axis == axis)
                && reachable($0, offset: offsets[key($0.id)], of: screen, on: scene.device).contains(location)
        }) else { return nil }
        return (geometry, key(geometry.id))
    }

    /// The screen a page sheet was presented from, where the finger at `location` reaches it:
    /// above the sheet resting at or below its `largestUndimmedDetent` (no dimming view there),
    /// the presenter shown full screen; with the sheet's name. Nil elsewhere.
    func undimmedPresenter(at location: Point) -> (screen: String, sheet: String)? {
        guard let (sheet, level) = restingSheet(), case .page = sheet.geometry.kind,
              sheet.geometry.dimmedShare(top: sheet.restTop, bounds: bounds) == 0, location.y < sheet.restTop, let stage = stack[level].stage,
              stack[level - 1].transition == nil || stack[level - 1].pushed,
              container(level: level - 1) == nil, scene.screens[stage.below] != nil else { return nil }
        return (stage.below, stage.above)
    }

    /// The row or cell of list or grid `list` of the undimmed presenter `screen` under `location`,
    /// where its scroll views' offsets show it; nil where none is.
    func presenterCell(at location: Point, list: String, of screen: String) -> Int? {
        guard let spec = scene.screens[screen] else { return nil }
        let offset = { (view: String) in offsets[ScrollOffsets.Key(screen: screen, view: view)] }
        if let scroll = spec.scrollView(list, on: scene.device),
           !reachable(scroll, offset: offset(list), of: spec, on: scene.device).contains(location) { return nil }
        let shift = spec.contentShift(of: list, on: scene.device, offset: offset)
        return CellLocator.cell(at: Point(x: location.x + shift.x, y: location.y + shift.y), in: spec, list: list, device: scene.device)?.index
    }

    /// Where a finger reaches scroll view `scroll` at `offset`: its frame, or, for one at the
    /// content top under a navigation bar (drawn reaching up under the bar, `SceneTree`), from the
    /// bar's bottom edge, which rises as the large title collapses (`BarScrollResponse`).
    /// A scroll view inside a `scroll` is reached where the outer one's offset shows its frame,
    /// inside where the outer one is reached.
    func reachable(_ scroll: ScrollGeometry, offset: Double, of screen: ScreenSpec?, on layout: Device) -> Rect {
        if let parent = scroll.parent, let outer = screen?.scrollView(parent, on: layout) {
            let outerOffset = self.offset(of: parent)
            let frame = outer.scrolled(scroll.frame, by: outerOffset)
            let area = reachable(outer, offset: outerOffset, of: screen, on: layout)
            return frame.intersection(area) ?? Rect(x: max(frame.minX, area.minX), y: max(frame.minY, area.minY), width: 0, height: 0)
        }
        let top = BarScrollResponse.visibleTop(of: scroll, offset: offset, on: screen, device: layout)
        return Rect(x: scroll.frame.minX, y: top, width: scroll.frame.width, height: scroll.frame.maxY - top)
    }

    /// Where a tap reaches scroll view `scroll` of the top screen: `reachable`, above the tab bar
    /// where it shows and above the screen's toolbar (each lies over the content and takes the
    /// touches that land on it).
    func touchable(_ scroll: ScrollGeometry, offset: Double, of screen: ScreenSpec?, on layout: Device) -> Rect {
        let area = reachable(scroll, offset: offset, of: screen, on: layout)
        guard let barTop = bottomBarTop(of: screen, on: layout) else { return area }
        return Rect(x: area.minX, y: area.minY, width: area.width, height: max(min(area.maxY, barTop) - area.minY, 0))
    }

    /// The top edge of what lies over the bottom of `screen` and takes touches there, in its
    /// coordinates: its toolbar, else the tab bar where it shows; nil where neither does.
    func bottomBarTop(of screen: ScreenSpec?, on layout: Device) -> Double? {
        if screen?.toolbar != nil { return layout.chrome.toolbar(itemWidths: [], on: layout).area.minY }
        guard navigation.restingTabBar != nil, layout == scene.device else { return nil }
        return tabBarLayout.area.minY
    }

    /// The row or cell of the top screen's list or grid `list` under `location`, where it is now
    /// (its scroll view's offset applied), with its image frame on screen; nil when none is, or
    /// the point lies outside the scroll view that shows it.
    func cell(at location: Point, list: String) -> (index: Int, image: Rect)? {
        let shown = topShown()
        let local = shown.onScreen(location)
        if let scroll = shown.screen?.scrollView(list, on: shown.layout),
           !touchable(scroll, offset: offset(of: list), of: shown.screen, on: shown.layout).contains(local) { return nil }
        // The point in the content at offset 0: moved back by the offsets of the scroll views showing it.
        let shift = shown.screen?.contentShift(of: list, on: shown.layout) { offset(of: $0) } ?? .zero
        guard let hit = CellLocator.cell(at: Point(x: local.x + shift.x, y: local.y + shift.y), in: shown.screen, list: list,
                                         device: shown.layout) else { return nil }
        return (hit.index, hit.image.offsetBy(dx: -shift.x, dy: -shift.y))
    }

    /// `rect` of list or grid `list`'s content (at offset 0) on the top screen where its scroll
    /// views' offsets now show it: moved up (left) by the offset along the view's axis, and by
    /// its parent `scroll`'s.
    func scrolled(_ rect: Rect, list: String, of screen: ScreenSpec?, on layout: Device) -> Rect {
        screen?.shown(rect, in: list, on: layout) { offset(of: $0) } ?? rect
    }

    // MARK: Bars

    /// The tab bar's layout on the device.
    var tabBarLayout: TabBarLayout { scene.device.chrome.tabBar(itemCount: scene.tabs?.bar.items.count ?? 0, on: scene.device) }

    /// Item `index` of the tab bar, in screen points.
    func tabItemFrame(_ index: Int, of count: Int) -> Rect { tabBarLayout.tab(index) }

    /// The tab bar item under `location` where the tab bar shows at rest; nil elsewhere (where it
    /// is hidden or covered, a tap goes to what is there instead).
    func tabItem(at location: Point) -> Int? {
        guard let tabs = scene.tabs, navigation.restingTabBar != nil else { return nil }
        return tabs.roots.indices.first { tabItemFrame($0, of: tabs.roots.count).contains(location) }
    }

    /// Where the back button of the top screen's navigation bar takes a touch: the chevron's
    /// 44 × 44 pt touch target (Apple HIG's minimum), from the screen's left edge; nil when the
    /// top screen was not pushed or its bar draws no back button.
    func backButtonFrame() -> Rect? {
        let shown = topShown()
        guard stack.count > 1, top.pushed, let bar = shown.screen?.navigationBar, bar.back != nil else { return nil }
        let layout = NavigationBarLayout(bar, on: shown.layout)
        // On glass, the back button is its circle.
        if let circle = layout.items(of: bar, text: tree.text).capsules.first(where: { $0.name == "back" }) {
            return shown.onDevice(circle.frame)
        }
        return shown.onDevice(Rect(x: 0, y: layout.bar.midY - 22, width: max(44, layout.backChevron.maxX), height: 44))
    }

    /// The top screen's bar button items — its navigation bar's, then its toolbar's — with where a
    /// tap finds them: each drawn box widened to the 44 pt minimum touch target (Apple HIG), text
    /// at its measured width; on glass an item alone on its capsule is the whole capsule.
    func barItems() -> [(item: NavigationBarView.Item, frame: Rect)] {
        let shown = topShown()
        var boxes: [(item: NavigationBarView.Item, box: Rect)] = []
        var capsules: [GlassShape] = []
        if let bar = shown.screen?.navigationBar {
            let places = NavigationBarLayout(bar, on: shown.layout).items(of: bar, text: tree.text)
            boxes += zip(bar.leading + bar.trailing, places.leading + places.trailing).map { ($0, $1) }
            capsules += places.capsules
        }
        if let toolbar = shown.screen?.toolbar {
            let widths = toolbar.items.map { $0.width(text: tree.text) }
            let placed = shown.layout.chrome.toolbar(itemWidths: widths, on: shown.layout)
            boxes += zip(toolbar.items, placed.items).map { ($0, $1) }
            capsules += placed.capsules
        }
        return boxes.map { item, box in
            let own = capsules.filter { $0.frame.contains(Point(x: box.midX, y: box.midY)) }
                .first { capsule in boxes.filter { capsule.frame.contains(Point(x: $0.box.midX, y: $0.box.midY)) }.count == 1 }
            if let own { return (item, shown.onDevice(own.frame)) }
            let width = max(box.width, 44)
            return (item, shown.onDevice(Rect(x: box.midX - width / 2, y: box.minY, width: width, height: box.height)))
        }
    }

    /// Where the top screen's toolbar takes touches, on the device: the bar's box down to the
    /// screen's bottom edge. A touch there goes to the toolbar, never to the content beneath it.
    func toolbarFrame() -> Rect? {
        let shown = topShown()
        guard shown.screen?.toolbar != nil else { return nil }
        return shown.onDevice(shown.layout.chrome.toolbar(itemWidths: [], on: shown.layout).area)
    }
}
