import Geometry
import Motion

/// The one direction a scroll view scrolls in: SwiftUI's `ScrollView(.vertical)` /
/// `ScrollView(.horizontal)`, `UICollectionViewFlowLayout.scrollDirection`.
public enum ScrollAxis: String, Hashable, Sendable, CaseIterable {
    case vertical, horizontal

    /// The axis a pan's `movement` runs mostly along: vertical when it moved at least as far up
    /// or down as sideways (a diagonal at exactly 45° counts as vertical).
    public static func dominant(in movement: Point) -> ScrollAxis {
        abs(movement.y) >= abs(movement.x) ? .vertical : .horizontal
    }
}

/// A scroll view's own settings: the axis it scrolls along, `UIScrollView.decelerationRate`,
/// `isPagingEnabled`, `bounces`, `alwaysBounceVertical`.
public struct ScrollBehavior: Hashable, Sendable {
    /// `UIScrollView.DecelerationRate`: 0.998 (`normal`) or 0.99 (`fast`) per millisecond.
    /// `decelerationRate`: `.normal` (0.998 per ms), `.fast` (0.99) or any rate a scene gives.
    public var deceleration: DecelerationRate
    /// `isPagingEnabled`: a release settles on a page boundary, pages the view's size along its axis.
    public var paging: Bool
    /// `bounces`: past the ends the content rubber-bands and bounces back; without, it stops there.
    public var bounces: Bool
    /// `alwaysBounceVertical`: content no taller than the view still follows a vertical pan,
    /// rubber-banded, and bounces back (with `bounces`); without, such content does not scroll.
    /// `UIScrollView` defaults it to false, `UITableView` to true (docs/uikit-semantics.md#scrolling).
    public var alwaysBounceVertical: Bool
    /// Lists scroll vertically; grids and plain scroll views either way.
    public var axis: ScrollAxis

    public init(deceleration: DecelerationRate = .normal, paging: Bool = false, bounces: Bool = true,
                alwaysBounceVertical: Bool = false, axis: ScrollAxis = .vertical) {
        self.deceleration = deceleration
        self.paging = paging
        self.bounces = bounces
        self.alwaysBounceVertical = alwaysBounceVertical
        self.axis = axis
    }

    /// Whether a pan along the axis moves content with `range` of offsets: content longer than
    /// the view scrolls; shorter content only where it always bounces (`_canScrollY` in UIKit
    /// terms; `alwaysBounceHorizontal`, false by default, is not modelled).
    public func scrolls(range: ClosedRange<Double>) -> Bool {
        range.upperBound > range.lowerBound || bounces && axis == .vertical && alwaysBounceVertical
    }
}

/// A list, grid or `scroll` with an `id` as the `UIScrollView` it is: its frame on the screen,
/// how large its content is, and so how far it scrolls along its axis (docs/scene-format.md#scrolling).
///
/// A scroll view scrolls along one axis (`behavior.axis`); its offset is one number, the
/// `contentOffset` along that axis (`contentOffset.y` for a vertical one, `.x` for a horizontal one).
public struct ScrollGeometry: Hashable, Sendable {
    public var id: String
    /// The scroll view's frame in screen points: what clips the content.
    public var frame: Rect
    /// The content's height from the frame's top (`contentSize.height` plus the bottom inset
    /// UIKit adds), never less than the frame's; the frame's for a horizontal scroll view.
    public var contentHeight: Double
    /// The content's width from the frame's left (`contentSize.width`), never less than the
    /// frame's; the frame's for a vertical scroll view.
    public var contentWidth: Double
    public var behavior: ScrollBehavior
    /// How much of the frame's bottom lies under the bottom safe area (the home indicator's, a
    /// tab bar's or a toolbar's): `adjustedContentInset.bottom`, already counted in `contentHeight`.
    public var bottomInset: Double
    /// The `scroll` this one lies in (a carousel in a vertical page), whose offset moves it too;
    /// `frame` is then where it is with that scroll at offset 0. nil at the screen's top level.
    public var parent: String?

    public init(id: String, frame: Rect, contentHeight: Double, contentWidth: Double = 0, behavior: ScrollBehavior = ScrollBehavior(),
                bottomInset: Double = 0, parent: String? = nil) {
        self.id = id
        self.parent = parent
        self.frame = frame
        let vertical = behavior.axis == .vertical
        self.contentHeight = vertical ? max(contentHeight, frame.height) : frame.height
        self.contentWidth = vertical ? frame.width : max(contentWidth, frame.width)
        self.behavior = behavior
        self.bottomInset = vertical ? bottomInset : 0
    }

    public var axis: ScrollAxis { behavior.axis }

    /// The frame's size along the axis: the rubber band's d and the page's size.
    public var dimension: Double { axis == .vertical ? frame.height : frame.width }

