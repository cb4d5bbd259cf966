import Foundation
import Engine
import Geometry
import Motion
import Scene
import XCTest

/// The `slide-up-modal` tutorial (`InteractiveModalTransitionDriver`) replayed on a 400 × 1000 pt container, so the
/// progress step is dy / 1100.
final class SlideUpModalTests: XCTestCase {
    func scene(timeline: String, transition: String = "", fps: Int = 100) throws -> Scene {
        let text = """
            size: [400, 1000]
            scale: 1
            fps: \(fps)
            tail: 0
            screens: { list: {}, sheet: {} }
            transitions:
              - { from: list, to: sheet, style: slide-up-modal\(transition) }
            timeline:
            \(timeline)
            """
        return try SceneLoader.load(text: text, file: "test.yaml", name: "test")
    }

    func layer(_ state: FrameState, _ id: String) throws -> PlacedNode {
        try XCTUnwrap(state.layers.first { $0.id == id }, "no layer \(id) in \(state.layers.map(\.id))")
    }

    /// A vertical drag on the sheet: down at y 300, past the 10 pt slop at 320 (the pan begins
    /// there with translation 20 − 10 = 10 pt), then `travel` points more in 10 pt steps every
    /// 10 ms, then held still for 20 ms and lifted. The translation at release is `travel` + 10.
    func drag(at time: Double, travel: Double) -> String {
        var samples = [[0, 200, 300], [0.01, 200, 320]]
        var y = 320.0, t = 0.01
        let steps = Int((travel / 10).rounded(.up))
        for i in 1...steps {
            t += 0.01
            y = 320 + min(Double(i) * 10, travel)
            samples.append([t, 200, y])
        }
        samples.append([t + 0.01, 200, y])
        samples.append([t + 0.02, 200, y])
        let text = samples.map { "[\($0[0]), \($0[1]), \($0[2])]" }.joined(separator: ", ")
        return "  - { at: \(time), pan: [\(text)] }"
    }

    func testPresentSlidesUpOverTheDimmingLayer() throws {
        let timeline = try Timeline(scene: try scene(timeline: "  - { at: 0.5, present: sheet }"))
        let start = timeline.state(at: 0.5)
        XCTAssertEqual(start.phase, .animating)
        XCTAssertEqual(start.layers.map(\.id), ["list", "dimming", "sheet"], "the tutorial: dimming, then the presented view above it")
        XCTAssertEqual(try layer(start, "sheet").frame.minY, 1000, "starts at the container's maxY")
        XCTAssertEqual(try layer(start, "dimming").alpha, 0)

        // The transition animator is ease-out over the frame animator's reported `duration`: its
        // mass/stiffness/damping spring replaced the 0.2 s (hideShowBarDuration) it was created
        // with by the settling duration (docs/uikit-semantics.md#spring-durations).
        let duration = Self.tutorialSettlingDuration
        let mid = timeline.state(at: 0.5 + duration / 2)
        let p = CubicTimingCurve.easeOut.value(at: 0.5)
        XCTAssertEqual(try XCTUnwrap(mid.progress), p, accuracy: 1e-9)
        XCTAssertEqual(try layer(mid, "sheet").frame.minY, 1000 * (1 - p), accuracy: 1e-6)
        XCTAssertEqual(try layer(mid, "dimming").alpha, 0.66 * p, accuracy: 1e-9)

        let run = try XCTUnwrap(timeline.runs.first)
        XCTAssertEqual(run.end - run.start, duration, accuracy: 1e-9, "the settling duration, 0.3975 s, not 0.2 s")
        let end = timeline.state(at: 0.5 + duration + 0.01)
        XCTAssertEqual(end.phase, .idle)
        XCTAssertNil(end.progress)
        XCTAssertEqual(end.layers.map(\.id), ["sheet"], "the dimming view is removed on completion")
        XCTAssertEqual(end.layers[0].frame, Rect(x: 0, y: 0, width: 400, height: 1000))
    }

    /// `segue trace` numbers reproduce the reference formulas at every frame (docs/uikit-semantics.md#cubic-timing-curves, #springs).
    func testTraceFollowsAnExplicitCurveAndSpringAtEveryFrame() throws {
        let timeline = try Timeline(scene: try scene(
            timeline: "  - { at: 0.5, present: sheet }\n  - { at: 2, dismiss: true }",
            transition: ", curve: [0.3, 0, 0.2, 1], duration: 0.5, spring: { mass: 1, stiffness: 300, damping: 20 }"))
        let curve = CubicTimingCurve(0.3, 0, 0.2, 1)
        let spring = Spring(mass: 1, stiffness: 300, damping: 20)
        for frame in 0..<timeline.frameCount {
            let state = timeline.state(frame: frame)
            let t = state.time
            guard let sheet = state.layers.first(where: { $0.id == "sheet" }), state.phase == .animating else { continue }
            if t < 2 {
                XCTAssertEqual(sheet.frame.minY, 1000 * (1 - curve.value(at: (t - 0.5) / 0.5)), accuracy: 0.01, "present, t = \(t)")
            } else {
                XCTAssertEqual(sheet.frame.minY, 1000 * spring.value(at: t - 2), accuracy: 0.01, "dismiss, t = \(t)")
            }
        }
    }

