import Engine
import Geometry
import Raster
import Scene

/// `segue inspect`: where everything a finger can aim at sits on each screen, in points on the
/// scene's device — views with an `id`, every list row and grid cell, the navigation bar's
/// parts and the tab bar's items — from the same layout the renderer draws with.
public struct SceneInspection: Sendable {
    /// A view with an `id`.
    public struct View: Sendable {
        public var id: String
        /// Its scene-file kind: `rect`, `label`, `image`, `icon`, `list`, `grid`, `button`, `switch`, …
        public var kind: String
        /// In screen points, its enclosing rects' origins added.
        public var frame: Rect
        /// Whether it sits directly in the screen's `content` (not inside a rect): the views
        /// `tap: { view: ID }` finds, its own render-tree node `<screen>/<id>`.
        public var isTopLevel: Bool
    }

    /// One row of a list or cell of a grid.
    public struct Cell: Sendable {
        /// 0-based across every section, as `tap: { list: ID, index: N }` counts.
        public var index: Int
        /// The section of a list row; nil for a grid cell.
        public var section: Int?
        /// A list row's title, a grid cell's caption.
        public var title: String?
        public var subtitle: String?
        public var cell: Rect
        public var image: Rect?
    }

    /// A list's section header: its line, where it shows (with `--at`, pinned below the bar in a
    /// plain list while its section scrolls under it).
    public struct Header: Sendable {
        public var section: Int
        public var title: String
        public var frame: Rect
        /// Held just below the bar, away from its place in the content (`--at`, plain lists); a
        /// header pushed up by its section's end is not.
        public var isPinned = false
    }

    /// A list or grid, with its rows or cells.
    public struct Collection: Sendable {
        /// `list` or `grid`.
        public var kind: String
        public var id: String?
        public var frame: Rect
        public var cells: [Cell]
        /// A list's section headers, in section order; empty for a grid.
        public var headers: [Header] = []
        /// With `--at`: the scroll view's `contentOffset.y` then, its rows and cells shown where
        /// they are at that offset; nil otherwise.
        public var contentOffset: Double?
    }

    /// A bar button item: its text, or its symbol's or icon's name.
    public struct BarItem: Sendable {
        public var title: String
        /// Where a tap finds it (navigation bar items): its box widened to the 44 pt touch target,
        /// text sized as the engine aims taps; nil for a toolbar's items.
        public var frame: Rect? = nil
        /// What a tap does (`pop`, `dismiss`, `push: SCREEN`, `present: SCREEN`); nil for none.
        public var action: String? = nil
    }

    public struct NavigationBar: Sendable {
        /// The 44 pt bar below the status bar.
        public var bar: Rect
        public var title: String?
        /// The large title's line, below the bar; nil without one.
        public var largeTitle: Rect?
        /// The back button's title ("" for a chevron alone); nil without a back button.
        public var back: String?
        /// The back chevron's box; nil without a back button.
        public var backChevron: Rect?
        public var leading: [BarItem]
        public var trailing: [BarItem]
        /// The glass behind the back button and the items where the design has it (Liquid
        /// Glass: `back`, `leading0`, `trailing0`, …); empty in the classic design.
        public var glass: [GlassShape] = []
    }

    public struct BottomBar: Sendable {
        /// `tabBar` or `toolbar`.
        public var kind: String
        /// The bar's line above the bottom safe area.
        public var bar: Rect
        /// Tabs with their frames (equal columns); a toolbar's items, whose places the painter
        /// spreads, have none.
        public var items: [(title: String, frame: Rect?)]
        /// The selected tab; nil for a toolbar.
        public var selected: Int?
        /// The glass it floats on (Liquid Glass: the tab bar's pill, the toolbar's capsules);
        /// empty where the bar is edge to edge.
        public var glass: [GlassShape] = []
    }

    /// Where a presentation shows a screen on the device (a sheet at its detent).
    public struct PresentedAs: Sendable {
        public var style: String
        public var frame: Rect
    }

