import Geometry
import Workers

/// A table of rows (`UITableView` / `UICollectionView` list): plain or inset grouped, in
/// sections with optional header and footer text. Its rows are addressable by `id` and index
/// (`ScreenSpec.cellFrame(list:index:on:)`).
public struct ListView: Sendable {
    /// `UITableView.Style` / `UICollectionLayoutListConfiguration.Appearance`.
    public enum Style: String, Hashable, Sendable, Codable, CaseIterable {
        /// Full-width rows on the list's background.
        case plain
        /// Rounded cards inset from the edges, on the screen's grouped background.
        case insetGrouped
    }

    /// What a row shows at its trailing edge (`UITableViewCell.AccessoryType`).
    public enum Accessory: String, Hashable, Sendable, Codable, CaseIterable {
        case none
        /// The gray disclosure chevron (`.disclosureIndicator`).
        case chevron
        /// The tinted checkmark (`.checkmark`).
        case checkmark
        /// The tinted info button, "ⓘ" (`.detailButton`).
        case info
        /// A `UISwitch` as the accessory view, on or off by the row's `isOn`.
        case `switch`
    }

    /// One row (`UIListContentConfiguration`): title, optional subtitle below it, optional
    /// trailing detail text, an optional leading image, and an accessory.
    public struct Row: Sendable {
        public var title: String
        public var subtitle: String?
        /// Secondary text at the trailing edge (`.valueCell`).
        public var detail: String?
        public var accessory: Accessory
        /// The switch's state when the accessory is `.switch`.
        public var isOn: Bool
        /// Drawn in the selected (highlighted) state: the gray selection background.
        public var isHighlighted: Bool
        /// A message's first lines under the subtitle, at most two: the row is laid out as Mail's
        /// message row (`ListLayout.messageRowHeight`).
        public var preview: String?
        /// A blue dot in the leading margin, as Mail marks an unread message.
        public var isUnread: Bool
        /// The leading image frame's parts, boxed: a row without one (most rows of a long list)
        /// is then 64 bytes instead of about 220, which is 15 MB over 100,000 rows.
        private var leading: Leading?

        /// The parts of a row's leading image frame.
        private final class Leading: Sendable {
            let image: ImageFile?, imageColor: Color?, icon: Icon?, imageSize: Double?, imageCornerRadius: Double?

            init(image: ImageFile?, imageColor: Color?, icon: Icon?, imageSize: Double?, imageCornerRadius: Double?) {
                self.image = image
                self.imageColor = imageColor
                self.icon = icon
                self.imageSize = imageSize
                self.imageCornerRadius = imageCornerRadius
            }
        }

        public var image: ImageFile? {
            get { leading?.image }
            set { setLeading(image: newValue) }
        }
        /// Fills the image's frame under the image (or alone, as a colored icon tile).
        public var imageColor: Color? {
            get { leading?.imageColor }
            set { setLeading(imageColor: newValue) }
        }
        /// An icon in the image frame: white on `imageColor` (a Settings icon tile), or in the
        /// list's tint without one.
        public var icon: Icon? {
            get { leading?.icon }
            set { setLeading(icon: newValue) }
        }
        /// The image frame's side for this row; nil: the list's `imageSize`.
        public var imageSize: Double? {
            get { leading?.imageSize }
            set { setLeading(imageSize: newValue) }
        }
        /// The image frame's corner radius for this row; nil: the list's `imageCornerRadius`.
        public var imageCornerRadius: Double? {
            get { leading?.imageCornerRadius }
            set { setLeading(imageCornerRadius: newValue) }
        }

        /// Replaces the given parts of the leading box (a new box: rows are values).
        private mutating func setLeading(image: ImageFile?? = .none, imageColor: Color?? = .none, icon: Icon?? = .none,
                                         imageSize: Double?? = .none, imageCornerRadius: Double?? = .none) {
            let parts = (image ?? self.image, imageColor ?? self.imageColor, icon ?? self.icon,
                         imageSize ?? self.imageSize, imageCornerRadius ?? self.imageCornerRadius)
            let empty = parts.0 == nil && parts.1 == nil && parts.2 == nil && parts.3 == nil && parts.4 == nil
            leading = empty ? nil : Leading(image: parts.0, imageColor: parts.1, icon: parts.2, imageSize: parts.3,
                                            imageCornerRadius: parts.4)
        }

