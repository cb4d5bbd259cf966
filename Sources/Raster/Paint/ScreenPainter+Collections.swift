internal import CCairo
import Geometry
import Scene

/// Lists and grids, placed by `ListLayout` and `GridLayout`.
extension ScreenPainter {
    /// Background, then each section's card, header (unless `headers` is false: a plain list's
    /// scroll content, whose headers pin) and footer, then the rows; clipped to the frame.
    func paint(_ list: ListView, frame: Rect, headers: Bool = true) throws {
        guard frame.width > 0, frame.height > 0 else { return }
        let layout = list.layout(in: frame)
        let colors = list.colors
        try cairo.withSavedState {
            cairo_rectangle(cairo.pointer, frame.x, frame.y, frame.width, frame.height)
            cairo_clip(cairo.pointer)
            cairo.fill(frame, color: colors.background)
            for (section, placed) in zip(list.sections, layout.sections) {
                cairo.fill(placed.rows, cornerRadius: layout.cardCornerRadius, color: colors.rowBackground)
                if headers, let header = section.header, let box = placed.header {
                    try drawHeader(header, in: box, list: list)
                }
                if let footer = section.footer, let box = placed.footer {
                    try draw(footer, in: box, size: list.text.footnote.size, color: colors.secondary, lines: 0)
                }
            }
            // A row by its index across sections, without copying a long list's rows into one array.
            var sectionStarts: [Int] = [], start = 0
            for section in list.sections {
                sectionStarts.append(start)
                start += section.rows.count
            }
            func row(_ index: Int) -> ListView.Row {
                let section = layout.rows[index].section
                return list.sections[section].rows[index - sectionStarts[section]]
            }
            func highlighted(_ index: Int) -> Bool { row(index).isHighlighted || index == list.selectedRow }
            let shown = visibleArea()
            for index in layout.rowIndices(meeting: shown) where shown.map(layout.rows[index].cell.intersects) ?? true {
                let placed = layout.rows[index]
                // A selected row hides the separators above and below it, as UITableView does.
                let hidesSeparator = highlighted(index) || (index + 1 < layout.rows.count && highlighted(index + 1))
                if highlighted(index) {
                    // The selection fills the row, clipped to its section's rounded card.
                    cairo.withSavedState {
                        cairo.setPath(layout.sections[placed.section].rows, cornerRadius: layout.cardCornerRadius, curve: .continuous)
                        cairo_clip(cairo.pointer)
                        cairo.fill(placed.cell, color: colors.highlight)
                    }
                }
                try paint(row(index), placed, layout: layout, list: list, separator: !hidesSeparator)
            }
        }
    }