    /// The length along the axis content shows in unobscured: a vertical frame above its bottom inset.
    public var visibleLength: Double { max(dimension - bottomInset, 0) }

    /// The largest offset at rest: the content's end at the frame's bottom (right) edge.
    public var maxOffset: Double { max(axis == .vertical ? contentHeight - frame.height : contentWidth - frame.width, 0) }
    /// The offsets the content rests at.
    public var range: ClosedRange<Double> { 0...maxOffset }
    /// Whether a pan along the axis moves the content (`ScrollBehavior.scrolls`).
    public var scrolls: Bool { behavior.scrolls(range: range) }
    /// The content's whole frame in screen points at offset 0.
    public var contentFrame: Rect { Rect(x: frame.x, y: frame.y, width: contentWidth, height: contentHeight) }

    /// `contentOffset` for `offset` along the axis: how far the content has moved up (left).
    public func contentOffset(_ offset: Double) -> Point {
        axis == .vertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0)
    }

    /// The component of `vector` (a translation, a velocity) along the axis.
    public func along(_ vector: Point) -> Double { axis == .vertical ? vector.y : vector.x }

    /// `rect` (at offset 0) where the content scrolled to `offset` shows it.
    public func scrolled(_ rect: Rect, by offset: Double) -> Rect {
        let shift = contentOffset(offset)
        return rect.offsetBy(dx: -shift.x, dy: -shift.y)
    }
}

extension ScreenSpec {
    /// The screen's scroll views: its top-level lists, grids and `scroll`s with an `id`, laid out on `device`.
    ///
    /// A list's content ends below its last card or footer (20 pt more for inset grouped
    /// lists [EST]), a grid's `inset` below its last row (right of its last column when it
    /// scrolls horizontally), a `scroll`'s at its subviews' bottom (right) edge. A vertical scroll
    /// view reaching into the bottom safe area (or under a tab bar or toolbar) gets that much more
    /// content inset, as UIKit's `contentInsetAdjustmentBehavior = .automatic` gives it, so its
    /// last row can scroll clear.
    ///
    /// The lists, grids and `scroll`s with an `id` directly inside a top-level `scroll` scroll too,
    /// each listed after it (in front of it) with it as their `parent`: a horizontal carousel in a
    /// vertical page, as nested `UIScrollView`s.
    public func scrollViews(on device: Device) -> [ScrollGeometry] {
        scrolledViews(on: device).map(\.geometry)
    }

    /// `scrollViews(on:)` with the view each one is.
    public func scrolledViews(on device: Device) -> [(geometry: ScrollGeometry, view: ViewSpec)] {
        func geometry(_ id: String, _ view: ViewSpec, _ frame: Rect, parent: String?) -> ScrollGeometry? {
            guard let behavior = view.scrolling, let end = view.contentEnd(in: frame) else { return nil }
            let bottomBar = bottomSafeArea(on: device)
            let covered = parent == nil ? max(frame.maxY - (device.size.height - bottomBar), 0) : 0
            return ScrollGeometry(id: id, frame: frame, contentHeight: end - frame.minY + covered,
                                  contentWidth: (view.contentRight(in: frame) ?? frame.maxX) - frame.minX, behavior: behavior,
                                  bottomInset: covered, parent: parent)
        }
        var found: [(geometry: ScrollGeometry, view: ViewSpec)] = []
        for (id, view, frame) in identifiedViews(on: device) {
            guard let outer = geometry(id, view, frame, parent: nil) else { continue }
            found.append((outer, view))
            guard case .rect(let rect) = view else { continue }
            for inner in rect.nestedScrollViews {
                let innerFrame = inner.frame(default: Rect(origin: .zero, size: frame.size)).offsetBy(dx: frame.x, dy: frame.y)
                if let innerID = inner.id, let nested = geometry(innerID, inner, innerFrame, parent: id) { found.append((nested, inner)) }
            }
        }
        return found
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

    /// Whether vertical scroll view `scroll` sits at the content top of a screen with a navigation
    /// bar, so that, as a scroll view behind a translucent bar does, it reaches up under the bar:
    /// drawn there (`SceneTree`) and touched there once its content scrolls up. A horizontal one
    /// stays in its frame, and the bar does not answer its offset.
    public func reachesUnderBar(_ scroll: ScrollGeometry, on device: Device) -> Bool {
        scroll.axis == .vertical && scroll.parent == nil && navigationBar != nil && scroll.frame.minY > 0
            && device.chrome.isAtContentTop(scroll.frame.minY, top: contentTop(on: device))
    }

    /// How far the content of the screen's top-level lists, grids and `scroll`s that reach down
    /// past `edge` (a y on the screen: a bottom bar's top edge) lies below it, each vertical one
    /// scrolled by `offset(id)` (0 for one without an id): the most of them, negative while it all
    /// ends above; nil when no list, grid or `scroll` reaches down there.
    public func contentBelow(_ edge: Double, on device: Device, offset: (String) -> Double) -> Double? {
        var below: Double?
        let content = contentFrame(on: device)
        for view in views {
            let frame = view.frame(default: content)
            guard frame.maxY > edge, let end = view.contentEnd(in: frame) else { continue }
            let scrolled = view.scrolling?.axis == .vertical ? view.id.map(offset) ?? 0 : 0
            let shown = end - scrolled - edge
            below = max(below ?? shown, shown)
        }
        return below
    }

    /// The scroll view `id` (see `scrollViews(on:)`); nil when the screen has no list, grid or
    /// `scroll` `id` at its top level or directly in a top-level `scroll`.
    public func scrollView(_ id: String, on device: Device) -> ScrollGeometry? {
        scrollViews(on: device).first { $0.id == id }
    }

    /// `rect`, in the content of scroll view `id` at offset 0 (screen points), where the scroll
    /// views now show it: moved by `id`'s offset along its axis, then by its parent's; unmoved
    /// when `id` is no scroll view of the screen.
    public func shown(_ rect: Rect, in id: String, on device: Device, offset: (String) -> Double) -> Rect {
        let shift = contentShift(of: id, on: device, offset: offset)
        return rect.offsetBy(dx: -shift.x, dy: -shift.y)
    }

    /// How far the content of scroll view `id` has moved up and left on the screen: its
    /// `contentOffset` plus its parent's (see `shown(_:in:on:offset:)`).
    public func contentShift(of id: String, on device: Device, offset: (String) -> Double) -> Point {
        let views = scrollViews(on: device)
        var shift = Point.zero
        var current = views.first { $0.id == id }
        while let scroll = current {
            let own = scroll.contentOffset(offset(scroll.id))
            shift = Point(x: shift.x + own.x, y: shift.y + own.y)
            current = scroll.parent.flatMap { parent in views.first { $0.id == parent } }
        }
        return shift
    }
}

extension ViewSpec {
    /// How the view scrolls when it is a top-level scroll view with an id: a list's, a grid's or a
    /// `scroll`'s behavior; nil for other views.
    public var scrolling: ScrollBehavior? {
        switch self {
        case .list(let list): return list.scrolling
        case .grid(let grid): return grid.scrolling
        case .rect(let rect): return rect.scrolling
        default: return nil
        }
    }

