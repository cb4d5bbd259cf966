import Geometry
import Motion

// The declarations of screens, the views they hold, lists, grids and bars. See `KeyMapping` and
// docs/architecture.md, "Declaring a scene key".

/// The keys of a screen.
public enum ScreenKeys {
    public static let background = Setting<Color?>("background", defaultText: "systemBackground",
                                                   doc: "the view controller's view's color, filling the whole screen, under the status bar too")
    public static let content = ShapedKey("content", .list(.shape("view")),
                                          doc: "the views, back to front, framed in points from the screen's top-left for the device's size; at most 2,000 per screen, counting nested views; lists' rows and grids' cells at most 100,000 in the whole scene")
    public static let navigationBar = ShapedKey("navigationBar", .shape("navigationBar"),
                                                doc: "a navigation bar at the top of the safe area, drawn over the content")
    public static let tabBar = ShapedKey("tabBar", .shape("tabBar"), doc: "a tab bar at the bottom")
    public static let toolbar = ShapedKey("toolbar", .shape("toolbar"), doc: "a toolbar at the bottom")
    public static let hidesBottomBarWhenPushed = Setting<Bool>("hidesBottomBarWhenPushed", default: false,
                                                               doc: "pushed inside a tab of 'tabs', hides the tab bar",
                                                               uikit: "hidesBottomBarWhenPushed")
    public static let statusBar = ShapedKey("statusBar", .oneOf([.boolean, .choice(StatusBarStyle.allCases.map(\.rawValue))]),
                                            defaultText: "the device's",
                                            doc: "true / default: dark symbols over a light background, light over a dark one (judged by background), light under a navigation bar of barStyle black; darkContent, lightContent (UIStatusBarStyle); false / hidden (prefersStatusBarHidden); shown by default on preset devices, hidden on custom ones")
    public static let homeIndicator = Setting<Bool?>("homeIndicator", defaultText: "the device's",
                                                     doc: "false hides it (prefersHomeIndicatorAutoHidden); shown by default on preset devices with a bottom safe area")

    public static let mapping = KeyMapping("screen", "a screen", doc: "a screen: a view controller's view",
                                           [background, content, navigationBar, tabBar, toolbar, statusBar, homeIndicator,
                                            hidesBottomBarWhenPushed])
}

/// The keys every view has.
public enum ViewKeys {
    public static let id = Setting<String?>("id",
                                            doc: "names the view (a plain name, no /, unique on its screen); a top-level view with an id is its own render-tree node <screen>/<id>, drawn over the others")
    public static let frame = Setting<Rect?>("frame", doc: "[x, y, width, height] in points")
    public static let autoresizing = ShapedKey("autoresizing", .oneOf([.choice(Autoresizing.names.map(\.name)),
                                                                      .list(.choice(Autoresizing.names.map(\.name)))]),
                                               defaultText: "none", doc: "UIView.AutoresizingMask: one name or a list", uikit: "autoresizingMask")
    public static let opacity = Setting<Double>("opacity", .number(range: Limits.unit), default: 1, doc: "the view's alpha", uikit: "UIView.alpha")
    /// `font`, `size` and `weight` of a text.
    public static let font = Setting<String?>("font", .choice(TextStyle.allCases.map(\.rawValue).sorted()), defaultText: "body",
                                              doc: "a Dynamic Type style, at the scene's contentSize")
    public static let size = Setting<Double?>("size", .number(range: Limits.fontSize), defaultText: "the font's", doc: "font size in points")
    public static let weight = Setting<LabelView.Weight?>("weight", defaultText: "the font's", doc: "font weight")
    public static let family = Setting<String?>("family", defaultText: "the system font (systemFont, Inter by default)", doc: "Inter or a family of the scene's fonts")
    public static let cornerRadius = Setting<Double>("cornerRadius", .number(range: Limits.cornerRadius), default: 0, doc: "corner radius in points")
    public static let cornerCurve = Setting<CornerCurve>("cornerCurve", default: .continuous, doc: "corner curve", uikit: "CALayer.cornerCurve")

