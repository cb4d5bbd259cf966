@testable import Engine
import Foundation
import Geometry
import Motion
import Scene
import XCTest

/// Every style's geometry at progress 0, 0.5 and 1 in both directions, and its finish rule just
/// above and just below the threshold, on a 400 × 800 pt container (the percent-driven tutorial styles).
final class StyleTests: XCTestCase {
    let bounds = Rect(x: 0, y: 0, width: 400, height: 800)

    func scene(_ transitions: String, _ timeline: String, screens: String = "{ a: {}, b: {}, c: {}, d: {} }") throws -> Scene {
        let text = """
            size: [400, 800]
            scale: 1
            fps: 100
            tail: 0
            screens: \(screens)
            root: a
            transitions:
            \(transitions)
            timeline:
            \(timeline)
            """
        return try SceneLoader.load(text: text, file: "styles.yaml", name: "styles")
    }

    /// A horizontal drag: down at `x`, 12 pt to pass the slop, then `travel` more points in 10 pt
    /// steps every 10 ms, then still for 20 ms so the release velocity is zero.
    func drag(at time: Double, x: Double, travel: Double, y: Double = 400) -> String {
        let sign = travel < 0 ? -1.0 : 1.0
        var samples = [[0.0, x, y], [0.01, x + 12 * sign, y]]
        var t = 0.01, position = x + 12 * sign
        let steps = Int((abs(travel) / 10).rounded(.up))
        for i in 1...max(steps, 1) {
            t += 0.01
            position = x + 12 * sign + sign * min(Double(i) * 10, abs(travel))
            samples.append([t, position, y])
        }
        samples.append([t + 0.01, position, y])
        samples.append([t + 0.02, position, y])
        return "  - { at: \(time), pan: [\(samples.map { "[\($0[0]), \($0[1]), \($0[2])]" }.joined(separator: ", "))] }"
    }

    func topIDs(_ timeline: Timeline) -> [String] {
        timeline.state(at: 1000).layers.map(\.id)
    }

    func stage(cell: Rect? = nil) -> TransitionStage {
        TransitionStage(bounds: bounds, below: "a", above: "b", cellImage: cell)
    }

    /// A run of `style` with its default settings.
    func run(_ style: any TransitionStyleDefinition, forward: Bool) -> StyleRun {
        StyleRun(settings: SettingValues([:], descriptors: style.settings), stage: stage(), forward: forward)
    }

    // MARK: Geometry

    func testParallaxGeometry() {
        let g = ParallaxBackSwipe().driver(run(ParallaxBackSwipe(), forward: false)).geometry
        // Pop start (amount 1): top in place casting the full shadow; below at −width / 3.33, alpha 0.9.
        var layers = g.layers(amount: 1, stage: stage())
        XCTAssertEqual(layers.map(\.id), ["a", "b"])
        XCTAssertEqual(layers[0].frame.minX, -400 / 3.33, accuracy: 1e-9)
        XCTAssertEqual(layers[0].alpha, 0.9, accuracy: 1e-9)
        XCTAssertEqual(layers[1].frame.minX, 0)
        XCTAssertEqual(layers[1].shadow?.opacity ?? 0, 1, accuracy: 1e-9)
        XCTAssertEqual(layers[1].shadow?.radius, 5)
        // Halfway.
        layers = g.layers(amount: 0.5, stage: stage())
        XCTAssertEqual(layers[0].frame.minX, -200 / 3.33, accuracy: 1e-9)
        XCTAssertEqual(layers[0].alpha, 0.95, accuracy: 1e-9)
        XCTAssertEqual(layers[1].frame.minX, 200, accuracy: 1e-9)
        XCTAssertEqual(layers[1].shadow?.opacity ?? 0, 0.55, accuracy: 1e-9)
        // Pop end: top at x = width, shadow 0.1, below in place and opaque.
        layers = g.layers(amount: 0, stage: stage())
        XCTAssertEqual(layers[0].frame.minX, 0)
        XCTAssertEqual(layers[0].alpha, 1)
        XCTAssertEqual(layers[1].frame.minX, 400)
        XCTAssertEqual(layers[1].shadow?.opacity ?? 0, 0.1, accuracy: 1e-9)
    }

