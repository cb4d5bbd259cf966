import Foundation
import XCTest
@testable import Motion

/// `UIViewPropertyAnimator` scenarios (docs/uikit-semantics.md#percent-driven-transitions) replayed against absolute time.
final class PropertyAnimatorTests: XCTestCase {
    /// docs/uikit-semantics.md#percent-driven-transitions, #what-a-renderer-must-get-right: operations never make the picture jump unless they set it (a scrub).
    /// Compares the value at the last double before `time` with the value at `time` and just after.
    private func assertContinuous(_ animator: PropertyAnimator, at time: Double, accuracy: Double = 1e-9,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let before = animator.value(at: time.nextDown)
        XCTAssertEqual(animator.value(at: time), before, accuracy: accuracy, "jump at \(time)", file: file, line: line)
        XCTAssertEqual(animator.value(at: time.nextUp), before, accuracy: accuracy, "jump after \(time)", file: file, line: line)
    }

    func testUninterruptedEaseInOut() {
        // UIViewPropertyAnimator(duration: 1, curve: .easeInOut) started at t = 0: value(t) = easeInOut(t).
        var animator = PropertyAnimator(timing: .cubic(.easeInOut, duration: 1))
        XCTAssertNil(animator.completionTime)
        animator.start(at: 0)
        let rows: [(t: Double, value: Double)] = [
            (-1, 0),          // before start: the start state
            (0, 0),
            (0.1, 0.019722),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.3, 0.187396),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.4, 0.331884),  // [CALC] 30-digit bisection
            (0.5, 0.5),
            (0.7, 0.812604),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (0.9, 0.980278),  // docs/uikit-semantics.md#cubic-timing-curves [CALC]
            (1.0, 1),
            (2.0, 1),         // finished: stays at the end state
        ]
        for row in rows {
            XCTAssertEqual(animator.value(at: row.t), row.value, accuracy: 1e-5, "t = \(row.t)")
        }
        XCTAssertEqual(animator.state(at: 0.5).fraction, 0.5, accuracy: 1e-12)
        XCTAssertTrue(animator.state(at: 0.5).running)
        XCTAssertFalse(animator.state(at: 1.5).running)
        XCTAssertEqual(animator.completionTime, 1)
        XCTAssertEqual(animator.completionPosition, 1)
        assertContinuous(animator, at: 0)
    }

    /// The `slide-up-modal` tutorial's interruption: pause, scrub, reverse, then finish faster.
    func testPauseScrubReverseContinue() {
        let curve = CubicTimingCurve.easeInOut
        var animator = PropertyAnimator(timing: .cubic(curve, duration: 1))
        animator.start(at: 0)

        // Pause at 0.4 s: frozen at fraction 0.4, value easeInOut(0.4) = 0.331884 [CALC]; no jump.
        animator.pause(at: 0.4)
        assertContinuous(animator, at: 0.4)
        XCTAssertEqual(animator.value(at: 0.45), 0.3318838701, accuracy: 1e-9)  // [CALC]
        XCTAssertEqual(animator.state(at: 0.45).fraction, 0.4, accuracy: 1e-12)
        XCTAssertFalse(animator.state(at: 0.45).running)
        XCTAssertNil(animator.completionTime)      // paused: nothing scheduled
        XCTAssertNil(animator.completionPosition)

        // Scrub (fractionComplete = 0.7) at 0.5 s: scrubsLinearly → value 0.7 (docs/uikit-semantics.md#percent-driven-transitions [RE]).
        animator.scrub(to: 0.55, at: 0.45)
        XCTAssertEqual(animator.value(at: 0.47), 0.55, accuracy: 1e-12)
        animator.scrub(to: 0.7, at: 0.5)
        XCTAssertEqual(animator.value(at: 0.55), 0.7, accuracy: 1e-12)
        XCTAssertEqual(animator.state(at: 0.55).fraction, 0.7, accuracy: 1e-12)

        // Reverse at 0.6 s (isReversed = true, continueAnimation(nil, 0)): resumes at the point of the
        // curve whose value is on screen, x0 = easeInOut⁻¹(0.7) = 0.620296 [CALC], and runs back over
        // the remaining x0 · 1 s (docs/uikit-semantics.md#percent-driven-transitions [RE]).
        let x0 = 0.6202955612  // [CALC]
        animator.continueAnimation(at: 0.6, reversed: true, timing: nil, durationFactor: nil)
        assertContinuous(animator, at: 0.6)
        XCTAssertEqual(animator.value(at: 0.6), 0.7, accuracy: 1e-9)
        XCTAssertEqual(animator.state(at: 0.6).fraction, x0, accuracy: 1e-9)
        XCTAssertEqual(animator.value(at: 0.7), 0.5349556100, accuracy: 1e-8)  // [CALC] easeInOut(x0 − 0.1)
        XCTAssertEqual(animator.completionTime!, 0.6 + x0, accuracy: 1e-9)
        XCTAssertEqual(animator.completionPosition, 0)

        // Continue forward at 0.8 s with durationFactor 0.5: the rest takes 0.5 × 1 s (docs/uikit-semantics.md#percent-driven-transitions [DOC]).
        animator.continueAnimation(at: 0.8, reversed: false, timing: nil, durationFactor: 0.5)
        assertContinuous(animator, at: 0.8)
        let x8 = x0 - 0.2  // fraction on screen at 0.8 s
        XCTAssertEqual(animator.value(at: 0.8), 0.3647729522, accuracy: 1e-8)  // [CALC] easeInOut(0.420296)
        XCTAssertEqual(animator.state(at: 0.8).fraction, x8, accuracy: 1e-9)
        XCTAssertEqual(animator.value(at: 1.05), 0.8252577783, accuracy: 1e-8) // [CALC] halfway: easeInOut((x8 + 1)/2)
        XCTAssertEqual(animator.completionTime!, 1.3, accuracy: 1e-12)
        XCTAssertEqual(animator.completionPosition, 1)
        XCTAssertTrue(animator.state(at: 1.3.nextDown).running)
        XCTAssertEqual(animator.value(at: 1.3), 1, accuracy: 1e-12)
        XCTAssertFalse(animator.state(at: 1.3).running)
        XCTAssertEqual(animator.value(at: 5), 1, accuracy: 1e-12)
        assertContinuous(animator, at: 1.3)

        // The value is a pure function of time: asking in any order gives the same answers.
        let times = stride(from: -0.2, through: 1.6, by: 0.01).map { $0 }
        let forward = times.map { animator.value(at: $0) }
        let backward = times.reversed().map { animator.value(at: $0) }
        XCTAssertEqual(forward, Array(backward.reversed()))
    }

    func testContinueWithNewCubicCurve() {
        // docs/uikit-semantics.md#percent-driven-transitions [RE]: with a new cubic curve UIKit resumes at the point of the new curve whose
        // value equals the current one; the rest takes durationFactor × the original duration.
        var animator = PropertyAnimator(timing: .cubic(.linear, duration: 0.8))
        animator.start(at: 0)
        animator.pause(at: 0.2)
        animator.scrub(to: 0.7, at: 0.3)
        animator.continueAnimation(at: 0.5, reversed: false, timing: .cubic(.easeOut, duration: 2), durationFactor: 0.5)
        assertContinuous(animator, at: 0.5)
        XCTAssertEqual(animator.value(at: 0.5), 0.7, accuracy: 1e-9)
        XCTAssertEqual(animator.state(at: 0.5).fraction, 0.5144278443, accuracy: 1e-9)  // [CALC] easeOut⁻¹(0.7)
        XCTAssertEqual(animator.completionTime!, 0.5 + 0.5 * 0.8, accuracy: 1e-12)      // factor × original duration
        XCTAssertEqual(animator.value(at: 0.7), 0.9113503733, accuracy: 1e-8)            // [CALC] easeOut(x0 + (1 − x0)/2)
        XCTAssertEqual(animator.value(at: 0.9), 1, accuracy: 1e-12)
    }

    func testContinueWithSpringFromCurrentValue() {
        // docs/uikit-semantics.md#percent-driven-transitions [RE]: with spring parameters UIKit starts a spring from the on-screen value with
        // the given velocity (units of the remaining distance per second, [DOC] initialVelocity).
        var animator = PropertyAnimator(timing: .cubic(.easeInOut, duration: 1))
        animator.start(at: 0)
        animator.pause(at: 0.4)
        animator.scrub(to: 0.6, at: 0.5)
        let spring = Spring(stiffness: 300, damping: 30)
        animator.continueAnimation(at: 0.6, reversed: false, timing: .spring(spring), durationFactor: nil, initialVelocity: 0.8)
        assertContinuous(animator, at: 0.6)
        XCTAssertEqual(animator.value(at: 0.6), 0.6, accuracy: 1e-12)
        // value = 0.6 + 0.4·x(t), k 300, c 30 (ζ = 0.866), v 0.8 — [CALC] 30-digit closed form
        let rows: [(t: Double, value: Double)] = [
            (0.05, 0.6984930962),  // [CALC]
            (0.1, 0.8306979415),   // [CALC]
            (0.2, 0.9709672458),   // [CALC]
            (0.4, 1.0014556556),   // [CALC] overshoot
        ]
        for row in rows {
            XCTAssertEqual(animator.value(at: 0.6 + row.t), row.value, accuracy: 1e-9, "t = \(row.t)")
        }
        // initial slope: 0.8 × the remaining 0.4 = 0.32 per second
        let h = 1e-6
        let slope = (-3 * animator.value(at: 0.6) + 4 * animator.value(at: 0.6 + h) - animator.value(at: 0.6 + 2 * h)) / (2 * h)
        XCTAssertEqual(slope, 0.32, accuracy: 1e-4)
        // runs for the spring's settling duration and lands on the end
        let settle = spring.withInitialVelocity(0.8).settlingDuration()
        XCTAssertEqual(animator.completionTime!, 0.6 + settle, accuracy: 1e-12)
        XCTAssertEqual(animator.completionPosition, 1)
        XCTAssertEqual(animator.value(at: 0.6 + settle), 1)
        XCTAssertEqual(animator.value(at: (0.6 + settle).nextDown), 1, accuracy: 0.4 * 0.001)  // snap ≤ ε × distance
        XCTAssertFalse(animator.state(at: 0.6 + settle).running)
    }

    func testReversedSpringRunsToStart() {
        var animator = PropertyAnimator(timing: .cubic(.linear, duration: 1))
        animator.start(at: 0)
        animator.pause(at: 0.75)
        let spring = Spring(stiffness: 200, damping: 28)
        animator.continueAnimation(at: 1, reversed: true, timing: .spring(spring), durationFactor: nil, initialVelocity: 0)
        assertContinuous(animator, at: 1)
        XCTAssertEqual(animator.completionPosition, 0)
        let end = animator.completionTime!
        XCTAssertEqual(animator.value(at: end), 0)
        // value = 0.75 − 0.75·x(t) — spot check mid-flight
        XCTAssertEqual(animator.value(at: 1.1), 0.75 - 0.75 * spring.value(at: 0.1), accuracy: 1e-12)
    }

    func testScrubsNonLinearly() {
        // scrubsLinearly = false: fractionComplete is shown through the animator's curve (docs/uikit-semantics.md#percent-driven-transitions [RE]).
        var animator = PropertyAnimator(timing: .cubic(.easeInOut, duration: 1), scrubsLinearly: false)
        animator.start(at: 0)
        animator.pause(at: 0.4)
        assertContinuous(animator, at: 0.4)
        animator.scrub(to: 0.7, at: 0.5)
        XCTAssertEqual(animator.value(at: 0.55), 0.812604, accuracy: 1e-5)  // docs/uikit-semantics.md#cubic-timing-curves [CALC] easeInOut(0.7)
        XCTAssertEqual(animator.state(at: 0.55).fraction, 0.7, accuracy: 1e-12)
        // continuing needs no search: the fraction already matches the picture; the rest is 0.3 s
        animator.continueAnimation(at: 0.6, reversed: false, timing: nil, durationFactor: nil)
        assertContinuous(animator, at: 0.6)
        XCTAssertEqual(animator.state(at: 0.6).fraction, 0.7, accuracy: 1e-12)
        XCTAssertEqual(animator.completionTime!, 0.9, accuracy: 1e-12)
        XCTAssertEqual(animator.value(at: 0.75), 0.9547896927, accuracy: 1e-8)  // [CALC] easeInOut(0.85)
        XCTAssertEqual(animator.value(at: 0.9), 1, accuracy: 1e-12)
    }

    func testScrubClampsFraction() {
        // docs/uikit-semantics.md#percent-driven-transitions [DOC]: fractionComplete is clamped to [0, 1].
        var animator = PropertyAnimator(timing: .cubic(.linear, duration: 1))
        animator.pause(at: 0)
        animator.scrub(to: 1.4, at: 0.1)
        XCTAssertEqual(animator.value(at: 0.2), 1)
        animator.scrub(to: -0.3, at: 0.3)
        XCTAssertEqual(animator.value(at: 0.4), 0)
    }

    func testStartReversedFromScrubbedPosition() {
        // start(reversed:) from a scrubbed position runs the remaining share of the duration back.
        var animator = PropertyAnimator(timing: .cubic(.linear, duration: 2))
        animator.scrub(to: 0.25, at: 0)
        animator.start(at: 1, reversed: true)
        assertContinuous(animator, at: 1)
        XCTAssertEqual(animator.completionTime!, 1.5, accuracy: 1e-12)  // 0.25 × 2 s
        XCTAssertEqual(animator.value(at: 1.25), 0.125, accuracy: 1e-12)
        XCTAssertEqual(animator.completionPosition, 0)
    }

    func testSpringTimingAnimatorLastsSettlingDuration() {
        // docs/uikit-semantics.md#springs [DOC]: a mass/stiffness/damping spring animator lasts the settling duration.
        let spring = Spring(stiffness: 100, damping: 15)
        var animator = PropertyAnimator(timing: .spring(spring))
        animator.start(at: 2)
        XCTAssertEqual(animator.completionTime!, 2 + spring.settlingDuration(), accuracy: 1e-12)
        XCTAssertEqual(animator.value(at: 2.3), spring.value(at: 0.3), accuracy: 1e-12)
        assertContinuous(animator, at: 2)
    }
}