    /// The keys every view has, first in each view's declaration.
    public static let common: [any DeclaredKey] = [id, frame, autoresizing, opacity]
    // The view kinds: each the one key of a view, and the kind `segue inspect` names (`ViewSpec.sceneKind`).
    public static let rect = ShapedKey("rect", .shape("rect"), doc: "a UIView with a fill, corners, border, shadow and subviews")
    public static let label = ShapedKey("label", .shape("label"), doc: "a UILabel")
    public static let image = ShapedKey("image", .shape("image"), doc: "a UIImageView of a PNG file")
    public static let icon = ShapedKey("icon", .shape("icon"), doc: "an icon drawn like a symbol image")
    public static let list = ShapedKey("list", .shape("list"), doc: "a UITableView")
    public static let grid = ShapedKey("grid", .shape("grid"), doc: "a UICollectionView grid")
    public static let scroll = ShapedKey("scroll", .shape("scrollView"), doc: "a UIScrollView holding any views")

    /// The view kinds, each the one key of a view.
    public static let kinds: [(key: ShapedKey, mapping: KeyMapping)] = [
        (rect, RectKeys.mapping), (label, LabelKeys.mapping), (image, ImageKeys.mapping), (icon, IconKeys.mapping),
        (list, ListKeys.mapping), (grid, GridKeys.mapping), (scroll, ScrollContainerKeys.mapping),
    ] + ControlKeys.kinds.map { (ShapedKey($0.name, .shape($0.name), doc: $0.doc), $0.mapping) }

    /// A view: exactly one kind key.
    public static let mapping = KeyMapping("view", "a view", doc: "a view: exactly one kind key", kinds.map(\.key))
}

/// The keys of `rect`.
public enum RectKeys {
    public static let fill = Setting<Color?>("fill", defaultText: "clear", doc: "the background color", uikit: "backgroundColor")
    public static let gradient = ShapedKey("gradient", .shape("gradient"), doc: "a CAGradientLayer fill")
    public static let shadow = ShapedKey("shadow", .shape("shadow"), doc: "a layer shadow")
    public static let border = ShapedKey("border", .shape("border"), doc: "a layer border")
    public static let clipsToBounds = Setting<Bool>("clipsToBounds", default: false, doc: "clip subviews to the bounds")
    public static let content = ShapedKey("content", .list(.shape("view")), doc: "subviews, back to front")

    public static let mapping = KeyMapping("rect", "a rect", doc: "a UIView", required: ["frame"],
        ViewKeys.common + [fill, gradient, shadow, ViewKeys.cornerRadius, ViewKeys.cornerCurve, border, clipsToBounds, content])
}

/// The keys of `scroll`: a rect whose subviews are the content of a `UIScrollView`.
public enum ScrollContainerKeys {
    public static let content = ShapedKey("content", .list(.shape("view")),
                                          doc: "the scrolled views, back to front, framed from the content's top-left; the content reaches as far as they do")

    public static let mapping = KeyMapping("scrollView", "a scroll view", doc: "a UIScrollView: scrolls when it has an id and lies at the screen's top level",
        required: ["frame"], ViewKeys.common + [RectKeys.fill, ViewKeys.cornerRadius, ViewKeys.cornerCurve, content, ScrollViewKeys.axis]
            + ScrollViewKeys.common)
}

/// `border: { color, width }`.
public enum BorderKeys {
    public static let color = Setting<Color?>("color", defaultText: "separator", doc: "the border color", uikit: "CALayer.borderColor")
    public static let width = Setting<Double>("width", .number(range: Limits.gap), default: 1, doc: "the border width", uikit: "CALayer.borderWidth")

    public static let mapping = KeyMapping("border", "a border", doc: "a layer border", [color, width])
}

/// `gradient: { colors, start, end }`.
public enum GradientKeys {
    public static let colors = ShapedKey("colors", .list(.color), doc: "two or more colors, evenly spaced from start to end")
    public static let start = Setting<[Double]>("start", .numbers(count: 2, range: Limits.coordinates), default: [0.5, 0],
                                                doc: "[x, y] in unit coordinates of the bounds", uikit: "CAGradientLayer.startPoint")
    public static let end = Setting<[Double]>("end", .numbers(count: 2, range: Limits.coordinates), default: [0.5, 1],
                                              doc: "[x, y] in unit coordinates of the bounds", uikit: "CAGradientLayer.endPoint")

    public static let mapping = KeyMapping("gradient", "a gradient",
                                           doc: "a CAGradientLayer over the fill, clipped to the rounded corners", required: ["colors"], [colors, start, end])
}

