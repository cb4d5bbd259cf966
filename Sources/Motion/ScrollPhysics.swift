import Foundation

/// `UIScrollView.DecelerationRate`: the fraction of its velocity the content keeps per millisecond.
///
/// Velocity v(t) = v₀ · r^(1000 t) (t in seconds), so the content travels
/// −v₀ / (1000 · ln r) in all (docs/uikit-semantics.md#scrolling).
public struct DecelerationRate: Hashable, Sendable, Codable {
    /// r, in (0, 1).
    public var rawValue: Double

    public init(rawValue: Double) { self.rawValue = rawValue }

    /// `UIScrollView.DecelerationRate.normal` [DOC].
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// `UIScrollView.DecelerationRate.fast` [DOC].
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// ln r per millisecond (negative).
    var lnPerMillisecond: Double { log(rawValue) }
}

/// A scroll view's physics along one axis, each rule from docs/uikit-semantics.md#scrolling:
/// deceleration after a flick, rubber band while dragged past an edge, the bounce back, paging.
///
/// Offsets are `contentOffset` along the axis in points, velocities in points per second in the
/// offset's direction (a finger moving up on a vertical list scrolls toward larger offsets).
public enum ScrollPhysics {
    /// UIScrollView's rubber-band coefficient: offset = (1 − 1 / (x · c / d + 1)) · d [RE].
    public static let rubberBandCoefficient = 0.55

    /// The overshoot's decay while bouncing back: the distance past the edge keeps e^(−k·t) of
    /// itself, k = 0.01005 per millisecond (≈ −ln 0.99) [RE].
    public static let bounceDecayPerMillisecond = 0.01005

    /// A bounce is over when the content lies within this many points of the edge [RE].
    public static let bounceRestDistance = 0.5

    /// Where the content sits when dragged `overshoot` points past an edge, for a scroll view of
    /// `dimension` points along the axis: (1 − 1 / (x · 0.55 / d + 1)) · d, signed like `overshoot`.
    public static func rubberBand(_ overshoot: Double, dimension: Double,
                                  coefficient: Double = rubberBandCoefficient) -> Double {
        guard dimension > 0 else { return 0 }
        let x = abs(overshoot)
        let banded = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -banded : banded
    }

    /// The offset a finger's raw offset (start + its translation) gives, rubber-banded past
    /// `range`'s ends when `bounces`, clamped to them otherwise.
    public static func dragged(_ raw: Double, range: ClosedRange<Double>, dimension: Double, bounces: Bool = true) -> Double {
        if raw < range.lowerBound {
            return bounces ? range.lowerBound + rubberBand(raw - range.lowerBound, dimension: dimension) : range.lowerBound
        }
        if raw > range.upperBound {
            return bounces ? range.upperBound + rubberBand(raw - range.upperBound, dimension: dimension) : range.upperBound
        }
        return raw
    }