    /// Where the content of a list, grid or `scroll` laid out in `frame` ends, in screen points at
    /// offset 0: below its last card or footer (20 pt more for inset grouped lists [EST]), its
    /// grid's `inset` below its last row, or a `scroll`'s subviews' bottom edge (its frame's at
    /// least); nil for other views.
    public func contentEnd(in frame: Rect) -> Double? {
        switch self {
        case .list(let list):
            let layout = list.layout(in: frame)
            let last = layout.sections.map { $0.footer?.maxY ?? $0.rows.maxY }.max() ?? frame.minY
            return last + (list.style == .insetGrouped ? 20 : 0)
        case .grid(let grid):
            let layout = GridLayout(grid, frame: frame)
            return (layout.cells.map(\.cell.maxY).max() ?? frame.minY) + grid.inset
        case .rect(let rect) where rect.scrolling != nil:
            return frame.minY + max(rect.subviewExtent.height, frame.height)
        default:
            return nil
        }
    }

    /// Where the content of a horizontal grid or `scroll` laid out in `frame` ends on the right,
    /// in screen points at offset 0: the grid's `inset` right of its last column, the `scroll`'s
    /// subviews' right edge (its frame's at least); nil for other views.
    public func contentRight(in frame: Rect) -> Double? {
        switch self {
        case .grid(let grid):
            let layout = GridLayout(grid, frame: frame)
            return (layout.cells.map(\.cell.maxX).max() ?? frame.minX) + grid.inset
        case .rect(let rect) where rect.scrolling != nil:
            return frame.minX + max(rect.subviewExtent.width, frame.width)
        default:
            return nil
        }
    }
}

extension RectView {
    /// The subviews of a `scroll` that scroll themselves: its lists, grids and `scroll`s with an
    /// id. The `scroll`'s own content leaves them out; each is a node of its own over it.
    public var nestedScrollViews: [ViewSpec] {
        guard scrolling != nil else { return [] }
        return subviews.filter { $0.id != nil && $0.scrolling != nil }
    }

    /// How far the subviews reach from the rect's top-left corner: a `scroll`'s content size
    /// (`UIScrollView.contentSize`, as SwiftUI's `ScrollView` sizes it to its content).
    public var subviewExtent: Size {
        let bounds = Rect(origin: .zero, size: frame.size)
        var width = 0.0, height = 0.0
        for view in subviews {
            let extent = view.frame(default: bounds)
            width = max(width, extent.maxX)
            height = max(height, extent.maxY)
        }
        return Size(width: width, height: height)
    }
}
