import Foundation
import Geometry
import Workers

/// Screens and the views they hold.
struct ViewDecoder: DecodingPart {
    let context: DecodingContext

    func decodeScreen(name: String, _ node: Node) -> ScreenSpec? {
        let r = reader
        guard let fields = r.mapping(node, ScreenKeys.mapping, what: "screen '\(name)'") else { return nil }
        if let content = fields[ScreenKeys.content] {
            let count = Self.contentCount(content)
            if count.views > Limits.viewsPerScreen {
                r.error(content, "screen '\(name)' has \(count.views) views, over the limit of \(Limits.viewsPerScreen) views")
                return nil
            }

        }
        let background = color(fields, ScreenKeys.background)
        let views = fields[ScreenKeys.content].map { decodeViews($0) } ?? []
        let navigationBar = fields[ScreenKeys.navigationBar].flatMap { bars.decodeNavigationBar($0) }
        let tabBar = fields[ScreenKeys.tabBar].flatMap { bars.decodeTabBar($0) }
        let toolbar = fields[ScreenKeys.toolbar].flatMap { bars.decodeToolbar($0) }
        if tabBar != nil, toolbar != nil, let key = fields.key(ScreenKeys.toolbar) {
            r.error(key, "a screen has a 'tabBar' or a 'toolbar' at the bottom, not both")
        }
        let statusBar = fields[ScreenKeys.statusBar].flatMap { decodeStatusBar($0) }
        let homeIndicator = r.value(fields, ScreenKeys.homeIndicator)
        checkViewIDsAreUnique(fields[ScreenKeys.content], screen: name)
        var screen = ScreenSpec(name: name, background: background, views: views, navigationBar: navigationBar,
                                statusBar: statusBar, homeIndicator: homeIndicator)
        screen.tabBar = tabBar
        screen.toolbar = toolbar
        screen.hidesBottomBarWhenPushed = r.value(fields, ScreenKeys.hidesBottomBarWhenPushed)
        return screen
    }

    /// The views in `content` and the rows and cells of its lists and grids, counted before
    /// decoding them: each item of a view list at any depth, and each row (of every section) or
    /// cell — aliases counted as often as they repeat.
    static func contentCount(_ content: Node) -> (views: Int, items: Int) {
        var views = 0, items = 0
        var pending = [content]
        while let node = pending.popLast() {
            switch node.shape {
            case .sequence(let list):
                views += list.count
                pending.append(contentsOf: list)
            case .mapping(let mapping):
                for (key, value) in mapping {
                    switch key.scalar?.string {
                    case ScreenKeys.content.key?, ViewKeys.rect.key?, ViewKeys.scroll.key?:
                        pending.append(value)
                    case ViewKeys.list.key?, ViewKeys.grid.key?:
                        items += value[declared: ListKeys.rows]?.sequence?.count ?? 0
                        items += value[declared: GridKeys.cells]?.sequence?.count ?? 0
                        for section in value[declared: ListKeys.sections]?.sequence.map(Array.init) ?? [] { items += section[declared: ListKeys.rows]?.sequence?.count ?? 0 }
                    default:
                        break
                    }
                }
            default:
                break
            }
        }
        return (views, items)
    }

    /// `true` / `false`, or a `StatusBarStyle` name.
    func decodeStatusBar(_ node: Node) -> StatusBarStyle? {
        if let scalar = node.scalar, scalar.style == .plain, ["true", "false", "yes", "no", "on", "off"].contains(scalar.string) {
            return reader.bool(node, "statusBar").map { $0 ? .automatic : .hidden }
        }
        return reader.choice(node, "statusBar style (or true / false)", StatusBarStyle.self)
    }

    func decodeViews(_ node: Node) -> [ViewSpec] {
        guard let items = reader.sequence(node, "content") else { return [] }
        return items.compactMap { decodeView($0) }
    }

