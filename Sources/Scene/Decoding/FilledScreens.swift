import Geometry

/// What a screen filled from a tapped row or cell reads: `{cell.KEY}` in any of its strings
/// (a label's text, a bar's title, an image's `file`) is that item's value, as a detail view
/// controller is configured in `tableView(_:didSelectRowAt:)` or `prepare(for:sender:)` from the
/// item at the selected index path. One screen in the file is shown as one screen per item
/// (`photo[photos 3]`), each with its own transition from the list.
struct CellFill {
    /// Where the item is: the list or grid's id and the item's index.
    var list: String
    var index: Int
    /// "row" of a list or "cell" of a grid, for messages.
    var kind: String
    /// The keys the item offers, in the docs' order, with its values (nil where it has none).
    var values: [(key: String, value: String?)]

    static let marker = "{cell."
    /// The keys a list row offers and those a grid cell offers.
    static let rowKeys = ["title", "subtitle", "detail", "preview", "image"]
    static let cellKeys = ["image", "caption", "subtitle"]

    /// `text` with each `{cell.KEY}` replaced by the item's value (a text it lacks is empty); nil
    /// (with `report` called) where a key is unknown or the item has no image for `{cell.image}`.
    func filled(_ text: String, report: (String) -> Void) -> String? {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: Self.marker) {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                report("'\(rest[start.lowerBound...])' opens a placeholder it does not close; write '{cell.KEY}'")
                return nil
            }
            let key = String(rest[start.upperBound..<end])
            guard let entry = values.first(where: { $0.key == key }) else {
                let keys = values.map(\.key)
                report("unknown placeholder '{cell.\(key)}'\(Diagnostic.didYouMean(key, in: keys)); a \(kind) of '\(list)' gives: \(keys.map { "{cell.\($0)}" }.joined(separator: ", "))")
                return nil
            }
            // An item without a text shows none, as a label given nil; without an image there is no file to show.
            if entry.value == nil, key == "image" {
                report("\(kind) \(index) of '\(list)' has no image for '{cell.image}'; give it one, or bind the transition to the \(kind)s that have one ('tap: { list: \(list), index: N }')")
                return nil
            }
            result += entry.value ?? ""
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// Whether the screen `node` declares reads the tapped item: one of its strings holds `{cell.`.
    static func isRead(in node: Node) -> Bool {
        switch node.shape {
        case .scalar(let scalar): return scalar.string.contains(marker)
        case .mapping(let mapping): return mapping.contains { isRead(in: $0.value) }
        case .sequence(let items): return items.contains { isRead(in: $0) }
        }
    }

    /// The first string of `node` that reads the tapped item, for messages.
    static func firstPlaceholder(in node: Node) -> String? {
        switch node.shape {
        case .scalar(let scalar): return scalar.string.contains(marker) ? scalar.string : nil
        case .mapping(let mapping): return mapping.lazy.compactMap { firstPlaceholder(in: $0.value) }.first
        case .sequence(let items): return items.lazy.compactMap { firstPlaceholder(in: $0) }.first
        }
    }

    /// The items of list or grid `id` of `screen`, each as the values it fills; nil when the
    /// screen has no list or grid with that id.
    static func items(of id: String, in screen: ScreenSpec) -> [CellFill]? {
        func find(_ views: [ViewSpec]) -> [CellFill]? {
            for view in views {
                switch view {
                case .list(let list) where list.id == id:
                    return list.rows.enumerated().map { index, row in
                        CellFill(list: id, index: index, kind: "row", values: [
                            ("title", row.title), ("subtitle", row.subtitle), ("detail", row.detail),
                            ("preview", row.preview), ("image", row.image?.path),
                        ])
                    }
                case .grid(let grid) where grid.id == id:
                    return grid.cells.enumerated().map { index, cell in
                        CellFill(list: id, index: index, kind: "cell", values: [
                            ("image", cell.image?.path), ("caption", cell.caption), ("subtitle", cell.subtitle),
                        ])
                    }
                case .rect(let rect):
                    if let found = find(rect.subviews) { return found }
                default:
                    continue
                }
            }
            return nil
        }
        return find(screen.views)
    }
}

/// Where a screen shown for one tapped item comes from (`TransitionSpec.filled`).
public struct FilledScreen: Hashable, Sendable {
    /// The screen's name in the file, whose strings read `{cell.…}`.
    public var template: String
    /// The list or grid tapped, and the item.
    public var list: String
    public var index: Int
    /// Whether an action naming the template (`push: photo`, a bar button's) shows this one: the
    /// item the transition's `cell: { index }` or `tap: { index }` names (default 0).
    public var isDefault: Bool

    public init(template: String, list: String, index: Int, isDefault: Bool) {
        self.template = template
        self.list = list
        self.index = index
        self.isDefault = isDefault
    }

    /// Why screen `name`, filled from a tapped item, cannot be a root (the scene's or a tab's).
    static func notARoot(_ name: String) -> String {
        "screen '\(name)' is filled from a tapped row or cell ('{cell.…}'), so it is shown by a transition from a list or grid, not as a root"
    }

    /// The name of the screen filled from item `index` of `list`: `photo[photos 3]`.
    public static func name(_ template: String, list: String, index: Int) -> String { "\(template)[\(list) \(index)]" }
}

