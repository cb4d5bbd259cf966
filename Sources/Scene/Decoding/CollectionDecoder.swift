import Geometry
import Yams

/// Lists, grids and the navigation bar.
extension SceneDecoder {
    func decodeList(_ node: Node) -> ListView? {
        let r = reader
        let keys = ["id", "frame", "autoresizing", "opacity", "style", "rows", "sections", "rowHeight", "imageSize", "imageCornerRadius", "accessory", "background"]
        guard let fields = r.mapping(node, "a list", allowed: keys) else { return nil }
        let id = decodeViewID(fields, "list")
        let frame = fields["frame"].flatMap { r.rect($0, "frame") }
        let style = fields["style"].flatMap { r.choice($0, "list style", ListView.Style.self) } ?? .plain
        let rowHeight = fields["rowHeight"].flatMap { r.double($0, "rowHeight", range: 1...10_000) }
        let imageSize = fields["imageSize"].flatMap { r.double($0, "imageSize", range: 0...10_000) }
        let imageRadius = fields["imageCornerRadius"].flatMap { r.double($0, "imageCornerRadius", range: 0...10_000) }
        let accessory = fields["accessory"].flatMap { r.choice($0, "accessory", ListView.Accessory.self) } ?? ListView.Accessory.none
        var colors = ListView.Colors.system(style, appearance: appearance)
        if let background = fields["background"].flatMap({ r.color($0, "list background", appearance: appearance) }) {
            colors.background = background
        }
        var sections: [ListView.Section] = []
        switch (fields["rows"], fields["sections"]) {
        case (let rows?, nil):
            sections = [ListView.Section(rows: decodeRows(rows, accessory: accessory))]
        case (nil, let node?):
            for item in r.sequence(node, "sections") ?? [] {
                guard let section = r.mapping(item, "a list section", allowed: ["header", "footer", "rows"]) else { continue }
                let header = section["header"].flatMap { r.string($0, "section header") }
                let footer = section["footer"].flatMap { r.string($0, "section footer") }
                guard let rows = section["rows"] else {
                    r.error(item, "missing key 'rows' in list section")
                    continue
                }
                sections.append(ListView.Section(header: header, footer: footer, rows: decodeRows(rows, accessory: accessory)))
            }
        case (.some, .some):
            r.error(fields.key("sections"), "a list has 'rows' (one section) or 'sections', not both")
        case (nil, nil):
            r.error(node, "missing key 'rows' (or 'sections') in list")
        }
        var list = ListView(id: id, frame: frame, style: style, sections: sections, rowHeight: rowHeight, imageSize: imageSize,
                            imageCornerRadius: imageRadius, colors: colors)
        list.autoresizing = decodeAutoresizing(fields)
        list.opacity = decodeOpacity(fields)
        return list
    }

    /// Rows: a title alone, or `{ title, subtitle, detail, image, imageColor, accessory }`.
    private func decodeRows(_ node: Node, accessory: ListView.Accessory) -> [ListView.Row] {
        let r = reader
        return (r.sequence(node, "rows") ?? []).compactMap { item in
            if item.scalar != nil {
                return r.string(item, "row title").map { ListView.Row(title: $0, accessory: accessory) }
            }
            let keys = ["title", "subtitle", "detail", "image", "imageColor", "icon", "imageSize", "imageCornerRadius", "accessory",
                        "switch", "highlighted"]
            guard let fields = r.mapping(item, "a row (a title, or a mapping)", allowed: keys) else { return nil }
            if fields["title"] == nil { r.error(item, "missing key 'title' in row") }
            let title = fields["title"].flatMap { r.string($0, "row title") }
            let subtitle = fields["subtitle"].flatMap { r.string($0, "row subtitle") }
            let detail = fields["detail"].flatMap { r.string($0, "row detail") }
            let image = fields["image"].flatMap { decodeImageFile($0) }
            let imageColor = fields["imageColor"].flatMap { r.color($0, "imageColor", appearance: appearance) }
            let icon = fields["icon"].flatMap { decodeIcon($0) }
            let imageSize = fields["imageSize"].flatMap { r.double($0, "row imageSize", range: 0...10_000) }
            let imageRadius = fields["imageCornerRadius"].flatMap { r.double($0, "row imageCornerRadius", range: 0...10_000) }
            var rowAccessory = fields["accessory"].flatMap { r.choice($0, "accessory", ListView.Accessory.self) } ?? accessory
            var isOn = false
            if let node = fields["switch"] {
                if let key = fields.key("accessory") {
                    r.error(key, "a row with 'switch' has a switch as its accessory; remove 'accessory'")
                }
                isOn = r.bool(node, "switch (on: true, off: false)") ?? false
                rowAccessory = .switch
            }
            let highlighted = fields["highlighted"].flatMap { r.bool($0, "highlighted") } ?? false
            guard let title else { return nil }
            var row = ListView.Row(title: title, subtitle: subtitle, detail: detail, image: image, imageColor: imageColor, icon: icon,
                                   imageSize: imageSize, accessory: rowAccessory, isOn: isOn, isHighlighted: highlighted)
            row.imageCornerRadius = imageRadius
            return row
        }
    }

