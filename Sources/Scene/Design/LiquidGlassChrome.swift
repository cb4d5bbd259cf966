import Geometry

/// The iOS 26/27 chrome: bar buttons on glass capsules over content that runs under a bar with
/// no background, the floating tab bar pill with its selection lens, and toolbar items on
/// floating capsules. Sizes from docs/uikit-semantics.md#liquid-glass, each with its source and
/// how sure it is ([OBS] developers' measurements of iOS 26 and 27, [EST] where none was found).
public struct LiquidGlassChrome: ChromeDesign {
    public init() {}

    /// The tab bar pill: 62 pt tall with a 31 pt radius, 21 pt from the screen's sides and bottom
    /// [RE: a UITabBar view-tree dump of iOS 26 on a 402 pt phone, pill (21, 0, 360, 62), its
    /// bottom gap the safe area's 34 less 13]; the same 21 pt on a phone with a home button [EST:
    /// the gap's floor].
    public static let tabBarHeight = 62.0
    public static let tabBarInset = 21.0
    /// Its items: 54 pt tall, 4 pt in; the pitch (pill width − 16.25) / count, at most 85.9375 pt
    /// (a 3-tab pill is 274 pt wide, centred), each item 8.25 pt wider than its pitch so that
    /// neighbours overlap [RE: the same dump].
    public static let tabItemHeight = 54.0
    public static let tabItemInsets = 16.25
    public static let tabItemOverlap = 8.25
    public static let tabMaximumPitch = 85.9375
    /// The navigation bar: 54 pt below the status bar (56 in a sheet, as the classic one [EST]),
    /// its buttons 44 pt glass circles and capsules 5 pt from its top and bottom [RE].
    public static let navigationBarHeight = 54.0
    /// Bar button capsules: an icon item 44 pt wide in its group's capsule, a text item's capsule
    /// its text and 14 pt either side [EST], capsules 12 pt apart [EST after the dumps' group spacing].
    public static let capsuleHeight = 44.0
    public static let iconCell = 44.0
    public static let textPadding = 14.0
    public static let capsuleSpacing = 12.0
    /// Toolbar capsules: 48 pt tall, 28 pt from the sides and the bottom [OBS: Photos stills on a
    /// 390 pt phone; the same on a phone with a home button, EST].
    public static let toolbarHeight = 48.0
    public static let toolbarSideInset = 28.0
    public static let toolbarBottomInset = 28.0

    public func tabBar(itemCount count: Int, on device: Device) -> TabBarLayout {
        let inset = Self.tabBarInset, height = Self.tabBarHeight, n = Double(max(count, 1))
        let widest = max(device.size.width - 2 * inset, 0)
        let pitch = min((widest - Self.tabItemInsets) / n, Self.tabMaximumPitch)
        // Centred, on the device's pixel grid, its width in whole pixels too (as UIKit rounds a
        // view's frame to its screen's pixels): the bar's items are drawn once and copied, never
        // resampled, wherever the pill sits and however many tabs it has.
        let scale = max(device.scale, 1e-9)
        let width = (min(widest, pitch * n + Self.tabItemInsets) * scale).rounded() / scale
        let x = ((device.size.width - width) / 2 * scale).rounded() / scale
        let pill = Rect(x: x, y: device.size.height - inset - height, width: width, height: height)
        let top = pill.minY + (height - Self.tabItemHeight) / 2
        let tabs = (0..<count).map {
            Rect(x: pill.minX + Self.tabItemInsets / 2 + Double($0) * pitch - Self.tabItemOverlap / 2, y: top,
                 width: pitch + Self.tabItemOverlap, height: Self.tabItemHeight)
        }
        let line = Rect(x: pill.minX, y: top, width: pill.width, height: Self.tabItemHeight)
        let contentInset = max(device.size.height - max(device.safeAreaBottom, 0) - pill.minY, 0)
        return TabBarLayout(area: pill, bar: line, tabs: tabs, pill: GlassShape(name: "pill", frame: pill), lenses: tabs,
                            contentInset: contentInset)
    }

    public func navigationBarHeight(on device: Device) -> Double {
        device.isSheet ? NavigationBarView.sheetBarHeight : Self.navigationBarHeight
    }

