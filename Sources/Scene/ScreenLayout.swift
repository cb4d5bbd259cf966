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