        public init(title: String, subtitle: String? = nil, detail: String? = nil, image: ImageFile? = nil,
                    imageColor: Color? = nil, icon: Icon? = nil, imageSize: Double? = nil, accessory: Accessory = .none,
                    isOn: Bool = false, isHighlighted: Bool = false, preview: String? = nil, isUnread: Bool = false) {
            self.title = title
            self.subtitle = subtitle
            self.detail = detail
            self.accessory = accessory
            self.isOn = isOn
            self.isHighlighted = isHighlighted
            self.preview = preview
            self.isUnread = isUnread
            setLeading(image: image, imageColor: imageColor, icon: icon, imageSize: imageSize)
        }

        /// Whether the row is laid out as a message (Mail's row): it has a preview.
        public var isMessage: Bool { preview != nil }

        /// Whether the row has an image frame.
        public var hasImage: Bool { image != nil || imageColor != nil || icon != nil }
    }

    public struct Section: Sendable {
        public var header: String?
        public var footer: String?
        public var rows: [Row]

        public init(header: String? = nil, footer: String? = nil, rows: [Row]) {
            self.header = header
            self.footer = footer
            self.rows = rows
        }
    }

    /// The colors a list draws with, resolved for the scene's appearance.
    public struct Colors: Sendable, Hashable {
        /// Behind the whole list; clear lets the screen's background show.
        public var background: Color
        /// Behind each row (the cards of an inset grouped list).
        public var rowBackground: Color
        public var title: Color
        /// Subtitles, details, headers and footers.
        public var secondary: Color
        public var separator: Color
        /// The disclosure chevron.
        public var chevron: Color
        /// The checkmark, the info button and icons without a tile.
        public var tint: Color
        /// A highlighted row's background (`systemGray4`).
        public var highlight: Color
        /// A switch accessory's track when on, and when off.
        public var switchOn: Color
        public var switchOff: Color

        public init(background: Color, rowBackground: Color, title: Color, secondary: Color, separator: Color,
                    chevron: Color, tint: Color, highlight: Color = Color(r8: 209, g8: 209, b8: 214),
                    switchOn: Color = Color(r8: 52, g8: 199, b8: 89), switchOff: Color = Color(r8: 233, g8: 233, b8: 235)) {
            self.highlight = highlight
            self.switchOn = switchOn
            self.switchOff = switchOff
            self.background = background
            self.rowBackground = rowBackground
            self.title = title
            self.secondary = secondary
            self.separator = separator
            self.chevron = chevron
            self.tint = tint
        }

        /// UIKit's colors for `style` in `appearance` at `level`.
        public static func system(_ style: Style, appearance: Appearance, level: InterfaceLevel = .base) -> Colors {
            let c = { (name: String) in SystemColor.resolved(name, appearance, level: level) }
            return Colors(background: style == .plain ? c("systemBackground") : .clear,
                          rowBackground: style == .plain ? .clear : c("secondarySystemGroupedBackground"),
                          title: c("label"), secondary: c("secondaryLabel"), separator: c("separator"),
                          chevron: c("tertiaryLabel"), tint: c("systemBlue"), highlight: c("systemGray4"),
                          switchOn: c("systemGreen"), switchOff: ControlView.Colors.system(appearance, level: level).switchOff)
        }
    }

    /// Names the list for `cellFrame(list:index:on:)`.
    public var id: String?
    /// nil: the screen's content area (below the navigation bar) at the top level, the parent's bounds inside a rect.
    public var frame: Rect?
    /// How the frame follows a container of another size (`UIView.autoresizingMask`).
    public var autoresizing: Autoresizing = []
    /// `UIView.alpha`.
    public var opacity: Double = 1
    /// How it scrolls (`UIScrollView`'s `decelerationRate`, `isPagingEnabled`, `bounces`).
    public var scrolling = ScrollBehavior()
    public var style: Style { didSet { layouts = ListLayoutMemo() } }
    public var sections: [Section] { didSet { layouts = ListLayoutMemo() } }
    /// The same height for every row; nil: each row sizes itself like a UIKit list cell — 44 pt,
    /// 60 pt with a subtitle at the default text size, growing with its text's leading at larger
    /// ones (`contentSize`), at least its image + 16 pt.
    public var rowHeight: Double? { didSet { layouts = ListLayoutMemo() } }
    /// Side of a row's square image; nil: `rowHeight` − 16 (28 without, 40 with subtitles), at most 40.
    public var imageSize: Double? { didSet { layouts = ListLayoutMemo() } }
    /// nil: 22.5 % of the image size (an icon tile); half the size makes a circle.
    public var imageCornerRadius: Double? { didSet { layouts = ListLayoutMemo() } }
    /// The text size its rows, headers and footers are set at (the scene's `contentSize`).
    public var contentSize: ContentSizeCategory = .large { didSet { layouts = ListLayoutMemo() } }
    /// What its rows' lines are counted by: the painter's measurer, so a row is as tall as the
    /// lines drawn in it (`Scene.measuringText(with:)`, which the timeline, the screen cache and
    /// the inspector apply); nil, as a list is decoded: lines estimated without a font
    /// (`ListLayout.estimatedWrappedLines`).
    public var measurer: (any TextMeasuring)? { didSet { layouts = ListLayoutMemo() } }