    func decodeGrid(_ node: Node) -> GridView? {
        let r = reader
        let keys = ["id", "frame", "autoresizing", "opacity", "columns", "spacing", "inset", "aspectRatio", "cornerRadius", "contentMode", "cells", "background"]
        guard let fields = r.mapping(node, "a grid", allowed: keys) else { return nil }
        let id = decodeViewID(fields, "grid")
        let frame = fields["frame"].flatMap { r.rect($0, "frame") }
        let columns = fields["columns"].flatMap { r.int($0, "columns", range: 1...50) } ?? 3
        let spacing = fields["spacing"].flatMap { r.double($0, "spacing", range: 0...1000) }
        let inset = fields["inset"].flatMap { r.double($0, "inset", range: 0...1000) }
        let aspect = fields["aspectRatio"].flatMap { r.double($0, "aspectRatio (height / width)", range: 0.01...100) } ?? 1
        let radius = fields["cornerRadius"].flatMap { r.double($0, "cornerRadius", range: 0...10_000) }
        let mode = fields["contentMode"].flatMap { r.choice($0, "contentMode", ImageView.ContentMode.self) } ?? .fill
        let background = fields["background"].flatMap { r.color($0, "grid background", appearance: appearance) } ?? .clear
        let placeholder = system("systemGray5")
        var cells: [GridView.Cell] = []
        if let node = fields["cells"] {
            for item in r.sequence(node, "cells") ?? [] {
                if item.scalar != nil {
                    if let image = decodeImageFile(item) { cells.append(GridView.Cell(image: image, color: placeholder)) }
                    continue
                }
                guard let cell = r.mapping(item, "a cell (a PNG path, or a mapping)", allowed: ["image", "color", "caption", "subtitle"])
                else { continue }
                let image = cell["image"].flatMap { decodeImageFile($0) }
                if cell["image"] != nil, image == nil { continue }
                let color = cell["color"].flatMap { r.color($0, "cell color", appearance: appearance) } ?? placeholder
                let caption = cell["caption"].flatMap { r.string($0, "caption") }
                let subtitle = cell["subtitle"].flatMap { r.string($0, "cell subtitle") }
                cells.append(GridView.Cell(image: image, color: color, caption: caption, subtitle: subtitle))
            }
        } else {
            r.error(node, "missing key 'cells' in grid")
        }
        var grid = GridView(id: id, frame: frame, columns: columns, spacing: spacing, inset: inset, aspectRatio: aspect,
                            cornerRadius: radius, contentMode: mode, cells: cells, background: background,
                            captionColor: system("label"), subtitleColor: system("secondaryLabel"))
        grid.autoresizing = decodeAutoresizing(fields)
        grid.opacity = decodeOpacity(fields)
        return grid
    }

