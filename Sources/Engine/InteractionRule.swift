import Geometry
import Interaction

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

    var recognizer: Recognizer
    /// The transition's progress (clamped to [0, 1] by the caller) for a pan callback, given the
    /// progress the gesture started from: 0, or where it caught an interrupted animation. Most
    /// rules add their reading of the translation to it; the `cover-from-left` tutorial's finger position is absolute.
    var progress: @Sendable (_ event: PanEvent, _ bounds: Rect, _ base: Double) -> Double
    /// The `cover-from-left` tutorial: past this progress the transition finishes at once, while the finger is down.
    var autoFinish: Double?
    /// Whether a release finishes (true) or cancels, from the progress and the release velocity.
    var finishes: @Sendable (_ progress: Double, _ velocity: Point) -> Bool
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
