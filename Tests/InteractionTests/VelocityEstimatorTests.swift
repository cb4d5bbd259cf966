import Geometry
import XCTest
@testable import Interaction

/// `UIPanGestureRecognizer.velocity(in:)` as docs/uikit-semantics.md#gestures describes it [RE]: each move with dt ≥ 1 ms
/// gives a sample Δposition/dt; velocity = 0.2 × latest sample + 0.8 × previous sample.
final class VelocityEstimatorTests: XCTestCase {
    private func p(_ t: Double, _ x: Double, _ y: Double = 0) -> TouchPoint {
        TouchPoint(time: t, location: Point(x: x, y: y))
    }

    func testBlendOfLatestTwoSamples() {
        var estimator = VelocityEstimator()
        estimator.add(p(0.000, 0, 0))
        estimator.add(p(0.010, 5, 0))    // sample 1: (5 − 0)/0.01 = 500, (0 − 0)/0.01 = 0
        estimator.add(p(0.020, 15, 2))   // sample 2: 10/0.01 = 1000,  2/0.01 = 200
        // by hand: 0.2·1000 + 0.8·500 = 600;  0.2·200 + 0.8·0 = 40
        XCTAssertEqual(estimator.velocity.x, 600, accuracy: 1e-9)   // docs/uikit-semantics.md#gestures [RE] / hand calculation
        XCTAssertEqual(estimator.velocity.y, 40, accuracy: 1e-9)
        estimator.add(p(0.030, 30, 2))   // sample 3: 15/0.01 = 1500, 0
        // by hand: 0.2·1500 + 0.8·1000 = 1100;  0.2·0 + 0.8·200 = 160
        XCTAssertEqual(estimator.velocity.x, 1100, accuracy: 1e-9)  // docs/uikit-semantics.md#gestures [RE] / hand calculation
        XCTAssertEqual(estimator.velocity.y, 160, accuracy: 1e-9)
        // uneven spacing: sample 4 over 25 ms: (20 − 30)/0.025 = −400, (−3 − 2)/0.025 = −200
        estimator.add(p(0.055, 20, -3))
        // by hand: 0.2·(−400) + 0.8·1500 = 1120;  0.2·(−200) + 0.8·0 = −40
        XCTAssertEqual(estimator.velocity.x, 1120, accuracy: 1e-9)
        XCTAssertEqual(estimator.velocity.y, -40, accuracy: 1e-9)
    }

    func testSamplesCloserThanOneMillisecondAreIgnored() {
        var estimator = VelocityEstimator()
        estimator.add(p(0.000, 0))
        estimator.add(p(0.010, 5))    // 500
        estimator.add(p(0.020, 15))   // 1000 → 0.2·1000 + 0.8·500 = 600
        estimator.add(p(0.0205, 90))  // 0.5 ms later: no sample (docs/uikit-semantics.md#gestures [RE])
        XCTAssertEqual(estimator.velocity.x, 600, accuracy: 1e-9)
        estimator.add(p(0.0209, -40)) // 0.9 ms after the last accepted report: still no sample
        XCTAssertEqual(estimator.velocity.x, 600, accuracy: 1e-9)
        // the next sample is measured from the last accepted report (0.020, 15):
        // (25 − 15)/0.01 = 1000 → 0.2·1000 + 0.8·1000 = 1000
        estimator.add(p(0.030, 25))
        XCTAssertEqual(estimator.velocity.x, 1000, accuracy: 1e-9)
    }

    func testExactlyOneMillisecondCounts() {
        // dt ≥ 1 ms gives a sample (docs/uikit-semantics.md#gestures [RE]); 0.5 → 0.501 s is 1 ms (1.0000000000000009e-3 in doubles)
        var estimator = VelocityEstimator()
        estimator.add(p(0.5, 0))
        estimator.add(p(0.501, 2))   // 2 pt / 1 ms = 2000 pt/s, alone
        XCTAssertEqual(estimator.velocity.x, 2000, accuracy: 1e-6)
    }

    func testSingleSampleStandsAlone() {
        var estimator = VelocityEstimator()
        XCTAssertEqual(estimator.velocity, .zero)   // nothing yet
        estimator.add(p(1.0, 50, 50))
        XCTAssertEqual(estimator.velocity, .zero)   // touch-down alone gives no sample
        estimator.add(p(1.016, 58, 46))             // (8, −4) / 0.016 = (500, −250), no blending
        XCTAssertEqual(estimator.velocity.x, 500, accuracy: 1e-9)
        XCTAssertEqual(estimator.velocity.y, -250, accuracy: 1e-9)
    }

    func testWeightIsTwoTenths() {
        XCTAssertEqual(VelocityEstimator().latestWeight, 0.2)      // docs/uikit-semantics.md#gestures [RE]
        XCTAssertEqual(VelocityEstimator.minimumInterval, 0.001)   // docs/uikit-semantics.md#gestures [RE]
    }
}
