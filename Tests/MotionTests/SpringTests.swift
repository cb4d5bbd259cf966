import Foundation
import XCTest
@testable import Motion

/// Reference tables for `Spring` (docs/uikit-semantics.md#springs).
final class SpringTests: XCTestCase {

    // MARK: framer-motion rows

    func testFramerMotionRows() {
        // [PEER] framer-motion spring.test.ts, m 1, k 100, c 10, v 0, t = i·1.1/36 s (docs/uikit-semantics.md#springs).
        // framer-motion prints 10 decimals; the closed forms agree to rounding, so 1e-9.
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        let rows: [(i: Double, x: Double)] = [
            (1, 0.0419485078),   // [PEER] framer-motion spring.test.ts
            (4, 0.4608209643),   // [PEER] framer-motion spring.test.ts
            (8, 1.0076716369),   // [PEER] framer-motion spring.test.ts
            (12, 1.1629107356),  // [PEER] framer-motion spring.test.ts (peak)
            (20, 0.9969350165),  // [PEER] framer-motion spring.test.ts
            (32, 1.0007833979),  // [PEER] framer-motion spring.test.ts
        ]
        for row in rows {
            XCTAssertEqual(spring.value(at: row.i * 1.1 / 36), row.x, accuracy: 1e-9, "i = \(row.i)")
        }
        XCTAssertEqual(spring.value(at: 0), 0)
    }

    func testFramerMotionSampledRows() {
        // [PEER] framer-motion spring.test.ts: from 100 to 1000, sampled every 0.2 s, rounded (docs/uikit-semantics.md#springs)
        func sampled(_ spring: Spring, count: Int) -> [Int] {
            (0..<count).map { Int((100 + 900 * spring.value(at: 0.2 * Double($0))).rounded()) }
        }
        XCTAssertEqual(sampled(Spring(stiffness: 300, damping: 10), count: 9),
                       [100, 1343, 873, 1046, 984, 1005, 998, 1001, 1000])  // [PEER] framer-motion k 300 c 10
        XCTAssertEqual(sampled(Spring(stiffness: 100, damping: 20), count: 6),
                       [100, 635, 918, 984, 997, 1000])                     // [PEER] framer-motion k 100 c 20 (ζ = 1)
    }

    // MARK: Settling duration

    func testSettlingDurationDocumentedRows() {
        // [DOC] CASpringAnimation.settlingDuration: position.x 0 → 640, m 1, k 100: "with a damping
        // coefficient of 5, the settling duration is approximately 2.85 seconds … changing the damping
        // to 15 reduces the settling duration to just over 1 second" (docs/uikit-semantics.md#springs: ≈ 2.85 s, ≈ 1.02 s).
        //
        // Tolerance: ±0.01. The documented numbers are the time at which the decay bound
        // (1 + |B|)·e^(−ζω0·t) of |1 − x| reaches 0.001 ([CALC] 2.85497, 1.02209), rounded to the
        // hundredth. The instant of the last crossing of |1 − x| = 0.001 is 2.688 s and 0.800 s, which
        // would need ±0.22 to pass — a tolerance that could not tell these springs from others.
        XCTAssertEqual(Spring(stiffness: 100, damping: 5).settlingDuration(), 2.85, accuracy: 0.01)   // [DOC]
        XCTAssertEqual(Spring(stiffness: 100, damping: 15).settlingDuration(), 1.02, accuracy: 0.01)  // [DOC] "just over 1 s"
        XCTAssertGreaterThan(Spring(stiffness: 100, damping: 15).settlingDuration(), 1.0)             // [DOC] "just over"
        // [CALC] the same bound to 1e-4
        XCTAssertEqual(Spring(stiffness: 100, damping: 5).settlingDuration(), 2.854975, accuracy: 1e-4)
        XCTAssertEqual(Spring(stiffness: 100, damping: 15).settlingDuration(), 1.022094, accuracy: 1e-4)
        // [CALC] critically damped form: (1 + ω0·t)·e^(−ω0·t) = 0.001 at ω0·t = 9.233414;
        // UISpringTimingParameters() (ω0 = √(1000/3) = 18.2574) → 0.505735 s.
        XCTAssertEqual(Spring.uiKitDefault.settlingDuration(), 0.505735, accuracy: 1e-4)
        XCTAssertEqual(Spring(stiffness: 100, damping: 20).settlingDuration(), 0.9233414, accuracy: 1e-4)
        // [CALC] so a critically damped dampingRatio spring settles exactly in its animator's duration
        for T in [0.2, 0.35, 0.5, 1.0] {
            XCTAssertEqual(Spring(dampingRatio: 1, duration: T).settlingDuration(), T, accuracy: 1e-6)
        }
        // [CALC] the `slide-up-modal` tutorial's frame spring (m 2.5, k 2000, c 95; ζ 0.6718, ω0 28.284): ln((1 + |B|)/0.001)/(ζω0)
        XCTAssertEqual(Spring(mass: 2.5, stiffness: 2000, damping: 95).settlingDuration(), 0.397536, accuracy: 1e-4)
        // [CALC] with velocity, B = (ζω0 − v)/ωd: m 1, k 100, c 10, v 3 → ln((1 + 2/√75)/0.001)/5
        XCTAssertEqual(Spring(stiffness: 100, damping: 10, initialVelocity: 3).settlingDuration(),
                       log((1 + 2 / 75.0.squareRoot()) / 0.001) / 5, accuracy: 1e-9)
        // [CALC] over-damping allowed, m 1, k 100, c 40: |a|e^(r1 t) + |b|e^(r2 t) = 0.001, r = −20 ± √300
        XCTAssertEqual(Spring(stiffness: 100, damping: 40, allowsOverdamping: true).settlingDuration(), 2.605815, accuracy: 1e-4)
    }