    func decodeView(_ node: Node) -> ViewSpec? {
        let r = reader
        if let key = node.mapping?.first?.key.scalar?.string, ScreenKeys.mapping[key] != nil, ViewKeys.mapping[key] == nil,
           key != "background", key != "content" {
            r.error(node, "'\(key)' is a key of the screen, beside 'content', not a view in it")
            return nil
        }
        if reportKeysBesideTheirKind(node) { return nil }
        guard let fields = r.mapping(node, ViewKeys.mapping) else { return nil }
        guard fields.entries.count == 1, let entry = fields.entries.first else {
            if fields.entries.isEmpty, node.mapping?.count ?? 0 > 0 { return nil }  // the unknown key is already reported
            r.error(node, "a view has exactly one kind key (\(ViewKeys.mapping.names.joined(separator: ", "))), found \(fields.entries.count)")
            return nil
        }
        switch entry.name {
        case ViewKeys.rect.key: return decodeRect(entry.value).map(ViewSpec.rect)
        case ViewKeys.scroll.key: return decodeScroll(entry.value).map(ViewSpec.rect)
        case ViewKeys.image.key: return decodeImage(entry.value).map(ViewSpec.image)
        case ViewKeys.list.key: return collections.decodeList(entry.value).map(ViewSpec.list)
        case ViewKeys.grid.key: return collections.decodeGrid(entry.value).map(ViewSpec.grid)
        case ViewKeys.icon.key: return controls.decodeIconView(entry.value).map(ViewSpec.icon)
        case ViewKeys.label.key: return decodeLabel(entry.value).map(ViewSpec.label)
        default:
            guard let control = ControlKeys.kinds.first(where: { $0.name == entry.name }) else { return nil }
            return controls.decodeControl(control, entry.value).map(ViewSpec.control)
        }
    }

    /// A view written `- list:` with its keys on the lines below indented only as far as `list`
    /// (`id:` under `list:`, not further in): YAML reads `list` as empty and its keys as the
    /// view's. Reported once, at the kind, naming the keys and the indentation to give them,
    /// instead of "found nothing" and an unknown key for each. True when it reported.
    private func reportKeysBesideTheirKind(_ node: Node) -> Bool {
        guard let pairs = node.mapping, pairs.count > 1,
              let empty = pairs.first(where: { pair in pair.value.isNull && ViewKeys.kinds.contains { $0.key.key == pair.key.scalar?.string } }),
              let kindName = empty.key.scalar?.string,
              let kind = ViewKeys.kinds.first(where: { $0.key.key == kindName }) else { return false }
        let others = pairs.filter { $0.key.index != empty.key.index }
        let names = others.compactMap { $0.key.scalar?.string }
        guard names.count == others.count, names.allSatisfy({ ViewKeys.mapping[$0] == nil && kind.mapping[$0] != nil }) else { return false }
        let column = empty.key.mark.map { " (column \($0.column + 2) or further)" } ?? ""
        reader.error(empty.key, "'\(kindName)' has nothing under it: \(names.map { "'\($0)'" }.joined(separator: ", ")) on the lines below are keys of \(kind.mapping.what) but are indented only as far as '\(kindName)', so YAML reads them as the view's; indent them further than '\(kindName)'\(column)")
        return true
    }

    func decodeRect(_ node: Node) -> RectView? {
        reader.mapping(node, RectKeys.mapping).flatMap { decodeRect($0, node, kind: ViewKeys.rect.key) }
    }

    /// A `rect` from its `fields`, or the keys a `scroll` (`kind`) shares with one.
    private func decodeRect(_ fields: Fields, _ node: Node, kind: String) -> RectView? {
        let r = reader
        guard fields[ViewKeys.frame] != nil else { return nil }
        let frame = r.value(fields, ViewKeys.frame)
        let fill = color(fields, RectKeys.fill)
        let radius = r.value(fields, ViewKeys.cornerRadius)
        let curve = r.value(fields, ViewKeys.cornerCurve)
        var borderColor: Color?
        var borderWidth = 0.0
        // A scroll view's mapping has no border, gradient, shadow or clipsToBounds: it always clips.
        let isRect = kind == ViewKeys.rect.key
        if isRect, let border = fields[RectKeys.border], let borderFields = r.mapping(border, BorderKeys.mapping) {
            borderColor = color(borderFields, BorderKeys.color, "border color")
            borderWidth = r.value(borderFields, BorderKeys.width, "border width")
        }
        let clips = isRect ? r.value(fields, RectKeys.clipsToBounds) : true
        let subviews = fields[RectKeys.content].map { decodeViews($0) } ?? []
        guard let frame else { return nil }
        var rect = RectView(frame: frame, fill: fill, cornerRadius: radius, cornerCurve: curve, borderColor: borderColor,
                            borderWidth: borderWidth, clipsToBounds: clips, subviews: subviews)
        rect.id = decodeViewID(fields, kind)
        rect.autoresizing = decodeAutoresizing(fields)
        rect.opacity = decodeOpacity(fields)
        if isRect {
            rect.gradient = fields[RectKeys.gradient].flatMap { decodeGradient($0) }
            rect.shadow = fields[RectKeys.shadow].flatMap { decodeShadow($0) }
        }
        return rect
    }

    /// `scroll`: a rect that clips its subviews, which scroll as its content.
    func decodeScroll(_ node: Node) -> RectView? {
        guard let fields = reader.mapping(node, ScrollContainerKeys.mapping), var rect = decodeRect(fields, node, kind: ViewKeys.scroll.key) else { return nil }
        var scrolling = collections.decodeScrollBehavior(fields, alwaysBounces: false)
        scrolling.axis = reader.value(fields, ScrollViewKeys.axis, "scroll axis")
        rect.scrolling = scrolling
        return rect
    }

