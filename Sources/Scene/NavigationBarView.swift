import Geometry

/// A navigation bar (`UINavigationBar`) at the top of the safe area: a centered title or a
/// large title below the bar, a back button with its chevron, and bar button items.
public struct NavigationBarView: Sendable {
    /// A bar button item (`UIBarButtonItem`): text, one of a few system symbols, or any icon.
    public struct Item: Hashable, Sendable {
        public enum Content: Hashable, Sendable {
            case text(String)
            case symbol(Symbol)
            /// `UIBarButtonItem(image:)` with an SF Symbol: any icon name (see `IconCatalog`).
            case icon(Icon)
        }

        /// System items drawn as symbols (`UIBarButtonItem.SystemItem`).
        public enum Symbol: String, Hashable, Sendable, Codable, CaseIterable {
            /// `.add`
            case plus
            /// An ellipsis in a circle (a "more" menu).
            case ellipsis
            /// `.search`
            case search
            /// `.action`
            case share
        }

        public var content: Content
        /// `.done` style: semibold text.
        public var isProminent: Bool
        /// What a tap on it does (its target-action); nil: nothing the scene plays.
        public var action: BarAction?

        public init(_ content: Content, isProminent: Bool = false, action: BarAction? = nil) {
            self.content = content
            self.isProminent = isProminent
            self.action = action
        }

        /// How a scene names it (`tap: { barItem: NAME }`, `inspect`): its text, or its symbol's or icon's name.
        public var name: String {
            switch content {
            case .text(let text): return text
            case .symbol(let symbol): return symbol.rawValue
            case .icon(let icon): return icon.name
            }
        }
    }

    /// What a bar button item's action does to the navigation stack on top.
    public enum BarAction: Hashable, Sendable {
        /// `popViewController(animated: true)`
        case pop
        /// `dismiss(animated: true)` of the presented screen
        case dismiss
        /// `pushViewController(_:animated: true)`
        case push(String)
        /// `present(_:animated: true)`
        case present(String)

        /// The action as a scene writes it.
        public var description: String {
            switch self {
            case .pop: return "pop"
            case .dismiss: return "dismiss"
            case .push(let screen): return "push: \(screen)"
            case .present(let screen): return "present: \(screen)"
            }
        }

        /// The actions in words, for messages.
        public static let names = "pop, dismiss, { push: SCREEN } or { present: SCREEN }"
    }

    /// `UIBarStyle`: `black` draws the bar in the dark appearance and gives the status bar over it
    /// light content (a navigation controller takes the status bar's style from its bar).
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case `default`, black
    }

    public var title: String?
    /// `prefersLargeTitles`: the title in 34 pt bold below the bar, which is then 52 pt taller (at
    /// the default text size; see `largeTitleType`).
    public var largeTitle: Bool
    /// The large title's type, `largeTitle` text style at the scene's text size, bold: 34 pt on a
    /// 41 pt line at the default size. The bar's other text (inline title, back button, items)
    /// keeps its 17 pt at every size: UIKit shows them in the Large Content Viewer instead
    /// (docs/uikit-semantics.md#dynamic-type).
    public var largeTitleType: (size: Double, leading: Double) = TextStyle.largeTitle.metrics()
    /// The back button's title (the previous screen's); nil: no back button, "" a chevron alone.
    public var back: String?
    /// Left items (after the back button, if any).
    public var leading: [Item]
    /// Right items, in reading order: the last one sits at the right edge.
    public var trailing: [Item]
    /// Fills the bar and the status bar area above it; clear (the default) is the scroll-edge look of iOS 15 and later.
    public var background: Color
    /// The hairline under the bar.
    public var separator: Color?
    public var tint: Color
    /// The colour of plain (not prominent) items and the back button where the design does not
    /// tint them (`ChromeDesign.plainItemColor`); nil: the tint.
    public var plainItemColor: Color?
    public var titleColor: Color
    /// The blur of the standard appearance, once content scrolls under the bar
    /// (`UIBarAppearance.backgroundEffect`); nil for none. The scroll-edge appearance has none.
    public var material: MaterialLook?
    /// `barStyle`; its colours above are already the dark appearance's for `black`.
    public var style: Style = .default

    public init(title: String? = nil, largeTitle: Bool = false, back: String? = nil, leading: [Item] = [],
                trailing: [Item] = [], background: Color = .clear, separator: Color? = nil,
                tint: Color = Color(r8: 0, g8: 122, b8: 255), titleColor: Color = .black,
                material: MaterialLook? = nil) {
        self.material = material
        self.title = title
        self.largeTitle = largeTitle
        self.back = back
        self.leading = leading
        self.trailing = trailing
        self.background = background
        self.separator = separator
        self.tint = tint
        self.titleColor = titleColor
    }

    /// Height of the bar itself (`UINavigationBar` in portrait on iPhone).
    public static let barHeight = 44.0
    /// Height of the bar in a sheet (iOS 13 and later): a navigation bar in a page or form sheet,
    /// which does not reach the status bar, is 56 pt tall (docs/uikit-semantics.md#sheet-navigation-bar).
    public static let sheetBarHeight = 56.0

    /// The bar's own height on `device`, as its design lays it out: in the classic design 56 pt in a
    /// sheet, 44 pt elsewhere.
    public static func barHeight(on device: Device) -> Double { device.chrome.navigationBarHeight(on: device) }
    /// Extra height when the large title shows, at the default text size.
    public static let largeTitleHeight = 52.0

    /// The large title's area below the bar: 52 pt at the default text size, as much taller as
    /// the title's line is (`largeTitleType`) — the line 3 pt below the bar and 8 pt above the
    /// area's bottom at every size [EST: UIKit sizes the area from the title label's measured
    /// height, `_UINavigationBarLargeTitleViewLayout`'s resting height].
    public var largeTitleAreaHeight: Double { Self.largeTitleHeight + largeTitleType.leading - TextStyle.largeTitle.metrics().leading }

    /// The bar's height below the status bar: 44 pt, or 96 pt with a large title (at the default text size).
    public var height: Double { Self.barHeight + (largeTitle ? largeTitleAreaHeight : 0) }

    /// The bar's height below the status bar on `device`: a sheet's bar is 56 pt (108 pt with a
    /// large title, whose 52 pt area stays below it).
    public func height(on device: Device) -> Double { Self.barHeight(on: device) + (largeTitle ? largeTitleAreaHeight : 0) }
}

extension SystemColor {
    /// The color UIKit names `name` in `appearance`; black for a name it does not know
    /// (only called with names from the table).
    static func resolved(_ name: String, _ appearance: Appearance, level: InterfaceLevel = .base) -> Color {
        named(name, appearance: appearance, level: level) ?? .black
    }
}

extension NavigationBarView.Item {
    /// The width a bar gives the item: its text at its width in 17 pt type (semibold when
    /// prominent, `textWidth(text, prominent)`), a symbol or an icon a 24 pt box.
    public func width(textWidth: (String, Bool) throws -> Double) rethrows -> Double {
        if case .text(let text) = content { return try textWidth(text, isProminent) }
        return 24
    }

    /// The width a bar gives the item with `text` measuring its title.
    public func width(text: any TextMeasuring) -> Double { width(textWidth: Self.textWidth(text)) }

    /// A bar item's title width, `(text, prominent)`: 17 pt type, semibold when prominent.
    public static func textWidth(_ text: any TextMeasuring) -> (String, Bool) -> Double {
        { string, prominent in text.width(of: string, size: 17, weight: prominent ? .semibold : .regular) }
    }
}
