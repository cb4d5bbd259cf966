/// A cubic Bézier timing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction` and
/// `UICubicTimingParameters` define it.
///
/// Solved the way WebKit's `UnitBezier` and Chromium's `gfx::CubicBezier` do: x(t) is
/// inverted by Newton's method from a presampled guess, with bisection as the fallback.
/// Control point x values lie in [0, 1]; y values may overshoot. Inputs outside [0, 1]
/// are clamped, as Core Animation does.
public struct CubicTimingCurve: Hashable, Sendable, Codable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// `CAMediaTimingFunctionName.linear`, `UIView.AnimationCurve.linear`.
    public static let linear = CubicTimingCurve(0, 0, 1, 1)
    /// `.easeIn`: (0.42, 0) (1, 1).
    public static let easeIn = CubicTimingCurve(0.42, 0, 1, 1)
    /// `.easeOut`: (0, 0) (0.58, 1).
    public static let easeOut = CubicTimingCurve(0, 0, 0.58, 1)
    /// `.easeInOut`: (0.42, 0) (0.58, 1).
    public static let easeInOut = CubicTimingCurve(0.42, 0, 0.58, 1)
    /// `CAMediaTimingFunctionName.default` (CSS `ease`): (0.25, 0.1) (0.25, 1).
    public static let `default` = CubicTimingCurve(0.25, 0.1, 0.25, 1)

    /// The UIKit presets by their scene-file names.
    public static let named: [String: CubicTimingCurve] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut, "default": .default,
    ]

    public var isLinear: Bool { x1 == y1 && x2 == y2 }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    private func sampleDerivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve parameter t at which x(t) = `x`.
    public func solveParameter(forX x: Double) -> Double {
        let epsilon = 1e-9
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // Initial guess from 11 evenly spaced samples of x(t).
        var t = x
        var previous = 0.0
        for i in 1...10 {
            let ti = Double(i) / 10
            let xi = sampleX(ti)
            if xi >= x {
                let x0 = sampleX(previous)
                t = previous + (ti - previous) * (x - x0) / max(xi - x0, 1e-12)
                break
            }
            previous = ti
        }
        // Newton's method.
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let derivative = sampleDerivativeX(t)
            if abs(derivative) < 1e-7 { break }
            t -= error / derivative
        }
        // Bisection.
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if abs(value - x) < epsilon { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// y for the input progress `x` (clamped to [0, 1]).
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if isLinear { return x }
        return sampleY(solveParameter(forX: x))
    }

    /// dy/dx at `x`, the curve's slope (used to carry velocity across curve changes).
    public func slope(at x: Double) -> Double {
        let t = solveParameter(forX: min(max(x, 0), 1))
        let dx = sampleDerivativeX(t)
        return dx == 0 ? 0 : sampleDerivativeY(t) / dx
    }

    /// The smallest x in [0, 1] at which the curve reaches `y` (for resuming a paused
    /// animation under a new curve without a jump). Monotonic curves have exactly one.
    /// If an overshooting curve never reaches `y`, the x where it comes closest.
    public func input(forValue y: Double) -> Double {
        guard isMonotonic else { return overshootingInput(forValue: y) }
        if y <= value(at: 0) { return 0 }
        if y >= value(at: 1) { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if value(at: mid) < y { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// `input(forValue:)` for a curve whose y leaves [0, 1]: y(t) is monotonic between the roots of
    /// y′(t), so the first of those pieces that spans `y` holds the first crossing; x(t) is increasing,
    /// so the smallest t gives the smallest x.
    private func overshootingInput(forValue y: Double) -> Double {
        var roots: [Double] = []
        let a = 3 * ay, b = 2 * by, c = cy
        if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots += [(-b - root) / (2 * a), (-b + root) / (2 * a)]
            }
        }
        let breaks = [0] + roots.filter { $0 > 0 && $0 < 1 }.sorted() + [1]
        var closest = (t: 0.0, distance: Double.infinity)
        for (t0, t1) in zip(breaks, breaks.dropFirst()) {
            let y0 = sampleY(t0), y1 = sampleY(t1)
            if y0 == y { return sampleX(t0) }
            if min(y0, y1) <= y && y <= max(y0, y1) {
                var low = t0, high = t1
                for _ in 0..<100 {
                    let mid = (low + high) / 2
                    if (sampleY(mid) < y) == (y0 < y) { low = mid } else { high = mid }
                }
                return sampleX((low + high) / 2)
            }
            for (t, v) in [(t0, y0), (t1, y1)] where abs(v - y) < closest.distance { closest = (t, abs(v - y)) }
        }
        return sampleX(closest.t)
    }

    private var isMonotonic: Bool { (0...1).contains(y1) && (0...1).contains(y2) }
}
