import Geometry
import Motion

/// Lists and grids.
struct CollectionDecoder: DecodingPart {
    let context: DecodingContext

    /// `decelerationRate`, `paging`, `bounces` and `alwaysBounceVertical` of a list or grid; a
    /// list (`UITableView`) always bounces vertically unless told not to, a grid (`UICollectionView`) not.
    func decodeScrollBehavior(_ fields: Fields, alwaysBounces: Bool) -> ScrollBehavior {
        let r = reader
        return ScrollBehavior(deceleration: decodeDeceleration(fields),
                              paging: r.value(fields, ScrollViewKeys.paging, "paging"), bounces: r.value(fields, ScrollViewKeys.bounces, "bounces"),
                              alwaysBounceVertical: r.value(fields, ScrollViewKeys.alwaysBounceVertical) ?? alwaysBounces)
    }

    /// `decelerationRate`: `normal`, `fast`, or the fraction of its velocity the content keeps per
    /// millisecond, as `UIScrollView.DecelerationRate(rawValue:)` takes it.
    private func decodeDeceleration(_ fields: Fields) -> DecelerationRate {
        guard let node = fields[ScrollViewKeys.decelerationRate] else { return .normal }
        let r = reader
        switch node.scalar?.string {
        case "normal": return .normal
        case "fast": return .fast
        case let text? where Double(text) != nil:
            return r.double(node, "decelerationRate", range: Limits.scrollDecelerationRate).map(DecelerationRate.init(rawValue:)) ?? .normal
        default:
            let range = Limits.scrollDecelerationRate
            let hint = node.scalar.map { Diagnostic.didYouMean($0.string, in: ["normal", "fast"]) } ?? ""
            r.error(node, "expected decelerationRate: normal, fast, or a number from \(Limits.format(range.lowerBound)) to \(Limits.format(range.upperBound)) (the fraction of its velocity kept per millisecond); found \(r.describe(node))\(hint)")
            return .normal
        }
    }

    func decodeList(_ node: Node) -> ListView? {
        let r = reader
        typealias K = ListKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        let id = decodeViewID(fields, "list")
        let frame = r.value(fields, ViewKeys.frame)
        let style = r.value(fields, K.style, "list style")
        let rowHeight = r.value(fields, K.rowHeight)
        let imageSize = r.value(fields, K.imageSize)
        let imageRadius = r.value(fields, K.imageCornerRadius)
        let accessory = r.value(fields, K.accessory)
        var colors = ListView.Colors.system(style, appearance: appearance, level: r.level)
        if let background = r.value(fields, K.background, "list background", appearance: appearance) {
            colors.background = background
        }
        var sections: [ListView.Section] = []
        switch (fields[K.rows], fields[K.sections]) {
        case (let rows?, nil):
            sections = [ListView.Section(rows: decodeRows(rows, accessory: accessory))]
        case (nil, let node?):
            for item in r.sequence(node, "sections") ?? [] {
                guard let section = r.mapping(item, SectionKeys.mapping) else { continue }
                let header = r.value(section, SectionKeys.header, "section header")
                let footer = r.value(section, SectionKeys.footer, "section footer")
                guard let rows = section[K.rows] else { continue }
                sections.append(ListView.Section(header: header, footer: footer, rows: decodeRows(rows, accessory: accessory)))
            }
        case (.some, .some):
            r.error(fields.key(K.sections), "a list has 'rows' (one section) or 'sections', not both")
        case (nil, nil):
            r.error(node, "missing key 'rows' (or 'sections') in list")
        }
        var list = ListView(id: id, frame: frame, style: style, sections: sections, rowHeight: rowHeight, imageSize: imageSize,
                            imageCornerRadius: imageRadius, colors: colors)
        list.autoresizing = decodeAutoresizing(fields)
        list.opacity = decodeOpacity(fields)
        list.scrolling = decodeScrollBehavior(fields, alwaysBounces: true)
        list.contentSize = context.contentSize
        return list
    }