    /// The text styles of a list content configuration at `contentSize`: a row's title and
    /// trailing detail `body`, its subtitle `subheadline`, an inset grouped list's header and
    /// every footer `footnote`, a plain list's header `headline` [EST: the styles whose default
    /// sizes are the 17, 15 and 13 pt UIKit's cells and headers show].
    public var text: (body: (size: Double, leading: Double), subheadline: (size: Double, leading: Double),
                      footnote: (size: Double, leading: Double), headline: (size: Double, leading: Double)) {
        (TextStyle.body.metrics(at: contentSize), TextStyle.subheadline.metrics(at: contentSize),
         TextStyle.footnote.metrics(at: contentSize), TextStyle.headline.metrics(at: contentSize))
    }
    public var colors: Colors
    /// The layouts made of this list so far (`layout(in:)`), shared by its copies and made anew
    /// whenever a property a layout reads changes.
    private var layouts = ListLayoutMemo()

    public init(id: String? = nil, frame: Rect? = nil, style: Style = .plain, sections: [Section],
                rowHeight: Double? = nil, imageSize: Double? = nil, imageCornerRadius: Double? = nil,
                colors: Colors? = nil) {
        self.id = id
        self.frame = frame
        self.style = style
        self.sections = sections
        self.rowHeight = rowHeight
        self.imageSize = imageSize
        self.imageCornerRadius = imageCornerRadius
        self.colors = colors ?? .system(style, appearance: .light)
    }

    /// The row (counting every section's rows) drawn selected while a tap on it shows
    /// (`ScreenSpec.selecting(list:index:)`), besides rows the scene writes `highlighted`.
    public var selectedRow: Int?

    /// Every row, in order: the index `cellFrame(list:index:on:)` takes.
    public var rows: [Row] { sections.flatMap(\.rows) }

    /// The list's layout in `frame`, made once per frame size however often frames, hit tests
    /// and painters ask: a layout is a value per row, and a list may have 100,000 rows.
    ///
    /// Only a list that counts its lines by a `measurer` keeps its layouts: one as decoded is laid
    /// out only by the load's checks (`Limits`) before the timeline and the screen cache measure
    /// it, and a layout kept there (8.8 MB for 100,000 rows) would stay for the whole render
    /// beside the measured ones the frames use, with the decoded scene its caller holds.
    public func layout(in frame: Rect) -> ListLayout {
        guard measurer != nil else { return ListLayout(self, frame: frame) }
        return layouts.layout(in: frame) { ListLayout(self, frame: frame) }
    }
}

/// The layouts of one list by frame, the few it is laid out in (its frame, another device's
/// size): kept while the list is unchanged. Frames that differ in height alone — a scroll view's
/// frame, where the engine lays its list out, and its content frame, where the painter does —
/// share one layout (`ListLayout.frame`): a 100,000-row list's is 8.8 MB.
final class ListLayoutMemo: Sendable {
    private let layouts = LockedValueBox<[Rect: ListLayout]>([:])

    func layout(in frame: Rect, make: () -> ListLayout) -> ListLayout {
        let key = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 0)
        if var layout = layouts.withLockedValue({ $0[key] }) {
            layout.frame = frame
            return layout
        }
        let layout = make()
        layouts.withLockedValue { layouts in
            // A list is laid out in a handful of frames; more means frames that change (a
            // transition resizing it), which this keeps from growing without bound.
            if layouts.count >= 8 { layouts.removeAll() }
            layouts[key] = layout
        }
        return layout
    }
}
