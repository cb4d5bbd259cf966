import Geometry

/// A screen edge a `UIScreenEdgePanGestureRecognizer` watches.
public enum ScreenEdge: String, Sendable, Hashable, CaseIterable {
    case left, right, top, bottom
}

/// One callback of a pan recognizer, as a UIKit target-action would receive it.
public struct PanEvent: Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        case began, changed, ended
    }

    public var state: State
    public var time: Double
    public var location: Point
    /// `translation(in:)`: the movement since touch-down less the slop, removed per axis toward
    /// zero at `.began` (see `PanRecognizer`).
    public var translation: Point
    /// Points per second (`velocity(in:)`).
    public var velocity: Point

    public init(state: State, time: Double, location: Point, translation: Point, velocity: Point) {
        self.state = state
        self.time = time
        self.location = location
        self.translation = translation
        self.velocity = velocity
    }
}

/// What a recognizer made of one finger trace.
public struct PanRecognition: Hashable, Sendable {
    /// Where and when the finger went down.
    public var down: TouchPoint
    /// Where and when the finger lifted.
    public var up: TouchPoint
    /// Movement from touch-down at the moment the pan began (what `gestureRecognizerShouldBegin` sees).
    public var movementAtBegin: Point?
    /// began, changed…, ended; empty when the trace never became a pan.
    public var events: [PanEvent]

    public var didBegin: Bool { !events.isEmpty }
}

/// `UIPanGestureRecognizer` and `UIScreenEdgePanGestureRecognizer` replayed over a recorded trace.
///
/// A pan begins once the touch has moved `slop` points from where it went down (10 pt, UIKit's
/// hysteresis; 15 pt for screen-edge pans). At `.began` the slop is taken off the translation
/// per axis, toward zero — a positive component t becomes max(t − slop, 0), a negative one
/// min(t + slop, 0) — and the travel beyond it is kept: a finger that has moved 16 pt when the
/// pan begins reports 6 pt, and every later translation is the finger's movement since
/// touch-down less that same per-axis offset (clamp(movement at `.began`, −slop, slop)).
/// A view that follows the translation therefore trails the finger by the slop from the first
/// frame; it does not restart from zero where the pan began (docs/uikit-semantics.md).
/// A screen-edge pan only begins if the touch went down within `edgeZone` of `edge`.
public struct PanRecognizer: Sendable, Hashable {
    public var slop: Double
    public var edge: ScreenEdge?
    public var edgeZone: Double
    /// The container's bounds, needed to locate right and bottom edges.
    public var bounds: Rect

    public init(slop: Double = 10, edge: ScreenEdge? = nil, edgeZone: Double = 13, bounds: Rect) {
        self.slop = slop
        self.edge = edge
        self.edgeZone = edgeZone
        self.bounds = bounds
    }

    /// `UIScreenEdgePanGestureRecognizer`: 15 pt to begin, touch down within `zone` of the edge.
    public static func screenEdge(_ edge: ScreenEdge, zone: Double = 13, bounds: Rect) -> PanRecognizer {
        PanRecognizer(slop: 15, edge: edge, edgeZone: zone, bounds: bounds)
    }

    /// Whether a touch going down at `p` is where the recognizer watches (anywhere, or within `edgeZone` of `edge`).
    public func isNearEdge(_ p: Point) -> Bool {
        guard let edge else { return true }
        switch edge {
        case .left: return p.x - bounds.minX <= edgeZone
        case .right: return bounds.maxX - p.x <= edgeZone
        case .top: return p.y - bounds.minY <= edgeZone
        case .bottom: return bounds.maxY - p.y <= edgeZone
        }
    }

    /// Replays `trace` (touch down at the first point, up at the last).
    public func recognize(_ trace: [TouchPoint]) -> PanRecognition {
        precondition(!trace.isEmpty, "a trace has at least one point")
        let down = trace[0]
        let up = trace[trace.count - 1]
        var recognition = PanRecognition(down: down, up: up, movementAtBegin: nil, events: [])
        guard isNearEdge(down.location) else { return recognition }

        var estimator = VelocityEstimator()
        estimator.add(down)
        // The point translation is measured from: touch-down moved by the slop removed at `.began`.
        var origin: Point?
        for (index, point) in trace.enumerated().dropFirst() {
            estimator.add(point)
            let isLast = index == trace.count - 1
            if let start = origin {
                recognition.events.append(PanEvent(state: isLast ? .ended : .changed, time: point.time, location: point.location,
                                                   translation: point.location - start, velocity: estimator.velocity))
            } else if (point.location - down.location).magnitude >= slop {
                let movement = point.location - down.location
                let start = down.location + hysteresis(of: movement)
                origin = start
                recognition.movementAtBegin = movement
                recognition.events.append(PanEvent(state: .began, time: point.time, location: point.location,
                                                   translation: point.location - start, velocity: estimator.velocity))
                if isLast {
                    recognition.events.append(PanEvent(state: .ended, time: point.time, location: point.location,
                                                       translation: point.location - start, velocity: estimator.velocity))
                }
            }
        }
        return recognition
    }

    /// The part of `movement` taken off the translation at `.began`: each axis clamped to ±`slop`,
    /// so that movement − hysteresis is max(t − slop, 0) for t > 0 and min(t + slop, 0) for t < 0.
    func hysteresis(of movement: Point) -> Point {
        Point(x: min(max(movement.x, -slop), slop), y: min(max(movement.y, -slop), slop))
    }
}