    func testSlowDragFollowsTheFingerThenSpringsBack() throws {
        // 180 pt of travel: 180 / 1100 = 0.1636 ≤ 0.2 and the finger is still when it lifts → cancel.
        let timeline = try Timeline(scene: try scene(timeline: "  - { at: 0, present: sheet }\n" + drag(at: 1, travel: 180)))
        let down = timeline.state(at: 1.005)
        XCTAssertEqual(down.phase, .idle, "inside the 10 pt slop nothing moves")
        XCTAssertEqual(down.touches, [Point(x: 200, y: 300)])

        let began = timeline.state(at: 1.01)  // the finger has moved 20 pt: translation 10 pt
        XCTAssertEqual(began.phase, .interactive)
        XCTAssertEqual(try layer(began, "sheet").frame.minY, 10, accuracy: 1e-9, "finger − 10 pt from the first frame")
        let during = timeline.state(at: 1.1)  // finger at 410: 110 pt from touch-down, translation 100 pt
        XCTAssertEqual(during.phase, .interactive)
        XCTAssertEqual(try layer(during, "sheet").frame.minY, 100, accuracy: 1e-9, "the sheet follows the finger 1:1, 10 pt behind")
        XCTAssertEqual(try XCTUnwrap(during.progress), 100.0 / 1100, accuracy: 1e-9)
        XCTAssertEqual(try layer(during, "dimming").alpha, 0.66 * (1 - 100.0 / 1100), accuracy: 1e-9)
        XCTAssertEqual(during.layers.map(\.id), ["list", "dimming", "sheet"])

        let release = 1.0 + 0.01 + 0.18 + 0.02
        let after = timeline.state(at: release + 0.05)
        XCTAssertEqual(after.phase, .animating)
        XCTAssertLessThan(try layer(after, "sheet").frame.minY, 190, "springing back up")
        let end = timeline.state(at: release + 1)
        XCTAssertEqual(end.phase, .idle)
        XCTAssertEqual(end.layers.map(\.id), ["sheet"], "cancelled: the sheet stays presented")
        XCTAssertEqual(end.layers[0].frame.minY, 0)
    }

    func testLongerDragFinishesAndDismisses() throws {
        let timeline = try Timeline(scene: try scene(timeline: "  - { at: 0, present: sheet }\n" + drag(at: 1, travel: 240)))
        let release = 1.0 + 0.01 + 0.24 + 0.02
        let held = timeline.state(at: release - 0.001)
        XCTAssertEqual(try layer(held, "sheet").frame.minY, 250, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(held.progress), 250.0 / 1100, accuracy: 1e-9)
        let after = timeline.state(at: release + 0.05)
        XCTAssertEqual(after.phase, .animating)
        XCTAssertGreaterThan(try layer(after, "sheet").frame.minY, 250, "heading for the bottom edge")
        let end = timeline.state(at: release + 1)
        XCTAssertEqual(end.phase, .idle)
        XCTAssertEqual(end.layers.map(\.id), ["list"], "finished: back on the presenting screen")
    }

    /// Completion rule of the `slide-up-modal` tutorial: fraction > 0.2 finishes; 0.2 × 1100 = 220 pt of translation,
    /// which is 210 pt of travel after the pan began (the translation keeps the 10 pt beyond the slop).
    func testThresholdFlipsFinishIntoCancel() throws {
        for (travel, finishes) in [(205.0, false), (215.0, true)] {
            let timeline = try Timeline(scene: try scene(timeline: "  - { at: 0, present: sheet }\n" + drag(at: 1, travel: travel)))
            let end = timeline.state(at: 3)
            XCTAssertEqual(end.layers.map(\.id), finishes ? ["list"] : ["sheet"], "travel \(travel) pt")
        }
    }

    /// `CASpringAnimation.settlingDuration` of the tutorial's spring (mass 2.5, stiffness 2000,
    /// damping 95), worked from Core Animation's formula (docs/uikit-semantics.md#spring-durations):
    /// ω0 = √(k/m) = √800, ζω0 = c / 2m = 19, ωd = √(k/m − (c/2m)²) = √439,
    /// T = (ln(1/0.001) + ln(1 + ζω0/ωd)) / ζω0 = 0.397536 s.
    static let tutorialSettlingDuration = (log(1000) + log(1 + 19 / 439.0.squareRoot())) / 19