    func testSettledStaysWithinEpsilon() {
        // docs/uikit-semantics.md#springs: after the settling duration |1 − x| stays below ε = 0.001.
        let springs = [
            Spring(stiffness: 100, damping: 5), Spring(stiffness: 100, damping: 10), Spring(stiffness: 100, damping: 15),
            Spring(stiffness: 300, damping: 10), Spring(stiffness: 100, damping: 20), Spring.uiKitDefault,
            Spring(stiffness: 100, damping: 40, allowsOverdamping: true),
            Spring(stiffness: 200, damping: 10, initialVelocity: 3), Spring(stiffness: 200, damping: 30, initialVelocity: -2),
            Spring(dampingRatio: 0.5, duration: 0.5), Spring(duration: 0.5, bounce: 0.3),
        ]
        for spring in springs {
            let settle = spring.settlingDuration()
            XCTAssert(settle.isFinite && settle > 0, "\(spring)")
            for i in 0...4000 {
                let t = settle + Double(i) * 0.001
                // ≤ ε (+ rounding): in the critical form the bound is |1 − x| itself, so at the settling
                // time |1 − x| = ε exactly
                XCTAssertLessThanOrEqual(abs(1 - spring.value(at: t)), 0.001 * (1 + 1e-9), "\(spring) at t = \(t)")
            }
        }
    }

    // MARK: UISpringTimingParameters(dampingRatio:) with an animator duration

    func testDampingRatioDurationMapping() {
        // docs/uikit-semantics.md#springs [CALC] rows (given to 2 decimals; ±0.006)
        let rows: [(T: Double, zeta: Double, k: Double, c: Double)] = [
            (0.35, 1.0, 695.97, 52.76),  // docs/uikit-semantics.md#springs [CALC]
            (0.5, 0.5, 646.88, 25.43),   // docs/uikit-semantics.md#springs [CALC]
            (0.3, 0.8, 898.86, 47.97),   // docs/uikit-semantics.md#springs [CALC]
            (1.0, 0.7, 96.82, 13.78),    // docs/uikit-semantics.md#springs [CALC]
        ]
        for row in rows {
            let spring = Spring(dampingRatio: row.zeta, duration: row.T)
            XCTAssertEqual(spring.mass, 1)
            XCTAssertEqual(spring.stiffness, row.k, accuracy: 0.006, "T \(row.T) ζ \(row.zeta)")
            XCTAssertEqual(spring.damping, row.c, accuracy: 0.006, "T \(row.T) ζ \(row.zeta)")
            XCTAssertEqual(spring.dampingRatio, row.zeta, accuracy: 1e-12)
            XCTAssertEqual(spring.initialVelocity, 0)
        }
        // Higher precision [CALC] (30-digit solve): T 0.5 ζ 0.5 → k 646.878006, T 0.35 ζ 1 → k 695.966730
        XCTAssertEqual(Spring(dampingRatio: 0.5, duration: 0.5).stiffness, 646.878006, accuracy: 1e-5)
        XCTAssertEqual(Spring(dampingRatio: 1, duration: 0.35).stiffness, 695.966730, accuracy: 1e-5)
    }

