import Geometry

// Layout maths of the system views, in screen points (see ScreenLayout.swift): Raster draws by
// it and the engine reads frames from it, so both always agree.

/// Where a list's rows, cards, headers and footers go in its frame.
public struct ListLayout: Sendable {
    /// One row's frames. Only the cell and what shapes the row are stored (a list may have
    /// 100,000 rows, laid out once per frame size); the parts' frames follow from them.
    public struct Row: Sendable {
        /// The whole row.
        public var cell: Rect
        public var section: Int
        /// The text inset from the cell's leading edge (the system margin).
        fileprivate var inset: Double
        /// The image frame's side, when the row has an image.
        fileprivate var imageSide: Double?
        fileprivate var accessoryKind: ListView.Accessory
        fileprivate var hasSubtitle: Bool
        /// The title's and the subtitle's lines, points: their styles' leadings (22 and 20 at
        /// the default text size).
        fileprivate var titleLine: UInt8 = 22
        fileprivate var subtitleLine: UInt8 = 20
        /// How many lines the title wraps to (a list cell's title has no line limit).
        public fileprivate(set) var titleLines: UInt8 = 1
        /// How many lines the subtitle wraps to (nor has its secondary text); 0 without a subtitle.
        public fileprivate(set) var subtitleLines: UInt8 = 0
        /// How many lines the trailing detail takes stacked under the title and subtitle, as a value
        /// cell lays it out at the accessibility text sizes; 0: beside the title, on its line.
        public fileprivate(set) var stackedDetailLines: UInt8 = 0
        /// Laid out as Mail's message row (`ListView.Row.isMessage`).
        public fileprivate(set) var isMessage = false
        /// Where the separator ends; nil under a row that has none (a grouped section's last, or a
        /// plain one's that a header or footer follows).
        fileprivate var separatorEnd: Double?

        public var image: Rect? {
            imageSide.map { Rect(x: cell.minX + inset, y: cell.midY - $0 / 2, width: $0, height: $0) }
        }

        /// The accessory's box: chevron 8 × 13, checkmark 15 × 13, info button 22 × 22, switch 51 × 31.
        /// A message row's is on its title line (after the date, as Mail's chevron).
        public var accessory: Rect? {
            let right = cell.maxX - inset
            let midY = isMessage ? title.midY : cell.midY
            switch accessoryKind {
            case .chevron: return Rect(x: right - 8, y: midY - 6.5, width: 8, height: 13)
            case .checkmark: return Rect(x: right - 15, y: midY - 6.5, width: 15, height: 13)
            case .info: return Rect(x: right - 22, y: midY - 11, width: 22, height: 22)
            case .switch: return Rect(x: right - 51, y: midY - 15.5, width: 51, height: 31)
            case .none: return nil
            }
        }

        /// Where the text starts: after the image, or a message row's column for the unread dot.
        private var textX: Double {
            if isMessage { return cell.minX + inset + ListLayout.messageDotColumn }
            return cell.minX + inset + (imageSide.map { $0 + ($0 <= 32 ? 16 : 12) } ?? 0)
        }

        /// The span trailing text may use, right-aligned; shared with the title, which gives way.
        public var text: Rect {
            let right = accessory.map { $0.minX - 10 } ?? cell.maxX - inset
            return Rect(x: textX, y: cell.minY, width: max(right - textX, 0), height: cell.height)
        }

        /// The title's lines: the whole row's height without a subtitle or a stacked detail, the
        /// upper lines of the text centered in the row with one; a message row's first line, 10 pt
        /// from its top, as wide as the row's text (the date and the chevron take their part of it).
        public var title: Rect {
            if isMessage {
                return Rect(x: textX, y: cell.minY + 10, width: max(cell.maxX - inset - textX, 0), height: Double(titleLine))
            }
            guard hasSubtitle || stackedDetailLines > 0 else { return text }
            return Rect(x: textX, y: textTop, width: text.width, height: titleHeight)
        }

        public var subtitle: Rect? {
            guard hasSubtitle else { return nil }
            if isMessage { return Rect(x: textX, y: title.maxY, width: title.width, height: Double(subtitleLine)) }
            return Rect(x: textX, y: textTop + titleHeight, width: text.width, height: subtitleHeight)
        }

        /// The trailing detail's lines under the title (and subtitle) when the row stacks it; nil
        /// when it sits beside the title.
        public var stackedDetail: Rect? {
            guard stackedDetailLines > 0, !isMessage else { return nil }
            return Rect(x: textX, y: textTop + titleHeight + subtitleHeight, width: text.width,
                        height: Double(stackedDetailLines) * Double(titleLine))
        }

