import Geometry

// Layout maths of the system views, in screen points (see ScreenLayout.swift): Raster draws by
// it and the engine reads frames from it, so both always agree.

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