extension SceneDecoder {
    /// The screens that read the tapped item (`CellFill`), decoded once per item of the list or
    /// grid each transition to them is bound to, with one transition per item; transitions from
    /// such a screen are repeated from each of its filled screens. Returns the transitions.
    func fillScreens(_ templates: [(name: String, node: Node)], screens: inout [String: ScreenSpec], order: inout [String],
                     transitions: [TransitionSpec]) -> [TransitionSpec] {
        guard !templates.isEmpty else { return transitions }
        let r = reader
        let nodes = Dictionary(templates.map { ($0.name, $0.node) }, uniquingKeysWith: { a, _ in a })
        var filled: [String: [String]] = [:]
        var result: [TransitionSpec] = []
        var count = 0, copied = 0
        for transition in transitions {
            guard let node = nodes[transition.to] else {
                if nodes[transition.from] == nil { result.append(transition) }
                continue
            }
            let placeholder = CellFill.firstPlaceholder(in: node) ?? CellFill.marker
            if nodes[transition.from] != nil {
                r.error(at: transition.location, "'\(transition.from)' and '\(transition.to)' both read the tapped item ('\(placeholder)'); a screen filled from a cell is shown from a screen whose list or grid is its own")
                continue
            }
            let cellKey = transition.settings.givenKeys.sorted().first { transition.settings.cell($0) != nil }
            let cell = cellKey.flatMap { transition.settings.cell($0) }
            guard let list = transition.tap?.list ?? cell?.list else {
                r.error(at: transition.location, "screen '\(transition.to)' is filled from the tapped row or cell ('\(placeholder)'), so a transition to it is bound to a list or grid: 'tap: { list: ID }', or a style's 'cell: { list: ID }'")
                continue
            }
            guard let source = screens[transition.from], let items = CellFill.items(of: list, in: source) else {
                r.error(at: transition.location, "screen '\(transition.from)' has no list or grid '\(list)' to fill '\(transition.to)' from")
                continue
            }
            let defaultIndex = transition.tap?.index ?? cell?.index ?? 0
            guard items.indices.contains(defaultIndex) else {
                let which = items.isEmpty ? "has no rows or cells to fill it from" : "has \(items.count) rows or cells (0 to \(items.count - 1)); index \(defaultIndex) is past its end"
                r.error(at: transition.location, "'\(list)' of '\(transition.from)' \(which), so '\(transition.to)' cannot be filled from it")
                continue
            }
            let indices = transition.tap?.index.map { [$0] } ?? Array(items.indices)
            count += indices.count
            guard count <= Limits.filledScreens else {
                r.error(at: transition.location, "filling '\(transition.to)' from \(items.count) items of '\(list)' makes \(count) screens, over the limit of \(Limits.filledScreens); bind the transition to fewer ('tap: { list: \(list), index: N }')")
                return result
            }
            // Each item's screen is a copy of the screen's views, rows and cells: counted against
            // the scene's limit before any is read.
            let copy = node[declared: ScreenKeys.content].map { ViewDecoder.contentCount($0) } ?? (views: 0, items: 0)
            copied += (copy.views + copy.items) * indices.count
            guard copied <= Limits.collectionItems else {
                r.error(at: transition.location, "filling '\(transition.to)' from \(indices.count) items of '\(list)' copies its \(copy.views) views and \(copy.items) rows and cells for each, \(copied) in all, over the limit of \(Limits.collectionItems); bind the transition to fewer items or make the screen smaller")
                return result
            }
            for index in indices {
                let name = FilledScreen.name(transition.to, list: list, index: index)
                if screens[name] == nil {
                    guard let screen = decodeFilled(name: name, node, fill: items[index]) else { continue }
                    screens[name] = screen
                    order.append(name)
                    filled[transition.to, default: []].append(name)
                }
                var one = transition
                one.to = name
                if let tap = one.tap { one.tap = TapTrigger(list: tap.list, index: index) }
                if let cellKey, let cell { one.settings.set(cellKey, .cell(CellReference(list: cell.list, index: index))) }
                one.filled = FilledScreen(template: transition.to, list: list, index: index, isDefault: index == defaultIndex)
                result.append(one)
            }
        }
        // Transitions from a filled screen: from each of its items' screens.
        for transition in transitions where nodes[transition.from] != nil && nodes[transition.to] == nil {
            for name in filled[transition.from] ?? [] {
                var one = transition
                one.from = name
                result.append(one)
            }
        }
        return result
    }

    /// Screen `node` read with `fill`'s values, at the base level (its problems reported once
    /// each), and again at the elevated level in the dark appearance.
    private func decodeFilled(name: String, _ node: Node, fill: CellFill) -> ScreenSpec? {
        var context = self.context
        context.reader = NodeReader(file: reader.file, fill: fill)
        let screen = ViewDecoder(context: context).decodeScreen(name: name, node)
        reader.adopt(context.reader, note: "(reading '\(name)', filled from \(fill.kind) \(fill.index) of '\(fill.list)')")
        guard var screen else { return nil }
        if appearance == .dark {
            context.reader = NodeReader(file: reader.file, level: .elevated, fill: fill)
            if let elevated = ViewDecoder(context: context).decodeScreen(name: name, node) { screen.elevated = ElevatedScreen(elevated) }
        }
        return screen
    }
}

extension Scene {
    /// Each screen filled from a tapped item, by its name (`photo[photos 3]`), with where it comes from.
    public var filledScreens: [String: FilledScreen] {
        Dictionary(transitions.compactMap { transition in transition.filled.map { (transition.to, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    /// The name the file gives screen `name`: for a screen filled from a tapped item
    /// (`photo[photos 3]`) the screen it is read from (`photo`), else `name` itself.
    public func declaredName(of name: String) -> String {
        transitions.first { $0.to == name && $0.filled != nil }?.filled?.template ?? name
    }
}