/// A view's `shadow: { color, opacity, radius, offset }`: CALayer's defaults but opacity 0.2.
public enum ShadowKeys {
    public static let color = Setting<Color>("color", default: .black, doc: "shadow color", uikit: "CALayer.shadowColor")
    public static let opacity = Setting<Double>("opacity", .number(range: Limits.unit), default: 0.2,
                                                doc: "shadow opacity (UIKit's default 0 would hide it)",
                                                uikit: "CALayer.shadowOpacity")
    public static let radius = Setting<Double>("radius", .number(range: Limits.shadowRadius), default: 3,
                                               doc: "blur radius: a Gaussian of standard deviation radius / 2",
                                               uikit: "CALayer.shadowRadius")
    public static let offset = Setting<[Double]>("offset", .numbers(count: 2, range: Limits.coordinates), default: [0, -3],
                                                 doc: "[dx, dy] in points", uikit: "CALayer.shadowOffset")

    public static let mapping = KeyMapping("shadow", "a shadow",
                                           doc: "a blurred copy of the rounded shape under the view", [color, opacity, radius, offset])
}

/// The keys of `label`.
public enum LabelKeys {
    public static let text = Setting<String?>("text", doc: "the text")
    public static let color = Setting<Color?>("color", defaultText: "label", doc: "text color", uikit: "textColor")
    public static let alignment = Setting<LabelView.Alignment>("alignment", default: .left, doc: "text alignment", uikit: "textAlignment")
    public static let lines = Setting<Int>("lines", .integer(range: Limits.lines), default: 1, doc: "the most lines (0: any)",
                                           uikit: "numberOfLines")

    public static let mapping = KeyMapping("label", "a label", doc: "a UILabel", required: ["text", "frame"],
        ViewKeys.common + [text, ViewKeys.font, ViewKeys.family, ViewKeys.size, ViewKeys.weight, color, alignment, lines])
}

/// The keys of `image`.
public enum ImageKeys {
    public static let file = ShapedKey("file", .text, doc: "a PNG path relative to the scene file")
    public static let contentMode = Setting<ImageView.ContentMode>("contentMode", default: .fill, doc: "how the image fills the frame")
    public static let background = Setting<Color?>("background", defaultText: "clear", doc: "the color behind the image")

    public static let mapping = KeyMapping("image", "an image", doc: "a UIImageView", required: ["file", "frame"],
        ViewKeys.common + [file, contentMode, ViewKeys.cornerRadius, ViewKeys.cornerCurve, background])
}

/// The keys of `icon`.
public enum IconKeys {
    public static let name = ShapedKey("name", .text,
        doc: "an SF Symbol name of a common symbol (trash, gearshape.fill), a Material Icons name (delete, settings) or an emoji")
    public static let color = Setting<Color?>("color", defaultText: "systemBlue", doc: "the icon's color", uikit: "tintColor")

    public static let mapping = KeyMapping("icon", "an icon", doc: "an icon", required: ["name", "frame"],
        ViewKeys.common + [name, ViewKeys.font, ViewKeys.size, ViewKeys.weight, color])
}

/// The keys of `list`.
extension ScrollAxis: SettingChoice {}

/// The keys every scroll view (list, grid, scroll) has: `UIScrollView`'s.
public enum ScrollViewKeys {
    /// Grids and `scroll`s only: a `UITableView` scrolls vertically.
    public static let axis = Setting<ScrollAxis>("axis", default: .vertical,
        doc: "the direction it scrolls: vertical or horizontal (SwiftUI's ScrollView(.horizontal))",
        uikit: "UICollectionViewFlowLayout.scrollDirection")
    public static let decelerationRate = ShapedKey("decelerationRate", .oneOf([.choice(["normal", "fast"]), .number(range: Limits.scrollDecelerationRate)]),
        defaultText: "normal",
        doc: "how fast a flick slows: normal (0.998 of its velocity kept per ms), fast (0.99), or that fraction as a number",
        uikit: "decelerationRate, DecelerationRate(rawValue:)")
    public static let paging = Setting<Bool>("paging", .boolean, default: false, doc: "a release settles on a page (the view's height, its width when horizontal)",
                                             uikit: "isPagingEnabled")
    public static let bounces = Setting<Bool>("bounces", .boolean, default: true,
                                              doc: "rubber-bands past the ends and bounces back; false stops at them", uikit: "bounces")
    public static let alwaysBounceVertical = Setting<Bool?>("alwaysBounceVertical", defaultText: "true for lists, false for grids and scroll views",
        doc: "content shorter than the view still follows a vertical pan, rubber-banded, and bounces back (UITableView's default); false: it does not scroll, and in a sheet the sheet takes the pan",
        uikit: "alwaysBounceVertical")
    public static let common: [any DeclaredKey] = [decelerationRate, paging, bounces, alwaysBounceVertical]
}

