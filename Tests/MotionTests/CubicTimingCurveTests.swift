import XCTest
@testable import Motion

/// Reference tables for `CubicTimingCurve` (docs/uikit-semantics.md#cubic-timing-curves).
final class CubicTimingCurveTests: XCTestCase {
    typealias Row = (x: Double, y: Double)

    private func check(_ curve: CubicTimingCurve, _ rows: [Row], accuracy: Double, _ label: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        for row in rows {
            XCTAssertEqual(curve.value(at: row.x), row.y, accuracy: accuracy,
                           "\(label) at x = \(row.x)", file: file, line: line)
        }
    }

    // MARK: Peer reference rows

    func testChromiumBasicCurve() {
        // [PEER] chromium ui/gfx/geometry/cubic_bezier_unittest.cc (Basic), tolerance 0.00015
        let curve = CubicTimingCurve(0.25, 0, 0.75, 1)
        check(curve, [
            (0.00, 0.0),      // endpoint
            (0.05, 0.01136),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.10, 0.03978),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.20, 0.12803),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.30, 0.24115),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.40, 0.36761),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.50, 0.5),      // [PEER] chromium cubic_bezier_unittest.cc
            (0.60, 0.63238),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.70, 0.75884),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.80, 0.87196),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.90, 0.96021),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.95, 0.98863),  // [PEER] chromium cubic_bezier_unittest.cc
            (1.00, 1.0),      // endpoint
        ], accuracy: 0.00015, "(0.25, 0, 0.75, 1)")
    }

    func testChromiumOvershootingCurve() {
        // [PEER] chromium ui/gfx/geometry/cubic_bezier_unittest.cc (UnclampedYValues), tolerance 0.00015
        let curve = CubicTimingCurve(0.5, -1, 0.5, 2)
        check(curve, [
            (0.1, -0.15613),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.2, -0.20651),  // [PEER] chromium cubic_bezier_unittest.cc
            (0.4, 0.12660),   // [PEER] chromium cubic_bezier_unittest.cc
            (0.5, 0.5),       // [PEER] chromium (symmetric curve)
            (0.6, 0.87340),   // [PEER] chromium cubic_bezier_unittest.cc
            (0.8, 1.20651),   // [PEER] chromium cubic_bezier_unittest.cc
            (0.9, 1.15613),   // [PEER] chromium cubic_bezier_unittest.cc
        ], accuracy: 0.00015, "(0.5, -1, 0.5, 2)")
    }

    func testExactMidpoints() {
        // docs/uikit-semantics.md#cubic-timing-curves "Exact": with x1 = x2 = 0.5, x(0.5) = 0.1875 + 0.1875 + 0.125 = 0.5, so at x = 0.5
        // t = 0.5 and y = 3·0.25·0.5·y1 + 3·0.5·0.25·y2 + 0.125 = 0.375·(y1 + y2) + 0.125.
        XCTAssertEqual(CubicTimingCurve(0.5, 1, 0.5, 1).value(at: 0.5), 0.875, accuracy: 1e-12)  // docs/uikit-semantics.md#cubic-timing-curves exact
        XCTAssertEqual(CubicTimingCurve(0.5, 2, 0.5, 2).value(at: 0.5), 1.625, accuracy: 1e-12)  // docs/uikit-semantics.md#cubic-timing-curves exact
    }

    func testBlinkNamedPresets() {
        // [PEER] Blink timing_function_test.cc, tolerance 0.01, at x = 0.25 / 0.5 / 0.75
        check(.default, [(0.25, 0.409), (0.5, 0.802), (0.75, 0.960)], accuracy: 0.01, "default")    // [PEER] Blink
        check(.easeIn, [(0.25, 0.093), (0.5, 0.315), (0.75, 0.622)], accuracy: 0.01, "easeIn")      // [PEER] Blink
        check(.easeOut, [(0.25, 0.378), (0.5, 0.685), (0.75, 0.907)], accuracy: 0.01, "easeOut")    // [PEER] Blink
        check(.easeInOut, [(0.25, 0.129), (0.5, 0.500), (0.75, 0.871)], accuracy: 0.01, "easeInOut") // [PEER] Blink
        check(.linear, [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)], accuracy: 1e-15, "linear")         // [DOC] identity
    }

    func testCalculatedPresetRows() {
        // docs/uikit-semantics.md#cubic-timing-curves [CALC], 1e-5 (cross-checked with a 30-digit bisection of the Bernstein form)
        check(.easeOut, [
            (0.1, 0.160572),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.3, 0.445186),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.5, 0.684643),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.7, 0.870423),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.9, 0.982973),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
        ], accuracy: 1e-5, "easeOut")
        check(.easeInOut, [
            (0.1, 0.019722),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.3, 0.187396),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.5, 0.5),       // symmetry
            (0.7, 0.812604),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.9, 0.980278),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
        ], accuracy: 1e-5, "easeInOut")
    }

    func testNamedTable() {
        // [DOC] CAMediaTimingFunctionName control points (docs/uikit-semantics.md#cubic-timing-curves table)
        XCTAssertEqual(CubicTimingCurve.named["easeInOut"], CubicTimingCurve(0.42, 0, 0.58, 1))
        XCTAssertEqual(CubicTimingCurve.named["easeIn"], CubicTimingCurve(0.42, 0, 1, 1))
        XCTAssertEqual(CubicTimingCurve.named["easeOut"], CubicTimingCurve(0, 0, 0.58, 1))
        XCTAssertEqual(CubicTimingCurve.named["default"], CubicTimingCurve(0.25, 0.1, 0.25, 1))
        XCTAssertEqual(CubicTimingCurve.named["linear"], CubicTimingCurve(0, 0, 1, 1))
        XCTAssertEqual(CubicTimingCurve.named.count, 5)
    }

    // MARK: Independent solver sweep

    #if arch(x86_64) || arch(i386)
    typealias Wide = Float80  // the reference solve runs in extended precision where available
    #else
    typealias Wide = Double
    #endif

    /// Bernstein form, written independently of the implementation's polynomial coefficients.
    static func bezier<F: BinaryFloatingPoint>(_ p1: F, _ p2: F, _ t: F) -> F {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    /// y at x by plain bisection on t ∈ [0, 1] (x(t) is monotonic there when x1, x2 ∈ [0, 1]).
    static func bisectionValue(_ c: CubicTimingCurve, _ x: Double) -> Double {
        let x = Wide(x), x1 = Wide(c.x1), x2 = Wide(c.x2)
        var low: Wide = 0, high: Wide = 1
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if mid == low || mid == high { break }
            if bezier(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return Double(bezier(Wide(c.y1), Wide(c.y2), (low + high) / 2))
    }

    /// Deterministic curves: presets, peers' curves, edge shapes and a seeded random set.
    static var sweepCurves: [CubicTimingCurve] {
        var curves: [CubicTimingCurve] = [
            .linear, .easeIn, .easeOut, .easeInOut, .default,
            CubicTimingCurve(0.25, 0, 0.75, 1), CubicTimingCurve(0.5, -1, 0.5, 2),
            CubicTimingCurve(0.5, 1, 0.5, 1), CubicTimingCurve(0.5, 2, 0.5, 2),
            CubicTimingCurve(0, 0, 1, 1), CubicTimingCurve(1, 0, 0, 1),      // flat-ish middle / stationary inflection in x
            CubicTimingCurve(0, 1, 1, 0), CubicTimingCurve(0.9, 0.1, 0.1, 0.9),
            CubicTimingCurve(0, 0.5, 0.5, 1),                                   // vertical tangent at the start
            CubicTimingCurve(0.68, -0.55, 0.265, 1.55),                         // CSS easeInOutBack
            CubicTimingCurve(0.175, 0.885, 0.32, 1.275),                        // CSS easeOutBack
            CubicTimingCurve(0.05, 0.7, 0.1, 1),                                // iOS 17-style emphasized ease-out
        ]
        var state: UInt64 = 0x5EED_0001
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<40 {
            curves.append(CubicTimingCurve(next(), next() * 3 - 1, next(), next() * 3 - 1))
        }
        return curves
    }

    func testSolverMatchesIndependentBisection() {
        // Accuracy sweep: value(at:) against an independent bisection solve, 1e-6 (docs/uikit-semantics.md#cubic-timing-curves, solving method).
        // Note (1, 0, 0, 1): x′(t) = 3(2t − 1)² vanishes at t = ½ while y′ = 1.5, so y(x) has a vertical
        // tangent at x = ½; a Double reference bisection is itself off by ~4e-6 there (x(t) − ½ = 4(t − ½)³
        // under 1e-16 rounding), hence the extended-precision reference.
        var worst = 0.0
        var worstCase = ""
        var grid: [Double] = (0...2000).map { Double($0) / 2000 }
        let extremes: [Double] = [1e-6, 1e-5, 1e-4, 0.9999, 0.99999, 0.999999]
        grid += extremes
        for curve in Self.sweepCurves {
            for x in grid {
                let error = abs(curve.value(at: x) - Self.bisectionValue(curve, x))
                if error > worst {
                    worst = error
                    worstCase = "\(curve) at x = \(x)"
                }
            }
        }
        XCTAssertLessThan(worst, 1e-6, "worst: \(worstCase)")
    }

    func testSolveParameterInvertsX() {
        // x(solveParameter(x)) = x; the implementation's Newton stop is 1e-9 in x.
        for curve in Self.sweepCurves {
            for i in 0...500 {
                let x = Double(i) / 500
                let t = curve.solveParameter(forX: x)
                XCTAssert((0...1).contains(t), "\(curve) t = \(t) outside [0, 1] at x = \(x)")
                XCTAssertEqual(Self.bezier(curve.x1, curve.x2, t), x, accuracy: 2e-9, "\(curve) at x = \(x)")
            }
        }
    }

    // MARK: Clamping, slope, inversion

    func testInputsOutsideUnitIntervalAreClamped() {
        // docs/uikit-semantics.md#cubic-timing-curves: Core Animation clamps inputs outside [0, 1] [RE]
        for curve in Self.sweepCurves {
            for x in [-1e9, -1, -0.5, -1e-12] {
                XCTAssertEqual(curve.value(at: x), 0, accuracy: 1e-12, "\(curve) at \(x)")
            }
            for x in [1 + 1e-12, 1.5, 2, 1e9] {
                XCTAssertEqual(curve.value(at: x), 1, accuracy: 1e-12, "\(curve) at \(x)")
            }
            XCTAssertEqual(curve.value(at: 0), 0, accuracy: 1e-12)
            XCTAssertEqual(curve.value(at: 1), 1, accuracy: 1e-12)
        }
    }

    func testSlopeMatchesFiniteDifference() {
        // dy/dx = y'(t)/x'(t) against a central difference of value(at:).
        let h = 1e-6
        for curve in [CubicTimingCurve.easeIn, .easeOut, .easeInOut, .default, CubicTimingCurve(0.5, -1, 0.5, 2)] {
            for x in stride(from: 0.05, through: 0.95, by: 0.05) {
                let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
                XCTAssertEqual(curve.slope(at: x), numeric, accuracy: 1e-4, "\(curve) at \(x)")
            }
        }
        // [CALC] easeInOut at x = 0.5 (t = 0.5): B'(t) = 3(1−t)²p1 + 6(1−t)t(p2−p1) + 3t²(1−p2)
        // gives y' = 0 + 1.5 + 0 = 1.5 and x' = 0.315 + 0.24 + 0.315 = 0.87.
        XCTAssertEqual(CubicTimingCurve.easeInOut.slope(at: 0.5), 1.5 / 0.87, accuracy: 1e-9)
        XCTAssertEqual(CubicTimingCurve.linear.slope(at: 0.3), 1, accuracy: 1e-12)
    }

    func testInputForValueInvertsMonotonicCurves() {
        // input(forValue:) ∘ value(at:) = id and value(at:) ∘ input(forValue:) = id (monotonic curves).
        // value(at:) solves x(t) = x to 1e-9 (the implementation's Newton stop), so y is only known to
        // 1e-9 × dy/dx: the tolerance follows the slope, which matters only where the curve is vertical
        // ((0, 0.5, 0.5, 1) at x = 0, (1, 0, 0, 1) at x = ½).
        for curve in [CubicTimingCurve.linear, .easeIn, .easeOut, .easeInOut, .default, CubicTimingCurve(0.25, 0, 0.75, 1),
                      CubicTimingCurve(0, 0.5, 0.5, 1), CubicTimingCurve(1, 0, 0, 1)] {
            for i in 0...200 {
                let y = Double(i) / 200
                let x = curve.input(forValue: y)
                let tolerance = 1e-9 * max(1, 2 * abs(curve.slope(at: x)))
                XCTAssertEqual(curve.value(at: x), y, accuracy: tolerance, "\(curve) y = \(y)")
            }
            for i in 1..<200 {
                let x = Double(i) / 200
                // x is only determined as well as the curve is steep: Δx ≈ Δy / slope.
                let tolerance = max(1e-8, 1e-9 / max(curve.slope(at: x), 1e-3))
                XCTAssertEqual(curve.input(forValue: curve.value(at: x)), x, accuracy: tolerance, "\(curve) x = \(x)")
            }
            XCTAssertEqual(curve.input(forValue: -0.5), 0)  // below the range: the start
            XCTAssertEqual(curve.input(forValue: 1.5), 1)   // above the range: the end
        }
        // the common presets invert to 1e-9 everywhere
        for curve in [CubicTimingCurve.linear, .easeIn, .easeOut, .easeInOut, .default] {
            for i in 0...200 {
                let y = Double(i) / 200
                XCTAssertEqual(curve.value(at: curve.input(forValue: y)), y, accuracy: 1e-9, "\(curve) y = \(y)")
            }
        }
        // [CALC] easeInOut⁻¹(0.7) = 0.620295561 (30-digit bisection)
        XCTAssertEqual(CubicTimingCurve.easeInOut.input(forValue: 0.7), 0.6202955612, accuracy: 1e-9)
        // [CALC] easeOut⁻¹(0.7) = 0.514427844
        XCTAssertEqual(CubicTimingCurve.easeOut.input(forValue: 0.7), 0.5144278443, accuracy: 1e-9)
    }

    func testInputForValueOnOvershootingCurve() {
        // Doc comment: "the smallest x in [0, 1] at which the curve reaches y". (0.5, −1, 0.5, 2) dips
        // to ≈ −0.2065 near x 0.2 and peaks at ≈ 1.2065 near x 0.8 (docs/uikit-semantics.md#cubic-timing-curves chromium rows).
        let curve = CubicTimingCurve(0.5, -1, 0.5, 2)
        for y in stride(from: -0.2, through: 1.2, by: 0.01) {
            let x = curve.input(forValue: y)
            // value(at:) is exact to 1e-9 in x, so to 1e-9 × slope (≤ 4 on this curve) in y
            XCTAssertEqual(curve.value(at: x), y, accuracy: 1e-9 * max(1, 2 * abs(curve.slope(at: x))), "y = \(y)")
            // smallest: nothing before x reaches y (checked on a grid)
            let earlier = stride(from: 0.0, to: x - 1e-6, by: 0.001).map { curve.value(at: $0) }
            let reached = earlier.contains { y < 0 ? $0 <= y : $0 >= y }
            XCTAssertFalse(reached && y != 0, "y = \(y): x = \(x) is not the first crossing")
        }
        // beyond the curve's range: the closest point (the dip near x 0.2, the peak near x 0.8)
        XCTAssertEqual(curve.value(at: curve.input(forValue: -1)), -0.2067, accuracy: 1e-3)
        XCTAssertEqual(curve.value(at: curve.input(forValue: 2)), 1.2067, accuracy: 1e-3)
        // [PEER] chromium row 0.6→0.87340 read backwards, 1.5e-4 tolerance → Δx ≤ 1.5e-4 / slope(≈3.2)
        XCTAssertEqual(curve.input(forValue: 0.87340), 0.6, accuracy: 1e-4)
    }
}