    public func toolbar(itemWidths widths: [Double], on device: Device) -> ToolbarLayout {
        let height = Self.toolbarHeight
        let top = device.size.height - Self.toolbarBottomInset - height
        let line = Rect(x: 0, y: top, width: device.size.width, height: height)
        // Each item on a capsule of its own, spread with flexible space between them as the classic bar spreads its items.
        let capsuleWidths = widths.map { $0 <= 24 ? height : $0 + 2 * Self.textPadding }
        let total = capsuleWidths.reduce(0, +), count = capsuleWidths.count, margin = Self.toolbarSideInset
        let space = count > 1 ? (line.width - 2 * margin - total) / Double(count - 1) : 0
        var x = count == 1 ? line.midX - total / 2 : line.minX + margin
        var items: [Rect] = [], capsules: [GlassShape] = []
        for (index, (width, capsule)) in zip(widths, capsuleWidths).enumerated() {
            let frame = Rect(x: x, y: top, width: capsule, height: height)
            capsules.append(GlassShape(name: "item\(index)", frame: frame))
            items.append(Rect(x: frame.midX - width / 2, y: top, width: width, height: height))
            x += capsule + space
        }
        return ToolbarLayout(area: Rect(x: 0, y: top, width: device.size.width, height: device.size.height - top), bar: line,
                             items: items, capsules: capsules)
    }

    /// The back button: the chevron alone on a 44 pt glass circle at the leading margin (iOS 26
    /// shows the previous title only in the button's menu [OBS]).
    public func backChevron(on line: Rect, margin: Double) -> Rect {
        let circle = backCircle(on: line, margin: margin)
        return Rect(x: circle.midX - 7.25, y: circle.midY - 10.5, width: 12.5, height: 21)
    }

    private func backCircle(on line: Rect, margin: Double) -> Rect {
        let side = Self.capsuleHeight
        return Rect(x: margin, y: line.midY - side / 2, width: side, height: side)
    }

    public var drawsBarBackgrounds: Bool { false }
    /// Plain bar items are monochrome on glass, in the label colour; colour is for prominent items
    /// (HIG "Toolbars": "use the system-provided color for toolbar items … reserve tint for a
    /// prominent action" [DOC paraphrase]; Apple's iOS 26 apps [OBS]).
    public var plainItemColor: String? { "label" }

    /// Sheets: at the large detent the top at the safe area's top edge, corners 38 pt [RE:
    /// iOS 27 layer dumps, a 402 pt phone, top 62]; below it the sheet floats at a scale of 0.961,
    /// about 8 pt in from the sides [OBS: the sheet wrapper's transform on iOS 26.2], docking as it
    /// reaches the large detent.
    public static let sheetCornerRadius = 38.0
    public static let sheetFloatingScale = 0.961

    /// Behind a large sheet the presenter still recedes [RE: the shrink-behind method is still
    /// UIKit's]; its top edge rests the classic sheet's 8.4 pt strip above the sheet's [EST].
    public func sheet(on device: Device) -> SheetMetrics? {
        let height = max(device.size.height, 1), top = max(device.safeAreaTop, 0)
        return SheetMetrics(topGap: top / height, cornerRadius: Self.sheetCornerRadius, floatingScale: Self.sheetFloatingScale,
                            presenterOffset: max(top - Self.presenterStrip, 0) / height)
    }

    /// The presenter's strip above a large sheet in the classic geometry on a 393 × 852 phone:
    /// 8 % − 7 % of 852 pt.
    static let presenterStrip = 0.01 * 852
    /// At the content top, or up to the 10 pt the bar has grown by above it: a scene's frames written
    /// for the classic 44 pt bar still start under this one [EST].
    public func isAtContentTop(_ y: Double, top: Double) -> Bool {
        y > top - (Self.navigationBarHeight - NavigationBarView.barHeight) - 0.5 && y < top + 0.5
    }
    /// Unselected tabs in the label colour, the selected one in the tint on its lens [OBS].
    public var unselectedTabColor: String { "label" }

    /// Whether `item` shares a capsule with its neighbours of the same kind: a plain icon or symbol.
    private static func sharesCapsule(_ item: NavigationBarView.Item) -> Bool {
        if case .text = item.content { return false }
        return !item.isProminent
    }

