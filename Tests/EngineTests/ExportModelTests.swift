@testable import Engine
import Geometry
import Interaction
import Scene
import XCTest

/// What `segue export` hands a page is the engine's own behaviour: a run held at a key shows
/// exactly the frame a finger holding it there shows, and the sampled progress rule reads every
/// translation as the style's rule does.
final class ExportModelTests: XCTestCase {
    /// Two screens with a navigation bar, a drawer and a page sheet: every gesture kind the export hands on.
    static func scene(_ style: String, timeline: String) -> String {
        engineTestDevice + """
            screens:
              a:
                background: systemBackground
                navigationBar: { title: Settings, largeTitle: true }
                content:
                  - rect: { frame: [16, 200, 368, 80], fill: systemBlue, cornerRadius: 12 }
              b:
                background: secondarySystemBackground
                navigationBar: { title: Detail, back: Settings }
                content:
                  - label: { text: Detail, frame: [20, 140, 200, 30] }
            root: a
            transitions:
              - { from: a, to: b, style: \(style) }
            timeline:
            \(timeline)
            """
    }

    /// A finger that moves from `from` by `by` over 0.5 s (60 Hz) and then holds still until `hold` s after it went down.
    static func held(from: Point, by: Point, hold: Double = 1.5) -> String {
        var samples: [String] = []
        for i in 0...30 {
            let s = Double(i) / 30
            samples.append("[\(s * 0.5), \(from.x + by.x * s), \(from.y + by.y * s)]")
        }
        samples.append("[\(hold), \(from.x + by.x), \(from.y + by.y)]")
        return "[" + samples.joined(separator: ", ") + "]"
    }

    /// The frame a finger holds, against the held state at the progress (or top edge) it shows.
    private func checkHeld(_ yaml: String, runIndex: Int, at time: Double, key: (Timeline, FrameState) -> Double,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let timeline = try Timeline(yaml: yaml)
        let shown = timeline.state(at: time)
        XCTAssertEqual(shown.phase, .interactive, file: file, line: line)
        let held = try XCTUnwrap(timeline.heldState(ofRun: runIndex, key: key(timeline, shown)), file: file, line: line)
        let a = shown.layers, b = held.layers
        XCTAssertEqual(a.map(\.id), b.map(\.id), file: file, line: line)
        for (x, y) in zip(a, b) {
            XCTAssertEqual(x.content, y.content, x.id, file: file, line: line)
            for (u, v) in zip(x.transform.components, y.transform.components) { XCTAssertEqual(u, v, accuracy: 1e-9, x.id, file: file, line: line) }
            XCTAssertEqual(x.alpha, y.alpha, accuracy: 1e-9, x.id, file: file, line: line)
            XCTAssertEqual(x.cornerRadius, y.cornerRadius, accuracy: 1e-9, x.id, file: file, line: line)
        }
    }

    /// Held where a finger holds each kind of run, the picture is the finger's frame: the back
    /// swipe and the drawer at their progress, the page sheet at its top edge, the slide-up
    /// dismissal at its fraction (its sheet where the straight drag puts it).
    func testAHeldRunShowsTheFrameAFingerHoldingItShows() throws {
        let progress: (FrameState) -> Double = { try! XCTUnwrap($0.progress) }
        let cases: [(style: String, timeline: String, run: Int, key: (FrameState) -> Double)] = [
            ("system-push", """
              - { at: 0.1, push: b }
              - at: 1.5
                pan: \(Self.held(from: Point(x: 3, y: 400), by: Point(x: 170, y: 6)))
            """, 1, progress),
            ("side-drawer", """
              - at: 1.5
                pan: \(Self.held(from: Point(x: 60, y: 400), by: Point(x: 130, y: 0)))
            """, 0, progress),
            ("page-sheet, detents: medium-large", """
              - { at: 0.1, present: b }
              - at: 1.5
                pan: \(Self.held(from: Point(x: 200, y: 500), by: Point(x: 0, y: 140)))
            """, 1, { try! XCTUnwrap($0.layers.first { $0.id == "b" }).frame.minY }),
            ("slide-up-modal", """
              - { at: 0.1, present: b }
              - at: 1.5
                pan: \(Self.held(from: Point(x: 200, y: 300), by: Point(x: 0, y: 300)))
            """, 1, progress),
        ]
        for test in cases {
            try checkHeld(Self.scene(test.style, timeline: test.timeline), runIndex: test.run, at: 2.6) { _, state in test.key(state) }
        }
    }

    /// Every translation the table covers reads, interpolated, as the rule itself reads it.
    func testTheSampledRuleReadsEveryTranslationAsTheStyleDoes() throws {
        for (style, modal) in [("system-push", false), ("parallax-back-swipe", false), ("side-drawer", true), ("scale-fade-modal", true)] {
            let actions = modal ? "  - { at: 0.1, present: b }\n  - { at: 1.5, dismiss: true }" : "  - { at: 0.1, push: b }\n  - { at: 1.5, pop: true }"
            let timeline = try Timeline(yaml: Self.scene(style, timeline: actions))
            guard let driver = timeline.replayed.last?.driver as? PercentDrivenDriver, let rule = driver.rule,
                  let model = timeline.gestureModel(ofRun: 1) else { XCTFail("\(style): no gesture"); continue }
            let bounds = driver.stage.bounds
            var t = -700.0
            while t < 700 {
                let event = PanEvent(state: .changed, time: 0, location: Point(x: 200, y: 400), translation: Point(x: t, y: 0), velocity: .zero)
                let i = (t - model.reading.start) / model.reading.step
                let low = Int(i.rounded(.down)), f = i - Double(low)
                let read = model.reading.values[low] * (1 - f) + model.reading.values[low + 1] * f
                XCTAssertEqual(read, rule.progress(event, bounds, 0), accuracy: 1e-12, "\(style) at \(t)")
                t += 3.7
            }
        }
    }

    /// The decision as data decides every release as the styles' own code did: a grid of
    /// progress × velocity on both sides of each threshold.
    func testReleaseDecisionsAreTheStylesRules() {
        let cases: [(ReleaseDecision, (Double, Point) -> Bool)] = [
            (.threshold(0.5), { p, _ in p > 0.5 }),
            (.threshold(0.5, inclusive: true), { p, _ in p >= 0.5 }),
            (.movingRight, { _, v in v.x > 0 }),
            (ReleaseDecision(velocity: 500, threshold: 0.3), { p, v in p > 0.3 || v.x > 500 }),
            (ReleaseDecision(axis: .y, sign: 1, flick: 1200, threshold: 0.2), { p, v in
                if v.magnitude > 1200 { return v.y > 0 }
                return p > 0.2
            }),
        ]
        for (decision, reference) in cases {
            for p in stride(from: 0.0, through: 1.0, by: 0.05) {
                for vx in stride(from: -1500.0, through: 1500.0, by: 250) {
                    for vy in [-1500.0, -100, 0, 100, 1500] {
                        XCTAssertEqual(decision.finishes(progress: p, velocity: Point(x: vx, y: vy)), reference(p, Point(x: vx, y: vy)),
                                       "\(decision) at \(p), (\(vx), \(vy))")
                    }
                }
            }
        }
    }
}