    func decodeNavigationBar(_ node: Node) -> NavigationBarView? {
        let r = reader
        let keys = ["title", "largeTitle", "back", "leading", "trailing", "background", "separator", "tint"]
        guard let fields = r.mapping(node, "a navigation bar", allowed: keys) else { return nil }
        let title = fields["title"].flatMap { r.string($0, "title") }
        let large = fields["largeTitle"].flatMap { r.bool($0, "largeTitle") } ?? false
        if large, title == nil { r.error(fields.key("largeTitle"), "'largeTitle: true' needs a 'title'") }
        let back = fields["back"].flatMap { r.string($0, "back button title") }
        let leading = fields["leading"].map { decodeBarItems($0, "leading") } ?? []
        let trailing = fields["trailing"].map { decodeBarItems($0, "trailing") } ?? []
        let background = fields["background"].flatMap { r.color($0, "navigation bar background", appearance: appearance) } ?? .clear
        var separator: Color? = background.alpha > 0 ? system("separator") : nil
        if let node = fields["separator"] {
            if let scalar = node.scalar, scalar.style == .plain, ["true", "false"].contains(scalar.string) {
                separator = r.bool(node, "separator") == true ? system("separator") : nil
            } else {
                separator = r.color(node, "separator (true, false or a color)", appearance: appearance)
            }
        }
        let tint = fields["tint"].flatMap { r.color($0, "tint", appearance: appearance) } ?? system("systemBlue")
        return NavigationBarView(title: title, largeTitle: large, back: back, leading: leading, trailing: trailing,
                                 background: background, separator: separator, tint: tint, titleColor: system("label"))
    }

    /// Items: a title, or `{ title, style: plain|done }`, `{ symbol: plus|ellipsis|search|share }` or `{ icon: NAME }`.
    func decodeBarItems(_ node: Node, _ side: String) -> [NavigationBarView.Item] {
        let r = reader
        return (r.sequence(node, "\(side) bar button items") ?? []).compactMap { item in
            if item.scalar != nil { return r.string(item, "bar button title").map { NavigationBarView.Item(.text($0)) } }
            guard let fields = r.mapping(item, "a bar button item", allowed: ["title", "symbol", "icon", "style"]) else { return nil }
            let prominent = fields["style"].flatMap { r.choice($0, "bar button style", BarButtonStyle.self) } == .done
            switch (fields["title"], fields["symbol"], fields["icon"]) {
            case (let title?, nil, nil):
                return r.string(title, "bar button title").map { NavigationBarView.Item(.text($0), isProminent: prominent) }
            case (nil, let symbol?, nil):
                return r.choice(symbol, "bar button symbol", NavigationBarView.Item.Symbol.self)
                    .map { NavigationBarView.Item(.symbol($0), isProminent: prominent) }
            case (nil, nil, let icon?):
                return decodeIcon(icon).map { NavigationBarView.Item(.icon($0), isProminent: prominent) }
            default:
                r.error(item, "a bar button item has one of 'title', 'icon' (any icon name) or 'symbol' (\(NavigationBarView.Item.Symbol.allCases.map(\.rawValue).joined(separator: ", ")))")
                return nil
            }
        }
    }
}

/// Tab bars and toolbars.
extension SceneDecoder {
    /// `tabBar: { items: [{ title, icon, badge }], selected, tint, unselectedTint, background, separator }`.
    func decodeTabBar(_ node: Node) -> TabBarView? {
        decodeTabBar(node, withRoots: false)?.bar
    }

    /// `tabs: { items: [{ title, icon, badge, root }], selected, tint, unselectedTint, background, separator }`:
    /// the scene's tab bar controller, each item with the root screen of its tab.
    func decodeTabs(_ node: Node, screens: [String: ScreenSpec], order: [String]) -> TabBarController? {
        guard let (bar, roots) = decodeTabBar(node, withRoots: true) else { return nil }
        let r = reader
        var seen: [String: Int] = [:]
        var names: [String] = []
        for (index, root) in roots.enumerated() {
            guard let root else { return nil }
            if screens[root.name] == nil {
                if !order.isEmpty {
                    let hint = r.closest(to: root.name, in: order).map { " (did you mean '\($0)'?)" } ?? ""
                    r.error(root.node, "unknown screen '\(root.name)'\(hint); screens are: \(order.joined(separator: ", "))")
                }
                return nil
            }
            if let first = seen[root.name] {
                r.error(root.node, "screen '\(root.name)' is already the root of tab \(first); each tab has a navigation stack, and a screen of its own at its root")
                return nil
            }
            seen[root.name] = index
            names.append(root.name)
        }
        return names.count == bar.items.count ? TabBarController(bar: bar, roots: names) : nil
    }