        /// A message row's preview: two subtitle lines (20 pt at the default text size) under the subtitle's line.
        public var preview: Rect? {
            isMessage ? Rect(x: textX, y: cell.minY + 10 + Double(titleLine) + Double(subtitleLine), width: title.width,
                             height: 2 * Double(subtitleLine)) : nil
        }

        /// The title's lines' height.
        private var titleHeight: Double { Double(titleLines) * Double(titleLine) }

        /// The subtitle's lines' height; 0 without one.
        private var subtitleHeight: Double { hasSubtitle ? Double(max(subtitleLines, 1)) * Double(subtitleLine) : 0 }

        /// The top of the row's text when its title has lines under it: the title, subtitle and
        /// stacked detail centered in the row together.
        private var textTop: Double {
            let block = titleHeight + subtitleHeight + Double(stackedDetailLines) * Double(titleLine)
            return cell.midY - block / 2
        }

        /// A message row's unread dot: halfway between the row's leading edge and its text, on the
        /// title line.
        public var unreadDot: Rect? {
            guard isMessage else { return nil }
            let d = ListLayout.messageDotDiameter, centre = (cell.minX + textX) / 2
            return Rect(x: centre - d / 2, y: title.midY - d / 2, width: d, height: d)
        }

        /// The hairline under the row (nil after a section's last row): a zero-height rect whose
        /// y is the row's bottom; drawn one device pixel thick above it.
        public var separator: Rect? {
            separatorEnd.map { Rect(x: textX, y: cell.maxY, width: max($0 - textX, 0), height: 0) }
        }
    }

    public struct Section: Sendable {
        /// The rows' area: the rounded card of an inset grouped list.
        public var rows: Rect
        public var header: Rect?
        public var footer: Rect?
    }

    /// The frame it was asked for. Nothing in a layout depends on the frame's height (rows run
    /// down from its top however tall it is), so a list keeps one layout for frames that differ in
    /// height alone (`ListView.layout(in:)`: the scroll view's frame and its content's).
    public internal(set) var frame: Rect
    public let imageSize: Double
    public let imageCornerRadius: Double
    /// The card corner radius of an inset grouped list.
    public let cardCornerRadius: Double
    public let rows: [Row]
    public let sections: [Section]

    /// Mail's message row at the default text size [EST, from screenshots]: its title, subtitle
    /// and two preview lines, 10 pt above and 8 pt below (docs/uikit-semantics.md#message-rows);
    /// its lines grow with their text styles at another.
    public static let messageRowHeight = 102.0
    /// The column a message row keeps before its text for the unread dot, and the dot's size [EST].
    public static let messageDotColumn = 20.0
    public static let messageDotDiameter = 10.0

