import Geometry

/// UIKit's decision for a released interactive pop of `UINavigationController`
/// (`_UINavigationInteractiveTransitionBase`, its "augmented should-pop decision procedure"),
/// replayed over the pan's callbacks.
///
/// Every callback is a sample of displacement (translation / width) and velocity
/// (`velocity(in:)` / width, widths per second), taken when at least 10 ms passed since the
/// callback before, or more than 1 ms with the displacement changed. The velocity is averaged over
/// the last three samples; the acceleration of a sample, (v − previous v) / dt, is kept within
/// 5 widths/s² of the one before and averaged the same way. On release (the final callback is a
/// sample too), with at least three samples and the finger having moved the transition:
///
///     projected = progress + v̄·T + ½·ā·T²,   pop when projected > min(187.5 / width, 0.5)
///
/// (T the transition's duration); with fewer samples it pops when v̄ > 0 and the pan had moved
/// the transition. Source: `-[_UINavigationInteractiveTransitionBase _updateStatistics:firstSample:finalSample:]`
/// and `-popGesture:withRemainingDuration:shouldPopWithVelocity:` (docs/uikit-semantics.md#system-transitions).
public struct PopProjection: Sendable, Hashable {
    /// A callback is a sample when at least this long after the one before (seconds)…
    public static let sampleInterval = 0.01
    /// …or longer than this with the displacement changed.
    public static let movedInterval = 0.001
    /// A sample's acceleration is kept within this of the one before (widths per second²).
    public static let accelerationStep = 5.0
    /// Velocity and acceleration are averaged over this many samples.
    public static let window = 3
    /// The projection threshold's distance in points (min(this / width, 0.5)).
    public static let thresholdDistance = 187.5

    /// The distance a full pop covers: the container's width.
    public let totalDistance: Double
    public private(set) var sampleCount = 0
    /// Widths per second, averaged over the last three samples.
    public private(set) var averageVelocity = 0.0
    /// Widths per second², averaged over the last three samples.
    public private(set) var averageAcceleration = 0.0
    /// Whether a `.changed` callback moved the transition (UIKit's interaction state 2).
    public private(set) var hasChanged = false
    private var velocities = Array(repeating: 0.0, count: Self.window)
    private var accelerations = Array(repeating: 0.0, count: Self.window)
    private var previousTime = 0.0, skipTime = 0.0
    private var previousDisplacement = 0.0, previousVelocity = 0.0, previousAcceleration = 0.0
    private var lastLocation: Point?

    public init(totalDistance: Double) {
        self.totalDistance = totalDistance
    }

    /// Feeds one pan callback (`.began` first). A `.changed` at the location of the callback
    /// before is left out: UIKit sends `.changed` only when the touch moves.
    public mutating func add(_ event: PanEvent) {
        defer { lastLocation = event.location }
        if event.state == .changed, event.location == lastLocation { return }
        let displacement = max(event.translation.x, 0) / totalDistance
        let velocity = event.velocity.x / totalDistance
        if event.state == .changed { hasChanged = true }
        if event.state == .began {
            previousTime = event.time
            skipTime = event.time
            previousDisplacement = displacement
            previousVelocity = velocity
            previousAcceleration = 0
            averageVelocity = velocity
            averageAcceleration = 0
            velocities = Array(repeating: 0.0, count: Self.window)
            velocities[0] = velocity
            accelerations = Array(repeating: 0.0, count: Self.window)
            sampleCount = 1
            return
        }
        guard sampleCount > 0 else { return }
        let sinceCall = event.time - skipTime
        skipTime = event.time
        guard sinceCall >= Self.sampleInterval || (sinceCall > Self.movedInterval && previousDisplacement != displacement) else { return }
        let dt = event.time - previousTime
        let slot = sampleCount % Self.window
        let n = Double(sampleCount), w = Double(Self.window)
        if sampleCount >= Self.window {
            averageVelocity = (velocity + averageVelocity * w - velocities[slot]) / w
        } else {
            averageVelocity = (velocity + averageVelocity * n) / (n + 1)
        }
        velocities[slot] = velocity
        var acceleration = (velocity - previousVelocity) / dt
        let step = Self.accelerationStep
        if abs(acceleration - previousAcceleration) > step {
            acceleration = previousAcceleration + (acceleration > previousAcceleration ? step : -step)
        }
        if sampleCount >= Self.window {
            averageAcceleration = (acceleration + averageAcceleration * w - accelerations[slot]) / w
        } else {
            averageAcceleration = (acceleration + averageAcceleration * n) / (n + 1)
        }
        accelerations[slot] = acceleration
        previousAcceleration = acceleration
        previousVelocity = velocity
        previousDisplacement = displacement
        previousTime = event.time
        sampleCount += 1
    }

    /// How far the release projects the pop after `duration` seconds from `progress`.
    public func projected(progress: Double, duration: Double) -> Double {
        progress + averageVelocity * duration + 0.5 * averageAcceleration * duration * duration
    }

    /// The projection threshold: min(187.5 / width, 0.5).
    public var threshold: Double { min(Self.thresholdDistance / totalDistance, 0.5) }

    /// Whether the released pop finishes, at `progress` (the transition's percent complete).
    public func pops(progress: Double, duration: Double) -> Bool {
        if sampleCount >= Self.window, hasChanged { return projected(progress: progress, duration: duration) > threshold }
        return averageVelocity > 0 && hasChanged
    }
}
