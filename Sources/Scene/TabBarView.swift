import Geometry

/// A tab bar (`UITabBar` of a `UITabBarController`) at the bottom of the screen, above the
/// home indicator: items with an icon and a title, one selected in the tint, optional badges.
public struct TabBarView: Sendable {
    /// A `UITabBarItem`.
    public struct Item: Hashable, Sendable {
        public var title: String
        public var icon: Icon?
        /// `badgeValue`: text in a red capsule at the icon's top-right ("" shows a dot).
        public var badge: String?

        public init(title: String, icon: Icon? = nil, badge: String? = nil) {
            self.title = title
            self.icon = icon
            self.badge = badge
        }
    }

    public var items: [Item]
    public var selected: Int
    /// The selected item's color (`tintColor`).
    public var tint: Color
    /// The other items' color (`unselectedItemTintColor`, default `systemGray`).
    public var unselected: Color
    /// Laid over `material`; clear by default.
    public var background: Color
    public var separator: Color?
    public var badgeColor: Color
    /// The blur beneath the bar (`UITabBarAppearance.backgroundEffect`); nil for none.
    public var material: MaterialLook?

    public init(items: [Item], selected: Int = 0, tint: Color, unselected: Color, background: Color, separator: Color?,
                badgeColor: Color, material: MaterialLook? = nil) {
        self.material = material
        self.items = items
        self.selected = selected
        self.tint = tint
        self.unselected = unselected
        self.background = background
        self.separator = separator
        self.badgeColor = badgeColor
    }

    /// Height of the bar above the bottom safe area (iPhone, portrait).
    public static let barHeight = 49.0
}

/// A toolbar (`UIToolbar`, a navigation controller's `toolbarItems`) at the bottom of the
/// screen, above the home indicator: bar button items spread across it with flexible space
/// between them, as Mail and Photos arrange theirs.
public struct ToolbarView: Sendable {
    public var items: [NavigationBarView.Item]
    public var tint: Color
    /// The colour of plain items where the design does not tint them; nil: the tint.
    public var plainItemColor: Color?
    /// Laid over `material`; clear by default.
    public var background: Color
    public var separator: Color?
    /// The blur beneath the bar (`UIToolbarAppearance.backgroundEffect`); nil for none.
    public var material: MaterialLook?

    public init(items: [NavigationBarView.Item], tint: Color, background: Color, separator: Color?, material: MaterialLook? = nil) {
        self.material = material
        self.items = items
        self.tint = tint
        self.background = background
        self.separator = separator
    }

    /// Height of the bar above the bottom safe area.
    public static let barHeight = 44.0
}

/// Where a bottom bar goes on a screen: its background from the bar's top edge to the bottom
/// of the screen (under the home indicator), and the bar's own line above the safe area.
public struct BottomBarLayout: Sendable {
    /// The bar's line: `height` tall, above the bottom safe area.
    public let bar: Rect
    /// What the background fills.
    public let background: Rect
    /// Item boxes, left to right (tab bar: equal widths; toolbar: computed by the painter).
    public let margin: Double

    public init(height: Double, on device: Device) {
        let width = device.size.width
        let bottom = device.size.height - max(device.safeAreaBottom, 0)
        bar = Rect(x: 0, y: bottom - height, width: width, height: height)
        background = Rect(x: 0, y: bar.minY, width: width, height: device.size.height - bar.minY)
        margin = SystemMargins.horizontal(forWidth: width)
    }

    /// Where a screen's toolbar (`ToolbarView`) goes on `device`.
    public static func toolbar(on device: Device) -> BottomBarLayout {
        BottomBarLayout(height: ToolbarView.barHeight, on: device)
    }

    /// A toolbar's items of `widths` spread across the bar with flexible space between them: the
    /// first at the leading margin, the last at the trailing one, a single item centered (as Mail
    /// and Photos arrange theirs). The painter draws them there and a tap finds them there.
    public func toolbarItems(widths: [Double]) -> [Rect] {
        let total = widths.reduce(0, +), count = widths.count
        let space = count > 1 ? (bar.width - 2 * margin - total) / Double(count - 1) : 0
        var x = count == 1 ? bar.midX - total / 2 : bar.minX + margin
        return widths.map { width in
            defer { x += width + space }
            return Rect(x: x, y: bar.minY, width: width, height: bar.height)
        }
    }

    /// Tab `index` of `count`: the bar divided into equal columns.
    public func tab(_ index: Int, of count: Int) -> Rect {
        let width = bar.width / Double(max(count, 1))
        return Rect(x: bar.minX + Double(index) * width, y: bar.minY, width: width, height: bar.height)
    }
}