    func testCoverGeometry() {
        let g = CoverGeometry()
        XCTAssertEqual(g.layers(amount: 0, stage: stage())[1].frame.minX, -400)
        XCTAssertEqual(g.layers(amount: 0.5, stage: stage())[1].frame.minX, -200)
        XCTAssertEqual(g.layers(amount: 1, stage: stage())[1].frame.minX, 0)
        XCTAssertEqual(g.layers(amount: 0.5, stage: stage()).map(\.id), ["a", "b"], "the new screen covers the current one")
    }

    func testDrawerGeometry() {
        let g = DrawerGeometry()
        for (a, presenting, drawer, dimming) in [(0.0, 0.0, -320.0, 0.0), (0.5, 160.0, -160.0, 0.25), (1.0, 320.0, 0.0, 0.5)] {
            let layers = g.layers(amount: a, stage: stage())
            XCTAssertEqual(layers.map(\.id), ["a", "dimming", "b"])
            XCTAssertEqual(layers[0].frame.minX, presenting, accuracy: 1e-9)
            XCTAssertEqual(layers[1].alpha, dimming, accuracy: 1e-9)
            XCTAssertEqual(layers[2].frame, Rect(x: drawer, y: 0, width: 320, height: 800))
        }
        XCTAssertNotNil(g.restingLayers(stage: stage()), "the presentation stays on screen")
    }

    func testZoomGeometry() {
        let cell = Rect(x: 20, y: 100, width: 80, height: 80)
        let g = ZoomGeometry()
        var above = g.layers(amount: 0, stage: stage(cell: cell))[1]
        XCTAssertEqual(above.frame, cell)
        XCTAssertEqual(above.cornerRadius, 40, "corner radius = height / 2")
        XCTAssertEqual(above.layout, .atFrame, "the tutorial animates the detail view's frame: laid out at each size")
        above = g.layers(amount: 0.5, stage: stage(cell: cell))[1]
        XCTAssertEqual(above.frame, Rect(x: 10, y: 50, width: 240, height: 440))
        XCTAssertEqual(above.cornerRadius, 20)
        above = g.layers(amount: 1, stage: stage(cell: cell))[1]
        XCTAssertEqual(above.frame, bounds)
        XCTAssertEqual(above.cornerRadius, 0)
    }

    func testScaleFadeGeometry() {
        let g = ScaleFadeGeometry()
        var above = g.layers(amount: 0, stage: stage())[1]
        // Scale 0.6 about the center, then 200 pt up; transparent.
        XCTAssertEqual(above.frame.width, 240, accuracy: 1e-9)
        XCTAssertEqual(above.frame.height, 480, accuracy: 1e-9)
        XCTAssertEqual(above.frame.minX, 80, accuracy: 1e-9)
        XCTAssertEqual(above.frame.minY, 160 - 200, accuracy: 1e-9)
        XCTAssertEqual(above.alpha, 0)
        above = g.layers(amount: 0.5, stage: stage())[1]
        XCTAssertEqual(above.frame.width, 320, accuracy: 1e-9)
        XCTAssertEqual(above.frame.minY, 80 - 100, accuracy: 1e-9)
        XCTAssertEqual(above.alpha, 0.5)
        above = g.layers(amount: 1, stage: stage())[1]
        XCTAssertEqual(above.frame, bounds)
        XCTAssertEqual(above.alpha, 1)
    }

    // MARK: Animated runs in both directions