    public struct Screen: Sendable {
        public var name: String
        /// The size it is laid out at: the device's, or a sheet's.
        public var size: Size
        /// nil for a screen shown full screen; its other frames are in its own coordinates.
        public var presentedAs: PresentedAs?
        /// Where lists and grids without a frame start: below the status bar and navigation bar.
        public var contentTop: Double
        /// For a screen inside a tab of the tab bar controller: where its safe area ends, at the
        /// tab bar's top edge (its scroll views' last rows come to rest above it); nil otherwise.
        public var safeAreaBottomY: Double? = nil
        public var navigationBar: NavigationBar?
        public var bottomBar: BottomBar?
        /// Views with an `id`, depth first in drawing order.
        public var views: [View]
        /// Every list and grid, with or without an `id`, depth first in drawing order.
        public var collections: [Collection]
    }

    /// The scene's tab bar controller (`tabs:`): its bar, drawn over every tab.
    public struct Tabs: Sendable {
        /// The bar's line above the bottom safe area.
        public var bar: Rect
        /// The tab selected at the start.
        public var selected: Int
        /// Each item with its frame (what `tap: { tab: N }` taps at its center) and its tab's root screen.
        public var items: [(title: String, frame: Rect, root: String)]
        /// The floating glass pill the bar is drawn on (Liquid Glass); nil for the classic bar.
        public var pill: GlassShape? = nil
    }

    /// With `--at`: the moment inspected, the screens of the stack on top then (root first) and,
    /// in `tabs.selected`, the tab selected then.
    public struct Moment: Sendable {
        public var time: Double
        /// Where the video shows that moment of the scene, when `playback` plays it at another pace.
        public var videoTime: Double?
        public var stack: [String]
        /// Where each screen of the stack is drawn then on the device, in stack order (a sheet
        /// receded behind a sheet at its receded frame); screens not drawn are left out.
        public var drawn: [(screen: String, frame: Rect)] = []
    }

    public var scene: String
    public var device: Device
    /// nil without `--at`.
    public var moment: Moment?
    /// nil for a scene with a `root` screen.
    public var tabs: Tabs?
    public var screens: [Screen]

    /// Lays out every screen of `scene`, in the order the file gives them. `offsets` (by
    /// `<screen>/<list or grid id>`, what `Timeline.scrollOffsets(at:)` gives) moves the rows and
    /// cells of scrolled scroll views to where they are.
    /// At a moment (`time`, `Timeline.navigation(at: time)` and `Timeline.drawnFrames(at: time)`),
    /// the tab selected then, the stack on top then and where each of its screens is drawn; a
    /// presented screen is placed where its sheet is then — at the detent it rests at — rather
    /// than where it first rests.
    /// `videoTime`: where the video shows the moment `moment` (scene time), if it plays the scene at another pace.
    /// A right-to-left scene's frames are mirrored, as it shows them (`mirrored()`).
    public init(_ scene: Scene, offsets: [String: Double] = [:],
                at moment: (time: Double, navigation: Timeline.Navigation, drawn: [String: Rect])? = nil, videoTime: Double? = nil) throws {
        try self.init(laidOutLeftToRight: scene, offsets: offsets, at: moment, videoTime: videoTime)
        if scene.layoutDirection == .rightToLeft { self = mirrored() }
    }