    /// A tab bar's items and look; with `roots`, each item also names its tab's root screen (`root:`).
    /// nil stands for an item whose root is missing or malformed.
    private func decodeTabBar(_ node: Node, withRoots: Bool) -> (bar: TabBarView, roots: [(name: String, node: Node)?])? {
        let r = reader
        let keys = ["items", "selected", "tint", "unselectedTint", "background", "separator"]
        let itemKeys = withRoots ? ["title", "icon", "badge", "root"] : ["title", "icon", "badge"]
        let itemShape = "{ \(itemKeys.joined(separator: ", ")) }"
        let what = withRoots ? "tabs" : "tabBar"
        guard let fields = r.mapping(node, withRoots ? "a tab bar controller" : "a tab bar", allowed: keys) else { return nil }
        guard let itemsNode = fields["items"] else {
            r.error(node, "missing key 'items' (a list of \(itemShape)) in \(what)")
            return nil
        }
        let itemNodes = r.sequence(itemsNode, "tab bar items") ?? []
        var roots: [(name: String, node: Node)?] = []
        let items: [TabBarView.Item] = itemNodes.compactMap { item in
            if item.scalar != nil, !withRoots { return r.string(item, "tab title").map { TabBarView.Item(title: $0) } }
            guard let entry = r.mapping(item, withRoots ? "a tab \(itemShape)" : "a tab bar item (a title, or \(itemShape))",
                                        allowed: itemKeys)
            else { roots.append(nil); return nil }
            if entry["title"] == nil { r.error(item, "missing key 'title' in tab bar item") }
            let title = entry["title"].flatMap { r.string($0, "tab title") }
            let icon = entry["icon"].flatMap { decodeIcon($0) }
            let badge = entry["badge"].flatMap { r.string($0, "badge") }
            if withRoots {
                if entry["root"] == nil { r.error(item, "missing key 'root' (the screen at the bottom of the tab's navigation stack) in tab") }
                roots.append(entry["root"].flatMap { node in r.string(node, "tab root screen").map { (name: $0, node: node) } })
            }
            if entry["icon"] != nil, icon == nil { return nil }
            return title.map { TabBarView.Item(title: $0, icon: icon, badge: badge) }
        }
        if items.isEmpty, itemNodes.isEmpty, itemsNode.sequence != nil {
            r.error(itemsNode, "a tab bar needs at least one item")
        }
        let selected = fields["selected"].flatMap { r.int($0, "selected tab", range: 0...max(items.count - 1, 0)) } ?? 0
        let tint = fields["tint"].flatMap { r.color($0, "tint", appearance: appearance) } ?? system("systemBlue")
        let unselected = fields["unselectedTint"].flatMap { r.color($0, "unselectedTint", appearance: appearance) } ?? system("systemGray")
        let (background, separator) = decodeBottomBarLook(fields)
        return (TabBarView(items: items, selected: selected, tint: tint, unselected: unselected, background: background,
                           separator: separator, badgeColor: system("systemRed")), roots)
    }

    /// `toolbar: { items: [bar button items], tint, background, separator }`.
    func decodeToolbar(_ node: Node) -> ToolbarView? {
        let r = reader
        guard let fields = r.mapping(node, "a toolbar", allowed: ["items", "tint", "background", "separator"]) else { return nil }
        guard let itemsNode = fields["items"] else {
            r.error(node, "missing key 'items' (bar button items) in toolbar")
            return nil
        }
        let items = decodeBarItems(itemsNode, "toolbar")
        let tint = fields["tint"].flatMap { r.color($0, "tint", appearance: appearance) } ?? system("systemBlue")
        let (background, separator) = decodeBottomBarLook(fields)
        return ToolbarView(items: items, tint: tint, background: background, separator: separator)
    }

    private func decodeBottomBarLook(_ fields: Fields) -> (Color, Color?) {
        let r = reader
        let background = fields["background"].flatMap { r.color($0, "bar background", appearance: appearance) }
            ?? BarBackground.system(appearance)
        var separator: Color? = background.alpha > 0 ? system("separator") : nil
        if let node = fields["separator"] {
            if let scalar = node.scalar, scalar.style == .plain, ["true", "false"].contains(scalar.string) {
                separator = r.bool(node, "separator") == true ? system("separator") : nil
            } else {
                separator = r.color(node, "separator (true, false or a color)", appearance: appearance)
            }
        }
        return (background, separator)
    }
}

/// `UIBarButtonItem.Style`.
enum BarButtonStyle: String, CaseIterable {
    case plain, done
}