    /// Items grouped on capsules: a run of icon items shares one capsule (44 pt an item), a text
    /// item has its own, a prominent one its own tinted one; capsules 12 pt apart from the margins
    /// inward, the leading ones after the back circle.
    public func barItems(of bar: NavigationBarView, in layout: NavigationBarLayout,
                         textWidth: (String, Bool) throws -> Double) rethrows -> NavigationBarLayout.Items {
        let line = layout.bar, height = Self.capsuleHeight
        let capsuleY = line.midY - height / 2
        /// Items and capsules from `edge` in `direction` (1 rightward, −1 leftward), in the given order.
        func place(_ items: [NavigationBarView.Item], from edge: Double, direction: Double, prefix: String) throws
            -> (boxes: [Rect], capsules: [GlassShape], end: Double) {
            var groups: [[Int]] = []
            for (index, item) in items.enumerated() {
                if Self.sharesCapsule(item), let last = groups.last?.last, Self.sharesCapsule(items[last]) {
                    groups[groups.count - 1].append(index)
                } else {
                    groups.append([index])
                }
            }
            var boxes = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: items.count)
            var capsules: [GlassShape] = []
            var x = edge
            let ordered = direction > 0 ? groups : groups.reversed()
            for group in ordered {
                var cells: [(index: Int, width: Double, content: Double)] = []
                for index in group {
                    let item = items[index]
                    if case .text(let text) = item.content {
                        let w = try textWidth(text, item.isProminent)
                        cells.append((index, w + 2 * Self.textPadding, w))
                    } else {
                        cells.append((index, Self.iconCell, 24))
                    }
                }
                let width = cells.reduce(0) { $0 + $1.width }
                let minX = direction > 0 ? x : x - width
                var cellX = minX
                for cell in cells {
                    boxes[cell.index] = Rect(x: cellX + (cell.width - cell.content) / 2, y: line.y, width: cell.content, height: line.height)
                    cellX += cell.width
                }
                let prominent = group.count == 1 && items[group[0]].isProminent
                capsules.append(GlassShape(name: "\(prefix)\(capsules.count)", frame: Rect(x: minX, y: capsuleY, width: width, height: height),
                                           tint: prominent ? bar.tint : .clear))
                x = direction > 0 ? minX + width + Self.capsuleSpacing : minX - Self.capsuleSpacing
            }
            return (boxes, capsules, x)
        }
        var leadingEdge = layout.margin
        var capsules: [GlassShape] = []
        if bar.back != nil {
            let circle = backCircle(on: line, margin: layout.margin)
            capsules.append(GlassShape(name: "back", frame: circle))
            leadingEdge = circle.maxX + Self.capsuleSpacing
        }
        let trailing = try place(bar.trailing, from: line.maxX - layout.margin, direction: -1, prefix: "trailing")
        let leading = try place(bar.leading, from: leadingEdge, direction: 1, prefix: "leading")
        capsules += leading.capsules + trailing.capsules
        var items = NavigationBarLayout.Items(backLabel: nil, backTitle: nil, leading: leading.boxes, trailing: trailing.boxes,
                                              titleLeading: bar.leading.isEmpty && bar.back == nil ? layout.margin : leading.end,
                                              titleTrailing: bar.trailing.isEmpty ? line.maxX - layout.margin : trailing.end)
        items.capsules = capsules
        return items
    }
}

/// The soft scroll edge effect under a Liquid Glass navigation bar (UIKit's "pocket"): a band over
/// the status bar and the bar where content scrolling under them is blurred and washed towards the
/// background [RE: the pocket's layers on iOS 27, a 440 pt phone: a variable blur of σ ≈ 4 pt
/// at full strength over the band's top 205/384, falling to 0.247 of it at the bottom; a fill of
/// white 0.5 / black 0.6 under it].
public enum LiquidGlassPocket {
    /// The share of the band, from its top, where the blur is at full strength.
    public static let fullStrength = 205.0 / 384.0
    /// The blur at full strength, and below it to the band's bottom, where the variable blur falls
    /// from full to a quarter [EST: two steps standing for the variable blur, the lower at about
    /// its mean].
    public static let blur = 4.0
    public static let lowerBlur = 2.0
    /// The wash: the fill over the whole band (the dump reads it unmasked), its last tenth fading
    /// out so that the band has no edge [EST].
    public static let washFade = 0.1
}
