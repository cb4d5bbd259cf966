internal import CCairo
import Geometry
import Scene

/// The bottom bars, placed by `BottomBarLayout`: drawn over the screen's views, with its body.
extension ScreenPainter {
    /// Background and hairline (`background`; a material shows as it does over `beneath`), then
    /// each tab (`items`): its icon (25 pt box, 7 pt from the top), title (10 pt medium) below
    /// it, the selected one in the tint, and its badge.
    /// Metrics: Apple HIG, https://developer.apple.com/design/human-interface-guidelines/tab-bars
    func paint(_ tabBar: TabBarView, beneath: Color = .clear, background: Bool = true, items: Bool = true) throws {
        let placed = device.chrome.tabBar(itemCount: tabBar.items.count, on: device)
        if placed.pill != nil {
            if items { try paintFloating(tabBar, placed) }
            return
        }
        let layout = BottomBarLayout(height: TabBarView.barHeight, on: device)
        if background {
            paintBottomBackground(layout, background: tabBar.background, separator: tabBar.separator, material: tabBar.material,
                                  beneath: beneath)
        }
        guard items else { return }
        for index in tabBar.items.indices {
            let tab = layout.tab(index, of: tabBar.items.count)
            try paintTab(index, of: tabBar, iconBox: Rect(x: tab.midX - 15, y: tab.minY + 4, width: 30, height: 30),
                         titleY: tab.minY + 33, in: tab, badgeY: 5)
        }
    }

    /// Tab `index`'s icon in `iconBox`, its title (10 pt medium) from `titleY` across `tab`, in the
    /// tint when selected, and its badge `badgeY` below the icon box's top.
    private func paintTab(_ index: Int, of tabBar: TabBarView, iconBox: Rect, titleY: Double, in tab: Rect, badgeY: Double) throws {
        let item = tabBar.items[index]
        let color = index == tabBar.selected ? tabBar.tint : tabBar.unselected
        if let icon = item.icon {
            try icons.draw(icon, in: iconBox, pointSize: 22, color: color)
        }
        try draw(item.title, in: Rect(x: tab.minX + 2, y: titleY, width: tab.width - 4, height: 13), size: 10,
                 weight: .medium, color: color, alignment: .center)
        if let badge = item.badge {
            try paintBadge(badge, at: Point(x: iconBox.midX + 12, y: iconBox.minY + badgeY), color: tabBar.badgeColor)
        }
    }

    /// The floating tab bar's items over its glass (the pill is the node's glass beneath): the
    /// selected one in the tint on its selection lens — the item's box rounded to a capsule, a grey
    /// of #E1E1E3's depth over the light glass, a lift over the dark [RE, OBS] —, each icon in a
    /// 28 pt box 6 pt from the item's top, its title 10 pt medium 35 pt down [RE].
    private func paintFloating(_ tabBar: TabBarView, _ placed: TabBarLayout) throws {
        if placed.lenses.indices.contains(tabBar.selected) {
            let lens = placed.lenses[tabBar.selected]
            let dark = isDarkLabel(tabBar)
            cairo.fill(lens, cornerRadius: lens.height / 2, curve: .circular,
                       color: dark ? Color(red: 1, green: 1, blue: 1, alpha: 0.14) : Color(red: 0, green: 0, blue: 0.05, alpha: 0.08))
        }
        for index in tabBar.items.indices {
            let tab = placed.tab(index)
            try paintTab(index, of: tabBar, iconBox: Rect(x: tab.midX - 14, y: tab.minY + 6, width: 28, height: 28),
                         titleY: tab.minY + 35, in: tab, badgeY: 4)
        }
    }

    /// Whether the bar's colours are the dark appearance's: its unselected items light.
    private func isDarkLabel(_ tabBar: TabBarView) -> Bool {
        let c = tabBar.unselected
        return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue > 0.5
    }

    /// A `badgeValue`: white 13 pt text in a red capsule at least 18 pt wide, its left part over
    /// the icon; an empty badge is a 10 pt dot.
    private func paintBadge(_ text: String, at point: Point, color: Color) throws {
        if text.isEmpty {
            cairo.fillCircle(center: Point(x: point.x, y: point.y), radius: 5, color: color)
            return
        }
        let textWidth = try width(of: text, size: 13)
        let width = max(18, textWidth + 10)
        let box = Rect(x: point.x - 9, y: point.y - 9, width: width, height: 18)
        cairo.fill(box, cornerRadius: 9, curve: .circular, color: color)
        try draw(text, in: Rect(x: box.minX, y: box.minY, width: box.width, height: box.height), size: 13, color: .white,
                 alignment: .center)
    }

    /// Background and hairline (`background`; a material shows as it does over `beneath`), then
    /// the items (`items`) spread across the bar with flexible space between them: the first at the
    /// leading margin, the last at the trailing one, a single item centered.
    func paint(_ toolbar: ToolbarView, beneath: Color = .clear, background: Bool = true, items: Bool = true) throws {
        let widths = try toolbar.items.map { try drawBarItem($0, from: 0, direction: 1, tint: toolbar.tint, line: Rect(x: 0, y: 0, width: 0, height: 0), drawing: false) }
        let placed = device.chrome.toolbar(itemWidths: widths, on: device)
        if !placed.capsules.isEmpty {
            // Floating capsules: the glass is the nodes' beneath; the items over it, a prominent one in the tint.
            guard items else { return }
            for (item, box) in zip(toolbar.items, placed.items) {
                _ = try drawBarItem(item, from: box.minX, direction: 1, tint: item.isProminent ? toolbar.tint : toolbar.plainItemColor ?? toolbar.tint,
                                    line: Rect(x: box.minX, y: box.minY, width: box.width, height: box.height), drawing: true)
            }
            return
        }
        let layout = BottomBarLayout.toolbar(on: device)
        if background {
            paintBottomBackground(layout, background: toolbar.background, separator: toolbar.separator, material: toolbar.material,
                                  beneath: beneath)
        }
        guard items else { return }
        let line = layout.bar
        for (item, box) in zip(toolbar.items, layout.toolbarItems(widths: widths)) {
            _ = try drawBarItem(item, from: box.minX, direction: 1, tint: toolbar.tint, line: line, drawing: true)
        }
    }

    /// A bar drawn with its screen's body has nothing scrolling under it: its `material` shows
    /// as it does over the uniform colour `beneath`, the screen's background (the blur of a
    /// still, mostly flat body is left out). The tab bar controller's bar and a screen's toolbar
    /// in a frame are drawn without one, over a backdrop node that blurs what is beneath.
    private func paintBottomBackground(_ layout: BottomBarLayout, background: Color, separator: Color?, material: MaterialLook?,
                                       beneath: Color) {
        if let material { cairo.fill(layout.background, color: material.over(beneath)) }
        cairo.fill(layout.background, color: background)
        if let separator {
            drawHairline(Rect(x: 0, y: layout.background.minY, width: layout.background.width, height: 0), color: separator)
        }
    }
}
