import Engine
import Geometry
import Scene
import XCTest

/// Every gesture starts, drives or interrupts something, or is an error saying why; `expect:`
/// is checked against the replay; gestures can be given by intent.
final class GestureAccountingTests: XCTestCase {
    private let header = engineTestDevice + """
        screens:
          list: { content: [{ list: { id: mail, rows: [Anna, Ben, Chloe] } }] }
          detail: { content: [{ rect: { id: card, frame: [20, 300, 360, 100], fill: systemBlue } }] }
          sheet: {}
        root: list

        """

    private func timeline(_ body: String) throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: header + body, file: "t.yaml", name: "t"))
    }

    private func messages(_ body: String) -> [String] { sceneMessages(header + body) }

    func testASwipeDuringANonInterruptiblePushSaysWhy() {
        let found = messages("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe }]
            timeline:
              - { at: 0.1, push: detail }
              - { at: 0.2, swipe: { from: [50, 400], to: [300, 400], duration: 0.1 } }
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("t.yaml:13:5: error: this gesture does nothing: the parallax-back-swipe transition from 'list' to 'detail' runs until 0.606 s and cannot be interrupted") ?? false, "\(found)")
    }

    /// A finger on a list, grid or `scroll` without an `id` finds a view that neither scrolls nor
    /// takes taps: the message says so first, naming the view's kind (before, it said only that
    /// no transition had a gesture). Over every kind and both gestures; not where the view has an
    /// id or where the finger lands beside it.
    func testAGestureOnAScrollableViewWithoutAnIDSaysItHasNone() {
        let views = [
            "list": "{ list: { frame: [0, 100, 400, 500], rows: [Anna, Ben, Chloe] } }",
            "grid": "{ grid: { frame: [0, 100, 400, 500], columns: 3, cells: [{ color: systemRed }, { color: systemBlue }] } }",
            "scroll": "{ scroll: { frame: [0, 100, 400, 500], content: [{ rect: { frame: [0, 0, 400, 900], fill: systemRed } }] } }",
        ]
        let gestures = ["swipe: { from: [200, 500], to: [200, 200], duration: 0.2 }", "tap: [200, 300]"]
        for (kind, view) in views.sorted(by: { $0.key < $1.key }) {
            for gesture in gestures {
                func scene(_ view: String, _ gesture: String) -> String {
                    engineTestDevice + """
                    screens:
                      a: { content: [\(view)] }
                      b: {}
                    root: a
                    transitions: [{ from: a, to: b, style: system-push }]
                    timeline:
                      - { at: 0.1, \(gesture) }
                    """
                }
                let found = sceneMessages(scene(view, gesture))
                XCTAssertEqual(found.count, 1, "\(kind), \(gesture): \(found)")
                let point = gesture.hasPrefix("tap") ? "[200, 300]" : "[200, 500]"
                XCTAssertTrue(found.first?.contains("does nothing: the \(kind) under the finger at \(point) has no 'id', so it neither scrolls nor takes taps; give it one ('\(kind): { id: NAME, … }'); ") ?? false,
                              "\(kind), \(gesture): \(found)")
                let beside = gesture.replacingOccurrences(of: "500]", with: "700]").replacingOccurrences(of: "[200, 300]", with: "[200, 700]")
                XCTAssertFalse(sceneMessages(scene(view, beside)).joined().contains("has no 'id'"), "\(kind), \(beside): the finger lands beside it")
                let named = view.replacingOccurrences(of: "{ frame:", with: "{ id: v, frame:")
                XCTAssertFalse(sceneMessages(scene(named, gesture)).joined().contains("has no 'id'"), "\(kind), \(gesture): it has an id")
            }
        }
    }

    func testAPanOnTheRootSaysNothingLeavesIt() {
        let found = messages("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe }]
            timeline:
              - { at: 0.1, swipe: { from: [50, 400], to: [300, 400], duration: 0.1 } }
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("the transitions from 'list' (parallax-back-swipe to detail) have no gesture that starts them; use an action") ?? false, "\(found)")
        // Meant to do nothing: said so, accepted.
        XCTAssertEqual(messages("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe }]
            timeline:
              - { at: 0.1, swipe: { from: [50, 400], to: [300, 400], duration: 0.1 }, expect: nothing }
            """), [])
    }

    func testATapOnARowPushesTheTransitionBoundToIt() throws {
        let t = try timeline("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe, tap: { list: mail } }]
            timeline:
              - { at: 0.1, tap: { list: mail, index: 1 }, expect: finish }
            """)
        XCTAssertEqual(t.runs.map(\.destination), ["detail"])
        XCTAssertEqual(t.runs.first?.finished, true)
        XCTAssertEqual(t.runs.first?.start ?? 0, 0.18, accuracy: 1e-9, "the push starts when the finger lifts")
        // A tap on a row of another index than the one bound does nothing, and says so.
        let found = messages("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe, tap: { list: mail, index: 0 } }]
            timeline:
              - { at: 0.1, tap: { list: mail, index: 2 } }
            """)
        XCTAssertTrue(found.first?.contains("hit no row or cell a transition is bound to") ?? false, "\(found)")
    }

    func testTapTargetsThatDoNotExistAreLocated() {
        XCTAssertEqual(messages("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe, tap: { list: mail } }]
            timeline:
              - { at: 0.1, tap: { list: inbox } }
            """), ["t.yaml:12:5: error: 'list' is on screen at 0.1 s and has no list or grid 'inbox'; its lists and grids are: mail"])
        // A typo of an id the screen has: did you mean it (issue 39), for taps on cells and views and for scrolls.
        XCTAssertEqual(messages("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe, tap: { list: mail } }]
            timeline:
              - { at: 0.1, tap: { list: mial } }
              - { at: 0.5, tap: { view: mial } }
              - { at: 1, scroll: { list: mial, to: 1 } }
            """), ["t.yaml:12:5: error: 'list' is on screen at 0.1 s and has no list or grid 'mial' (did you mean 'mail'?); its lists and grids are: mail",
                   "t.yaml:13:5: error: 'list' is on screen at 0.5 s and has no view with id 'mial' (did you mean 'mail'?); its views with ids are: mail",
                   "t.yaml:14:5: error: cannot scroll 'mial' at 1 s: 'list' is on screen and has no list or grid 'mial' that scrolls (did you mean 'mail'?); its scroll views are: mail"])
        XCTAssertEqual(messages("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe, tap: { list: mail } }]
            timeline:
              - { at: 0.1, tap: { list: mail, index: 3 } }
            """), ["t.yaml:12:5: error: list or grid 'mail' of 'list' has 3 rows or cells; index 3 is past its end"])
    }

    func testAFingerDownJustBeforeATransitionEndsStartsTheNextOneWhenItsPanBegins() throws {
        // The push (UIKit's own, on the default spring settling in 0.506 s) ends at 0.606 s; the
        // finger goes down at 0.586 s and passes the slop after 0.606 s: UIKit's recognizer
        // begins then, and the back swipe starts.
        let t = try timeline("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe }]
            timeline:
              - { at: 0.1, push: detail }
              - { at: 0.586, pan: [[0, 50, 400], [0.02, 50, 400], [0.04, 70, 400], [0.1, 300, 400], [0.12, 320, 400]], expect: finish }
            """)
        XCTAssertEqual(t.runs.count, 2)
        XCTAssertEqual(t.runs[1].destination, "list")
        XCTAssertGreaterThanOrEqual(t.runs[1].start, 0.606)
    }

    func testExpectedOutcomesAreChecked() {
        // A slow half-width drag cancels (progress 0.45, slow release).
        let drag = "pan: [[0, 20, 400], [0.1, 40, 400], [0.5, 200, 400], [0.6, 200, 400]]"
        let body = """
            transitions: [{ from: list, to: detail, style: parallax-back-swipe }]
            timeline:
              - { at: 0.1, push: detail }
              - { at: 1, \(drag), expect: %@ }
            """
        XCTAssertEqual(messages(body.replacingOccurrences(of: "%@", with: "cancel")), [])
        let finish = messages(body.replacingOccurrences(of: "%@", with: "finish"))
        XCTAssertEqual(finish.count, 1)
        XCTAssertTrue(finish.first?.contains("t.yaml:13:5: error: this gesture should finish the parallax-back-swipe transition from 'detail' to 'list', but it was cancelled at") ?? false, "\(finish)")
        let nothing = messages(body.replacingOccurrences(of: "%@", with: "nothing"))
        XCTAssertTrue(nothing.first?.contains("should do nothing, but it drives the parallax-back-swipe transition") ?? false, "\(nothing)")
    }

    func testATypedSampleLandsOnTheFrameItNames() throws {
        // 1.6 + 0.05 is 1.6500000000000001 in doubles; the sample is shown at frame 99 (1.65 s).
        let t = try timeline("""
            transitions: [{ from: list, to: detail, style: parallax-back-swipe }]
            timeline:
              - { at: 0.1, push: detail }
              - { at: 1.6, pan: [[0, 20, 400], [0.0167, 40, 400], [0.05, 100, 400], [0.0667, 120, 400]], expect: finish }
            """)
        XCTAssertEqual(t.state(frame: 99).touches, [Point(x: 100, y: 400)])
    }

    func testAnEdgeSwipeByIntentPops() throws {
        let t = try timeline("""
            transitions: [{ from: list, to: detail, style: scale-fade-modal }]
            timeline:
              - { at: 0.1, present: detail }
              - { at: 1, swipe: { edge: left, distance: "60%", velocity: 800 }, expect: finish }
            """)
        XCTAssertEqual(t.runs.last?.destination, "list")
    }
}
