import Foundation
import XCTest
@testable import Motion

/// `Track`: a value held, then carried by a spring (the `slide-up-modal` tutorial's frame following a finger).
final class TrackTests: XCTestCase {
    private func slope(_ track: Track, at t: Double, h: Double = 1e-6) -> Double {
        // second-order one-sided difference (the spring starts at t)
        (-3 * track.value(at: t) + 4 * track.value(at: t + h) - track.value(at: t + 2 * h)) / (2 * h)
    }

    func testHoldThenSpringWithVelocity() {
        var track = Track(0)
        track.set(100, at: 0)
        XCTAssertEqual(track.value(at: -5), 0)
        XCTAssertEqual(track.value(at: 0.5), 100)
        // finger releases at t = 1 moving 500 pt/s toward 300: normalised v = 500 / 200 = 2.5
        let spring = Spring(stiffness: 200, damping: 20)
        let duration = track.animate(to: 300, at: 1, spring: spring, velocity: 500)
        // continuous at the switch
        XCTAssertEqual(track.value(at: 1.0.nextDown), 100)
        XCTAssertEqual(track.value(at: 1), 100, accuracy: 1e-12)
        // initial slope equals the given velocity in pt/s (docs/uikit-semantics.md#springs [DOC] initialVelocity)
        XCTAssertEqual(slope(track, at: 1), 500, accuracy: 1e-3)
        // [CALC] 100 + 200·x(t), k 200, c 20 (ζ = 0.707), v 2.5 — 30-digit closed form
        let rows: [(t: Double, value: Double)] = [
            (0.05, 149.9259107250),  // [CALC]
            (0.1, 213.8127965828),   // [CALC]
            (0.2, 292.8048662776),   // [CALC]
            (0.5, 300.5869169866),   // [CALC] overshoot
        ]
        for row in rows {
            XCTAssertEqual(track.value(at: 1 + row.t), row.value, accuracy: 1e-7, "t = \(row.t)")
        }
        // settles at the target: the returned duration is the spring's settling duration
        XCTAssertEqual(duration, spring.withInitialVelocity(2.5).settlingDuration(), accuracy: 1e-12)
        XCTAssertEqual(track.value(at: 1 + duration), 300)
        XCTAssertEqual(track.value(at: 100), 300)
        // the snap to the target at the end is within ε × distance (docs/uikit-semantics.md#springs, ε = 0.001)
        XCTAssertEqual(track.value(at: (1 + duration).nextDown), 300, accuracy: 0.001 * 200)
    }

    func testVelocityNormalisationExampleFromDocs() {
        // [DOC] UISpringTimingParameters.initialVelocity: a finger at 100 pt/s with 200 pt left → v = 0.5
        var track = Track(50)
        let spring = Spring(stiffness: 300, damping: 35)
        track.animate(to: 250, at: 0, spring: spring, velocity: 100)
        let expected = 50 + 200 * spring.withInitialVelocity(0.5).value(at: 0.123)
        XCTAssertEqual(track.value(at: 0.123), expected, accuracy: 1e-9)
        XCTAssertEqual(slope(track, at: 0), 100, accuracy: 1e-3)
    }

    func testSpringDownwardsAndAgainstTheMotion() {
        // distance negative: a velocity toward the target (−800 pt/s) is kept as −800 pt/s
        var track = Track(300)
        track.animate(to: 0, at: 2, spring: Spring(stiffness: 250, damping: 22), velocity: -800)
        XCTAssertEqual(track.value(at: 2), 300, accuracy: 1e-12)
        XCTAssertEqual(slope(track, at: 2), -800, accuracy: 1e-3)
        // a fling away from the target (+400 pt/s) first moves away, then comes back
        var away = Track(300)
        away.animate(to: 0, at: 0, spring: Spring(stiffness: 250, damping: 22), velocity: 400)
        XCTAssertEqual(slope(away, at: 0), 400, accuracy: 1e-3)
        // [CALC] x″(0) = k − c·v = 250 + 22·4/3 ≈ 279/s², so x(0.004) ≈ −0.00533 + 0.00223 < 0: still above 300
        XCTAssertGreaterThan(away.value(at: 0.004), 300)
        XCTAssertEqual(away.value(at: 10), 0)
    }

