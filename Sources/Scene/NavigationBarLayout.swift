import Geometry

// Layout maths of the system views, in screen points (see ScreenLayout.swift): Raster draws by
// it and the engine reads frames from it, so both always agree.

/// Where a navigation bar's parts go on a screen.
public struct NavigationBarLayout: Sendable {
    /// The 44 pt bar below the status bar (56 pt in a sheet).
    public let bar: Rect
    /// What the background fills: from the top of the screen (under the status bar) to the bar's bottom edge.
    public let background: Rect
    /// The large title's line, below the bar; nil without a large title.
    public let largeTitle: Rect?
    /// The back chevron's box.
    public let backChevron: Rect
    /// Where the back button's title starts (its line is the bar).
    public let backTitleX: Double
    /// Leading and trailing item margins.
    public let margin: Double
    /// The design the bar's items are laid out in.
    public let chrome: any ChromeDesign

    /// The size of an image holding the bar's parts: the background and the hairline hanging below it.
    public var partSize: Size { Size(width: background.width, height: background.maxY + 1) }

    /// Bar 44 pt (56 pt in a sheet); large title 34 pt bold on a 41 pt line 3 pt below the bar, at the system margin
    /// (its text style's line at another text size); back chevron 12.5 × 21 pt at 8 pt, its title 6 pt after it.
    public init(_ bar: NavigationBarView, on device: Device) {
        let width = device.size.width
        margin = SystemMargins.horizontal(forWidth: width)
        self.bar = Rect(x: 0, y: device.safeAreaTop, width: width, height: NavigationBarView.barHeight(on: device))
        background = Rect(x: 0, y: 0, width: width, height: device.safeAreaTop + bar.height(on: device))
        largeTitle = bar.largeTitle
            ? Rect(x: margin, y: self.bar.maxY + 3, width: max(width - 2 * margin, 0), height: bar.largeTitleType.leading) : nil
        chrome = device.chrome
        backChevron = chrome.backChevron(on: self.bar, margin: margin)
        backTitleX = backChevron.maxX + 6
    }

    /// Where a bar's back label and items go, given how wide text is set.
    public struct Items: Sendable {
        /// The back label's box on the bar's line; nil without a back label.
        public var backLabel: Rect?
        /// What the back label says (`backButtonDisplayMode` `.default`): the previous screen's
        /// title where it fits, else "Back", else nothing (the chevron alone).
        public var backTitle: String?
        /// Each leading and trailing item's box on the bar's line, in the bar's order.
        public var leading: [Rect]
        public var trailing: [Rect]
        /// Where the space left for a centered title begins and ends.
        public var titleLeading: Double
        public var titleTrailing: Double
        /// The glass behind the back button and the items, where the design has it.
        public var capsules: [GlassShape] = []

        public init(backLabel: Rect?, backTitle: String?, leading: [Rect], trailing: [Rect], titleLeading: Double, titleTrailing: Double) {
            self.backLabel = backLabel
            self.backTitle = backTitle
            self.leading = leading
            self.trailing = trailing
            self.titleLeading = titleLeading
            self.titleTrailing = titleTrailing
        }
    }

    /// UIKit's generic back button title (`backButtonDisplayMode` `.default` and `.generic`).
    public static let genericBackTitle = "Back"

    /// The back label after the chevron, then the leading items from there and the trailing ones
    /// from the trailing margin inward, 16 pt apart: text at its width in 17 pt type (semibold for
    /// `done` and the title, `textWidth(text, prominent)`), a symbol or an icon in a 24 pt box.
    ///
    /// The back label is never truncated: as `UINavigationItem.BackButtonDisplayMode.default`
    /// does, it shows the previous screen's title where that fits, else the generic "Back", else
    /// no title ([DOC] "the navigation item attempts to display … `title`, a generic title, such
    /// as Back, no title … according to the available space"). It fits where it ends 8 pt short
    /// of the centered title (the gap the painter keeps between a title and the buttons), or of
    /// the leading or trailing items where the bar shows no title on its line [EST].
    public func classicItems(of bar: NavigationBarView, textWidth: (String, Bool) throws -> Double) rethrows -> Items {
        let line = self.bar
        func width(_ item: NavigationBarView.Item) throws -> Double { try item.width(textWidth: textWidth) }
        var trailingEdge = line.maxX - margin
        var trailing: [Rect] = []
        for item in bar.trailing.reversed() {
            let w = try width(item)
            trailing.insert(Rect(x: trailingEdge - w, y: line.y, width: w, height: line.height), at: 0)
            trailingEdge -= w + 16
        }
        let leadingWidths = try bar.leading.map(width)
        let leadingRun = leadingWidths.reduce(0) { $0 + $1 + 16 }
        var leadingEdge = margin
        var backLabel: Rect?, backTitle: String?
        if let back = bar.back {
            leadingEdge = backChevron.maxX
            if !back.isEmpty {
                // Where the back label must end: short of the title on the bar's line, else of the trailing items.
                var end = trailingEdge + 16 - 8
                if let title = bar.title, !bar.largeTitle {
                    let half = try textWidth(title, true) / 2
                    end = min(end, line.midX - half - 8)
                }
                end -= bar.leading.isEmpty ? 0 : 16 + leadingRun
                for candidate in [back, Self.genericBackTitle] where backTitle == nil {
                    let w = try textWidth(candidate, false)
                    if backTitleX + w <= end {
                        backTitle = candidate
                        backLabel = Rect(x: backTitleX, y: line.y, width: w, height: line.height)
                        leadingEdge = backTitleX + w
                    }
                }
            }
            leadingEdge += bar.leading.isEmpty ? 0 : 16
        }
        var leading: [Rect] = []
        for w in leadingWidths {
            leading.append(Rect(x: leadingEdge, y: line.y, width: w, height: line.height))
            leadingEdge += w + 16
        }
        return Items(backLabel: backLabel, backTitle: backTitle, leading: leading, trailing: trailing,
                     titleLeading: leadingEdge, titleTrailing: trailingEdge)
    }

    /// The back button, the items and the title's room as the bar's design lays them out
    /// (`ChromeDesign.barItems`), given how wide text is set.
    public func items(of bar: NavigationBarView, textWidth: (String, Bool) throws -> Double) rethrows -> Items {
        try chrome.barItems(of: bar, in: self, textWidth: textWidth)
    }

    /// The items laid out with their text measured by `text`, in the 17 pt type the painter sets
    /// them in (semibold for a prominent item): where the engine and `segue inspect` find them.
    public func items(of bar: NavigationBarView, text: any TextMeasuring) -> Items {
        items(of: bar, textWidth: NavigationBarView.Item.textWidth(text))
    }
}