    /// The offset a scroll view shows for a proposed one, on a screen of `scale` pixels per point:
    /// UIKit's `-[UIScrollView _roundedProposedContentOffset:]`, which `setContentOffset:` applies
    /// to every offset before it becomes `bounds.origin`. At scale 1 the nearest whole point;
    /// otherwise f + round((offset − f) · scale) / scale with f = floor(offset), so the content lands
    /// on whole device pixels. Both round half away from zero (the `frinta` instruction), so a
    /// negative offset's tie goes up: −0.25 at @2 is 0 [RE] (docs/uikit-semantics.md#scrolling).
    public static func shownOffset(_ offset: Double, scale: Double) -> Double {
        guard offset.isFinite, abs(scale) >= 2.220446049250313e-16 else { return offset }
        if scale == 1 { return offset.rounded(.toNearestOrAwayFromZero) }
        let whole = offset.rounded(.down)
        return whole + ((offset - whole) * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// The page a release at `offset` moving at `velocity` settles on with `isPagingEnabled`,
    /// as an offset: the next page boundary in the velocity's direction, the nearest one when
    /// the finger stopped; never past `range` [EST].
    public static func pageTarget(offset: Double, velocity: Double, pageSize: Double, range: ClosedRange<Double>) -> Double {
        guard pageSize > 0 else { return min(max(offset, range.lowerBound), range.upperBound) }
        let page = (offset - range.lowerBound) / pageSize
        let index: Double = velocity > 0 ? page.rounded(.up) : velocity < 0 ? page.rounded(.down) : page.rounded()
        let target = range.lowerBound + index * pageSize
        return min(max(target, range.lowerBound), range.upperBound)
    }
}

/// The free motion of a scroll view's content after the finger lifts, along one axis: it
/// decelerates at `rate`, and past an edge (or released past one) it bounces back to the edge;
/// with paging it settles on `pageTarget` instead (docs/uikit-semantics.md#scrolling).
///
/// Closed forms throughout, no integration: the same release gives the same offsets at any
/// frame rate.
public struct ScrollMotion: Hashable, Sendable {
    public let start: Double
    /// pt/s at release.
    public let velocity: Double
    public let range: ClosedRange<Double>
    public let rate: DecelerationRate
    /// Points per device pixel's half: free deceleration ends when less than this is left to travel.
    public let restDistance: Double

    private enum Phase: Hashable, Sendable {
        /// Decelerating freely until `until` (ms), ending at `end`.
        case decelerate(untilMs: Double, end: Double)
        /// Decelerating until `hitMs`, then bouncing back onto `edge` with the velocity it had then.
        case decelerateThenBounce(hitMs: Double, edge: Double, hitVelocity: Double)
        /// Bouncing onto `edge` from the start; an edge (not a page) stops content moving back in.
        case bounce(edge: Double, isEdge: Bool)
    }
    private let phase: Phase

    /// A release at `start` with `velocity` (pt/s) in a scroll view whose offsets run over
    /// `range`. `scale` is the screen's: free deceleration ends when less than half a device pixel
    /// is left to travel. `pageTarget`, when paging, is where the content settles.
    public init(start: Double, velocity: Double, range: ClosedRange<Double>, rate: DecelerationRate = .normal,
                scale: Double = 3, pageTarget: Double? = nil) {
        self.start = start
        self.velocity = velocity
        self.range = range
        self.rate = rate
        restDistance = 0.5 / max(scale, 1)
        let lnR = rate.lnPerMillisecond
        let vMs = velocity / 1000
        if let pageTarget {
            phase = .bounce(edge: pageTarget, isEdge: false)
        } else if start < range.lowerBound || start > range.upperBound {
            phase = .bounce(edge: start < range.lowerBound ? range.lowerBound : range.upperBound, isEdge: true)
        } else {
            let travel = vMs / -lnR
            let end = start + travel
            if end < range.lowerBound || end > range.upperBound {
                let edge = end < range.lowerBound ? range.lowerBound : range.upperBound
                // start + v(1 − r^t)/(−ln r) = edge  ⇒  r^t = 1 − (edge − start)(−ln r)/v.
                let left = 1 - (edge - start) * -lnR / vMs
                let hit = left > 0 ? log(left) / lnR : 0
                phase = .decelerateThenBounce(hitMs: hit, edge: edge, hitVelocity: vMs * exp(lnR * hit))
            } else {
                let remaining = abs(vMs) / -lnR
                let until = remaining > restDistance ? log(restDistance / remaining) / lnR : 0
                phase = .decelerate(untilMs: until, end: end)
            }
        }
    }

    /// The velocity (pt/s) the content has `t` seconds into free deceleration: v · r^(1000 t).
    public static func deceleratingVelocity(_ velocity: Double, after t: Double, rate: DecelerationRate = .normal) -> Double {
        velocity * pow(rate.rawValue, 1000 * t)
    }

    /// How far free deceleration carries the content in all: −v / (1000 · ln r).
    public static func travel(velocity: Double, rate: DecelerationRate = .normal) -> Double {
        velocity / (-1000 * rate.lnPerMillisecond)
    }

    /// Where the content comes to rest.
    public var restingOffset: Double {
        switch phase {
        case .decelerate(_, let end): return end
        case .decelerateThenBounce(_, let edge, _), .bounce(let edge, _): return edge
        }
    }

    /// Seconds from release until the content reaches an edge of `range` and would bounce: at once
    /// for a release past one; nil when it comes to rest inside, or settles on a page. A scroll
    /// view that does not bounce stops there.
    public var edgeArrival: Double? {
        switch phase {
        case .decelerate: return nil
        case .decelerateThenBounce(let hit, _, _): return hit / 1000
        case .bounce(_, let isEdge): return isEdge ? 0 : nil
        }
    }

    /// Seconds from release until the content is at rest.
    public var duration: Double {
        switch phase {
        case .decelerate(let until, _): return until / 1000
        case .decelerateThenBounce(let hit, _, let v): return (hit + bounceDuration(overshoot: 0, velocityMs: v)) / 1000
        case .bounce(let edge, let isEdge):
            return bounceDuration(overshoot: start - edge, velocityMs: velocity / 1000, stopsAtEdge: isEdge) / 1000
        }
    }

    /// The offset `t` seconds after release; `restingOffset` from `duration` on.
    public func offset(at t: Double) -> Double {
        if t <= 0 { return start }
        if t >= duration { return restingOffset }
        let ms = 1000 * t
        let lnR = rate.lnPerMillisecond
        let vMs = velocity / 1000
        switch phase {
        case .decelerate:
            return start + vMs * (1 - exp(lnR * ms)) / -lnR
        case .decelerateThenBounce(let hit, let edge, let hitVelocity):
            if ms < hit { return start + vMs * (1 - exp(lnR * ms)) / -lnR }
            return edge + bounceOvershoot(overshoot: 0, velocityMs: hitVelocity, ms: ms - hit)
        case .bounce(let edge, let isEdge):
            return edge + bounceOvershoot(overshoot: start - edge, velocityMs: vMs, ms: ms, stopsAtEdge: isEdge)
        }
    }

    /// The distance past the edge `ms` milliseconds into a bounce that starts `overshoot` past it
    /// moving at `velocityMs` (pt/ms): the overshoot decays by e^(−k t) while the velocity keeps
    /// decelerating at `rate` and decays by the same factor:
    /// o(t) = e^(−k t) · (o₀ + v₀ (1 − r^t) / (−ln r)). Content moving back in (the sign
    /// opposite the overshoot) stops at an edge rather than crossing it; a page it may cross.
    private func bounceOvershoot(overshoot o0: Double, velocityMs v0: Double, ms: Double, stopsAtEdge: Bool = true) -> Double {
        let lnR = rate.lnPerMillisecond
        let o = exp(-ScrollPhysics.bounceDecayPerMillisecond * ms) * (o0 + v0 * (1 - exp(lnR * ms)) / -lnR)
        if stopsAtEdge && o0 != 0 && o.sign != o0.sign { return 0 }
        return o
    }

    /// When the bounce is over: the overshoot stays within `ScrollPhysics.bounceRestDistance` for
    /// good once e^(−k t) · (|o₀| + |v₀| / (−ln r)), a bound on |o(t)|, falls to it; content moving
    /// back in is over sooner if it reaches an edge first, where
    /// o₀ + v₀ (1 − r^t) / (−ln r) = 0, r^t = 1 + o₀ (−ln r) / v₀.
    private func bounceDuration(overshoot o0: Double, velocityMs v0: Double, stopsAtEdge: Bool = true) -> Double {
        let lnR = rate.lnPerMillisecond
        let bound = abs(o0) + abs(v0) / -lnR
        guard bound > ScrollPhysics.bounceRestDistance else { return 0 }
        let envelope = log(bound / ScrollPhysics.bounceRestDistance) / ScrollPhysics.bounceDecayPerMillisecond
        guard stopsAtEdge, o0 != 0, v0 != 0, v0.sign != o0.sign else { return envelope }
        let left = 1 + o0 * -lnR / v0
        guard left > 0 else { return envelope }
        return min(log(left) / lnR, envelope)
    }
}
