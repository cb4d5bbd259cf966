import Geometry

// The layout maths of the system views, in screen points: Raster draws by it and the engine
// reads cell frames from it, so both always agree. Constants are UIKit's at the default
// Dynamic Type size on iOS 17.

extension ScreenSpec {
    /// The top of the content area on `device`: below the navigation bar, or below the status
    /// bar when there is none. A screen laid out in a frame that starts lower on the display
    /// (`Device.laidOut(in:on:)`) has a smaller inset, never below 0, as UIKit's safe area does.
    public func contentTop(on device: Device) -> Double {
        max(device.safeAreaTop + (navigationBar?.height(on: device) ?? 0), 0)
    }

    /// Where a list or grid without a frame goes: the full width, from `contentTop` to the bottom.
    public func contentFrame(on device: Device) -> Rect {
        let top = contentTop(on: device)
        return Rect(x: 0, y: top, width: device.size.width, height: max(device.size.height - top, 0))
    }

    /// The frame of row or cell `index` (0-based, counting every section's rows in order) of
    /// the list or grid whose `id` is `id`, and of its image (nil for a row without one), in
    /// screen points; nil when there is no such list, grid or index. Lists and grids inside
    /// rects are found too, offset by their parents' origins. The "cells" of a `scroll` are its
    /// subviews, in content order, without images.
    public func cellFrame(list id: String, index: Int, on device: Device) -> (cell: Rect, image: Rect?)? {
        guard let frames = cellFrames(list: id, on: device), frames.indices.contains(index) else { return nil }
        return frames[index]
    }

    /// The frames of every row or cell of the list or grid `id`, in index order (see
    /// `cellFrame(list:index:on:)`); nil when the screen has no list or grid `id`. One layout
    /// for all cells: what hit-testing a touch wants.
    public func cellFrames(list id: String, on device: Device) -> [(cell: Rect, image: Rect?)]? {
        var found: [(cell: Rect, image: Rect?)]?
        forEachCollection(on: device) { view, frame, _ in
            guard found == nil else { return }
            switch view {
            case .list(let list) where list.id == id:
                found = list.layout(in: frame).rows.map { ($0.cell, $0.image) }
            case .grid(let grid) where grid.id == id:
                found = GridLayout(grid, frame: frame).cells.map { ($0.cell, $0.image) }
            case .rect(let rect) where rect.id == id:
                let bounds = Rect(origin: .zero, size: frame.size)
                found = rect.subviews.map { ($0.frame(default: bounds).offsetBy(dx: frame.x, dy: frame.y), nil) }
            default:
                break
            }
        }
        return found
    }

    /// The color behind the images of the list or grid `id`'s cells: what shows where a cell's
    /// image view is hidden (a zoom transition's source view while it flies). The frontmost
    /// opaque one of the row's background, the list's or grid's, its parent rects' fills and the
    /// screen's background; nil when there is no such list or grid.
    public func cellBackdrop(list id: String, on device: Device) -> Color? {
        var found: Color?
        forEachCollection(on: device) { view, _, behind in
            guard found == nil else { return }
            switch view {
            case .list(let list) where list.id == id:
                found = [list.colors.rowBackground, list.colors.background].first { $0.alpha >= 1 } ?? behind
            case .grid(let grid) where grid.id == id:
                found = grid.background.alpha >= 1 ? grid.background : behind
            case .rect(let rect) where rect.id == id:
                found = rect.fill.alpha >= 1 ? rect.fill : behind
            default:
                break
            }
        }
        return found
    }

    /// The ids of the screen's lists, grids and `scroll`s, in drawing order.
    public var collectionIDs: [String] {
        var ids: [String] = []
        func visit(_ views: [ViewSpec]) {
            for view in views {
                switch view {
                case .list(let list): if let id = list.id { ids.append(id) }
                case .grid(let grid): if let id = grid.id { ids.append(id) }
                case .rect(let rect):
                    if rect.scrolling != nil, let id = rect.id { ids.append(id) }
                    visit(rect.subviews)
                default: break
                }
            }
        }
        visit(views)
        return ids
    }

    /// Calls `body` with each list, grid and `scroll` with its frame on the screen and the opaque
    /// color behind it (the nearest opaque parent rect's fill, else the screen's background).
    private func forEachCollection(on device: Device, _ body: (ViewSpec, Rect, Color) -> Void) {
        func visit(_ views: [ViewSpec], origin: Point, defaultFrame: Rect, behind: Color) {
            for view in views {
                switch view {
                case .list(let list):
                    body(view, (list.frame ?? defaultFrame).offsetBy(dx: origin.x, dy: origin.y), behind)
                case .grid(let grid):
                    body(view, (grid.frame ?? defaultFrame).offsetBy(dx: origin.x, dy: origin.y), behind)
                case .rect(let rect):
                    if rect.scrolling != nil { body(view, rect.frame.offsetBy(dx: origin.x, dy: origin.y), behind) }
                    visit(rect.subviews, origin: Point(x: origin.x + rect.frame.x, y: origin.y + rect.frame.y),
                          defaultFrame: Rect(origin: .zero, size: rect.frame.size),
                          behind: rect.fill.alpha >= 1 && rect.opacity >= 1 && rect.gradient == nil ? rect.fill : behind)
                default:
                    break
                }
            }
        }
        visit(views, origin: .zero, defaultFrame: contentFrame(on: device), behind: background)
    }
}

