import Geometry

/// The iOS 17/18 chrome: bars edge to edge under their materials (the metrics `BottomBarLayout`
/// and `NavigationBarLayout` give, with their sources).
public struct ClassicChrome: ChromeDesign {
    public init() {}

    public func tabBar(itemCount count: Int, on device: Device) -> TabBarLayout {
        let layout = BottomBarLayout(height: TabBarView.barHeight, on: device)
        return TabBarLayout(area: layout.background, bar: layout.bar, tabs: (0..<count).map { layout.tab($0, of: count) },
                            contentInset: TabBarView.barHeight)
    }

    public func toolbar(itemWidths widths: [Double], on device: Device) -> ToolbarLayout {
        let layout = BottomBarLayout.toolbar(on: device)
        return ToolbarLayout(area: layout.background, bar: layout.bar, items: layout.toolbarItems(widths: widths))
    }

    public func barItems(of bar: NavigationBarView, in layout: NavigationBarLayout,
                         textWidth: (String, Bool) throws -> Double) rethrows -> NavigationBarLayout.Items {
        try layout.classicItems(of: bar, textWidth: textWidth)
    }

    /// 12.5 × 21 pt at 8 pt from the leading edge.
    public func backChevron(on line: Rect, margin: Double) -> Rect {
        Rect(x: 8, y: line.midY - 10.5, width: 12.5, height: 21)
    }

    public var drawsBarBackgrounds: Bool { true }
    public var plainItemColor: String? { nil }
    public func sheet(on device: Device) -> SheetMetrics? { nil }
    public func isAtContentTop(_ y: Double, top: Double) -> Bool { abs(y - top) < 0.5 }
    public var unselectedTabColor: String { "systemGray" }

    /// 44 pt, 56 pt in a sheet (`NavigationBarView.barHeight`, `sheetBarHeight`).
    public func navigationBarHeight(on device: Device) -> Double {
        device.isSheet ? NavigationBarView.sheetBarHeight : NavigationBarView.barHeight
    }
}
