import Foundation
import XCTest
@testable import Motion

/// UIScrollView's physics against the formulas of docs/uikit-semantics.md#scrolling. Every
/// reference value is [CALC]: worked out from the formula with a calculator, not by Segue.
final class ScrollPhysicsTests: XCTestCase {

    // MARK: Pixel rounding

    /// `_roundedProposedContentOffset:` worked by hand: f = floor(offset), then
    /// f + round((offset − f) · scale) / scale, halves away from zero; at scale 1, round(offset).
    func testShownOffsetRoundsToDevicePixelsAsUIKitDoes() {
        let cases: [(offset: Double, scale: Double, shown: Double, why: String)] = [
            (389.1594, 3, 389, "0.1594 · 3 = 0.4782 rounds to 0"),
            (389.2, 3, 389 + 1.0 / 3, "0.2 · 3 = 0.6 rounds to 1"),
            (389.9, 3, 390, "0.9 · 3 = 2.7 rounds to 3: the next whole point"),
            (10.5, 3, 10 + 2.0 / 3, "0.5 · 3 = 1.5, a tie, rounds away from zero to 2"),
            (0.25, 2, 0.5, "0.25 · 2 = 0.5, a tie, rounds up to 1"),
            (1.75, 2, 2, "0.75 · 2 = 1.5 rounds to 2"),
            (100, 3, 100, "a whole point stays"),
            (0.5, 1, 1, "scale 1: round(0.5) = 1, away from zero"),
            (2.5, 1, 3, "scale 1: round(2.5) = 3, not 2 (not to even)"),
            (-0.5, 1, -1, "scale 1 rounds the offset itself: round(−0.5) = −1"),
            (-0.1667, 3, -1.0 / 3, "floor −1, frac 0.8333 · 3 = 2.4999 rounds to 2: −1 + 2/3"),
            (-0.25, 2, 0, "floor −1, frac 0.75 · 2 = 1.5, a tie, rounds to 2: −1 + 1; a negative tie goes up"),
            (-52.1, 3, -52, "floor −53, frac 0.9 · 3 = 2.7 rounds to 3: −53 + 1"),
            (-52.2, 3, -52 - 1.0 / 3, "floor −53, frac 0.8 · 3 = 2.4 rounds to 2: −53 + 2/3"),
            (7.3, 2, 7.5, "0.3 · 2 = 0.6 rounds to 1"),
        ]
        for c in cases {
            XCTAssertEqual(ScrollPhysics.shownOffset(c.offset, scale: c.scale), c.shown, accuracy: 1e-12, "\(c.offset) at @\(c.scale): \(c.why)")
        }
    }

    /// Whatever the offset, the shown one is a whole number of device pixels and within half a
    /// pixel of it.
    func testShownOffsetsLieOnPixelsWithinHalfAPixel() {
        for scale in [1.0, 2, 3] {
            for step in -3000...3000 {
                let offset = Double(step) * 0.0137 + 0.001
                let shown = ScrollPhysics.shownOffset(offset, scale: scale)
                XCTAssertEqual(shown * scale, (shown * scale).rounded(), accuracy: 1e-9, "\(offset) at @\(scale)")
                XCTAssertLessThanOrEqual(abs(shown - offset), 0.5 / scale + 1e-12, "\(offset) at @\(scale)")
            }
        }
    }

    // MARK: Deceleration

    func testTravelIsVelocityOverThousandLnR() {
        // [DOC WWDC18 "Designing Fluid Interfaces"] travel = −v / (1000 ln r); values [CALC].
        let rows: [(v: Double, rate: DecelerationRate, travel: Double)] = [
            (1000, .normal, 499.499833),   // the WWDC figure: ≈ 499.5 pt for 1000 pt/s
            (500, .normal, 249.749917),
            (2000, .normal, 998.999666),
            (-3000, .normal, -1498.499499),
            (1000, .fast, 99.499162),
            (500, .fast, 49.749581),
            (2000, .fast, 198.998325),
            (-3000, .fast, -298.497487),
        ]
        for row in rows {
            XCTAssertEqual(ScrollMotion.travel(velocity: row.v, rate: row.rate), row.travel, accuracy: 1e-5,
                           "v \(row.v), r \(row.rate.rawValue)")
            let motion = ScrollMotion(start: 0, velocity: row.v, range: -1e6...1e6, rate: row.rate)
            XCTAssertEqual(motion.restingOffset, row.travel, accuracy: 1e-5)
        }
    }

    func testVelocityDecaysByRPerMillisecond() {
        // v · r^(1000 t) at t = 0.1 s [CALC].
        XCTAssertEqual(ScrollMotion.deceleratingVelocity(1000, after: 0.1), 818.566805, accuracy: 1e-5)
        XCTAssertEqual(ScrollMotion.deceleratingVelocity(2000, after: 0.1, rate: .fast), 732.064683, accuracy: 1e-5)
        XCTAssertEqual(ScrollMotion.deceleratingVelocity(-3000, after: 0.1), -2455.700414, accuracy: 1e-5)
    }

    func testRestsWhenLessThanHalfAPixelIsLeft() {
        // At @3 the content stops once less than 1/6 pt is left: |v| r^t / (−ln r) = 1/6 [CALC].
        let rows: [(v: Double, rate: DecelerationRate, time: Double)] = [
            (1000, .normal, 3.998679), (500, .normal, 3.652452), (2000, .normal, 4.344906), (-3000, .normal, 4.547436),
            (1000, .fast, 0.635990), (500, .fast, 0.567022), (2000, .fast, 0.704957), (-3000, .fast, 0.745301),
        ]
        for row in rows {
            let motion = ScrollMotion(start: 0, velocity: row.v, range: -1e6...1e6, rate: row.rate, scale: 3)
            XCTAssertEqual(motion.duration, row.time, accuracy: 1e-5, "v \(row.v), r \(row.rate.rawValue)")
            // What is left at rest is under half a pixel; the offset then holds still.
            XCTAssertLessThan(abs(motion.offset(at: motion.duration - 1e-9) - motion.restingOffset), 1.0 / 6 + 1e-6)
            XCTAssertEqual(motion.offset(at: motion.duration + 5), motion.restingOffset)
        }
    }

