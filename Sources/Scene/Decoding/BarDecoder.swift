import Geometry

/// Navigation bars, their items and actions, tab bars and toolbars.
struct BarDecoder: DecodingPart {
    var context: DecodingContext

    func decodeNavigationBar(_ node: Node) -> NavigationBarView? {
        guard let fields = reader.mapping(node, NavigationBarKeys.mapping) else { return nil }
        let style = reader.value(fields, NavigationBarKeys.barStyle, "bar style")
        // `barStyle: black` gives the bar the dark appearance's colours and material.
        var decoder = self
        if style == .black { decoder.context.appearance = .dark }
        var bar = decoder.decodeNavigationBar(fields)
        bar.style = style
        return bar
    }

    private func decodeNavigationBar(_ fields: Fields) -> NavigationBarView {
        let r = reader
        typealias K = NavigationBarKeys
        let title = r.value(fields, K.title)
        let large = r.value(fields, K.largeTitle)
        if large, title == nil { r.error(fields.key(K.largeTitle), "'largeTitle: true' needs a 'title'") }
        let back = r.value(fields, K.back, "back button title")
        let leading = fields[K.leading].map { decodeBarItems($0, "leading") } ?? []
        let trailing = fields[K.trailing].map { decodeBarItems($0, "trailing") } ?? []
        let background = color(fields, K.background, "navigation bar background")
        let material = decodeMaterial(fields, K.material, hasBackground: fields[K.background] != nil)
        var separator: Color? = background.alpha > 0 ? system("separator") : nil
        if let node = fields[K.separator] {
            if let scalar = node.scalar, scalar.style == .plain, ["true", "false"].contains(scalar.string) {
                separator = r.bool(node, "separator") == true ? system("separator") : nil
            } else {
                separator = r.color(node, "separator (true, false or a color)", appearance: appearance)
            }
        }
        let tint = color(fields, K.tint)
        let plain = fields[K.tint] == nil ? context.design.chrome.plainItemColor.map(system) : nil
        var bar = NavigationBarView(title: title, largeTitle: large, back: back, leading: leading, trailing: trailing,
                                    background: background, separator: separator, tint: tint, titleColor: system("label"),
                                    material: material)
        bar.largeTitleType = TextStyle.largeTitle.metrics(at: context.contentSize)
        bar.plainItemColor = plain
        return bar
    }

    /// Items: a title, or `{ title, style: plain|done }`, `{ symbol: plus|ellipsis|search|share }` or `{ icon: NAME }`.
    func decodeBarItems(_ node: Node, _ side: String) -> [NavigationBarView.Item] {
        let r = reader
        return (r.sequence(node, "\(side) bar button items", limit: Limits.itemsPerControl) ?? []).compactMap { item in
            if item.scalar != nil { return r.string(item, "bar button title").map { NavigationBarView.Item(.text($0)) } }
            guard let fields = r.mapping(item, BarItemKeys.mapping) else { return nil }
            let prominent = r.value(fields, BarItemKeys.style, "bar button style") == .done
            let action = fields[BarItemKeys.action].flatMap(decodeBarAction)
            if fields[BarItemKeys.action] != nil, action == nil { return nil }
            switch (fields[BarItemKeys.title], fields[BarItemKeys.symbol], fields[BarItemKeys.icon]) {
            case (let title?, nil, nil):
                return r.string(title, "bar button title").map { NavigationBarView.Item(.text($0), isProminent: prominent, action: action) }
            case (nil, let symbol?, nil):
                return r.choice(symbol, "bar button symbol", NavigationBarView.Item.Symbol.self)
                    .map { NavigationBarView.Item(.symbol($0), isProminent: prominent, action: action) }
            case (nil, nil, let icon?):
                return decodeIcon(icon).map { NavigationBarView.Item(.icon($0), isProminent: prominent, action: action) }
            default:
                r.error(item, "a bar button item has one of 'title', 'icon' (any icon name) or 'symbol' (\(NavigationBarView.Item.Symbol.allCases.map(\.rawValue).joined(separator: ", ")))")
                return nil
            }
        }
    }