    /// Rows size themselves as UIKit's list cells do — 44 pt, 60 pt with a subtitle at the default
    /// text size, as much taller at another as their title's and subtitle's leadings grow, and as
    /// much again for each line more a wrapping title or subtitle takes or a detail stacked under
    /// the title (`stacksDetail`) [EST: self-sizing cells keep their margins] — lines counted by the
    /// list's `measurer` as the painter sets them, estimated (`estimatedWrappedLines`) without
    /// one —, at least the image plus 8 pt above and below — unless the list sets
    /// `rowHeight`. A message row is its lines and 10 pt above and below: 102 pt at the default
    /// text size. Cards are 10 pt round, 16 or 20 pt from the edges.
    public init(_ list: ListView, frame: Rect) {
        self.frame = frame
        let text = list.text
        let titleLine = text.body.leading, subtitleLine = text.subheadline.leading
        let stacksDetail = Self.stacksDetail(at: list.contentSize)
        // A row's text has no line limit: its lines as the painter sets them (`ListView.measurer`),
        // estimated without a font when the list has no measurer; at most 20.
        let lines = { (string: String, size: Double, width: Double) -> UInt8 in
            let counted = list.measurer?.lineCount(of: string, size: size, weight: .regular, width: max(width, 0))
                ?? Self.estimatedWrappedLines(string, fontSize: size, width: width)
            return UInt8(min(max(counted, 1), 20))
        }
        // Headers' and footers' lines (16 and 22 pt at the default size) grow with their text.
        let footnoteLine = 16 * text.footnote.size / TextStyle.footnote.metrics().size
        let headlineLine = 22 * text.headline.size / TextStyle.headline.metrics().size
        let hasSubtitles = list.sections.contains { $0.rows.contains { $0.subtitle != nil } }
        let imageSize = list.imageSize ?? min(max((list.rowHeight ?? (hasSubtitles ? 60 : 44)) - 16, 0), 40)
        self.imageSize = imageSize
        imageCornerRadius = list.imageCornerRadius ?? imageSize * 0.225
        cardCornerRadius = list.style == .insetGrouped ? 10 : 0

        let margin = list.style == .insetGrouped ? SystemMargins.horizontal(forWidth: frame.width) : 0
        let inset = SystemMargins.horizontal(forWidth: frame.width)
        let cardX = frame.minX + margin, cardWidth = max(frame.width - 2 * margin, 0)
        var y = frame.minY
        var rows: [Row] = []
        // Exactly as many as there are rows: a list of 100,000 keeps no doubled spare capacity.
        rows.reserveCapacity(list.sections.reduce(0) { $0 + $1.rows.count })
        var sections: [Section] = []
        sections.reserveCapacity(list.sections.count)
        for (sectionIndex, section) in list.sections.enumerated() {
            let first = sectionIndex == 0
            var header: Rect?
            if section.header != nil {
                let lineHeight = list.style == .insetGrouped ? footnoteLine : headlineLine
                y += list.style == .insetGrouped ? (first ? 14 : 24) : (first ? 8 : 12)
                header = Rect(x: cardX + inset, y: y, width: max(cardWidth - 2 * inset, 0), height: lineHeight)
                y += lineHeight + (list.style == .insetGrouped ? 7 : 6)
            } else if list.style == .insetGrouped {
                y += first ? 20 : 35
            }
            let top = y
            // A plain list draws a separator under a section's last row too, at the rows' inset,
            // unless a header or footer follows it; grouped styles end the card instead
            // (`_UICollectionViewListLayoutSection`'s `_shouldDrawSeparatorAtBottom:`, docs/uikit-semantics.md#list-separators).
            let headerOrFooterFollows = section.footer != nil || list.sections.dropFirst(sectionIndex + 1).first?.header != nil
            let lastHasSeparator = list.style == .plain && !headerOrFooterFollows
            for (rowIndex, row) in section.rows.enumerated() {
                let side = row.imageSize ?? imageSize
                var placed = Self.row(row, cell: Rect(x: cardX, y: y, width: cardWidth, height: 0), inset: inset, imageSize: side,
                                      section: sectionIndex, separator: rowIndex < section.rows.count - 1 || lastHasSeparator,
                                      separatorToEdge: list.style == .plain ? frame.maxX : cardX + cardWidth)
                placed.titleLine = UInt8(min(titleLine, 255))
                placed.subtitleLine = UInt8(min(subtitleLine, 255))
                var rowHeight: Double
                if row.isMessage {
                    // Its title line and three subtitle lines (subject, two of preview) grow with their styles.
                    rowHeight = Self.messageRowHeight + (titleLine - 22) + 3 * (subtitleLine - 20)
                } else {
                    let stacked = stacksDetail && row.detail != nil
                    let body = text.body.size
                    // Beside the title, the detail takes its width (at most 60 % of the row's text) and 8 pt from the title's.
                    let detailWidth = stacked ? 0 : row.detail.map { detail in
                        min(list.measurer?.width(of: detail, size: body, weight: .regular) ?? Self.estimatedWidth(detail, fontSize: body),
                            placed.text.width * 0.6) + 8 } ?? 0
                    placed.titleLines = lines(row.title, body, placed.text.width - detailWidth)
                    if let subtitle = row.subtitle { placed.subtitleLines = lines(subtitle, text.subheadline.size, placed.text.width) }
                    if stacked, let detail = row.detail { placed.stackedDetailLines = lines(detail, body, placed.text.width) }
                    let titleLines = Double(placed.titleLines) * titleLine
                    let under = Double(placed.subtitleLines) * subtitleLine + Double(placed.stackedDetailLines) * titleLine
                    rowHeight = max(under > 0 ? 18 + titleLines + under : 22 + titleLines, row.hasImage ? side + 16 : 0)
                }
                rowHeight = list.rowHeight ?? rowHeight
                placed.cell.size.height = rowHeight
                rows.append(placed)
                y += rowHeight
            }
            let card = Rect(x: cardX, y: top, width: cardWidth, height: y - top)
            var footer: Rect?
            if let text = section.footer {
                let width = max(cardWidth - 2 * inset, 1)
                let size = list.text.footnote.size
                let lines = list.measurer?.lineCount(of: text, size: size, weight: .regular, width: width)
                    ?? Self.estimatedLines(text, fontSize: size, width: width)
                let height = footnoteLine * Double(lines)
                y += 7
                footer = Rect(x: cardX + inset, y: y, width: width, height: height)
                y += height
            }
            sections.append(Section(rows: card, header: header, footer: footer))
        }
        self.rows = rows
        self.sections = sections
    }

