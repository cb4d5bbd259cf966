import Geometry
import Interaction
import Scene

/// How a style's gesture drives it (the tutorial's gesture handler), as a value.
struct InteractionRule: Sendable {
    enum Recognizer: Sendable {
        /// `UIPanGestureRecognizer` anywhere in the container.
        case pan
        /// `UIPanGestureRecognizer` whose touch must begin in the left half (the `zoom-from-cell` tutorial's navigation pop).
        case panInLeftHalf
        /// `UIScreenEdgePanGestureRecognizer` on the left edge.
        case leftEdge(zone: Double)
        /// `UIScreenEdgePanGestureRecognizer` on any edge (custom styles).
        case edge(ScreenEdge, zone: Double)
        /// `UIPanGestureRecognizer` whose touch must begin in the half of the container by `edge`.
        case panInHalf(ScreenEdge)
        /// `UIPanGestureRecognizer` whose touch must begin inside a region.
        case panInRegion(Rect)

        /// The gesture in words, for messages.
        var summary: String {
            func points(_ v: Double) -> String { String(format: "%g", v) }
            switch self {
            case .pan: return "pan (anywhere)"
            case .panInLeftHalf: return "pan beginning in the left half of the screen"
            case .leftEdge(let zone): return "pan from the left screen edge (touch down within \(points(zone)) pt of it)"
            case .edge(let edge, let zone): return "pan from the \(edge.rawValue) screen edge (touch down within \(points(zone)) pt of it)"
            case .panInHalf(let edge): return "pan beginning in the \(edge.rawValue) half of the screen"
            case .panInRegion(let r): return "pan beginning inside [\(points(r.x)), \(points(r.y)), \(points(r.width)), \(points(r.height))]"
            }
        }
    }

    /// What a pan callback's progress is read from: `translation(in:)` or `location(in:)`, along one axis.
    enum Reading: String, Sendable {
        case translationX, translationY, locationX, locationY

        /// The value read from `event`.
        func value(of event: PanEvent) -> Double {
            switch self {
            case .translationX: return event.translation.x
            case .translationY: return event.translation.y
            case .locationX: return event.location.x
            case .locationY: return event.location.y
            }
        }
    }

    var recognizer: Recognizer
    /// What `progress` reads (it reads nothing else), so that the rule can be handed on as data (`GestureModel`).
    var reads: Reading
    /// The transition's progress (clamped to [0, 1] by the caller) for a pan callback, given the
    /// progress the gesture started from: 0, or where it caught an interrupted animation. Most
    /// rules add their reading of the translation to it; the `cover-from-left` tutorial's finger position is absolute.
    var progress: @Sendable (_ event: PanEvent, _ bounds: Rect, _ base: Double) -> Double
    /// The `cover-from-left` tutorial: past this progress the transition finishes at once, while the finger is down.
    var autoFinish: Double?
    /// Whether a release finishes (true) or cancels, from the progress and the release velocity.
    var decision: ReleaseDecision
    /// UIKit's interactive pop reads the whole gesture rather than the release alone: when set,
    /// the pan's callbacks since `.began` are fed to a `PopProjection`, which decides the release
    /// by projecting the progress over this many seconds (the transition's duration), instead of `finishes`.
    var popProjectionDuration: Double? = nil
    /// The release velocity in progress per second, for a completion spring to start with; nil: at rest.
    var progressVelocity: (@Sendable (_ velocity: Point, _ bounds: Rect) -> Double)? = nil

    func recognizer(bounds: Rect) -> PanRecognizer {
        switch recognizer {
        case .pan, .panInLeftHalf, .panInHalf, .panInRegion: return PanRecognizer(bounds: bounds)
        case .leftEdge(let zone): return .screenEdge(.left, zone: zone, bounds: bounds)
        case .edge(let edge, let zone): return .screenEdge(edge, zone: zone, bounds: bounds)
        }
    }

    /// Whether a pan that began at `location` may start this gesture.
    func accepts(beganAt location: Point, bounds: Rect) -> Bool {
        switch recognizer {
        case .pan, .leftEdge, .edge: return true
        case .panInLeftHalf: return location.x < bounds.midX
        case .panInHalf(let edge):
            switch edge {
            case .left: return location.x < bounds.midX
            case .right: return location.x >= bounds.midX
            case .top: return location.y < bounds.midY
            case .bottom: return location.y >= bounds.midY
            }
        case .panInRegion(let region): return region.contains(location)
        }
    }
}

/// A style's decision on release, as the tutorials and custom styles write it: a flick decides
/// by its direction, a speed along the gesture finishes, otherwise the progress against a threshold.
struct ReleaseDecision: Sendable, Hashable {
    /// The axis the gesture moves along and the sign of finishing along it.
    var axis: GestureSpec.Axis = .x
    var sign = 1.0
    /// A release faster than this (the velocity's magnitude, points per second) decides by its direction along the axis.
    var flick: Double?
    /// A release faster than this along the axis (signed) finishes.
    var velocity: Double?
    /// Past this progress the release finishes (at it too when `inclusive`).
    var threshold: Double?
    var inclusive = false

    /// `p > threshold` (or `>=`).
    static func threshold(_ value: Double, inclusive: Bool = false) -> ReleaseDecision {
        ReleaseDecision(threshold: value, inclusive: inclusive)
    }

    /// Finishes when moving along +x at release (`velocity.x > 0`).
    static let movingRight = ReleaseDecision(velocity: 0)

    func finishes(progress p: Double, velocity v: Point) -> Bool {
        let along = sign * (axis == .x ? v.x : v.y)
        if let flick, v.magnitude > flick { return along > 0 }
        if let velocity, along > velocity { return true }
        if let threshold { return inclusive ? p >= threshold : p > threshold }
        return false
    }
}