    /// `action: pop | dismiss | { push: SCREEN } | { present: SCREEN }` of a bar button item.
    func decodeBarAction(_ node: Node) -> NavigationBarView.BarAction? {
        let r = reader
        if node.scalar != nil {
            switch r.string(node, "bar button action") {
            case "pop": return .pop
            case "dismiss": return .dismiss
            case let other?:
                let hint = Diagnostic.didYouMean(other, in: ["pop", "dismiss", "push", "present"])
                r.error(node, "unknown bar button action '\(other)'\(hint); expected \(NavigationBarView.BarAction.names)")
                return nil
            case nil: return nil
            }
        }
        guard let fields = r.mapping(node, BarActionKeys.mapping) else { return nil }
        guard fields.entries.count == 1 else {
            r.error(node, "a bar button action pushes or presents one screen: { push: SCREEN } or { present: SCREEN }")
            return nil
        }
        let key = fields.entries[0].name
        guard let screen = key == "push" ? r.value(fields, BarActionKeys.push) : r.value(fields, BarActionKeys.present) else { return nil }
        let names = screenNames.names
        if !names.contains(screen) {
            let hint = Diagnostic.didYouMean(screen, in: names)
            r.error(fields[key], "unknown screen '\(screen)'\(hint) in the bar button's '\(key)'; screens are: \(names.joined(separator: ", "))")
            return nil
        }
        return key == "push" ? .push(screen) : .present(screen)
    }

    /// `tabBar: { items: [{ title, icon, badge }], selected, tint, unselectedTint, background, separator }`.
    func decodeTabBar(_ node: Node) -> TabBarView? {
        decodeTabBar(node, withRoots: false)?.bar
    }