    /// Exact durations after a release (docs/uikit-semantics.md#spring-durations): the
    /// transition animator lasts the frame animator's `duration` — the spring's settling duration
    /// — and continues with durationFactor = frame animator duration / transition duration = 1,
    /// so the transition completes 0.3975 s after the finger lifts, and a dismissed sheet is
    /// removed then. A cancelled sheet stays on screen until the frame spring (the finger was
    /// still at release, so no velocity) brings it to rest.
    func testDurationsAfterARelease() throws {
        let settle = Self.tutorialSettlingDuration
        XCTAssertEqual(settle, 0.397536, accuracy: 1e-6)
        XCTAssertEqual(Spring(mass: 2.5, stiffness: 2000, damping: 95).settlingDuration(), settle, accuracy: 1e-12,
                       "CASpringAnimation.settlingDuration's closed form")
        let release = 1.0 + 0.01 + 0.24 + 0.02
        let finish = try Timeline(scene: try scene(timeline: "  - { at: 0, present: sheet }\n" + drag(at: 1, travel: 240)))
        let dismissal = try XCTUnwrap(finish.runs.last)
        XCTAssertTrue(dismissal.finished)
        XCTAssertEqual(dismissal.end, release + settle, accuracy: 1e-9)
        XCTAssertEqual(finish.state(at: release + 0.2).phase, .animating, "still dismissing at +0.2 s")
        XCTAssertGreaterThan(try layer(finish.state(at: release + 0.2), "dimming").alpha, 0.05, "still dimmed at +0.2 s")
        XCTAssertEqual(finish.state(at: release + settle).layers.map(\.id), ["list"])
        // the dimming (transition animator) reaches 0 exactly then
        XCTAssertEqual(try layer(finish.state(at: release + settle - 1e-7), "dimming").alpha, 0, accuracy: 1e-4)

        let cancel = try Timeline(scene: try scene(timeline: "  - { at: 0, present: sheet }\n" + drag(at: 1, travel: 180)))
        let back = try XCTUnwrap(cancel.runs.last)
        XCTAssertFalse(back.finished)
        XCTAssertEqual(back.end, 1.0 + 0.01 + 0.18 + 0.02 + settle, accuracy: 1e-9)
        // the dimming (the transition animator, continued for the same duration) is back at full strength then
        let t = 1.0 + 0.01 + 0.18 + 0.02 + settle
        XCTAssertEqual(try layer(cancel.state(at: t - 1e-7), "dimming").alpha, 0.66, accuracy: 1e-4)
        XCTAssertEqual(cancel.state(at: t - 0.01).phase, .animating)
    }

    /// A `{dampingRatio, duration}` spring is an animator of that duration: the transition
    /// animator's default duration, and the sheet's spring after a release, take exactly it.
    func testDampingRatioSpringTakesItsDuration() throws {
        let timeline = try Timeline(scene: try scene(
            timeline: "  - { at: 0, present: sheet }\n" + drag(at: 1, travel: 240),
            transition: ", spring: { dampingRatio: 0.9, duration: 0.35 }"))
        let runs = timeline.runs
        XCTAssertEqual(runs.count, 2)
        XCTAssertEqual(runs[0].end - runs[0].start, 0.35, accuracy: 1e-12)
        XCTAssertEqual(runs[1].end, 1.0 + 0.01 + 0.24 + 0.02 + 0.35, accuracy: 1e-9)
    }

    /// A flick (> 1200 pt/s) decides by direction: a short, fast downward swipe dismisses; the
    /// same swipe just under 1200 pt/s falls back to the fraction rule and cancels.
    func testFlickVelocityFlipsCancelIntoFinish() throws {
        // 60 pt travel over 10 ms steps: the last two velocity samples are equal, so velocity = step / 0.01.
        func flick(speed: Double) -> String {
            let step = speed * 0.01
            var samples = ["[0, 200, 300]", "[0.01, 200, 312]"]
            var y = 312.0
            for i in 1...5 {
                y += step
                samples.append("[\(0.01 + Double(i) * 0.01), 200, \(y)]")
            }
            return "  - { at: 1, pan: [\(samples.joined(separator: ", "))] }"
        }
        for (speed, finishes) in [(1190.0, false), (1210.0, true)] {
            let timeline = try Timeline(scene: try scene(timeline: "  - { at: 0, present: sheet }\n" + flick(speed: speed)))
            let end = timeline.state(at: 3)
            XCTAssertEqual(end.layers.map(\.id), finishes ? ["list"] : ["sheet"], "release at \(speed) pt/s")
        }
    }