    func decodeLabel(_ node: Node) -> LabelView? {
        let r = reader
        typealias K = LabelKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        let text = r.value(fields, K.text)
        let frame = r.value(fields, ViewKeys.frame)
        let (size, weight) = decodeFont(fields, defaultSize: 17)
        let color = self.color(fields, K.color)
        let alignment = r.value(fields, K.alignment)
        let lines = r.value(fields, K.lines)
        guard let text, let frame else { return nil }
        var label = LabelView(text: text, frame: frame, fontSize: size, weight: weight, color: color, alignment: alignment,
                              lines: lines)
        label.id = decodeViewID(fields, "label")
        label.autoresizing = decodeAutoresizing(fields)
        label.opacity = decodeOpacity(fields)
        label.customFont = decodeFamily(fields)
        return label
    }

    func decodeImage(_ node: Node) -> ImageView? {
        let r = reader
        guard let fields = r.mapping(node, ImageKeys.mapping) else { return nil }
        let file = fields[ImageKeys.file].flatMap { decodeImageFile($0) }
        let frame = r.value(fields, ViewKeys.frame)
        let mode = r.value(fields, ImageKeys.contentMode)
        let radius = r.value(fields, ViewKeys.cornerRadius)
        let curve = r.value(fields, ViewKeys.cornerCurve)
        let background = color(fields, ImageKeys.background)
        guard let file, let frame else { return nil }
        var image = ImageView(image: file, frame: frame, contentMode: mode, cornerRadius: radius, cornerCurve: curve,
                              background: background)
        image.id = decodeViewID(fields, "image")
        image.autoresizing = decodeAutoresizing(fields)
        image.opacity = decodeOpacity(fields)
        return image
    }

    /// `gradient: { colors: [c1, c2, …], start: [x, y], end: [x, y] }`, points in unit coordinates.
    func decodeGradient(_ node: Node) -> Gradient? {
        let r = reader
        guard let fields = r.mapping(node, GradientKeys.mapping) else { return nil }
        guard let colorsNode = fields[GradientKeys.colors] else { return nil }
        let items = r.sequence(colorsNode, "gradient colors", limit: Limits.itemsPerControl) ?? []
        let colors = items.compactMap { r.color($0, "gradient color", appearance: appearance) }
        if colorsNode.sequence != nil, items.count < 2 {
            r.error(colorsNode, "a gradient needs at least two colors, found \(items.count)")
        }
        func unitPoint(_ key: Setting<[Double]>) -> Point {
            let values = r.value(fields, key, "gradient \(key.key) [x, y] (0...1 of the bounds)")
            return Point(x: values[0], y: values[1])
        }
        let start = unitPoint(GradientKeys.start), end = unitPoint(GradientKeys.end)
        guard colors.count >= 2, colors.count == items.count else { return nil }
        return Gradient(colors: colors, start: start, end: end)
    }

    /// `shadow: { color, opacity, radius, offset }` with CALayer's defaults but opacity 0.2.
    func decodeShadow(_ node: Node) -> ViewShadow? {
        let r = reader
        typealias K = ShadowKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        let color = r.value(fields, K.color, "shadow color", appearance: appearance)
        let opacity = r.value(fields, K.opacity, "shadow opacity")
        let radius = r.value(fields, K.radius, "shadow radius")
        let offsetValues = r.value(fields, K.offset, "shadow offset [dx, dy]")
        let offset = Point(x: offsetValues[0], y: offsetValues[1])
        return ViewShadow(color: color, opacity: opacity, radius: radius, offset: offset)
    }


    /// Two lists or grids of one screen with the same `id` would make cell addresses ambiguous.
    private func checkViewIDsAreUnique(_ content: Node?, screen: String) {
        guard let content else { return }
        var seen: [String: Node] = [:]
        func visit(_ node: Node) {
            for item in node.sequence.map(Array.init) ?? [] {
                guard let (key, value) = item.mapping?.first, let kind = key.scalar?.string else { continue }
                if kind == ViewKeys.rect.key || kind == ViewKeys.scroll.key, let inner = value[declared: RectKeys.content] { visit(inner) }
                guard let idNode = value[declared: ViewKeys.id], let id = idNode.scalar?.string else { continue }
                if let first = seen[id] {
                    reader.error(idNode, "screen '\(screen)' already has a view with id '\(id)' (line \(first.mark?.line ?? 0))")
                } else {
                    seen[id] = idNode
                }
            }
        }
        visit(content)
    }
}