    /// `tabs: { items: [{ title, icon, badge, root }], selected, tint, unselectedTint, background, separator }`:
    /// the scene's tab bar controller, each item with the root screen of its tab.
    func decodeTabs(_ node: Node, screens: [String: ScreenSpec], order: [String], templates: Set<String> = []) -> TabBarController? {
        guard let (bar, roots) = decodeTabBar(node, withRoots: true) else { return nil }
        let r = reader
        var seen: [String: Int] = [:]
        var names: [String] = []
        for (index, root) in roots.enumerated() {
            guard let root else { return nil }
            if templates.contains(root.name) {
                r.error(root.node, FilledScreen.notARoot(root.name))
                return nil
            }
            if screens[root.name] == nil {
                if !order.isEmpty {
                    let hint = Diagnostic.didYouMean(root.name, in: order)
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
        // Without items (none written, or `items` not a list, each already an error) there is no tab to start in.
        return !names.isEmpty && names.count == bar.items.count ? TabBarController(bar: bar, roots: names) : nil
    }

    /// A tab bar's items and look; with `roots`, each item also names its tab's root screen (`root:`).
    /// nil stands for an item whose root is missing or malformed.
    private func decodeTabBar(_ node: Node, withRoots: Bool) -> (bar: TabBarView, roots: [(name: String, node: Node)?])? {
        let r = reader
        typealias K = TabBarKeys
        let mapping = withRoots ? TabsKeys.mapping : K.mapping
        let itemMapping = withRoots ? TabKeys.mapping : TabItemKeys.mapping
        let itemShape = "{ \(itemMapping.names.joined(separator: ", ")) }"
        let what = withRoots ? "tabs" : "tabBar"
        guard let fields = r.mapping(node, mapping) else { return nil }
        guard let itemsNode = fields[K.items] else { return nil }
        guard let itemNodes = r.sequence(itemsNode, "tab bar items", limit: Limits.itemsPerControl) else { return nil }
        var roots: [(name: String, node: Node)?] = []
        let items: [TabBarView.Item] = itemNodes.compactMap { item in
            if item.scalar != nil, !withRoots { return r.string(item, "tab title").map { TabBarView.Item(title: $0) } }
            guard let entry = r.mapping(item, itemMapping) else { roots.append(nil); return nil }
            let title = r.value(entry, TabItemKeys.title, "tab title")
            let icon = entry[TabItemKeys.icon].flatMap { decodeIcon($0) }
            let badge = r.value(entry, TabItemKeys.badge)
            if withRoots {
                roots.append(entry[TabKeys.root].flatMap { node in r.value(entry, TabKeys.root).map { (name: $0, node: node) } })
            }
            if entry[TabItemKeys.icon] != nil, icon == nil { return nil }
            return title.map { TabBarView.Item(title: $0, icon: icon, badge: badge) }
        }
        if items.isEmpty, itemNodes.isEmpty, itemsNode.sequence != nil {
            r.error(itemsNode, "a tab bar needs at least one item")
        }
        let selected = fields[K.selected].flatMap { r.int($0, "selected tab", range: 0...max(items.count - 1, 0)) } ?? K.selected.defaultValue
        let tint = color(fields, K.tint)
        let unselected = fields[K.unselectedTint] == nil ? system(context.design.chrome.unselectedTabColor) : color(fields, K.unselectedTint)
        let (background, separator, material) = decodeBottomBarLook(fields)
        return (TabBarView(items: items, selected: selected, tint: tint, unselected: unselected, background: background,
                           separator: separator, badgeColor: system("systemRed"), material: material), roots)
    }

    /// `toolbar: { items: [bar button items], tint, background, separator }`.
    func decodeToolbar(_ node: Node) -> ToolbarView? {
        let r = reader
        guard let fields = r.mapping(node, ToolbarKeys.mapping) else { return nil }
        guard let itemsNode = fields[ToolbarKeys.items] else { return nil }
        let items = decodeBarItems(itemsNode, "toolbar")
        let tint = color(fields, NavigationBarKeys.tint)
        let (background, separator, material) = decodeBottomBarLook(fields)
        var toolbar = ToolbarView(items: items, tint: tint, background: background, separator: separator, material: material)
        toolbar.plainItemColor = fields[NavigationBarKeys.tint] == nil ? context.design.chrome.plainItemColor.map(system) : nil
        return toolbar
    }

    private func decodeBottomBarLook(_ fields: Fields) -> (Color, Color?, MaterialLook?) {
        let r = reader
        let background = r.value(fields, TabBarKeys.background, "bar background", appearance: appearance) ?? .clear
        let material = decodeMaterial(fields, TabBarKeys.material, hasBackground: fields[TabBarKeys.background] != nil)
        var separator: Color? = background.alpha > 0 || material != nil ? system("separator") : nil
        if let node = fields[TabBarKeys.separator] {
            if let scalar = node.scalar, scalar.style == .plain, ["true", "false"].contains(scalar.string) {
                separator = r.bool(node, "separator") == true ? system("separator") : nil
            } else {
                separator = r.color(node, "separator (true, false or a color)", appearance: appearance)
            }
        }
        return (background, separator, material)
    }

    /// A bar's `material:`; without one, `systemChromeMaterial` unless the scene gives the bar a
    /// `background` (as `UIBarAppearance.configureWithDefaultBackground()` does, and a background
    /// colour stands in for the effect).
    private func decodeMaterial(_ fields: Fields, _ key: Setting<BlurMaterial?>, hasBackground: Bool) -> MaterialLook? {
        let material = fields[TabBarKeys.material] != nil ? reader.value(fields, key) : hasBackground ? nil : .systemChromeMaterial
        return material?.look(appearance)
    }
}

/// `UIBarButtonItem.Style`.
public enum BarButtonStyle: String, Sendable, CaseIterable, SettingChoice {
    case plain, done
}
