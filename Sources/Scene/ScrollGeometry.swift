import Geometry

/// A scroll view's own settings: `UIScrollView.decelerationRate`, `isPagingEnabled`, `bounces`,
/// `alwaysBounceVertical`.
public struct ScrollBehavior: Hashable, Sendable {
    /// `UIScrollView.DecelerationRate`: 0.998 (`normal`) or 0.99 (`fast`) per millisecond.
    public enum Deceleration: String, Hashable, Sendable, CaseIterable {
        case normal, fast
    }

    public var deceleration: Deceleration
    /// `isPagingEnabled`: a release settles on a page boundary, pages the view's height.
    public var paging: Bool
    /// `bounces`: past the ends the content rubber-bands and bounces back; without, it stops there.
    public var bounces: Bool
    /// `alwaysBounceVertical`: content no taller than the view still follows a vertical pan,
    /// rubber-banded, and bounces back (with `bounces`); without, such content does not scroll.
    /// `UIScrollView` defaults it to false, `UITableView` to true (docs/uikit-semantics.md#scrolling).
    public var alwaysBounceVertical: Bool

    public init(deceleration: Deceleration = .normal, paging: Bool = false, bounces: Bool = true, alwaysBounceVertical: Bool = false) {
        self.deceleration = deceleration
        self.paging = paging
        self.bounces = bounces
        self.alwaysBounceVertical = alwaysBounceVertical
    }

    /// Whether a vertical pan moves content with `range` of offsets: content taller than the
    /// view scrolls; shorter content only where it always bounces (`_canScrollY` in UIKit terms).
    public func scrollsVertically(range: ClosedRange<Double>) -> Bool {
        range.upperBound > range.lowerBound || bounces && alwaysBounceVertical
    }
}

/// A list or grid with an `id` as the `UIScrollView` it is: its frame on the screen, how tall
/// its content is, and so how far it scrolls (docs/scene-format.md#scrolling).
public struct ScrollGeometry: Hashable, Sendable {
    public var id: String
    /// The scroll view's frame in screen points: what clips the content.
    public var frame: Rect
    /// The content's height from the frame's top (`contentSize.height` plus the bottom inset
    /// UIKit adds), never less than the frame's.
    public var contentHeight: Double
    public var behavior: ScrollBehavior
    /// How much of the frame's bottom lies under the bottom safe area (the home indicator's, a
    /// tab bar's or a toolbar's): `adjustedContentInset.bottom`, already counted in `contentHeight`.
    public var bottomInset: Double

    public init(id: String, frame: Rect, contentHeight: Double, behavior: ScrollBehavior = ScrollBehavior(), bottomInset: Double = 0) {
        self.id = id
        self.frame = frame
        self.contentHeight = max(contentHeight, frame.height)
        self.behavior = behavior
        self.bottomInset = bottomInset
    }

    /// The height content shows in unobscured: the frame above its bottom inset.
    public var visibleHeight: Double { max(frame.height - bottomInset, 0) }

    /// The largest `contentOffset.y` at rest: the content's end at the frame's bottom.
    public var maxOffset: Double { max(contentHeight - frame.height, 0) }
    /// The offsets the content rests at.
    public var range: ClosedRange<Double> { 0...maxOffset }
    /// Whether a vertical pan moves the content (`ScrollBehavior.scrollsVertically`).
    public var scrollsVertically: Bool { behavior.scrollsVertically(range: range) }
    /// The content's whole frame in screen points at offset 0.
    public var contentFrame: Rect { Rect(x: frame.x, y: frame.y, width: frame.width, height: contentHeight) }
}