    /// The `parallax-back-swipe` tutorial returns no animator for a push: UIKit pushes on its default spring (mass 3,
    /// stiffness 1000, damping 500: critically damped, ω = √(1000 / 3), x(t) = 1 − (1 + ωt)·e^(−ωt)),
    /// the pushed screen at x = width·(1 − x) over the dimmed one; the pop is the tutorial's, linear over 0.3 s.
    func testParallaxPushIsTheSystemSpringAndPopRunsLinearlyOverThreeTenths() throws {
        let t = try Timeline(scene: try scene("  - { from: a, to: b, style: parallax-back-swipe }",
                                              "  - { at: 0.1, push: b }\n  - { at: 1, pop: true }"))
        let push = t.state(at: 0.25)
        let omega = (1000.0 / 3).squareRoot(), x = 1 - (1 + omega * 0.15) * exp(-omega * 0.15)
        XCTAssertEqual(push.progress ?? 0, x, accuracy: 1e-9)
        XCTAssertEqual(push.layers.map(\.id), ["a", "dimming", "b"])
        XCTAssertEqual(push.layers[2].frame.minX, 400 * (1 - x), accuracy: 1e-6)
        let pop = t.state(at: 1.15)
        XCTAssertEqual(pop.layers.map(\.id), ["a", "b"])
        XCTAssertEqual(pop.layers[1].frame.minX, 200, accuracy: 1e-6)
        XCTAssertEqual(pop.layers[1].shadowOpacity ?? 0, 0.55, accuracy: 1e-6)
        XCTAssertEqual(topIDs(t), ["a"])
        XCTAssertNil(t.state(at: 0.7).layers[0].shadow, "shadows are reset when the transition completes")
    }

    func testScaleFadePresentsWithTheSpring() throws {
        let t = try Timeline(scene: try scene("  - { from: a, to: b, style: scale-fade-modal }", "  - { at: 0, present: b }"))
        let spring = Spring(dampingRatio: 0.8, duration: 0.6, initialVelocity: 1)
        for time in [0.05, 0.15, 0.3] {
            let a = spring.value(at: time)
            let layer = t.state(at: time).layers[1]
            XCTAssertEqual(layer.frame.width, 400 * (0.6 + 0.4 * a), accuracy: 1e-6, "t = \(time)")
            XCTAssertEqual(layer.alpha, min(a, 1), accuracy: 1e-9)
        }
        XCTAssertEqual(try XCTUnwrap(t.runs.first).end, 0.6, accuracy: 1e-9, "the 0.6 s duration is honoured")
    }

    // MARK: Finish rules

    func testParallaxFinishRule() throws {
        let transitions = "  - { from: a, to: b, style: parallax-back-swipe }"
        // percent = dx / 400 measured from where the pan began: 0.5 is 200 pt.
        for (travel, popped) in [(190.0, false), (210.0, true)] {
            let t = try Timeline(scene: try scene(transitions, "  - { at: 0, push: b }\n" + drag(at: 1, x: 100, travel: travel)))
            XCTAssertEqual(topIDs(t), popped ? ["a"] : ["b"], "travel \(travel)")
        }
        // A short flick faster than 1000 pt/s finishes.
        let flick = "  - { at: 1, pan: [[0, 100, 400], [0.01, 112, 400], [0.02, 123, 400], [0.03, 134, 400]] }"
        XCTAssertEqual(topIDs(try Timeline(scene: try scene(transitions, "  - { at: 0, push: b }\n" + flick))), ["a"])
    }

