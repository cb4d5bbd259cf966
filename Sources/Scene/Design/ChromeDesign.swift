import Geometry

/// A design's system chrome, as layout: where the tab bar, a toolbar and a navigation bar's
/// buttons go on a device, and the glass shapes behind them. One value per `InterfaceDesign`
/// (`ClassicChrome`, `LiquidGlassChrome`); the engine builds the tree and `segue inspect` reports
/// from these, and Raster's painters draw by them, so the three agree.
public protocol ChromeDesign: Sendable {
    /// The tab bar controller's bar with `count` items on `device`.
    func tabBar(itemCount count: Int, on device: Device) -> TabBarLayout
    /// A toolbar on `device`, its items `widths` wide (as the painter sets them).
    func toolbar(itemWidths widths: [Double], on device: Device) -> ToolbarLayout
    /// Where a navigation bar's back button, items and title go (`NavigationBarLayout.items`).
    func barItems(of bar: NavigationBarView, in layout: NavigationBarLayout,
                  textWidth: (String, Bool) throws -> Double) rethrows -> NavigationBarLayout.Items
    /// The back chevron's box on the bar's line `line`.
    func backChevron(on line: Rect, margin: Double) -> Rect
    /// Whether a bar's own background and material are drawn (the scroll-edge appearances);
    /// false where the design puts its items on glass instead.
    var drawsBarBackgrounds: Bool { get }
    /// The system colour a bar's plain items are drawn in where the scene gives the bar no `tint`
    /// (nil: the tint, `systemBlue`); prominent items keep the tint.
    var plainItemColor: String? { get }
    /// The system colour of the tab bar's unselected items where the scene gives none.
    var unselectedTabColor: String { get }
    /// Whether a scroll view whose top edge is at `y` starts at the content top `top` (under the
    /// navigation bar, which answers its scrolling).
    func isAtContentTop(_ y: Double, top: Double) -> Bool
    /// A page sheet's metrics where the design changes them; nil: the sheet's settings' defaults.
    func sheet(on device: Device) -> SheetMetrics?
    /// The navigation bar's own height below the status bar on `device` (a sheet's included).
    func navigationBarHeight(on device: Device) -> Double
}

/// What a design changes of a page sheet (`UISheetPresentationController`) where the scene's
/// sheet settings do not say otherwise.
public struct SheetMetrics: Hashable, Sendable {
    /// The gap over a large sheet, as a fraction of the container's height.
    public var topGap: Double
    public var cornerRadius: Double
    /// The scale a sheet floats at below its large detent (1: edge to edge).
    public var floatingScale: Double
    /// How far the presenter's top edge moves down behind a large sheet (fraction of the height).
    public var presenterOffset: Double

    public init(topGap: Double, cornerRadius: Double, floatingScale: Double, presenterOffset: Double) {
        self.presenterOffset = presenterOffset
        self.topGap = topGap
        self.cornerRadius = cornerRadius
        self.floatingScale = floatingScale
    }
}

/// A glass shape behind chrome: a capsule, a circle or a rounded rectangle, in screen points.
public struct GlassShape: Hashable, Sendable {
    /// Its name in the tree and in `inspect`: `back`, `items0`, `tab`, …
    public var name: String
    public var frame: Rect
    public var cornerRadius: Double
    /// A prominent item's colour (`UIGlassEffect.tintColor`), clear for none.
    public var tint: Color

    public init(name: String, frame: Rect, cornerRadius: Double? = nil, tint: Color = .clear) {
        self.name = name
        self.frame = frame
        self.cornerRadius = cornerRadius ?? min(frame.width, frame.height) / 2
        self.tint = tint
    }
}

/// Where the tab bar controller's bar goes.
public struct TabBarLayout: Hashable, Sendable {
    /// The node's box: from the bar's top edge to the bottom of the screen (classic), or the
    /// floating pill (Liquid Glass).
    public var area: Rect
    /// The line the items sit on.
    public var bar: Rect
    /// Each tab's box, in item order.
    public var tabs: [Rect]
    /// The glass pill (Liquid Glass); nil where the bar is edge to edge.
    public var pill: GlassShape?
    /// The selection lens behind the selected item, by index (Liquid Glass); empty otherwise.
    public var lenses: [Rect]
    /// How far content is inset from the bottom safe area for the bar (`tabBarInset`).
    public var contentInset: Double

    public init(area: Rect, bar: Rect, tabs: [Rect], pill: GlassShape? = nil, lenses: [Rect] = [], contentInset: Double) {
        self.area = area
        self.bar = bar
        self.tabs = tabs
        self.pill = pill
        self.lenses = lenses
        self.contentInset = contentInset
    }

    /// Tab `index`'s box; an empty rect for an index past the items.
    public func tab(_ index: Int) -> Rect { tabs.indices.contains(index) ? tabs[index] : Rect(x: bar.minX, y: bar.minY, width: 0, height: 0) }
}

/// Where a screen's toolbar goes.
public struct ToolbarLayout: Hashable, Sendable {
    /// The node's box: from the bar's top edge to the bottom of the screen.
    public var area: Rect
    /// The bar's line (classic) or the capsules' (Liquid Glass).
    public var bar: Rect
    /// Each item's box (where its content is drawn and a tap finds it), in item order.
    public var items: [Rect]
    /// The glass behind the items (Liquid Glass); empty where the bar is edge to edge.
    public var capsules: [GlassShape]

    public init(area: Rect, bar: Rect, items: [Rect], capsules: [GlassShape] = []) {
        self.area = area
        self.bar = bar
        self.items = items
        self.capsules = capsules
    }
}