public enum ListKeys {
    public static let style = Setting<ListView.Style>("style", default: .plain,
                                                      doc: "plain: full-width rows, separators to the edge; insetGrouped: rounded cards 16 pt in (20 pt in lists 414 pt or wider), uppercase headers",
                                                      uikit: "UITableView.Style")
    public static let rows = ShapedKey("rows", .list(.oneOf([.text, .shape("row")])), doc: "rows of one section")
    public static let sections = ShapedKey("sections", .list(.shape("section")), doc: "sections with headers and footers")
    public static let rowHeight = Setting<Double?>("rowHeight", .number(range: Limits.rowHeight), defaultText: "by content",
                                                   doc: "every row's height in points; without it 44 pt, 60 pt with a subtitle, at least the image + 16 pt",
                                                       uikit: "rowHeight")
    public static let imageSize = Setting<Double?>("imageSize", .number(range: Limits.length), defaultText: "28 (40 with subtitles)",
                                                   doc: "side of each row's square image, points")
    public static let imageCornerRadius = Setting<Double?>("imageCornerRadius", .number(range: Limits.cornerRadius),
                                                           defaultText: "22.5% of imageSize",
                                                           doc: "points; half the image size makes round avatars")
    public static let accessory = Setting<ListView.Accessory>("accessory", default: ListView.Accessory.none,
                                                              doc: "every row's default accessory; info is the tinted ⓘ detail button")
    public static let background = Setting<Color?>("background", defaultText: "by style", doc: "the table's background (clear for insetGrouped)")

    public static let mapping = KeyMapping("list", "a list", doc: "a UITableView",
        ViewKeys.common + [style, rows, sections, rowHeight, imageSize, imageCornerRadius, accessory, background] + ScrollViewKeys.common)
}

/// `sections: [{ header, footer, rows }]`.
public enum SectionKeys {
    public static let header = Setting<String?>("header", doc: "the section header")
    public static let footer = Setting<String?>("footer", doc: "the section footer")

    public static let mapping = KeyMapping("section", "a list section", doc: "a list section", required: ["rows"],
                                           [header, footer, ListKeys.rows])
}

/// A row: a title alone, or these keys.
public enum RowKeys {
    public static let title = Setting<String?>("title", doc: "the text")
    public static let subtitle = Setting<String?>("subtitle", doc: "a second line")
    public static let detail = Setting<String?>("detail", doc: "text on the trailing side")
    public static let image = ShapedKey("image", .text, doc: "a PNG path relative to the scene file")
    public static let imageColor = Setting<Color?>("imageColor", doc: "a colored square in place of an image")
    public static let icon = ShapedKey("icon", .text, doc: "an icon name or an emoji")
    public static let accessory = Setting<ListView.Accessory?>("accessory", defaultText: "the list's", doc: "the row's accessory")
    public static let switchOn = Setting<Bool?>("switch", doc: "a UISwitch accessory, on or off")
    public static let highlighted = Setting<Bool>("highlighted", default: false, doc: "drawn selected (systemGray4)")
    public static let preview = Setting<String?>("preview", doc: "a message's first lines, at most two, under the subtitle: a Mail message row (the title bold, the detail and subtitle smaller)")
    public static let unread = Setting<Bool>("unread", default: false, doc: "a blue dot in the leading margin, as Mail marks an unread message")

    public static let mapping = KeyMapping("row", "a row (a title, or a mapping)", doc: "a row", required: ["title"],
        [title, subtitle, detail, image, imageColor, icon, ListKeys.imageSize, ListKeys.imageCornerRadius,
         accessory, switchOn, highlighted, preview, unread])
}