    func testCriticalDampingRatioOmegaTimesDuration() {
        // docs/uikit-semantics.md#springs [CALC]: for ζ = 1, v = 0: ω·T = 9.233414 for every T ((1 + u)e^(−u) = 0.001).
        for T in [0.1, 0.2, 0.25, 0.35, 0.5, 0.75, 1.0, 2.0, 5.0] {
            let spring = Spring(dampingRatio: 1, duration: T)
            XCTAssertEqual(spring.naturalFrequency * T, 9.233414, accuracy: 1e-6, "T = \(T)")
            XCTAssertEqual(spring.damping, 2 * spring.naturalFrequency, accuracy: 1e-9)
        }
    }

    func testDampingRatioEnvelopeReachesThousandthAtDuration() {
        // docs/uikit-semantics.md#springs [RE] mapping: |B|·e^(−ζωT) = 0.001 (ζ < 1), (1 + (ω − v)T)·e^(−ωT) = 0.001 (ζ = 1).
        for (zeta, T, v) in [(0.3, 0.4, 0.0), (0.5, 0.5, 0.0), (0.9, 0.25, 0.0), (0.6, 0.5, 1.5), (1.0, 0.4, 2.0)] {
            let s = Spring(dampingRatio: zeta, duration: T, initialVelocity: v)
            let w = s.naturalFrequency
            let envelope: Double
            if zeta < 1 {
                let wd = w * (1 - zeta * zeta).squareRoot()
                envelope = abs((zeta * w - v) / wd) * exp(-zeta * w * T)
            } else {
                envelope = (1 + (w - v) * T) * exp(-w * T)
            }
            XCTAssertEqual(envelope, 0.001, accuracy: 1e-9, "ζ \(zeta) T \(T) v \(v)")
            XCTAssertEqual(s.initialVelocity, v)
        }
    }

    func testDampingRatioClampedToOne() {
        // docs/uikit-semantics.md#springs [RE]: ζ clamped to ≤ 1.
        let clamped = Spring(dampingRatio: 2.5, duration: 0.35)
        let critical = Spring(dampingRatio: 1, duration: 0.35)
        XCTAssertEqual(clamped.stiffness, critical.stiffness, accuracy: 1e-9)
        XCTAssertEqual(clamped.damping, critical.damping, accuracy: 1e-9)
    }

    // MARK: SwiftUI duration / bounce

    func testSwiftUIDurationBounce() {
        // [DOC] SwiftUI Spring(duration: 0.5, bounce: 0.3) ⇔ stiffness 157.9, damping 17.6 (docs/uikit-semantics.md#springs)
        let spring = Spring(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 157.9, accuracy: 0.05)  // [DOC]
        XCTAssertEqual(spring.damping, 17.6, accuracy: 0.05)     // [DOC]
        // [CALC] k = (2π/T)² = 157.913670, c = (1 − 0.3)·4π/0.5 = 17.592919
        XCTAssertEqual(spring.stiffness, 157.913670, accuracy: 1e-6)
        XCTAssertEqual(spring.damping, 17.592919, accuracy: 1e-6)
        // bounce 0 is critically damped: ζ = (4π/T) / (2·2π/T) = 1
        XCTAssertEqual(Spring(duration: 0.7, bounce: 0).dampingRatio, 1, accuracy: 1e-12)
    }

    // MARK: ζ ≥ 1

    func testCriticalFormUsedForOverdampedUnlessAllowed() {
        // docs/uikit-semantics.md#springs [RE]/[PEER WebKit SpringSolver.h]: ζ ≥ 1 → x = 1 − (1 + (ω0 − v)t)e^(−ω0 t).
        // m 1, k 100, c 40 (ζ = 2, ω0 = 10). [CALC] rows:
        let rows: [(t: Double, critical: Double, overdamped: Double)] = [
            (0.1, 0.2642411177, 0.1777365761),  // [CALC] 1 − 2e^(−1); overdamped r = −20 ± √300
            (0.3, 0.8008517265, 0.5177753560),  // [CALC]
            (0.5, 0.9595723180, 0.7178288260),  // [CALC]
        ]
        let ca = Spring(stiffness: 100, damping: 40)
        let over = Spring(stiffness: 100, damping: 40, allowsOverdamping: true)
        XCTAssertEqual(ca.dampingRatio, 2, accuracy: 1e-12)
        for row in rows {
            XCTAssertEqual(ca.value(at: row.t), row.critical, accuracy: 1e-9, "t = \(row.t)")
            XCTAssertEqual(over.value(at: row.t), row.overdamped, accuracy: 1e-9, "t = \(row.t)")
        }
        // ζ exactly 1: both agree
        let c1 = Spring(stiffness: 100, damping: 20), c2 = Spring(stiffness: 100, damping: 20, allowsOverdamping: true)
        for t in stride(from: 0.0, through: 2, by: 0.05) {
            XCTAssertEqual(c1.value(at: t), c2.value(at: t), accuracy: 1e-12)
        }
    }