    func testCoverFromLeftScrubsAndAutoFinishes() throws {
        let transitions = "  - { from: a, to: b, style: cover-from-left }"
        // progress = touch x / width; past 0.7 (x > 280) it finishes while the finger is still down.
        let below = try Timeline(scene: try scene(transitions, drag(at: 0, x: 20, travel: 240)))  // ends at x = 272
        XCTAssertEqual(topIDs(below), ["a"], "released at 0.68: cancelled")
        let above = try Timeline(scene: try scene(transitions, drag(at: 0, x: 20, travel: 260)))  // passes x = 282
        XCTAssertEqual(topIDs(above), ["b"])
        let scrub = below.state(at: 0.05)  // finger at x = 62 + ...
        XCTAssertEqual(scrub.phase, .interactive)
        let x = try XCTUnwrap(scrub.touches.first?.x)
        // The 2 s ease-out animation is scrubbed in layer time: the picture shows easeOut(x / width).
        XCTAssertEqual(scrub.layers[1].frame.minX, -400 * (1 - CubicTimingCurve.easeOut.value(at: x / 400)), accuracy: 1e-6)
    }

    /// The tutorial's `.changed`: `if progress <= 0.7 { update(progress) } else { finish() }` — a
    /// value past 0.7 is never applied, and `finish()` completes from the last one that was, in
    /// 2 s × (1 − that progress) (`UIPercentDrivenInteractiveTransition`, completionSpeed 1).
    /// Over every pan from x 20…380 with travels 40…360: no interactive frame shows more than 0.7,
    /// the picture never jumps, and the completion lasts what remains.
    func testCoverFromLeftNeverAppliesAProgressPastTheThreshold() throws {
        let transitions = "  - { from: a, to: b, style: cover-from-left }"
        var finished = 0
        for x in stride(from: 20.0, through: 380, by: 40) {
            for travel in stride(from: 40.0, through: 360, by: 40) where x + 12 + travel <= 400 {
                let label = "pan from x \(x), travel \(travel)"
                let t = try Timeline(scene: try scene(transitions, drag(at: 0, x: x, travel: travel)))
                var lastApplied = 0.0, finishStart: Double?, finishEnd: Double?, previous: Double?
                for frame in 0..<t.frameCount {
                    let state = t.state(frame: frame)
                    guard let p = state.progress else { continue }
                    // The picture shows the 2 s ease-out animation in layer time: easeOut(fraction).
                    let fraction = CubicTimingCurve.easeOut.input(forValue: p)
                    if state.phase == .interactive {
                        XCTAssertLessThanOrEqual(fraction, 0.7 + 1e-6, "\(label), frame \(frame)")
                        lastApplied = fraction
                    } else if state.phase == .animating {
                        if finishStart == nil { finishStart = state.time - 0.01 }
                        // A completion moves no more than its curve does in 10 ms: no jump on the frame it starts.
                        if let previous { XCTAssertLessThan(abs(p - previous), 0.025, "\(label), frame \(frame): a jump") }
                    }
                    previous = p
                    if state.phase == .animating { finishEnd = state.time }
                }
                guard topIDs(t) == ["b"], let start = finishStart, let end = finishEnd else { continue }
                finished += 1
                XCTAssertEqual(end - start, 2.0 * (1 - lastApplied), accuracy: 0.03, label)
            }
        }
        XCTAssertGreaterThan(finished, 10, "enough pans cross 0.7")
    }

    /// The tutorial returns no dismissal animator (`animationControllerForDismissedController` is not
    /// implemented), so UIKit dismisses with the presented controller's `modalTransitionStyle`,
    /// `.coverVertical`: the screen slides straight down on UIKit's default spring, not back to the left.
    func testCoverFromLeftDismissesWithUIKitsDefaultSlideDown() throws {
        let transitions = "  - { from: a, to: b, style: cover-from-left }"
        let t = try Timeline(scene: try scene(transitions, drag(at: 0, x: 20, travel: 300) + "\n  - { at: 3, dismiss: true }"))
        for dt in [0.05, 0.1, 0.2, 0.3] {
            let b = try XCTUnwrap(t.state(at: 3 + dt).layers.first { $0.id == "b" }, "t = 3 + \(dt)")
            XCTAssertEqual(b.frame.minX, 0, "t = 3 + \(dt): no sideways motion")
            XCTAssertEqual(b.frame.minY, 800 * Spring.uiKitDefault.value(at: dt), accuracy: 1e-6, "t = 3 + \(dt)")
        }
        XCTAssertEqual(topIDs(t), ["a"])
    }