    private init(laidOutLeftToRight scene: Scene, offsets: [String: Double],
                 at moment: (time: Double, navigation: Timeline.Navigation, drawn: [String: Rect])?, videoTime: Double?) throws {
        let text = try TextMeasurer.measuring(scene.fonts)
        // Rows and cells sized by the lines the painter sets (`Scene.measuringText(with:)`).
        let scene = scene.withTabBarSafeArea().measuringText(with: text)
        self.scene = scene.name
        device = scene.device
        self.moment = moment.map { moment in
            Moment(time: moment.time, videoTime: videoTime, stack: moment.navigation.stack,
                   drawn: moment.navigation.stack.compactMap { name in moment.drawn[name].map { (name, $0) } })
        }
        if let controller = scene.tabs {
            // As the design lays the bar out (`ChromeDesign.tabBar`): where the engine draws it and taps its items.
            let layout = scene.device.chrome.tabBar(itemCount: controller.bar.items.count, on: scene.device)
            tabs = Tabs(bar: layout.bar, selected: moment?.navigation.tab ?? controller.bar.selected,
                        items: zip(controller.bar.items, controller.roots).enumerated().map { index, pair in
                            (pair.0.title, layout.tab(index), pair.1)
                        }, pill: layout.pill)
        }
        let presentations = Timeline.presentations(of: scene, text: text)
        screens = Self.listed(scene, stack: moment?.navigation.stack ?? []).compactMap { name in
            scene.screens[name].map { spec in
                guard let shown = presentations[name] else { return Self.screen(spec, on: scene.device, text: text) }
                var screen = Self.screen(spec.laidOut(writtenIn: scene.device.size, in: shown.layout.size), on: shown.layout, text: text)
                // A screen of the same presented stack drawn then shows where the sheet is.
                let now = ([name] + presentations.keys.sorted()).lazy
                    .filter { presentations[$0]?.frame == shown.frame && presentations[$0]?.style == shown.style }
                    .compactMap { moment?.drawn[$0] }.first { abs($0.width - shown.frame.width) < 1e-6 && abs($0.height - shown.frame.height) < 1e-6 }
                screen.presentedAs = PresentedAs(style: shown.style, frame: now ?? shown.frame)
                return screen
            }
        }
        guard !offsets.isEmpty else { return }
        for s in screens.indices {
            for c in screens[s].collections.indices {
                let name = screens[s].name
                let spec = scene.screens[name]
                guard let id = screens[s].collections[c].id,
                      let shift = spec?.contentShift(of: id, on: scene.device, offset: { offsets["\(name)/\($0)"] ?? 0 }),
                      offsets["\(name)/\(id)"] != nil || shift != .zero else { continue }
                let offset = offsets["\(name)/\(id)"] ?? 0
                if offsets["\(name)/\(id)"] != nil { screens[s].collections[c].contentOffset = offset }
                if let scroll = spec?.scrollView(id, on: scene.device), let view = spec?.identifiedViews(on: scene.device).first(where: { $0.id == id }),
                   case .list(let list) = view.view {
                    // Headers where the render tree draws them: a plain list's pinned below the bar.
                    let top = BarScrollResponse.visibleTop(of: scroll, offset: offset, on: spec, device: scene.device)
                    let shown = Dictionary(uniqueKeysWithValues: list.layout(in: scroll.frame)
                        .stickyHeaders(style: list.style, offset: offset, visibleTop: top).map { ($0.section, $0.band) })
                    for h in screens[s].collections[c].headers.indices {
                        let header = screens[s].collections[c].headers[h]
                        let moved = shown[header.section].map { $0.minY + ListLayout.headerBandPadding - header.frame.minY } ?? 0
                        screens[s].collections[c].headers[h].frame = header.frame.offsetBy(dx: 0, dy: moved - offset)
                        screens[s].collections[c].headers[h].isPinned =
                            abs(moved) > 1e-9 && abs(header.frame.minY + moved - offset - ListLayout.headerBandPadding - top) < 1e-6
                    }
                } else {
                    for h in screens[s].collections[c].headers.indices {
                        screens[s].collections[c].headers[h].frame = screens[s].collections[c].headers[h].frame.offsetBy(dx: 0, dy: -offset)
                    }
                }
                // Moved by the offsets of the scroll views showing it (up, or left for a horizontal one).
                let moved = { (rect: Rect) in rect.offsetBy(dx: -shift.x, dy: -shift.y) }
                for i in screens[s].collections[c].cells.indices {
                    screens[s].collections[c].cells[i].cell = moved(screens[s].collections[c].cells[i].cell)
                    screens[s].collections[c].cells[i].image = screens[s].collections[c].cells[i].image.map(moved)
                }
            }
        }
    }

