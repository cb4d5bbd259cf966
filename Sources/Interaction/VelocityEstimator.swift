import Geometry

/// Estimates a finger's velocity the way `UIPanGestureRecognizer.velocity(in:)` reports it:
/// each move at least 1 ms after the previous one gives a sample Δposition / Δt, and the
/// velocity is 0.2 × the latest sample + 0.8 × the one before (docs/uikit-semantics.md#gestures).
public struct VelocityEstimator: Sendable {
    /// Moves closer together than this add no sample.
    public static let minimumInterval = 0.001
    public var latestWeight = 0.2

    private var lastPoint: TouchPoint?
    private var latest: Point?
    private var previous: Point?

    public init() {}

    /// Feeds one touch report.
    public mutating func add(_ point: TouchPoint) {
        guard let last = lastPoint else {
            lastPoint = point
            return
        }
        let dt = point.time - last.time
        guard dt >= Self.minimumInterval else { return }
        let sample = (point.location - last.location) * (1 / dt)
        previous = latest
        latest = sample
        lastPoint = point
    }

    /// The current estimate in points per second; a single sample stands alone.
    public var velocity: Point {
        guard let latest else { return .zero }
        guard let previous else { return latest }
        return latest * latestWeight + previous * (1 - latestWeight)
    }
}