    func testDecelerationOffsetFollowsTheClosedForm() {
        // offset(t) = v (1 − r^(1000 t)) / (−1000 ln r): 1000 pt/s after 0.1 s [CALC].
        let motion = ScrollMotion(start: 40, velocity: 1000, range: 0...10_000)
        XCTAssertEqual(motion.offset(at: 0.1), 40 + 90.625851, accuracy: 1e-4)
        XCTAssertEqual(motion.offset(at: 0), 40)
        // Never moves backwards: offsets along a flick only grow.
        var last = -Double.infinity
        for i in 0...600 {
            let o = motion.offset(at: Double(i) / 120)
            XCTAssertGreaterThanOrEqual(o, last)
            last = o
        }
    }

    // MARK: Rubber band

    func testRubberBand() {
        // (1 − 1 / (x · 0.55 / d + 1)) · d [RE community measurement]; values [CALC].
        let rows: [(x: Double, d: Double, offset: Double)] = [
            (100, 852, 51.664829), (50, 852, 26.640136), (300, 852, 138.230088), (1000, 852, 334.236805), (100, 393, 48.247768),
        ]
        for row in rows {
            XCTAssertEqual(ScrollPhysics.rubberBand(row.x, dimension: row.d), row.offset, accuracy: 1e-5)
            XCTAssertEqual(ScrollPhysics.rubberBand(-row.x, dimension: row.d), -row.offset, accuracy: 1e-5)
        }
        // Never past d, however far the finger goes; inside the range the finger is followed 1:1.
        XCTAssertLessThan(ScrollPhysics.rubberBand(1e9, dimension: 852), 852)
        XCTAssertEqual(ScrollPhysics.dragged(120, range: 0...500, dimension: 852), 120)
        XCTAssertEqual(ScrollPhysics.dragged(-100, range: 0...500, dimension: 852), -51.664829, accuracy: 1e-5)
        XCTAssertEqual(ScrollPhysics.dragged(600, range: 0...500, dimension: 852), 551.664829, accuracy: 1e-5)
        XCTAssertEqual(ScrollPhysics.dragged(-100, range: 0...500, dimension: 852, bounces: false), 0)
    }

    // MARK: Bounce

    func testReleasedPastTheEdgeDecaysBack() {
        // Released 100 pt past the top at rest: o(t) = 100 e^(−0.01005 · 1000 t) [RE]; values [CALC].
        let motion = ScrollMotion(start: -100, velocity: 0, range: 0...500)
        XCTAssertEqual(motion.offset(at: 0.1), -36.604463, accuracy: 1e-5)
        XCTAssertEqual(motion.duration, 0.527196, accuracy: 1e-5)   // ln(100 / 0.5) / 0.01005 ms
        XCTAssertEqual(motion.restingOffset, 0)
        XCTAssertEqual(motion.offset(at: 1), 0)
    }

    func testFlickIntoTheEndOvershootsAndReturns() {
        // 3000 pt/s from 0 in 0…400: hits 400 at t where r^t = 1 − 400 (−ln r) / 3, then
        // overshoots with the velocity it has then and decays back [CALC].
        let motion = ScrollMotion(start: 0, velocity: 3000, range: 0...400)
        XCTAssertEqual(motion.offset(at: 0.1), 271.877552, accuracy: 1e-5)   // still decelerating freely
        XCTAssertEqual(motion.offset(at: 0.2), 460.137279, accuracy: 1e-5)   // past the end
        XCTAssertEqual(motion.offset(at: 0.3), 464.480847, accuracy: 1e-5)
        XCTAssertEqual(motion.offset(at: 0.5), 417.110270, accuracy: 1e-5)
        XCTAssertEqual(motion.duration, 0.920761, accuracy: 1e-5)
        XCTAssertEqual(motion.restingOffset, 400)
    }

    func testMovingBackInStopsAtTheEdge() {
        // Released 50 pt past the top moving down into the content at 2000 pt/s: the overshoot
        // reaches 0 where r^t = 1 − 50 (−ln r) / 2, t = 25.65 ms [CALC], and stays there.
        let motion = ScrollMotion(start: -50, velocity: 2000, range: 0...500)
        XCTAssertEqual(motion.duration, 0.025647, accuracy: 1e-5)
        XCTAssertEqual(motion.offset(at: 0.2), 0)
        for i in 0...60 { XCTAssertLessThanOrEqual(motion.offset(at: Double(i) / 1000), 0) }
    }

    // MARK: Paging

    func testPagingSnapsToTheNextPageInTheFlicksDirection() {
        let range = 0.0...(393.0 * 3)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 100, velocity: 300, pageSize: 393, range: range), 393)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 500, velocity: -300, pageSize: 393, range: range), 393)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 250, velocity: 0, pageSize: 393, range: range), 393)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 150, velocity: 0, pageSize: 393, range: range), 0)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 1170, velocity: 5000, pageSize: 393, range: range), 1179)
        let motion = ScrollMotion(start: 100, velocity: 300, range: range, pageTarget: 393)
        XCTAssertEqual(motion.restingOffset, 393)
        XCTAssertEqual(motion.offset(at: motion.duration + 0.01), 393)
        XCTAssertLessThan(abs(motion.offset(at: motion.duration - 1e-6) - 393), 0.5 + 1e-9)
    }
}
