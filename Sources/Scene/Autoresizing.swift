import Geometry

/// How a view's frame follows its container's size (`UIView.AutoresizingMask`).
///
/// Frames in a scene file are written for the device's size (a subview's for its parent's
/// written size). When a screen is shown at another size — a 320 pt drawer, a detail view
/// growing out of a cell — its views are laid out again: along each axis the size change is
/// shared among the flexible parts (leading margin, size, trailing margin) in proportion to
/// their lengths, as UIKit's autoresizing does; with none flexible the leading margin and
/// the size stay and the trailing margin takes the change. The empty mask pins a view to the
/// top-left corner at its written size (UIKit's default).
public struct Autoresizing: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = Autoresizing(rawValue: 1 << 0)
    public static let flexibleWidth = Autoresizing(rawValue: 1 << 1)
    public static let flexibleRightMargin = Autoresizing(rawValue: 1 << 2)
    public static let flexibleTopMargin = Autoresizing(rawValue: 1 << 3)
    public static let flexibleHeight = Autoresizing(rawValue: 1 << 4)
    public static let flexibleBottomMargin = Autoresizing(rawValue: 1 << 5)

    /// The scene-file names, UIKit's without the type prefix.
    public static let names: [(name: String, value: Autoresizing)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    /// `frame`, written for a container of `written` size, laid out in a container of `size`.
    public func frame(_ frame: Rect, writtenIn written: Size, laidOutIn size: Size) -> Rect {
        guard written != size else { return frame }
        let x = Self.axis(start: frame.minX, length: frame.width, end: written.width - frame.maxX,
                          delta: size.width - written.width,
                          flexible: (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin)))
        let y = Self.axis(start: frame.minY, length: frame.height, end: written.height - frame.maxY,
                          delta: size.height - written.height,
                          flexible: (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin)))
        return Rect(x: x.start, y: y.start, width: x.length, height: y.length)
    }

    private static func axis(start: Double, length: Double, end: Double, delta: Double,
                             flexible: (Bool, Bool, Bool)) -> (start: Double, length: Double) {
        let parts = [flexible.0 ? max(start, 0) : 0, flexible.1 ? max(length, 0) : 0, flexible.2 ? max(end, 0) : 0]
        let count = [flexible.0, flexible.1, flexible.2].filter { $0 }.count
        guard count > 0 else { return (start, length) }
        let total = parts.reduce(0, +)
        // Shared in proportion to the flexible lengths; equally where they are all zero.
        let shares = total > 0 ? parts.map { $0 / total } : [flexible.0, flexible.1, flexible.2].map { $0 ? 1 / Double(count) : 0 }
        return (start + delta * shares[0], max(length + delta * shares[1], 0))
    }
}

extension ViewSpec {
    /// The view's `id`: lists and grids name their cells by it; any view with one is its own
    /// node in the render tree (`<screen>/<id>`), drawn over the screen's other views.
    public var id: String? {
        switch self {
        case .rect(let v): return v.id
        case .label(let v): return v.id
        case .image(let v): return v.id
        case .list(let v): return v.id
        case .grid(let v): return v.id
        case .control(let v): return v.id
        case .icon(let v): return v.id
        }
    }

    /// The view's frame in its container's coordinates (a control's as drawn); `content` for a
    /// list or grid without one.
    public func frame(default content: Rect) -> Rect {
        switch self {
        case .rect(let v): return v.frame
        case .label(let v): return v.frame
        case .image(let v): return v.frame
        case .list(let v): return v.frame ?? content
        case .grid(let v): return v.frame ?? content
        case .control(let v): return v.drawnFrame
        case .icon(let v): return v.frame
        }
    }

    /// The view's `UIView.alpha`.
    public var opacity: Double {
        switch self {
        case .rect(let v): return v.opacity
        case .label(let v): return v.opacity
        case .image(let v): return v.opacity
        case .list(let v): return v.opacity
        case .grid(let v): return v.opacity
        case .control(let v): return v.opacity
        case .icon(let v): return v.opacity
        }
    }

    /// The view laid out in a container of `size` whose views were written for `written`;
    /// a rect's subviews follow it.
    public func laidOut(writtenIn written: Size, in size: Size) -> ViewSpec {
        switch self {
        case .rect(var v):
            let old = v.frame.size
            v.frame = v.autoresizing.frame(v.frame, writtenIn: written, laidOutIn: size)
            v.subviews = v.subviews.map { $0.laidOut(writtenIn: old, in: v.frame.size) }
            return .rect(v)
        case .label(var v):
            v.frame = v.autoresizing.frame(v.frame, writtenIn: written, laidOutIn: size)
            return .label(v)
        case .image(var v):
            v.frame = v.autoresizing.frame(v.frame, writtenIn: written, laidOutIn: size)
            return .image(v)
        case .list(var v):
            v.frame = v.frame.map { v.autoresizing.frame($0, writtenIn: written, laidOutIn: size) }
            return .list(v)
        case .grid(var v):
            v.frame = v.frame.map { v.autoresizing.frame($0, writtenIn: written, laidOutIn: size) }
            return .grid(v)
        case .control(var v):
            v.frame = v.autoresizing.frame(v.frame, writtenIn: written, laidOutIn: size)
            return .control(v)
        case .icon(var v):
            v.frame = v.autoresizing.frame(v.frame, writtenIn: written, laidOutIn: size)
            return .icon(v)
        }
    }
}

extension ScreenSpec {
    /// The screen with every view laid out for a container of `size` (its views written for `written`).
    public func laidOut(writtenIn written: Size, in size: Size) -> ScreenSpec {
        guard written != size else { return self }
        var copy = self
        copy.views = views.map { $0.laidOut(writtenIn: written, in: size) }
        return copy
    }

    /// The frontmost top-level list, grid or `scroll` without an `id` whose frame holds `point`
    /// (screen points on `device`): one a finger finds there, which neither scrolls nor takes taps.
    public func unnamedScrollableView(at point: Point, on device: Device) -> ViewSpec? {
        let content = contentFrame(on: device)
        return views.last { view in
            guard view.id == nil, view.scrolling != nil else { return false }
            return view.frame(default: content).contains(point)
        }
    }

    /// The top-level views with an `id` and their frames in screen points on `device` (lists
    /// and grids without a frame fill the content area), in drawing order.
    public func identifiedViews(on device: Device) -> [(id: String, view: ViewSpec, frame: Rect)] {
        let content = contentFrame(on: device)
        return views.compactMap { view in
            guard let id = view.id else { return nil }
            return (id, view, view.frame(default: content))
        }
    }
}