    private static func screen(_ spec: ScreenSpec, on device: Device, text: any TextMeasuring) -> Screen {
        var views: [View] = []
        var collections: [Collection] = []
        func visit(_ specs: [ViewSpec], origin: Point, defaultFrame: Rect, topLevel: Bool) {
            for view in specs {
                let frame = view.frame(default: defaultFrame)
                let placed = frame.offsetBy(dx: origin.x, dy: origin.y)
                if let id = view.id {
                    views.append(View(id: id, kind: view.sceneKind, frame: placed, isTopLevel: topLevel))
                }
                switch view {
                case .list(let list):
                    let titles = list.sections.flatMap(\.rows)
                    let layout = list.layout(in: placed)
                    var collection = Collection(kind: ViewKeys.list.key, id: list.id, frame: placed, cells: zip(layout.rows, titles).enumerated().map {
                        index, pair in
                        Cell(index: index, section: pair.0.section, title: pair.1.title, subtitle: pair.1.subtitle,
                             cell: pair.0.cell, image: pair.0.image)
                    })
                    collection.headers = zip(list.sections, layout.sections).enumerated().compactMap { index, pair in
                        guard let title = pair.0.header, let line = pair.1.header else { return nil }
                        return Header(section: index, title: title, frame: line)
                    }
                    collections.append(collection)
                case .grid(let grid):
                    let cells = GridLayout(grid, frame: placed).cells
                    collections.append(Collection(kind: ViewKeys.grid.key, id: grid.id, frame: placed, cells: zip(cells, grid.cells).enumerated().map {
                        index, pair in
                        Cell(index: index, section: nil, title: pair.1.caption, subtitle: pair.1.subtitle, cell: pair.0.cell,
                             image: pair.0.image)
                    }))
                case .rect(let rect):
                    if rect.scrolling != nil {
                        // A scroll's "cells" are its subviews (what `tap: { list, index }` and `scroll: { list, to }` address).
                        let bounds = Rect(origin: .zero, size: rect.frame.size)
                        collections.append(Collection(kind: "scroll", id: rect.id, frame: placed, cells: rect.subviews.enumerated().map {
                            index, subview in
                            let title: String? = if case .label(let label) = subview { label.text } else { subview.id }
                            return Cell(index: index, section: nil, title: title, subtitle: nil,
                                        cell: subview.frame(default: bounds).offsetBy(dx: placed.x, dy: placed.y), image: nil)
                        }))
                    }
                    visit(rect.subviews, origin: placed.origin, defaultFrame: Rect(origin: .zero, size: rect.frame.size),
                          topLevel: false)
                default:
                    break
                }
            }
        }
        visit(spec.views, origin: .zero, defaultFrame: spec.contentFrame(on: device), topLevel: true)

        var navigationBar: NavigationBar?
        if let bar = spec.navigationBar {
            let layout = NavigationBarLayout(bar, on: device)
            let places = layout.items(of: bar, text: text)
            func placed(_ items: [NavigationBarView.Item], _ boxes: [Rect]) -> [BarItem] {
                zip(items, boxes).map { item, box in
                    let width = max(box.width, 44)
                    return BarItem(title: item.name, frame: Rect(x: box.midX - width / 2, y: box.minY, width: width, height: box.height),
                                   action: item.action?.description)
                }
            }
            navigationBar = NavigationBar(bar: layout.bar, title: bar.title, largeTitle: layout.largeTitle, back: bar.back,
                                          backChevron: bar.back == nil ? nil : layout.backChevron,
                                          leading: placed(bar.leading, places.leading), trailing: placed(bar.trailing, places.trailing),
                                          glass: places.capsules)
        }
        var bottomBar: BottomBar?
        // The bars as the device's design lays them out (`ChromeDesign`), as the engine places them.
        if let tabs = spec.tabBar {
            let layout = device.chrome.tabBar(itemCount: tabs.items.count, on: device)
            bottomBar = BottomBar(kind: "tabBar", bar: layout.bar,
                                  items: tabs.items.enumerated().map { ($1.title, layout.tab($0)) },
                                  selected: tabs.selected, glass: layout.pill.map { [$0] } ?? [])
        } else if let toolbar = spec.toolbar {
            let layout = device.chrome.toolbar(itemWidths: toolbar.items.map { $0.width(text: text) }, on: device)
            bottomBar = BottomBar(kind: "toolbar", bar: layout.bar, items: toolbar.items.map { ($0.name, nil) },
                                  selected: nil, glass: layout.capsules)
        }
        return Screen(name: spec.name, size: device.size, contentTop: spec.contentTop(on: device),
                      safeAreaBottomY: spec.tabBarInset > 0 ? device.size.height - spec.bottomSafeArea(on: device) : nil,
                      navigationBar: navigationBar, bottomBar: bottomBar, views: views, collections: collections)
    }
}

extension SceneInspection {
    /// The screens `inspect` lists, in the file's order: a screen filled from a tapped item
    /// (`FilledScreen`) once, as the item on `stack` shows it, else as the item an action
    /// naming it shows.
    static func listed(_ scene: Scene, stack: [String]) -> [String] {
        let filled = scene.filledScreens
        let shownTemplates = Set(stack.compactMap { filled[$0]?.template })
        return scene.screenOrder.filter { name in
            guard let item = filled[name] else { return true }
            return stack.contains(name) || (item.isDefault && !shownTemplates.contains(item.template))
        }
    }
}