extension ScreenSpec {
    /// The screen with row `index` (counting every section's rows) of the list `list` drawn
    /// selected (`isHighlighted`), wherever the list is; nil when the screen has no such list row
    /// (a grid's cells are not selected this way).
    public func selecting(list id: String, index: Int) -> ScreenSpec? {
        var found = false
        let screen = mappingViews { view in
            guard case .list(var list) = view, list.id == id, !found,
                  index < list.sections.reduce(0, { $0 + $1.rows.count }) else { return view }
            list.selectedRow = index
            found = true
            return .list(list)
        }
        return found ? screen : nil
    }

    /// The screen with each of its views, inside rects too, passed through `transform` in drawing
    /// order (a rect's own fields as they are; its subviews each passed in turn).
    public func mappingViews(_ transform: (ViewSpec) -> ViewSpec) -> ScreenSpec {
        func visit(_ views: [ViewSpec]) -> [ViewSpec] {
            views.map { view in
                guard case .rect(var rect) = view else { return transform(view) }
                rect.subviews = visit(rect.subviews)
                return .rect(rect)
            }
        }
        var screen = self
        screen.views = visit(views)
        return screen
    }
}

/// Leading and trailing margins of system content: 16 pt, 20 pt on screens 414 pt and wider
/// (UIKit's `layoutMargins` / `readableContentGuide` steps).
public enum SystemMargins {
    public static func horizontal(forWidth width: Double) -> Double { width >= 414 ? 20 : 16 }
}

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

    public let frame: Rect
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

/// Where a grid's cells, their images and captions go in its frame.
public struct GridLayout: Sendable {
    public struct Cell: Sendable {
        /// The whole cell: image and text.
        public var cell: Rect
        public var image: Rect
        public var caption: Rect?
        public var subtitle: Rect?
        /// The lines the caption and the subtitle wrap to (their rects' heights in lines).
        public var captionLines = 0
        public var subtitleLines = 0
    }

    public let frame: Rect
    public let cells: [Cell]

    /// Column width = (width − 2 × inset − (columns − 1) × spacing) / columns; captions and
    /// subtitles below the image, 6 pt from it, on lines of 20 and 18 pt at the default text size
    /// (Subheadline's leading, and 2 pt less, at another: `GridView.text`); rows `spacing` apart
    /// (8 pt more with captions). A grid that scrolls horizontally is one row of such cells running
    /// on past the frame's right edge, `columns` of them across the frame
    /// (`UICollectionViewFlowLayout` with `scrollDirection = .horizontal` and one line).
    ///
    /// Captions and subtitles have no line limit: each wraps at the column's width (its lines
    /// counted by the grid's `measurer`, as the painter sets them; estimated without one) and its
    /// cell grows to fit, as a self-sizing cell (`preferredLayoutAttributesFitting(_:)`) whose
    /// labels have `numberOfLines = 0` does; a row of cells is as tall as its tallest [EST: the
    /// labels are the app's; a flow layout's line is as tall as its tallest item]. Every cell keeps
    /// a line for a caption and a subtitle when any cell of the grid has one.
    public init(_ grid: GridView, frame: Rect) {
        self.frame = frame
        let columns = max(grid.columns, 1)
        let width = max((frame.width - 2 * grid.inset - Double(columns - 1) * grid.spacing) / Double(columns), 0)
        let imageHeight = width * grid.aspectRatio
        let style = grid.text
        let captionLine = grid.hasCaptions ? style.leading : 0
        let subtitleLine = grid.hasSubtitles ? style.leading - 2 : 0
        let textGap = captionLine + subtitleLine > 0 ? 6.0 : 0
        let lines = { (text: String?) -> Int in
            guard let text, !text.isEmpty else { return 1 }
            let counted = grid.measurer?.lineCount(of: text, size: style.size, weight: .regular, width: width)
                ?? ListLayout.estimatedWrappedLines(text, fontSize: style.size, width: width)
            return min(max(counted, 1), 20)
        }
        let horizontal = grid.scrolling.axis == .horizontal
        var cells: [Cell] = []
        cells.reserveCapacity(grid.cells.count)
        var rowTop = frame.minY + grid.inset, rowHeight = 0.0
        for (index, cell) in grid.cells.enumerated() {
            let column = horizontal ? index : index % columns
            if !horizontal, index > 0, column == 0 {
                rowTop += rowHeight + grid.spacing + (textGap > 0 ? 8 : 0)
                rowHeight = 0
            }
            let x = frame.minX + grid.inset + Double(column) * (width + grid.spacing)
            let image = Rect(x: x, y: rowTop, width: width, height: imageHeight)
            var placed = Cell(cell: image, image: image)
            var y = image.maxY + textGap
            if captionLine > 0 {
                placed.captionLines = lines(cell.caption)
                placed.caption = Rect(x: x, y: y, width: width, height: Double(placed.captionLines) * captionLine)
                y += Double(placed.captionLines) * captionLine
            }
            if subtitleLine > 0 {
                placed.subtitleLines = lines(cell.subtitle)
                placed.subtitle = Rect(x: x, y: y, width: width, height: Double(placed.subtitleLines) * subtitleLine)
                y += Double(placed.subtitleLines) * subtitleLine
            }
            placed.cell.size.height = y - rowTop
            rowHeight = max(rowHeight, placed.cell.height)
            cells.append(placed)
        }
        self.cells = cells
    }
}

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