/// The keys of `grid`.
public enum GridKeys {
    public static let columns = Setting<Int>("columns", .integer(range: Limits.columns), default: 3,
                                             doc: "cells per row (across the frame's width when the grid is one horizontal row)")
    public static let spacing = Setting<Double?>("spacing", .number(range: Limits.gap), defaultText: "2 (12 with captions)",
                                                  doc: "points between cells, both ways (rows of captioned cells 8 pt further apart)")
    public static let inset = Setting<Double?>("inset", .number(range: Limits.gap), defaultText: "0 (16 with captions)",
                                                doc: "points from the frame's left, right and top edges to the cells")
    public static let aspectRatio = Setting<Double>("aspectRatio", .number(range: Limits.aspectRatio), default: 1, doc: "each image's height / width")
    public static let cornerRadius = Setting<Double?>("cornerRadius", .number(range: Limits.cornerRadius), defaultText: "0 (8 with captions)",
                                                      doc: "each image's corner radius")
    public static let cells = ShapedKey("cells", .list(.oneOf([.text, .shape("gridCell")])), doc: "PNG paths or cell mappings")
    public static let background = Setting<Color?>("background", defaultText: "clear", doc: "the collection view's background")

    public static let mapping = KeyMapping("grid", "a grid", doc: "a UICollectionView grid", required: ["cells"],
        ViewKeys.common + [columns, spacing, inset, aspectRatio, cornerRadius, ImageKeys.contentMode, cells, background, ScrollViewKeys.axis]
            + ScrollViewKeys.common)
}

/// A grid cell: a PNG path, or these keys.
public enum CellKeys {
    public static let image = ShapedKey("image", .text, doc: "a PNG path relative to the scene file")
    public static let color = Setting<Color?>("color", defaultText: "systemGray5", doc: "shown under the image, or instead of it")
    public static let caption = Setting<String?>("caption", doc: "a title under the image")
    public static let subtitle = Setting<String?>("subtitle", doc: "a line under the caption")

    public static let mapping = KeyMapping("gridCell", "a cell (a PNG path, or a mapping)", doc: "a grid cell", [image, color, caption, subtitle])
}

extension NavigationBarView.Style: SettingChoice {}

/// The keys of `navigationBar`.
public enum NavigationBarKeys {
    public static let title = Setting<String?>("title", doc: "the title")
    public static let largeTitle = Setting<Bool>("largeTitle", default: false, doc: "a large title", uikit: "prefersLargeTitles")
    public static let back = Setting<String?>("back", doc: "the back button's title")
    public static let leading = ShapedKey("leading", .list(.oneOf([.text, .shape("barItem")])), doc: "bar button items on the left")
    public static let trailing = ShapedKey("trailing", .list(.oneOf([.text, .shape("barItem")])), doc: "bar button items on the right")
    public static let background = Setting<Color?>("background", defaultText: "clear", doc: "the bar's background")
    public static let separator = ShapedKey("separator", .oneOf([.boolean, .color]), defaultText: "with a background",
                                            doc: "the hairline: true, false or a color")
    public static let tint = Setting<Color?>("tint", defaultText: "systemBlue", doc: "the buttons' color", uikit: "tintColor")
    public static let material = Setting<BlurMaterial?>("material", defaultText: "systemChromeMaterial without a background",
                                                        doc: "the blur under the bar's standard appearance, once content scrolls under it",
                                                        uikit: "UIBarAppearance.backgroundEffect")

    public static let barStyle = Setting<NavigationBarView.Style>("barStyle", default: .default,
        doc: "black: the bar in the dark appearance (its material, white titles) and light status bar content while it is under the status bar, as a navigation controller takes the status bar's style from its bar",
        uikit: "UINavigationBar.barStyle")

    public static let mapping = KeyMapping("navigationBar", "a navigation bar", doc: "a UINavigationBar",
                                           [title, largeTitle, back, leading, trailing, background, separator, tint, material, barStyle])
}

/// A bar button item: a title, or these keys.
public enum BarItemKeys {
    public static let title = Setting<String?>("title", doc: "a text item")
    public static let symbol = Setting<NavigationBarView.Item.Symbol?>("symbol", doc: "a system item", uikit: "UIBarButtonItem.SystemItem")
    public static let icon = ShapedKey("icon", .text, doc: "an icon name")
    public static let style = Setting<BarButtonStyle>("style", default: .plain, doc: "done is bold", uikit: "UIBarButtonItem.Style")
    public static let action = ShapedKey("action", .oneOf([.choice(["pop", "dismiss"]), .shape("barAction")]),
                                         defaultText: "none: a tap on it is an error",
                                         doc: "what a tap does: pop, dismiss, { push: SCREEN } or { present: SCREEN }")

    public static let mapping = KeyMapping("barItem", "a bar button item", doc: "a UIBarButtonItem", [title, symbol, icon, style, action])
}