extension ScreenSpec {
    /// The screen's scroll views: its top-level lists and grids with an `id`, laid out on `device`.
    ///
    /// A list's content ends below its last card or footer (20 pt more for inset grouped
    /// lists [EST]), a grid's `inset` below its last row. A scroll view reaching into the bottom
    /// safe area (or under a tab bar or toolbar) gets that much more content inset, as UIKit's
    /// `contentInsetAdjustmentBehavior = .automatic` gives it, so its last row can scroll clear.
    public func scrollViews(on device: Device) -> [ScrollGeometry] {
        identifiedViews(on: device).compactMap { id, view, frame in
            let behavior: ScrollBehavior
            switch view {
            case .list(let list): behavior = list.scrolling
            case .grid(let grid): behavior = grid.scrolling
            default: return nil
            }
            guard let end = view.contentEnd(in: frame) else { return nil }
            let bottomBar = bottomSafeArea(on: device)
            let covered = max(frame.maxY - (device.size.height - bottomBar), 0)
            return ScrollGeometry(id: id, frame: frame, contentHeight: end - frame.minY + covered, behavior: behavior, bottomInset: covered)
        }
    }

    /// The bottom of the safe area a scroll view's content inset keeps its last row above: the
    /// device's bottom inset (the home indicator's) plus the height of the bar over the screen's
    /// bottom — its own tab bar or toolbar, or the tab bar controller's (`tabBarInset`), which
    /// `UITabBarController` adds to its children's `safeAreaInsets.bottom` (49 pt + 34 pt on an
    /// iPhone with a home indicator).
    public func bottomSafeArea(on device: Device) -> Double {
        var inset = max(device.safeAreaBottom, 0) + tabBarInset
        if tabBar != nil { inset += TabBarView.barHeight } else if toolbar != nil { inset += ToolbarView.barHeight }
        return inset
    }

    /// Whether scroll view `scroll` sits at the content top of a screen with a navigation bar, so
    /// that, as a scroll view behind a translucent bar does, it reaches up under the bar: drawn
    /// there (`SceneTree`) and touched there once its content scrolls up.
    public func reachesUnderBar(_ scroll: ScrollGeometry, on device: Device) -> Bool {
        navigationBar != nil && scroll.frame.minY > 0 && abs(scroll.frame.minY - contentTop(on: device)) < 0.5
    }

    /// How far the content of the screen's top-level lists and grids that reach down past `edge`
    /// (a y on the screen: a bottom bar's top edge) lies below it, each scrolled by `offset(id)`
    /// (0 for one without an id): the most of them, negative while it all ends above; nil when no
    /// list or grid reaches down there.
    public func contentBelow(_ edge: Double, on device: Device, offset: (String) -> Double) -> Double? {
        var below: Double?
        for view in views {
            let frame: Rect?
            switch view {
            case .list(let list): frame = list.frame ?? contentFrame(on: device)
            case .grid(let grid): frame = grid.frame ?? contentFrame(on: device)
            default: frame = nil
            }
            guard let frame, frame.maxY > edge, let end = view.contentEnd(in: frame) else { continue }
            let shown = end - (view.id.map(offset) ?? 0) - edge
            below = max(below ?? shown, shown)
        }
        return below
    }

    /// The scroll view `id` (see `scrollViews(on:)`); nil when the screen has no list or grid `id` at its top level.
    public func scrollView(_ id: String, on device: Device) -> ScrollGeometry? {
        scrollViews(on: device).first { $0.id == id }
    }
}

extension ViewSpec {
    /// Where the content of a list or grid laid out in `frame` ends, in screen points at offset 0:
    /// below its last card or footer (20 pt more for inset grouped lists [EST]), or its grid's
    /// `inset` below its last row; nil for other views.
    public func contentEnd(in frame: Rect) -> Double? {
        switch self {
        case .list(let list):
            let layout = ListLayout(list, frame: frame)
            let last = layout.sections.map { $0.footer?.maxY ?? $0.rows.maxY }.max() ?? frame.minY
            return last + (list.style == .insetGrouped ? 20 : 0)
        case .grid(let grid):
            let layout = GridLayout(grid, frame: frame)
            return (layout.cells.map(\.cell.maxY).max() ?? frame.minY) + grid.inset
        default:
            return nil
        }
    }
}