    func testUpwardPanDoesNotStartADismissal() throws {
        // gestureRecognizerShouldBegin: the translation must point down. A gesture that does
        // nothing is an error saying why, unless the entry says it means nothing.
        XCTAssertThrowsError(try Timeline(scene: try scene(timeline: """
              - { at: 0, present: sheet }
              - { at: 1, swipe: { from: [200, 600], to: [200, 300], duration: 0.1 } }
            """))) { error in
            let message = (error as? SceneError)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains("does nothing: it is not slide-up-modal's pan moving down"), message)
        }
        let timeline = try Timeline(scene: try scene(timeline: """
              - { at: 0, present: sheet }
              - { at: 1, swipe: { from: [200, 600], to: [200, 300], duration: 0.1 }, expect: nothing }
            """))
        XCTAssertEqual(timeline.state(at: 1.05).phase, .idle)
    }

    /// The tutorial lets no touch catch a running animation: its `gestureRecognizerShouldBegin`
    /// returns `transitionDriver.isInteractive` while a driver exists, false during an animated
    /// dismissal. A finger landing then is told it does nothing, and the dismissal runs its course.
    func testByDefaultATouchDoesNotCatchTheRunningAnimation() throws {
        let entries = """
              - { at: 0, present: sheet }
              - { at: 1, dismiss: true }
              - { at: 1.1, pan: [[0, 200, 600], [0.3, 200, 602]] }
            """
        XCTAssertThrowsError(try Timeline(scene: try scene(timeline: entries))) { error in
            let message = (error as? SceneError)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains("this gesture does nothing"), message)
        }
        let untouched = try Timeline(scene: try scene(timeline: entries.replacingOccurrences(of: "]] }", with: "]], expect: nothing }")))
        let alone = try Timeline(scene: try scene(timeline: """
              - { at: 0, present: sheet }
              - { at: 1, dismiss: true }
            """))
        for t in stride(from: 1.0, through: 1.6, by: 0.05) {
            XCTAssertEqual(untouched.state(at: t).layers, alone.state(at: t).layers, "t = \(t): the finger changes nothing")
        }
    }

    /// `interruptible: true` (Segue's addition) lets the finger catch it.
    func testTouchDuringTheAnimationCatchesTheSheet() throws {
        // The dismissal animation starts at 1.0; a finger lands at 1.1 and holds still for 0.3 s.
        let timeline = try Timeline(scene: try scene(timeline: """
              - { at: 0, present: sheet }
              - { at: 1, dismiss: true }
              - { at: 1.1, pan: [[0, 200, 600], [0.3, 200, 602]] }
            """, transition: ", interruptible: true"))
        let caught = timeline.state(at: 1.1)
        XCTAssertEqual(caught.phase, .interactive)
        let y = try layer(caught, "sheet").frame.minY
        XCTAssertGreaterThan(y, 0)
        XCTAssertLessThan(y, 1000)
        XCTAssertEqual(try layer(timeline.state(at: 1.3), "sheet").frame.minY, y, "held where the finger caught it")
        XCTAssertEqual(timeline.state(at: 1.45).phase, .animating, "after lifting, the dismissal carries on")
        XCTAssertEqual(timeline.state(at: 3).layers.map(\.id), ["list"])
    }

    func testInvalidNavigationIsRejectedWithTheEntrysLocation() throws {
        let bad = try scene(timeline: """
              - { at: 0.5, dismiss: true }
              - { at: 1, present: sheet }
              - { at: 1.1, present: sheet }
            """)
        XCTAssertThrowsError(try Timeline(scene: bad)) { error in
            let diagnostics = (error as? SceneError)?.diagnostics ?? []
            XCTAssertEqual(diagnostics.count, 2)
            XCTAssertEqual(diagnostics.first?.location.line, 9)
            XCTAssertTrue(diagnostics.first?.message.contains("nothing is presented") ?? false)
            XCTAssertEqual(diagnostics.last?.location.line, 11)
            XCTAssertTrue(diagnostics.last?.message.contains("still running") ?? false)
        }
    }

    func testFramesAreIndependentOfEvaluationOrder() throws {
        let timeline = try Timeline(scene: try scene(timeline: "  - { at: 0.1, present: sheet }\n" + drag(at: 1, travel: 240), fps: 60))
        let forward = (0..<timeline.frameCount).map { timeline.state(frame: $0) }
        let backward = (0..<timeline.frameCount).reversed().map { timeline.state(frame: $0) }.reversed()
        XCTAssertEqual(forward, Array(backward))
    }
}