    func testDrawerOpensAndClosesByPan() throws {
        let transitions = "  - { from: a, to: b, style: side-drawer }"
        // Open: percent = dx / 320 > 0.5 → 160 pt.
        XCTAssertEqual(topIDs(try Timeline(scene: try scene(transitions, drag(at: 0, x: 20, travel: 150)))), ["a"])
        let open = try Timeline(scene: try scene(transitions, drag(at: 0, x: 20, travel: 170)))
        XCTAssertEqual(topIDs(open), ["a", "dimming", "b"], "the drawer stays presented over the dimmed screen")
        XCTAssertEqual(open.state(at: 1000).layers[0].frame.minX, 320)
        // Close: percent = −dx / 320.
        let closed = try Timeline(scene: try scene(transitions, drag(at: 0, x: 20, travel: 170) + "\n" + drag(at: 2, x: 300, travel: -170)))
        XCTAssertEqual(topIDs(closed), ["a"])
        let kept = try Timeline(scene: try scene(transitions, drag(at: 0, x: 20, travel: 170) + "\n" + drag(at: 2, x: 300, travel: -150)))
        XCTAssertEqual(topIDs(kept), ["a", "dimming", "b"])
    }

    func testScaleFadeDismissesByLeftEdgePan() throws {
        let transitions = "  - { from: a, to: b, style: scale-fade-modal }"
        // progress = clamp(dx / 200) with dx read through the view's model transform (scale 0.6):
        // ≥ 0.5 finishes, which is 0.5 × 200 × 0.6 = 60 pt of translation. The drag reaches the
        // 15 pt edge slop at 22 pt, so the translation at release is travel − 3 pt.
        XCTAssertEqual(topIDs(try Timeline(scene: try scene(transitions, "  - { at: 0, present: b }\n" + drag(at: 1, x: 5, travel: 62)))), ["b"])
        XCTAssertEqual(topIDs(try Timeline(scene: try scene(transitions, "  - { at: 0, present: b }\n" + drag(at: 1, x: 5, travel: 63)))), ["a"])
        // Not from the edge: no dismissal, and the gesture is an error saying why.
        XCTAssertThrowsError(try Timeline(scene: try scene(transitions, "  - { at: 0, present: b }\n" + drag(at: 1, x: 5 + 55, travel: 150)))) { error in
            let message = (error as? SceneError)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains("not within 13 pt of the left edge"), message)
        }
    }

    /// The `scale-fade-modal` tutorial reads `translation(in: viewController.view)`, which converts through the view's
    /// model transform; the paused dismissal animator has already set it to the end value (scale
    /// 0.6), so a finger travel of dx reads dx / 0.6 and p = dx / (0.6 × 200) = dx / 120 — 0.5 at
    /// 60 pt, whatever scale is on screen (docs/uikit-semantics.md#translation-in-a-scaled-view).
    func testScaleFadeReadingThroughTheModelTransform() throws {
        for (dx, progress) in [(0.0, 0.0), (30, 0.25), (60, 0.5), (90, 0.75), (120, 1), (-12, -0.1)] {
            XCTAssertEqual(ScaleFadeReading.progress(translation: dx, distance: 200, endScale: 0.6), progress, accuracy: 1e-12, "dx = \(dx)")
        }
        // from a caught progress of 0.3: 0.3 + 40 / 120
        XCTAssertEqual(ScaleFadeReading.progress(translation: 40, distance: 200, endScale: 0.6, base: 0.3), 0.3 + 1.0 / 3, accuracy: 1e-12)
        // without scaling the reading is plain dx / distance
        XCTAssertEqual(ScaleFadeReading.progress(translation: 50, distance: 200, endScale: 1), 0.25, accuracy: 1e-12)

        // In a timeline: the frame shows dx / 120 for the finger's translation, whatever the scale on screen.
        let t = try Timeline(scene: try scene("  - { from: a, to: b, style: scale-fade-modal }",
                                              "  - { at: 0, present: b }\n" + drag(at: 1, x: 5, travel: 60)))
        // at 1.05 the finger is at 5 + 12 + 40 = 57: 52 pt from touch-down, translation 37 pt
        let state = t.state(at: 1.05)
        XCTAssertEqual(state.phase, .interactive)
        XCTAssertEqual(try XCTUnwrap(state.progress), 37.0 / 120, accuracy: 1e-12)
        XCTAssertEqual(state.layers[1].frame.width, 400 * (1 - 0.4 * (state.progress ?? 0)), accuracy: 1e-9)
        // A release at 62 pt of translation (0.517) dismisses; 80 pt was needed before.
        let released = try Timeline(scene: try scene("  - { from: a, to: b, style: scale-fade-modal }",
                                                     "  - { at: 0, present: b }\n" + drag(at: 1, x: 5, travel: 65)))
        XCTAssertEqual(released.runs.last?.finished, true)
        XCTAssertEqual(released.runs.last?.destination, "a")
    }

    /// The scale-fade modal's spring (dampingRatio 0.8 in a 0.6 s animator) takes exactly 0.6 s to
    /// present, and `finish()` / `cancel()` continue it for exactly 0.6 s × the remaining share
    /// ÷ `completionSpeed` (`continueAnimation(withTimingParameters: nil, durationFactor:)`).
    func testScaleFadeDurationsAreExact() throws {
        let transitions = "  - { from: a, to: b, style: scale-fade-modal }"
        let present = try Timeline(scene: try scene(transitions, "  - { at: 0, present: b }"))
        XCTAssertEqual(try XCTUnwrap(present.runs.first).end, 0.6, accuracy: 1e-12)
        XCTAssertEqual(present.state(frame: 59).phase, .animating)
        XCTAssertEqual(present.state(frame: 60).phase, .idle, "frame 60 at 100 fps is t = 0.6 s")

        for (travel, speed, finishes) in [(90.0, 1.0, true), (90.0, 2.0, true), (50.0, 1.0, false), (50.0, 0.5, false)] {
            let t = try Timeline(scene: try scene(transitions.replacingOccurrences(of: " }", with: ", completionSpeed: \(speed) }"),
                                                  "  - { at: 0, present: b }\n" + drag(at: 1, x: 5, travel: travel)))
            let steps = (travel / 10).rounded(.up)
            let release = 1 + 0.01 + steps * 0.01 + 0.02
            let p = ScaleFadeReading.progress(translation: travel - 3, distance: 200, endScale: 0.6)
            let run = try XCTUnwrap(t.runs.last)
            XCTAssertEqual(run.finished, finishes, "travel \(travel)")
            let remaining = finishes ? 1 - p : p
            XCTAssertEqual(run.end - release, 0.6 * remaining / speed, accuracy: 1e-9, "travel \(travel), speed \(speed)")
            XCTAssertEqual(t.state(at: run.end).progress, nil)
            XCTAssertEqual(t.state(at: run.end - 1e-6).phase, .animating)
        }
    }

    func testScaleFadeDismissalIsInterruptibleWhenAskedFor() throws {
        let entries = """
              - { at: 0, present: b }
              - { at: 1, dismiss: true }
              - { at: 1.1, pan: [[0, 200, 400], [0.3, 201, 400]] }
            """
        // The tutorial's chapter begins a pan only with no interaction controller running: by default nothing is caught.
        XCTAssertThrowsError(try Timeline(scene: try scene("  - { from: a, to: b, style: scale-fade-modal }", entries)))
        let transitions = "  - { from: a, to: b, style: scale-fade-modal, interruptible: true }"
        let t = try Timeline(scene: try scene(transitions, """
              - { at: 0, present: b }
              - { at: 1, dismiss: true }
              - { at: 1.1, pan: [[0, 200, 400], [0.3, 201, 400]] }
            """))
        let caught = t.state(at: 1.1)
        XCTAssertEqual(caught.phase, .interactive)
        XCTAssertEqual(t.state(at: 1.3).layers, caught.layers, "held where the finger caught it")
        XCTAssertEqual(topIDs(t), ["a"], "after the finger lifts the dismissal carries on")
    }

    // MARK: Navigation

    func testMultiStepNavigation() throws {
        let t = try Timeline(scene: try scene("""
              - { from: a, to: b, style: parallax-back-swipe }
              - { from: b, to: c, style: parallax-back-swipe }
              - { from: b, to: d, style: side-drawer }
            """, """
              - { at: 0, push: b }
              - { at: 0.6, push: c }
            \(drag(at: 1.2, x: 100, travel: 250))
              - { at: 2, present: d }
            \(drag(at: 3, x: 350, travel: -200))
            """))
        XCTAssertEqual(t.runs.map(\.style), ["parallax-back-swipe", "parallax-back-swipe", "parallax-back-swipe", "side-drawer", "side-drawer"])
        XCTAssertEqual(t.runs.map(\.finished), [true, true, true, true, true])
        XCTAssertEqual(topIDs(t), ["b"], "pushed a→b→c, swiped back to b, opened and closed the drawer")
    }

    func testInvalidNavigationPointsAtTheEntry() throws {
        let bad = try scene("""
              - { from: a, to: b, style: parallax-back-swipe }
              - { from: a, to: c, style: side-drawer }
            """, """
              - { at: 0, pop: true }
              - { at: 0.5, present: b }
              - { at: 1, push: c }
              - { at: 2, dismiss: true }
            """)
        XCTAssertThrowsError(try Timeline(scene: bad)) { error in
            let found = (error as? SceneError)?.diagnostics ?? []
            XCTAssertEqual(found.map(\.location.line), [11, 12, 13, 14])
            XCTAssertTrue(found[0].message.contains("root of the navigation stack"), found[0].message)
            XCTAssertTrue(found[1].message.contains("use 'push: b'"), found[1].message)
            XCTAssertTrue(found[2].message.contains("use 'present: c'"), found[2].message)
            XCTAssertTrue(found[3].message.contains("nothing is presented"), found[3].message)
        }
    }

    func testSettingsOfAnotherStyleAreRejected() {
        XCTAssertThrowsError(try Timeline(scene: scene("  - { from: a, to: b, style: cover-from-left, width: 200 }", "  []"))) { error in
            let found = (error as? SceneError)?.diagnostics ?? []
            XCTAssertEqual(found.first?.location.line, 8)
            XCTAssertTrue(found.first?.message.contains("not a setting of cover-from-left") ?? false)
        }
    }

    /// A style's settings are decoded against its descriptors when the timeline is built: every
    /// problem at its line and column.
    func testInvalidSettingValues() {
        let text = """
            screens: { a: {}, b: {}, c: {} }
            transitions:
              - from: a
                to: b
                style: slide-up-modal
                spring: { mass: -1, stiffness: 100, damping: 10 }
                curve: [1.2, 0, 0.5, 1]
              - from: b
                to: a
                style: slide-up-modal
                spring: { dampingRatio: 0, duration: 0.5 }
                completionThreshold: 2
              - { from: b, to: c, style: slide-up-model }
            """
        var found: [Diagnostic] = []
        XCTAssertThrowsError(try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))) { error in
            found = (error as? SceneError)?.diagnostics ?? []
        }
        let messages = found.map { "\($0.location.line):\($0.location.column) \($0.message)" }.joined(separator: "\n")
        XCTAssertTrue(found.contains { $0.location.line == 6 && $0.message.contains("mass must be greater than 0") }, messages)
        XCTAssertTrue(found.contains { $0.location.line == 7 && $0.message.contains("x values must be between 0 and 1") }, messages)
        XCTAssertTrue(found.contains { $0.location.line == 11 && $0.message.contains("dampingRatio must be greater than 0") }, messages)
        XCTAssertTrue(found.contains { $0.location.line == 12 && $0.message.contains("completionThreshold must be between 0 and 1") }, messages)
        XCTAssertTrue(found.contains { $0.location.line == 13 && $0.message.contains("did you mean 'slide-up-modal'?") }, messages)
    }

    /// A style's settings keep to the limits: checked where the timeline decodes them (the
    /// transition duration and completion speed once made Double → Int conversions trap).
    func testSettingsAreWithinTheLimits() {
        func problems(_ transition: String) -> [String] {
            do {
                _ = try Timeline(scene: scene(transition, "  - { at: 0.2, present: b }"))
                return []
            } catch let error as SceneError {
                return error.diagnostics.map(\.description)
            } catch {
                return ["unexpected \(error)"]
            }
        }
        XCTAssertEqual(problems("  - { from: a, to: b, style: slide-up-modal, duration: 1e9 }"),
                       ["styles.yaml:8:56: error: duration 1000000000 s is over the limit of 600 s"])
        XCTAssertEqual(problems("  - { from: a, to: b, style: scale-fade-modal, completionSpeed: 1e-300 }"),
                       ["styles.yaml:8:65: error: completionSpeed must be between 0.01 and 100, found 1e-300"])
        XCTAssertEqual(problems("  - { from: a, to: b, style: slide-up-modal, duration: 300 }"), [])
    }

    /// An under-damped spring settles when its envelope (1 + |B|)·e^(−ζω0·t), B = (ζω0 − v)/ωd,
    /// drops to 0.001 (docs/uikit-semantics.md#springs): m 1, k 100, c 0.2 is ζ = 0.01, ω0 = 10,
    /// so ln(1.0100005 / 0.001) / 0.1 = 69.2 s, over `Limits.settling`; c 0.24 settles in 57.7 s,
    /// within it. SwiftUI's (duration 1, bounce 0.99) is ζ = 0.01, ω0 = 2π: 110 s. The error is
    /// at the parameter to change, in `validate` as in every command (they build the timeline).
    func testASpringThatSettlesTooSlowlyIsAnErrorAtTheParameterToChange() {
        func problems(_ spring: String) -> [String] {
            do {
                _ = try Timeline(scene: scene("  - { from: a, to: b, style: slide-up-modal, spring: \(spring) }", "  - { at: 0.2, present: b }"))
                return []
            } catch let error as SceneError {
                return error.diagnostics.map(\.description)
            } catch {
                return ["unexpected \(error)"]
            }
        }
        XCTAssertEqual(Limits.settling, 60)
        XCTAssertEqual(problems("{ mass: 1, stiffness: 100, damping: 0.2 }"),
                       ["styles.yaml:8:90: error: this spring takes 69.2 s to settle (to within 0.1% of its target), over the limit of 60 s; raise 'damping' (damping ratio 0.01; critically damped at 20)"])
        XCTAssertEqual(problems("{ mass: 1, stiffness: 100, damping: 0.24 }"), [])
        XCTAssertEqual(problems("{ mass: 1, stiffness: 100, damping: 1e-300 }"),
                       ["styles.yaml:8:90: error: this spring takes more than 120 s to settle (to within 0.1% of its target), over the limit of 60 s; raise 'damping' (damping ratio 5e-302; critically damped at 20)"])
        XCTAssertEqual(problems("{ duration: 1, bounce: 0.99 }"),
                       ["styles.yaml:8:77: error: this spring takes 110 s to settle (to within 0.1% of its target), over the limit of 60 s; lower 'bounce' (0.99) or shorten 'duration'"])
    }
}
