/// A scalar that changes over absolute time in pieces: held values, and springs between two values.
///
/// Used for quantities driven directly rather than through an animator's fraction, such as a
/// view's position following a finger and then a spring (the `slide-up-modal` tutorial's frame animator).
public struct Track: Sendable {
    public enum Piece: Hashable, Sendable {
        case hold(Double)
        case spring(Spring, from: Double, to: Double, duration: Double)
    }

    /// Pieces in time order, each lasting until the next one starts.
    public private(set) var pieces: [(start: Double, piece: Piece)] = []

    public init(_ value: Double) {
        set(value, at: -.infinity)
    }

    /// From `time` on, the value is `value`.
    public mutating func set(_ value: Double, at time: Double) {
        add(.hold(value), at: time)
    }

    /// From `time` on, a spring carries the value from where it is to `target`.
    /// `velocity` is in points per second and becomes the spring's initial velocity in units of the distance.
    /// Returns how long the spring moves the value: its settling duration, or for a spring given
    /// by damping ratio and duration exactly that duration (`honouredDuration`).
    ///
    /// `oneAxisOfTwo`: the value is one component of a `UISpringTimingParameters` animation whose
    /// initial velocity is a vector with the other component at rest (a frame moved along y only).
    /// UIKit's `-[UISpringTimingParameters settlingDuration]` reports the larger of the two
    /// components' settling durations, and the animator shows the spring, unsnapped, until then
    /// (docs/uikit-semantics.md#spring-durations).
    @discardableResult
    public mutating func animate(to target: Double, at time: Double, spring: Spring, velocity: Double = 0,
                                 oneAxisOfTwo: Bool = false) -> Double {
        let from = value(at: time)
        let distance = target - from
        let normalized = abs(distance) > 1e-9 ? velocity / distance : 0
        let moving = spring.withInitialVelocity(normalized)
        var duration = abs(distance) > 1e-9 ? (moving.honouredDuration ?? moving.settlingDuration()) : 0
        if oneAxisOfTwo, moving.honouredDuration == nil {
            duration = max(duration, spring.withInitialVelocity(0).settlingDuration())
        }
        add(.spring(moving, from: from, to: target, duration: duration), at: time)
        return duration
    }

    private mutating func add(_ piece: Piece, at time: Double) {
        precondition(time >= (pieces.last?.start ?? -.infinity), "track pieces come in time order")
        if pieces.last?.start == time { pieces.removeLast() }
        pieces.append((time, piece))
    }

    public func value(at time: Double) -> Double {
        var low = 0, high = pieces.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if pieces[mid].start <= time { low = mid } else { high = mid - 1 }
        }
        let (start, piece) = pieces[low]
        switch piece {
        case .hold(let v): return v
        case let .spring(spring, from, to, duration):
            let t = time - start
            return time >= start + duration ? to : from + (to - from) * spring.value(at: t)
        }
    }
}