    func testUIKitDefaultSpring() {
        // [DOC] UISpringTimingParameters() = mass 3, stiffness 1000, damping 500, ζ ≈ 4.56 (docs/uikit-semantics.md#springs)
        let spring = Spring.uiKitDefault
        XCTAssertEqual(spring.mass, 3)
        XCTAssertEqual(spring.stiffness, 1000)
        XCTAssertEqual(spring.damping, 500)
        XCTAssertEqual(spring.dampingRatio, 4.56, accuracy: 0.005)          // [DOC]
        XCTAssertEqual(spring.dampingRatio, 4.564354646, accuracy: 1e-9)    // [CALC] 500 / (2√3000)
        // evaluated in the critically damped form with ω0 = √(1000/3) [CALC]
        XCTAssertEqual(spring.value(at: 0.05), 0.2322304925, accuracy: 1e-9)
        XCTAssertEqual(spring.value(at: 0.1), 0.5447783899, accuracy: 1e-9)
        XCTAssertEqual(spring.value(at: 0.2), 0.8792819321, accuracy: 1e-9)
    }

    // MARK: Initial velocity

    func testInitialVelocityIsSlopeAtZero() {
        // [DOC] UISpringTimingParameters.initialVelocity: units of the whole distance per second,
        // so v = 0.5 means x′(0) = 0.5 (a finger at 100 pt/s with 200 pt to go).
        let h = 1e-6
        for base in [Spring(stiffness: 100, damping: 10), Spring(stiffness: 100, damping: 20),
                     Spring(stiffness: 100, damping: 40), Spring(stiffness: 100, damping: 40, allowsOverdamping: true),
                     Spring(dampingRatio: 0.8, duration: 0.4), Spring.uiKitDefault] {
            for v in [0.5, 0, -1, 3] {
                let spring = base.withInitialVelocity(v)
                // second-order one-sided difference at t = 0 (value(at:) is 0 for t ≤ 0)
                let slope = (-3 * spring.value(at: 0) + 4 * spring.value(at: h) - spring.value(at: 2 * h)) / (2 * h)
                XCTAssertEqual(slope, v, accuracy: 1e-4, "\(base) v = \(v)")
                XCTAssertEqual(spring.velocity(at: 0), v, accuracy: 1e-2, "\(base) v = \(v)")
            }
        }
        // [CALC] m 1, k 100, c 10, v 0.5: B = (5 − 0.5)/√75, x(0.1) = 1 − e^(−0.5)(cos √0.75 + B sin √0.75)
        let wd = 75.0.squareRoot()
        let expected = 1 - exp(-0.5) * (cos(wd * 0.1) + 4.5 / wd * sin(wd * 0.1))
        XCTAssertEqual(Spring(stiffness: 100, damping: 10, initialVelocity: 0.5).value(at: 0.1), expected, accuracy: 1e-12)
    }

    func testParametersAndVelocity() {
        let spring = Spring(mass: 2, stiffness: 200, damping: 8)
        XCTAssertEqual(spring.naturalFrequency, 10, accuracy: 1e-12)     // √(k/m)
        XCTAssertEqual(spring.dampingRatio, 0.2, accuracy: 1e-12)        // c / (2√(km))
        // velocity(at:) agrees with a central difference mid-flight
        for t in [0.1, 0.37, 1.2] {
            let numeric = (spring.value(at: t + 1e-5) - spring.value(at: t - 1e-5)) / 2e-5
            XCTAssertEqual(spring.velocity(at: t), numeric, accuracy: 1e-4)
        }
    }

    func testAnimatorTimingDuration() {
        // docs/uikit-semantics.md#springs [DOC]: with mass/stiffness/damping the animator's duration is ignored and the
        // animation lasts the settling duration.
        let spring = Spring(stiffness: 100, damping: 15)
        XCTAssertEqual(AnimatorTiming.spring(spring).duration, spring.settlingDuration())
        XCTAssertEqual(AnimatorTiming.cubic(.easeInOut, duration: 0.35).duration, 0.35)
    }
}