    /// What the current clip lets through, in user space, grown by `cullMargin`: a row or cell
    /// wholly outside it draws nothing, so it is not drawn at all (a strip of a long list's content
    /// draws the few rows in it, not all of them). Nil when Cairo cannot say.
    private func visibleArea() -> Rect? {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cairo.pointer, &x1, &y1, &x2, &y2)
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite, x2 >= x1, y2 >= y1 else { return nil }
        let margin = Self.cullMargin
        return Rect(x: x1 - margin, y: y1 - margin, width: x2 - x1 + 2 * margin, height: y2 - y1 + 2 * margin)
    }

    /// How far past its cell a row's or cell's drawing may reach, in points (glyphs' overhang, hairlines).
    static let cullMargin = 64.0

    /// A section header's title: secondary capitals in `footnote` (13 pt) in an inset grouped
    /// list, `headline` (17 pt semibold) otherwise; sizes at the list's text size.
    private func drawHeader(_ header: String, in box: Rect, list: ListView) throws {
        if list.style == .insetGrouped {
            try draw(header.uppercased(), in: box, size: list.text.footnote.size, color: list.colors.secondary)
        } else {
            try draw(header, in: box, size: list.text.headline.size, weight: .semibold, color: list.colors.title)
        }
    }

    /// Section `section`'s header as the view a plain list pins (`ListLayout.headerBand`), its
    /// band at the origin: the list's background, then the title where the list draws it.
    func paintSectionHeader(_ list: ListView, section: Int, frame: Rect) throws {
        let layout = list.layout(in: frame)
        guard let band = layout.headerBand(section), let box = layout.sections[section].header,
              let header = list.sections[section].header else { return }
        try cairo.withSavedState {
            cairo_translate(cairo.pointer, -band.x, -band.y)
            cairo.fill(band, color: list.colors.background)
            try drawHeader(header, in: box, list: list)
        }
    }

    private func paint(_ row: ListView.Row, _ placed: ListLayout.Row, layout: ListLayout, list: ListView, separator: Bool) throws {
        let colors = list.colors
        if placed.isMessage {
            try paintMessage(row, placed, list: list)
        } else {
            try paintContent(row, placed, list: list)
        }
        if let box = placed.accessory {
            switch row.accessory {
            case .chevron: Glyphs.disclosureChevron(in: box, color: colors.chevron, on: cairo)
            case .checkmark: Glyphs.checkmark(in: box, color: colors.tint, on: cairo)
            case .info: Glyphs.infoButton(in: box, color: colors.tint, on: cairo)
            case .switch: controls.paintSwitch(in: box, isOn: row.isOn, tint: colors.switchOn, off: colors.switchOff)
            case .none: break
            }
        }
        if let line = placed.separator, separator {
            drawHairline(line, color: colors.separator)
        }
    }

    /// Mail's message row (docs/uikit-semantics.md#message-rows): the unread dot in the tint, the
    /// title semibold (`headline`, 17 pt at the default text size) with the detail (a date) in
    /// `subheadline` (15 pt) on its trailing side, the subtitle (a subject) in `subheadline` in the
    /// title's color, the preview in two lines of secondary text.
    private func paintMessage(_ row: ListView.Row, _ placed: ListLayout.Row, list: ListView) throws {
        let colors = list.colors, secondary = list.text.subheadline.size
        if row.isUnread, let dot = placed.unreadDot {
            cairo.fillCircle(center: Point(x: dot.midX, y: dot.midY), radius: dot.width / 2, color: colors.tint)
        }
        var title = placed.title
        let trailing = placed.accessory.map { $0.minX - 6 } ?? title.maxX
        if let detail = row.detail {
            let width = min(try self.width(of: detail, size: secondary), title.width * 0.5)
            try draw(detail, in: Rect(x: trailing - width, y: title.y, width: width, height: title.height),
                     size: secondary, color: colors.secondary, alignment: .right)
            title.size.width = max(trailing - width - 8 - title.minX, 0)
        } else {
            title.size.width = max(trailing - title.minX, 0)
        }
        try draw(row.title, in: title, size: list.text.headline.size, weight: .semibold, color: colors.title)
        if let subtitle = row.subtitle, let box = placed.subtitle {
            try draw(subtitle, in: box, size: secondary, color: colors.title)
        }
        if let preview = row.preview, let box = placed.preview {
            try draw(preview, in: box, size: secondary, color: colors.secondary, lines: 2)
        }
    }

    /// A list content configuration's row: image, title (wrapping to its lines), trailing detail
    /// (beside the title, or under it where the row stacks it), subtitle, at the list's text size.
    private func paintContent(_ row: ListView.Row, _ placed: ListLayout.Row, list: ListView) throws {
        let colors = list.colors
        if let box = placed.image {
            let radius = min(row.imageCornerRadius ?? list.imageCornerRadius ?? box.width * 0.225, box.width / 2)
            if let color = row.imageColor { cairo.fill(box, cornerRadius: radius, color: color) }
            if let image = row.image { try drawImage(image, in: box, contentMode: .fill, cornerRadius: radius) }
            if let icon = row.icon {
                // A Settings icon tile: a white symbol about 0.62 of the tile; alone, in the tint at 0.8.
                let tile = row.imageColor != nil
                try icons.draw(icon, in: box, pointSize: box.width * (tile ? 0.62 : 0.8), color: tile ? .white : colors.tint)
            }
        }
        var title = placed.title
        let body = list.text.body.size
        if let detail = row.detail {
            if let box = placed.stackedDetail {
                try draw(detail, in: box, size: body, color: colors.secondary, lines: Int(placed.stackedDetailLines))
            } else {
                let natural = try self.width(of: detail, size: body), width = min(natural, placed.text.width * 0.6)
                // A detail drawn whole gets a point to spare (as a caption's pill does), right-aligned so
                // its glyphs stay put: its width may have been measured by the layout in a context not
                // set for this surface, and must not be cut with "…" for a difference in the advances.
                let spare = natural <= width ? 1.0 : 0
                try draw(detail, in: Rect(x: placed.text.maxX - width - spare, y: placed.title.y, width: width + spare,
                                          height: placed.title.height),
                         size: body, color: colors.secondary, alignment: .right)
                title.size.width = max(title.width - width - 8, 0)
            }
        }
        try draw(row.title, in: title, size: body, color: colors.title, lines: Int(placed.titleLines))
        if let subtitle = row.subtitle, let box = placed.subtitle {
            try draw(subtitle, in: box, size: list.text.subheadline.size, color: colors.secondary,
                     lines: max(Int(placed.subtitleLines), 1))
        }
    }

    /// Background, then each cell's placeholder color, image and text; laid out in `frame`,
    /// drawn over and clipped to `drawn` (the frame when nil).
    func paint(_ grid: GridView, frame: Rect, drawn: Rect? = nil) throws {
        let area = drawn ?? frame
        guard area.width > 0, area.height > 0 else { return }
        let layout = GridLayout(grid, frame: frame)
        try cairo.withSavedState {
            cairo_rectangle(cairo.pointer, area.x, area.y, area.width, area.height)
            cairo_clip(cairo.pointer)
            cairo.fill(area, color: grid.background)
            let shown = visibleArea()
            for (cell, placed) in zip(grid.cells, layout.cells)
            where placed.cell.minY < area.maxY && placed.cell.minX < area.maxX && (shown.map(placed.cell.intersects) ?? true) {
                let radius = min(grid.cornerRadius, placed.image.width / 2, placed.image.height / 2)
                cairo.fill(placed.image, cornerRadius: radius, color: cell.color)
                if let image = cell.image {
                    try drawImage(image, in: placed.image, contentMode: grid.contentMode, cornerRadius: radius)
                }
                if let caption = cell.caption, let box = placed.caption {
                    try draw(caption, in: box, size: grid.text.size, color: grid.captionColor, lines: placed.captionLines)
                }
                if let subtitle = cell.subtitle, let box = placed.subtitle {
                    try draw(subtitle, in: box, size: grid.text.size, color: grid.subtitleColor, lines: placed.subtitleLines)
                }
            }
        }
    }
}
