import Geometry

/// A grid of cells (`UICollectionView` with a flow layout), each an image with an optional
/// caption and subtitle below it: a photo grid, or an album shelf. Cells are addressable by
/// `id` and index (`ScreenSpec.cellFrame(list:index:on:)`), the source frames of zoom-from-cell.
public struct GridView: Sendable {
    public struct Cell: Sendable {
        public var image: ImageFile?
        /// Fills the image's frame under the image, or alone as a placeholder.
        public var color: Color
        public var caption: String?
        public var subtitle: String?

        public init(image: ImageFile? = nil, color: Color, caption: String? = nil, subtitle: String? = nil) {
            self.image = image
            self.color = color
            self.caption = caption
            self.subtitle = subtitle
        }
    }

    /// Names the grid for `cellFrame(list:index:on:)`.
    public var id: String?
    /// nil: the screen's content area (below the navigation bar) at the top level, the parent's bounds inside a rect.
    public var frame: Rect?
    /// How the frame follows a container of another size (`UIView.autoresizingMask`).
    public var autoresizing: Autoresizing = []
    /// `UIView.alpha`.
    public var opacity: Double = 1
    /// How it scrolls (`UIScrollView`'s `decelerationRate`, `isPagingEnabled`, `bounces`).
    public var scrolling = ScrollBehavior()
    public var columns: Int
    /// Between cells, horizontally and vertically.
    public var spacing: Double
    /// Between the frame's edges and the cells (left, right and top).
    public var inset: Double
    /// Image height / width.
    public var aspectRatio: Double
    /// Of each cell's image.
    public var cornerRadius: Double
    public var contentMode: ImageView.ContentMode
    public var cells: [Cell]
    public var background: Color
    public var captionColor: Color
    public var subtitleColor: Color

    public init(id: String? = nil, frame: Rect? = nil, columns: Int = 3, spacing: Double? = nil, inset: Double? = nil,
                aspectRatio: Double = 1, cornerRadius: Double? = nil, contentMode: ImageView.ContentMode = .fill, cells: [Cell],
                background: Color = .clear, captionColor: Color = .black,
                subtitleColor: Color = Color(r8: 60, g8: 60, b8: 67, alpha: 0.6)) {
        let captioned = cells.contains { $0.caption != nil || $0.subtitle != nil }
        self.id = id
        self.frame = frame
        self.columns = max(columns, 1)
        self.spacing = spacing ?? (captioned ? 12 : 2)
        self.inset = inset ?? (captioned ? 16 : 0)
        self.aspectRatio = aspectRatio
        self.cornerRadius = cornerRadius ?? (captioned ? 8 : 0)
        self.contentMode = contentMode
        self.cells = cells
        self.background = background
        self.captionColor = captionColor
        self.subtitleColor = subtitleColor
    }

    /// The text size its captions and subtitles are set at (the scene's `contentSize`).
    public var contentSize: ContentSizeCategory = .large
    /// What its captions' lines are counted by (`Scene.measuringText(with:)`, as a list's are);
    /// nil: estimated without a font.
    public var measurer: (any TextMeasuring)?

    /// The text style of its captions and subtitles at `contentSize`: `subheadline` [EST: a
    /// collection view's cell has no text of its own — its labels are the app's, and Apple's
    /// guidance is that they use a text style; Subheadline is the style whose default size and
    /// leading are the 15 pt on a 20 pt line the grid draws at the default text size].
    public var text: (size: Double, leading: Double) { TextStyle.subheadline.metrics(at: contentSize) }

    /// Whether any cell has text below its image (every cell then keeps room for it).
    public var hasCaptions: Bool { cells.contains { $0.caption != nil } }
    public var hasSubtitles: Bool { cells.contains { $0.subtitle != nil } }
}
