import Foundation

/// A damped harmonic spring driving a value from 0 to 1, as `CASpringAnimation` and
/// `UISpringTimingParameters` evaluate it (closed form, never integrated).
///
/// m·x″ = −k·(x − 1) − c·x′, x(0) = 0, x′(0) = v, where v is in units of the whole
/// distance per second (UIKit's `initialVelocity`).
public struct Spring: Hashable, Sendable, Codable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double
    /// When false (Core Animation's behaviour), ζ ≥ 1 is evaluated in the critically damped form.
    public var allowsOverdamping: Bool
    /// The duration an animator honours for this spring (`init(dampingRatio:duration:)`); nil when
    /// the spring lasts its own settling duration.
    public var honouredDuration: Double?

    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0,
                allowsOverdamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// `UISpringTimingParameters()`: mass 3, stiffness 1000, damping 500.
    public static let uiKitDefault = Spring(mass: 3, stiffness: 1000, damping: 500)

    /// The spring `UISpringTimingParameters(dampingRatio:initialVelocity:)` runs in an animator
    /// of `duration`: mass 1, ζ clamped to ≤ 1, ω chosen so the decay envelope reaches
    /// 0.001 at `duration`.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double = 0) {
        let zeta = min(max(dampingRatio, 1e-6), 1)
        let omega = Spring.solveNaturalFrequency(dampingRatio: zeta, duration: duration, velocity: initialVelocity)
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: initialVelocity)
        honouredDuration = duration
    }

    /// SwiftUI's `Spring(duration:bounce:)`: k = (2π/T)², c = (1 − bounce)·4π/T, mass 1.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let k = pow(2 * Double.pi / duration, 2)
        let c = (1 - bounce) * 4 * Double.pi / duration
        self.init(mass: 1, stiffness: k, damping: c, initialVelocity: initialVelocity)
    }

    /// ω0 = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The same spring starting with another velocity.
    public func withInitialVelocity(_ v: Double) -> Spring {
        var copy = self
        copy.initialVelocity = v
        return copy
    }

    /// Position x(t), 0 at t = 0 and settling at 1.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v) / wd
            return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        }
        if zeta > 1 && allowsOverdamping {
            let s = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + s, r2 = -zeta * w0 - s
            // x = 1 + A e^(r1 t) + B e^(r2 t), A + B = −1, r1 A + r2 B = v.
            let a = (v + r2) / (r1 - r2)
            let bb = -1 - a
            return 1 + a * exp(r1 * t) + bb * exp(r2 * t)
        }
        return 1 - (1 + (w0 - v) * t) * exp(-w0 * t)
    }

    /// dx/dt at `t`, in units of the whole distance per second.
    public func velocity(at t: Double) -> Double {
        let h = 1e-6
        return (value(at: t + h) - value(at: max(t - h, 0))) / (t > h ? 2 * h : h + t)
    }

    /// The longest `settlingDuration` reports: a spring that would take longer gives this.
    public static let longestSettling = 120.0
    /// How close to rest a spring is when it has settled (`settlingDuration(epsilon:)`).
    public static let settlingEpsilon = 0.001

    /// The time after which |1 − x| stays below `epsilon` (`CASpringAnimation.settlingDuration`).
    ///
    /// It is the time at which a decaying bound of |1 − x| reaches `epsilon`, not the last crossing
    /// itself: for ζ < 1 the bound is (1 + |B|)·e^(−ζω0·t), which reproduces Apple's documented
    /// ≈ 2.85 s (m 1, k 100, damping 5) and "just over 1 s" (damping 15) (docs/uikit-semantics.md#springs); the last
    /// crossing of |1 − x| = 0.001 comes 0.17 s and 0.22 s earlier than those.
    public func settlingDuration(epsilon: Double = Spring.settlingEpsilon) -> Double {
        let limit = Self.longestSettling
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v = initialVelocity
        if zeta < 1 {
            guard zeta > 0 else { return limit }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = abs((zeta * w0 - v) / wd)
            return min(max(log((1 + b) / epsilon) / (zeta * w0), 0), limit)
        }
        // ζ ≥ 1: the bound is unimodal (critical form) or decreasing (over-damped): bisect for
        // the moment it drops below epsilon for good.
        if envelope(at: 0) < epsilon { return 0 }
        var high = 1 / max(w0, 1e-9)
        while envelope(at: high) >= epsilon && high < limit { high *= 2 }
        if high >= limit { return limit }
        var low = 0.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if envelope(at: mid) >= epsilon && mid > low { low = mid } else { high = mid }
        }
        return high
    }

    /// An upper bound on |1 − x(t)| for ζ ≥ 1 (the sum of the magnitudes of the solution's terms).
    private func envelope(at t: Double) -> Double {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v = initialVelocity
        if zeta > 1 && allowsOverdamping {
            let s = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + s, r2 = -zeta * w0 - s
            let a = (v + r2) / (r1 - r2)
            return abs(a) * exp(r1 * t) + abs(-1 - a) * exp(r2 * t)
        }
        return (1 + abs(w0 - v) * t) * exp(-w0 * t)
    }

    /// Newton's solve of ω for `init(dampingRatio:duration:)` (docs/uikit-semantics.md#springs).
    static func solveNaturalFrequency(dampingRatio zeta: Double, duration T: Double, velocity v: Double) -> Double {
        let target = log(0.001)
        func f(_ w: Double) -> Double {
            if zeta < 1 {
                let wd = w * (1 - zeta * zeta).squareRoot()
                let b = abs((zeta * w - v) / wd)
                return log(max(b, 1e-300)) - zeta * w * T - target
            }
            return log(max(abs(1 + (w - v) * T), 1e-300)) - w * T - target
        }
        var w = 5 / T
        for _ in 0..<100 {
            let value = f(w)
            let h = max(1e-7 * w, 1e-9)
            let derivative = (f(w + h) - f(w - h)) / (2 * h)
            if derivative == 0 { break }
            let next = w - value / derivative
            w = next > 0 ? next : w / 2
            if abs(value) < 1e-12 { break }
        }
        return w
    }
}