/// A bar button item's action that brings a screen: `{ push: SCREEN }` or `{ present: SCREEN }`.
public enum BarActionKeys {
    public static let push = Setting<String?>("push", doc: "push this screen with its transition")
    public static let present = Setting<String?>("present", doc: "present this screen with its transition")

    public static let mapping = KeyMapping("barAction", "a bar button item's action ({ push: SCREEN } or { present: SCREEN })",
                                           doc: "push or present a screen", [push, present])
}

/// The keys of `tabBar`.
public enum TabBarKeys {
    public static let items = ShapedKey("items", .list(.oneOf([.text, .shape("tabItem")])), doc: "the tabs: titles or { title, icon, badge }")
    public static let selected = Setting<Int>("selected", .integer(range: Limits.index), default: 0, doc: "the selected tab")
    public static let tint = Setting<Color?>("tint", defaultText: "systemBlue",
                                             doc: "the selected tab's color; a toolbar's items", uikit: "tintColor")
    public static let unselectedTint = Setting<Color?>("unselectedTint", defaultText: "systemGray", doc: "the other tabs' color",
                                                       uikit: "unselectedItemTintColor")
    public static let background = Setting<Color?>("background", defaultText: "clear",
                                                   doc: "fills the bar and the home indicator area, over the material")
    public static let material = Setting<BlurMaterial?>("material", defaultText: "systemChromeMaterial without a background",
                                                        doc: "the blur of what lies under the bar and the home indicator area",
                                                        uikit: "UIBarAppearance.backgroundEffect")
    public static let separator = ShapedKey("separator", .oneOf([.boolean, .color]), defaultText: "with a background",
                                            doc: "the hairline: true, false or a color")

    public static let mapping = KeyMapping("tabBar", "a tab bar", doc: "a UITabBar", required: ["items"],
                                           [items, selected, tint, unselectedTint, background, separator, material])
}

/// A tab bar item: a title, or these keys.
public enum TabItemKeys {
    public static let title = Setting<String?>("title", doc: "the tab's title")
    public static let icon = ShapedKey("icon", .text, doc: "an icon name")
    public static let badge = Setting<String?>("badge", doc: "white text in a systemRed capsule; \"\" is a dot", uikit: "badgeValue")

    public static let mapping = KeyMapping("tabItem", "a tab bar item (a title, or { title, icon, badge })", doc: "a UITabBarItem",
                                           required: ["title"], [title, icon, badge])
}

/// The keys of `tabs:`, the scene's tab bar controller: a tab bar's, each item with its tab's root screen.
public enum TabsKeys {
    public static let items = ShapedKey("items", .list(.shape("tab")), doc: "the tabs, each with the root screen of its navigation stack")

    public static let mapping = KeyMapping("tabs", "a tab bar controller",
                                           doc: "a UITabBarController at the scene's root, instead of 'root': a navigation stack per tab under one tab bar",
                                           required: ["items"],
                                           [items, TabBarKeys.selected, TabBarKeys.tint, TabBarKeys.unselectedTint, TabBarKeys.background,
                                            TabBarKeys.separator, TabBarKeys.material])
}

/// A tab of `tabs:`: a tab bar item and the screen at the bottom of its navigation stack.
public enum TabKeys {
    public static let root = Setting<String?>("root", doc: "the screen at the bottom of the tab's navigation stack")

    public static let mapping = KeyMapping("tab", "a tab { title, icon, badge, root }", doc: "a tab of the tab bar controller",
                                           required: ["title", "root"], [TabItemKeys.title, TabItemKeys.icon, TabItemKeys.badge, root])
}

/// The keys of `toolbar`.
public enum ToolbarKeys {
    public static let items = ShapedKey("items", .list(.oneOf([.text, .shape("barItem")])), doc: "bar button items")

    public static let mapping = KeyMapping("toolbar", "a toolbar", doc: "a UIToolbar", required: ["items"],
                                           [items, NavigationBarKeys.tint, TabBarKeys.background, TabBarKeys.separator,
                                            TabBarKeys.material])
}

extension CornerCurve: SettingChoice {}
extension LabelView.Weight: SettingChoice {}
extension LabelView.Alignment: SettingChoice {}
extension ImageView.ContentMode: SettingChoice {}
extension ListView.Style: SettingChoice {}
extension ListView.Accessory: SettingChoice {}
extension NavigationBarView.Item.Symbol: SettingChoice {}
extension StatusBarStyle: SettingChoice {}
extension BlurMaterial: SettingChoice {}