    /// Rows: a title alone, or `{ title, subtitle, detail, image, imageColor, accessory }`.
    private func decodeRows(_ node: Node, accessory: ListView.Accessory) -> [ListView.Row] {
        let r = reader
        return (r.sequence(node, "rows", limit: Limits.collectionItems) ?? []).compactMap { item -> ListView.Row? in
            if item.scalar != nil {
                return r.string(item, "row title").map { ListView.Row(title: $0, accessory: accessory) }
            }
            typealias K = RowKeys
            guard let fields = r.mapping(item, K.mapping) else { return nil }
            let title = r.value(fields, K.title, "row title")
            let subtitle = r.value(fields, K.subtitle, "row subtitle")
            let detail = r.value(fields, K.detail, "row detail")
            let image = fields[K.image].flatMap { decodeImageFile($0) }
            let imageColor = r.value(fields, K.imageColor, appearance: appearance)
            let icon = fields[K.icon].flatMap { decodeIcon($0) }
            let imageSize = r.value(fields, ListKeys.imageSize, "row imageSize")
            let imageRadius = r.value(fields, ListKeys.imageCornerRadius, "row imageCornerRadius")
            var rowAccessory = r.value(fields, K.accessory) ?? accessory
            var isOn = false
            if fields[K.switchOn] != nil {
                if let key = fields.key(K.accessory) {
                    r.error(key, "a row with 'switch' has a switch as its accessory; remove 'accessory'")
                }
                isOn = r.value(fields, K.switchOn, "switch (on: true, off: false)") ?? false
                rowAccessory = .switch
            }
            let highlighted = r.value(fields, K.highlighted)
            let preview = r.value(fields, K.preview, "row preview")
            let unread = r.value(fields, K.unread)
            guard let title else { return nil }
            var row = ListView.Row(title: title, subtitle: subtitle, detail: detail, image: image, imageColor: imageColor, icon: icon,
                                   imageSize: imageSize, accessory: rowAccessory, isOn: isOn, isHighlighted: highlighted,
                                   preview: preview, isUnread: unread)
            row.imageCornerRadius = imageRadius
            return row
        }
    }

    func decodeGrid(_ node: Node) -> GridView? {
        let r = reader
        typealias K = GridKeys
        guard let fields = r.mapping(node, K.mapping) else { return nil }
        let id = decodeViewID(fields, "grid")
        let frame = r.value(fields, ViewKeys.frame)
        let columns = r.value(fields, K.columns)
        let spacing = r.value(fields, K.spacing)
        let inset = r.value(fields, K.inset)
        let aspect = r.value(fields, K.aspectRatio, "aspectRatio (height / width)")
        let radius = r.value(fields, K.cornerRadius)
        let mode = r.value(fields, ImageKeys.contentMode)
        let background = color(fields, K.background, "grid background")
        let placeholder = color(Fields(node: node), CellKeys.color)
        var cells: [GridView.Cell] = []
        if let node = fields[K.cells] {
            for item in r.sequence(node, "cells", limit: Limits.collectionItems) ?? [] {
                if item.scalar != nil {
                    if let image = decodeImageFile(item) { cells.append(GridView.Cell(image: image, color: placeholder)) }
                    continue
                }
                guard let cell = r.mapping(item, CellKeys.mapping)
                else { continue }
                let image = cell[ViewKeys.image].flatMap { decodeImageFile($0) }
                if cell[ViewKeys.image] != nil, image == nil { continue }
                let color = self.color(cell, CellKeys.color, "cell color")
                let caption = r.value(cell, CellKeys.caption)
                let subtitle = r.value(cell, CellKeys.subtitle, "cell subtitle")
                cells.append(GridView.Cell(image: image, color: color, caption: caption, subtitle: subtitle))
            }
        }
        var grid = GridView(id: id, frame: frame, columns: columns, spacing: spacing, inset: inset, aspectRatio: aspect,
                            cornerRadius: radius, contentMode: mode, cells: cells, background: background,
                            captionColor: system("label"), subtitleColor: system("secondaryLabel"))
        grid.autoresizing = decodeAutoresizing(fields)
        grid.opacity = decodeOpacity(fields)
        grid.scrolling = decodeScrollBehavior(fields, alwaysBounces: false)
        grid.scrolling.axis = r.value(fields, ScrollViewKeys.axis, "grid axis")
        grid.contentSize = context.contentSize
        return grid
    }
}