    func testRetargetMidFlightIsContinuous() {
        // a new spring from where the old one is: no jump (docs/uikit-semantics.md#what-a-renderer-must-get-right)
        var track = Track(0)
        let spring = Spring(stiffness: 180, damping: 18)
        track.animate(to: 100, at: 0, spring: spring)
        let mid = track.value(at: 0.15)
        track.animate(to: -50, at: 0.15, spring: spring, velocity: 0)
        XCTAssertEqual(track.value(at: 0.15), mid, accuracy: 1e-12)
        XCTAssertEqual(track.value(at: 0.15.nextDown), mid, accuracy: 1e-9)
        XCTAssertEqual(track.value(at: 20), -50)
    }

    /// `-[UISpringTimingParameters settlingDuration]` is the larger of the settling durations for the
    /// initial velocity's dy and dx (docs/uikit-semantics.md#spring-durations). A frame moved along y
    /// has dx = 0, so a release velocity can lengthen the animator but never shorten it below the
    /// spring's settling from rest, and the spring is shown, unsnapped, until then.
    func testOneAxisOfTwoRunsTheLargerOfTheComponentsSettlingDurations() {
        // The slide-up tutorial's spring: m 2.5, k 2000, c 95 → ω0 = √800, ζ = 95 / (2√5000).
        let spring = Spring(mass: 2.5, stiffness: 2000, damping: 95)
        let w0 = 800.0.squareRoot(), zeta = 95 / (2 * 5000.0.squareRoot()), wd = w0 * (1 - zeta * zeta).squareRoot()
        // [CALC] the envelope bound (1 + |B|)·e^(−ζω0·t) = 0.001 with B = (ζω0 − v) / ωd:
        let settle = { (v: Double) in log((1 + abs((zeta * w0 - v) / wd)) / 0.001) / (zeta * w0) }
        XCTAssertEqual(settle(0), 0.3975, accuracy: 5e-5, "the tutorial's 0.3975 s")
        // A release at v = ζω0 (in distances per second) settles soonest: 0.3636 s on its own.
        let v = zeta * w0
        XCTAssertLessThan(settle(v), settle(0) - 0.03)
        for oneAxisOfTwo in [false, true] {
            var track = Track(0)
            let duration = track.animate(to: 100, at: 0, spring: spring, velocity: 100 * v, oneAxisOfTwo: oneAxisOfTwo)
            XCTAssertEqual(duration, oneAxisOfTwo ? settle(0) : settle(v), accuracy: 1e-9)
            // Between the two settling times the one-axis track still shows the spring.
            let t = (settle(v) + settle(0)) / 2
            let spring = 100 * spring.withInitialVelocity(v).value(at: t)
            XCTAssertNotEqual(spring, 100)
            XCTAssertEqual(track.value(at: t), oneAxisOfTwo ? spring : 100, accuracy: 1e-12)
            XCTAssertEqual(track.value(at: settle(0) + 1e-9), 100)
        }
        // A velocity that settles later than rest keeps its own, longer duration.
        var slow = Track(0)
        XCTAssertEqual(slow.animate(to: 100, at: 0, spring: spring, velocity: -500, oneAxisOfTwo: true), settle(-5), accuracy: 1e-9)
    }

    func testAnimateToCurrentValueIsAHold() {
        var track = Track(42)
        let duration = track.animate(to: 42, at: 1, spring: Spring(stiffness: 100, damping: 10), velocity: 300)
        XCTAssertEqual(duration, 0)
        XCTAssertEqual(track.value(at: 1.5), 42)
    }
}