    /// The indices of the rows whose cells meet `area` (all of them when nil), found by bisection:
    /// rows lie top to bottom, so a strip of a long list's content visits only its own rows.
    public func rowIndices(meeting area: Rect?) -> Range<Int> {
        guard let area else { return rows.indices }
        func firstRow(where below: (Row) -> Bool) -> Int {
            var low = 0, high = rows.count
            while low < high {
                let middle = (low + high) / 2
                if below(rows[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let first = firstRow { $0.cell.maxY > area.minY }
        let end = firstRow { $0.cell.minY >= area.maxY }
        return first..<max(first, end)
    }

    /// A plain list's section header as a view: its line with 6 pt above and below it, the
    /// header view `UITableView` pins (`UITableView.Style.plain`), across the list's width.
    public func headerBand(_ section: Int) -> Rect? {
        guard sections.indices.contains(section), let header = sections[section].header else { return nil }
        return Rect(x: frame.minX, y: header.minY - Self.headerBandPadding, width: frame.width,
                    height: header.height + 2 * Self.headerBandPadding)
    }

    /// Points of a plain header's view above and below its line [EST].
    public static let headerBandPadding = 6.0

    /// Where each section header of a plain list shows with the content scrolled to `offset`
    /// and its visible area starting at `visibleTop` (screen points at offset 0, the adjusted
    /// content inset's top): pinned there while its section scrolls under it, pushed up by the
    /// end of its section (so by the next section's header), in place otherwise; the bands in
    /// content coordinates (at offset 0), by section. Inset grouped lists do not pin
    /// (`UITableView.Style.insetGrouped`): empty. `style` is the list's.
    public func stickyHeaders(style: ListView.Style, offset: Double, visibleTop: Double) -> [(section: Int, band: Rect)] {
        guard style == .plain else { return [] }
        return sections.indices.compactMap { index in
            guard let band = headerBand(index) else { return nil }
            let section = sections[index]
            let end = max(section.footer?.maxY ?? section.rows.maxY, band.maxY)
            let top = min(max(band.minY, visibleTop + offset), end - band.height)
            return (index, Rect(x: band.minX, y: top, width: band.width, height: band.height))
        }
    }

    private static func row(_ row: ListView.Row, cell: Rect, inset: Double, imageSize: Double, section: Int,
                            separator: Bool, separatorToEdge: Double) -> Row {
        var placed = Row(cell: cell, section: section, inset: inset, imageSide: row.hasImage && !row.isMessage ? imageSize : nil,
                         accessoryKind: row.accessory, hasSubtitle: row.subtitle != nil, separatorEnd: separator ? separatorToEdge : nil)
        placed.isMessage = row.isMessage
        return placed
    }

    /// Whether a value cell's detail stacks under its title at `category`: at the accessibility
    /// text sizes (`prefersSideBySideTextAndSecondaryText` puts them side by side "if there's
    /// sufficient space", else stacks them [DOC]; that a row stacks at every accessibility size
    /// and never at the standard ones is [EST], from iOS Settings' value rows).
    public static func stacksDetail(at category: ContentSizeCategory) -> Bool { category.isAccessibilityCategory }

    /// The width of `text` on one line at `fontSize`, estimated as `estimatedWrappedLines` does.
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double { Double(text.count) * fontSize * 0.5 }

    /// Lines `text` takes wrapped at its spaces at `fontSize` in `width` points, as a label wraps
    /// by words, each character estimated 0.5 em wide (Inter's letters average about that; a
    /// word longer than the line breaks where it reaches the end) [EST]: a row's title and
    /// stacked detail get their lines without a font, at least one.
    public static func estimatedWrappedLines(_ text: String, fontSize: Double, width: Double) -> Int {
        let em = fontSize * 0.5, columns = max(Int(width / max(em, 0.01)), 1)
        var lines = 1, used = 0
        for word in text.split(separator: " ") {
            let length = word.count
            let needed = used == 0 ? length : used + 1 + length
            if needed <= columns {
                used = needed
            } else if length <= columns {
                lines += used == 0 ? 0 : 1
                used = length
            } else {
                // A word wider than the line fills lines of its own.
                lines += (used == 0 ? 0 : 1) + (length - 1) / columns
                used = (length - 1) % columns + 1
            }
            if lines >= 100 { return lines }
        }
        return lines
    }

    /// Lines `text` takes at `fontSize` in `width` points, estimated from an average glyph
    /// width of 0.55 em (Inter), so layout needs no font: footers get room for their text.
    static func estimatedLines(_ text: String, fontSize: Double, width: Double) -> Int {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        return paragraphs.reduce(0) { total, line in
            total + max(1, Int(saturating: min(Double(line.count) * fontSize * 0.55 / width, 10_000).rounded(.up)))
        }
    }
}
