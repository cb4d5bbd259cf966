import Geometry
import Interaction

/// How a style's gesture drives it (the seed's gesture handler), as a value.
struct InteractionRule: Sendable {
    enum Recognizer: Sendable {
        /// `UIPanGestureRecognizer` anywhere in the container.
        case pan
        /// `UIPanGestureRecognizer` whose touch must begin in the left half (seed 004's navigation pop).
        case panInLeftHalf
        /// `UIScreenEdgePanGestureRecognizer` on the left edge.
        case leftEdge(zone: Double)
    }

    var recognizer: Recognizer
    /// The transition's progress for a pan callback (translation measured from where the pan began).
    var progress: @Sendable (PanEvent, Rect) -> Double
    /// Whether progress is measured from where an interrupted animation was caught (true) or is
    /// absolute, like seed 002's finger position.
    var isRelative = true
    /// Seed 002: past this progress the transition finishes at once, while the finger is down.
    var autoFinish: Double?
    /// Whether a release finishes (true) or cancels, from the progress and the release velocity.
    var finishes: @Sendable (_ progress: Double, _ velocity: Point) -> Bool

    func recognizer(bounds: Rect) -> PanRecognizer {
        switch recognizer {
        case .pan, .panInLeftHalf: return PanRecognizer(bounds: bounds)
        case .leftEdge(let zone): return .screenEdge(.left, zone: zone, bounds: bounds)
        }
    }

    /// Whether a pan that began at `location` may start this gesture.
    func accepts(beganAt location: Point, bounds: Rect) -> Bool {
        switch recognizer {
        case .pan, .leftEdge: return true
        case .panInLeftHalf: return location.x < bounds.midX
        }
    }
}
