@testable import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// A navigation stack inside a presented sheet (docs/uikit-semantics.md#navigation-controllers-in-sheets):
/// a push from the sheet's root runs inside the sheet, the presenter staying as it is; a pop, the
/// back swipe from the sheet's edge and the back button pop inside it; a dismissal from a pushed
/// screen, by a bar item or a swipe down, takes the whole presented stack; the sheet's bar is
/// 56 pt (docs/uikit-semantics.md#sheet-navigation-bar).
///
/// Reference values: the iPhone 15 resized to 400 × 800 pt keeps its 59 pt top safe area; a large
/// page sheet leaves a gap of 8 % of the height over it (`SheetGeometry.topGap`, 0.08 · 800 =
/// 64 pt) and is its height plus its 12 pt corner radius tall (736 + 12 = 748), so the sheet is
/// [0, 64, 400, 748], its top below the status bar: its bar is 56 pt, its node 57 pt with the
/// hairline, and its content starts 56 pt down, at y 120 on the screen.
final class SheetNavigationStackTests: XCTestCase {
    private let header = engineTestDevice + """
        screens:
          a: { navigationBar: { title: A } }
          s:
            navigationBar: { title: S, leading: [{ title: Cancel, action: dismiss }] }
            content: [{ list: { id: rows, rows: [One, Two] } }]
          p:
            navigationBar: { title: P, back: S, trailing: [{ title: Done, action: dismiss }] }
            content: [{ list: { id: people, rows: [Anna, Ben] } }]
          q: { navigationBar: { title: Q, back: P } }
        root: a
        transitions:
          - { from: a, to: s, style: page-sheet, detents: large }
          - { from: s, to: p, style: system-push, tap: { list: rows, index: 0 } }
          - { from: p, to: q, style: system-push, tap: { list: people, index: 1 } }

        """
    private let sheet = Rect(x: 0, y: 64, width: 400, height: 748)

    private func timeline(_ body: String) throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: header + body, file: "t.yaml", name: "t"))
    }

    /// For each of `entries`: the timeline that presents s, pushes p inside it at 1.5 s, then
    /// plays the entry and `after`.
    private func pushed(then entries: [String], and after: String, _ check: (String, Timeline) throws -> Void) throws {
        for entry in entries {
            try check(entry, try timeline("""
                timeline:
                  - { at: 0.1, present: s }
                  - { at: 1.5, push: p }
                  - \(entry)
                  - \(after)
                """))
        }
    }

    private func ids(_ state: FrameState) -> [String] { state.layers.map(\.id) }

    /// Every frame of a push from the sheet's root: the pushed screen is laid out at the sheet's
    /// size and moves only sideways inside the sheet, in a node of the sheet's frame that clips and
    /// rounds it; the presenter behind keeps the transform it had at rest.
    func testAPushInsideASheetStaysInsideTheSheetAndLeavesThePresenterAlone() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, present: s }
              - { at: 1.5, push: p }
            """)
        let rest = t.state(at: 1.45)
        let presenter = try layer("a", rest)
        assertEqual(try layer("s", rest).frame, sheet, "the sheet at its large detent")
        var frames = 0
        for frame in Int(1.5 * 60)...Int(2.4 * 60) {
            let state = t.state(frame: frame)
            let time = state.time
            XCTAssertEqual(try layer("a", state).transform, presenter.transform, "the presenter does not move (\(time) s)")
            XCTAssertEqual(try layer("a", state).alpha, presenter.alpha, "nor fade (\(time) s)")
            let container = try layer("s/navigationController", state)
            assertEqual(container.frame, sheet, "the container is the sheet (\(time) s)")
            XCTAssertTrue(container.node.clipsToBounds, "it clips what moves inside it")
            XCTAssertEqual(container.cornerRadius, 12, "with the sheet's corners")
            let pushed = try layer("p", state)
            XCTAssertTrue(container.node.children.contains { $0.id == "p" }, "the pushed screen is inside the sheet (\(time) s)")
            XCTAssertEqual(pushed.frame.minY, sheet.minY, accuracy: 1e-6, "at the sheet's top (\(time) s)")
            XCTAssertEqual(pushed.frame.height, sheet.height, accuracy: 1e-6, "laid out at the sheet's height (\(time) s)")
            XCTAssertGreaterThanOrEqual(pushed.frame.minX, sheet.minX - 1e-6, "coming in from the sheet's right (\(time) s)")
            XCTAssertEqual(ids(state).filter { $0 == "s/navigationBar" }.count, 1, "one bar, the sheet's (\(time) s)")
            frames += 1
        }
        XCTAssertGreaterThan(frames, 40)
        let moving = t.state(at: 1.7)
        XCTAssertGreaterThan(try layer("p", moving).frame.minX, 0, "still sliding in at 1.7 s")
        XCTAssertLessThan(try layer("s", moving).frame.minX, 0, "the sheet's root moves left under the bar")
        let pushed = t.state(at: 2.5)
        assertEqual(try layer("p", pushed).frame, sheet, "at rest the pushed screen fills the sheet")
        XCTAssertEqual(try layer("a", pushed).transform, presenter.transform, "and the presenter is where it was")
        XCTAssertFalse(ids(pushed).contains("s"), "the root is covered")
    }

    /// The sheet's bar is 56 pt: its node (with the hairline) is 57 pt tall at the sheet's top, the
    /// content starts below it, for the sheet's root and for a screen pushed inside it.
    func testTheSheetsNavigationBarIs56Points() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, present: s }
              - { at: 1.5, push: p }
            """)
        for (time, list) in [(1.45, "s/rows"), (2.5, "p/people")] {
            let state = t.state(at: time)
            let bar = try layer("s/navigationBar", state)
            assertEqual(bar.frame, Rect(x: 0, y: 64, width: 400, height: 57), "the bar at \(time) s")
            XCTAssertEqual(try layer(list, state).frame.minY, 64 + 56, accuracy: 1e-6, "the content below it at \(time) s")
        }
        var sheetLayout = Device.presets["iphone-15"]!.laidOut(in: sheet)
        sheetLayout.isSheet = true
        let spec = NavigationBarView(title: "S", largeTitle: true)
        XCTAssertEqual(NavigationBarLayout(spec, on: sheetLayout).bar.height, 56)
        XCTAssertEqual(spec.height(on: sheetLayout), 56 + 52, "a large title keeps its 52 pt below the sheet's bar")
        XCTAssertEqual(NavigationBarLayout(spec, on: Device.presets["iphone-15"]!).bar.height, 44, "full screen it is 44 pt")
    }

    /// A pushed screen leaves the sheet by a pop, the back button and the back swipe from the
    /// sheet's left edge; each ends with the sheet's root in the sheet, the presenter behind.
    func testPopsInsideTheSheet() throws {
        let pops = ["{ at: 2.5, pop: true }", "{ at: 2.5, tap: { back: true } }",
                    "{ at: 2.5, swipe: { from: [4, 400], to: [300, 405], duration: 0.5 }, expect: finish }"]
        try pushed(then: pops, and: "{ at: 4, push: p }") { pop, t in
            let popping = t.state(at: 2.7)
            XCTAssertEqual(popping.transition, "system-push", pop)
            assertEqual(try layer("s/navigationController", popping).frame, sheet, "\(pop): inside the sheet")
            XCTAssertGreaterThan(try layer("p", popping).frame.minX, 0, "\(pop): the pushed screen leaves to the right")
            let back = t.state(at: 3.8)
            assertEqual(try layer("s", back).frame, sheet, "\(pop): the root rests in the sheet")
            XCTAssertFalse(ids(back).contains("p"), pop)
        }
    }

    /// "Done" on the pushed screen dismisses the presented stack: the sheet goes down showing the
    /// pushed screen, and afterwards the presenter is on top (it can present again).
    func testADismissFromAPushedScreenTakesTheWholeStack() throws {
        let dismissals = ["{ at: 2.5, tap: { barItem: Done } }", "{ at: 2.5, dismiss: true }",
                          "{ at: 2.5, swipe: { from: [200, 300], to: [200, 700], duration: 0.1 }, expect: finish }"]
        try pushed(then: dismissals, and: "{ at: 4, present: s }") { dismiss, t in
            let going = t.state(at: 2.75)
            XCTAssertEqual(going.transition, "page-sheet", dismiss)
            let container = try layer("s/navigationController", going)
            XCTAssertGreaterThan(container.frame.minY, sheet.minY, "\(dismiss): the sheet goes down")
            XCTAssertEqual(try layer("p", going).frame.minY, container.frame.minY, accuracy: 1e-6, "\(dismiss): showing the pushed screen")
            XCTAssertFalse(ids(going).contains("s"), "\(dismiss): not its root")
            let after = t.state(at: 3.9)
            XCTAssertEqual(Set(ids(after)).intersection(["s", "p", "s/navigationController"]), [], "\(dismiss): all gone")
            assertEqual(try layer("a", after).frame, Rect(x: 0, y: 0, width: 400, height: 800), "\(dismiss): the presenter is back")
        }
    }

    /// A list of a screen pushed inside the sheet scrolls under an upward pan, in the sheet's own
    /// points: 40 rows of 44 pt (1760 pt) in a list from the content top (56 pt) to the sheet's
    /// 748 pt leave it room to scroll; a 300 pt drag at 1000 pt/s carries the content at least
    /// the drag's 300 pt up (then it decelerates), in the @1 device's whole points.
    func testAListOfAScreenPushedInsideTheSheetScrolls() throws {
        let rows = (1...40).map { "R\($0)" }.joined(separator: ", ")
        let t = try Timeline(scene: try SceneLoader.load(text: """
            size: [400, 800]
            scale: 1
            fps: 60
            tail: 0.2
            screens:
              a: { navigationBar: { title: A } }
              s:
                navigationBar: { title: S }
                content: [{ list: { id: rows, rows: [One, Two] } }]
              p:
                navigationBar: { title: P, back: S }
                content: [{ list: { id: long, rows: [\(rows)] } }]
            root: a
            transitions:
              - { from: a, to: s, style: page-sheet, detents: large }
              - { from: s, to: p, style: system-push }
            timeline:
              - { at: 0.1, present: s }
              - { at: 1.5, push: p }
              - { at: 2.5, swipe: { from: [200, 600], to: [200, 300], duration: 0.3 }, expect: scroll }
              - { at: 7, swipe: { from: [200, 300], to: [200, 400], duration: 0.3 }, expect: scroll }
            """, file: "t.yaml", name: "t"))
        // Scrolled down, a downward pan scrolls the content back rather than dragging the sheet.
        let list = try XCTUnwrap(t.state(at: 6.9).layers.first { $0.id == "p/long" }, "the pushed screen's list")
        let offset = try XCTUnwrap(list.contentOffset).y
        XCTAssertGreaterThanOrEqual(offset, 300, "scrolled by the drag")
        XCTAssertEqual(offset, offset.rounded(), "on whole device pixels")
        XCTAssertTrue(t.state(at: t.duration).layers.contains { $0.id == "s/navigationController" }, "still inside the sheet")
    }

    /// A full-screen cover's stack leaves the same way: the cover slides down showing the screen
    /// pushed on it, not its root.
    func testAFullScreenCoverGoesDownWithTheScreenPushedOnIt() throws {
        // The header's transitions go on: a cover of q, and a push from q to s inside it.
        let t = try timeline("""
              - { from: a, to: q, style: full-screen-cover }
              - { from: q, to: s, style: system-push }
            timeline:
              - { at: 0.1, present: q }
              - { at: 1.5, push: s }
              - { at: 2.5, dismiss: true }
            """)
        let going = t.state(at: 2.6)
        XCTAssertEqual(going.transition, "full-screen-cover")
        let cover = try layer("q/navigationController", going)
        XCTAssertGreaterThan(cover.frame.minY, 0, "the cover slides down")
        assertEqual(try layer("s", going).frame, cover.frame, "showing the screen pushed on it")
        XCTAssertFalse(ids(going).contains("q"), "not its root: \(ids(going))")
        XCTAssertEqual(try layer("q/navigationBar", going).frame.minY, cover.frame.minY, accuracy: 1e-6, "its bar goes with it")
        XCTAssertEqual(Set(ids(t.state(at: 4))).intersection(["q", "s"]), [], "all gone")
    }

    /// Every screen of the presented stack is reported where the sheet shows it.
    func testEveryScreenOfThePresentedStackIsPresentedAsTheSheet() throws {
        let scene = try SceneLoader.load(text: header + "timeline: [{ at: 0.1, present: s }]\n", file: "t.yaml", name: "t")
        let shown = Timeline.presentations(of: scene, text: AdvanceMeasurer())
        for name in ["s", "p", "q"] {
            let presentation = try XCTUnwrap(shown[name], "\(name) is in the sheet")
            XCTAssertEqual(presentation.style, "page-sheet")
            assertEqual(presentation.frame, sheet, name)
            XCTAssertTrue(presentation.layout.isSheet, name)
        }
        XCTAssertNil(shown["a"])
    }

    /// Misuse inside a sheet's stack is a located error that says what to write instead.
    func testMisuseInsideASheetsStackIsALocatedError() {
        let cases: [(String, String)] = [
            ("{ at: 1.5, pop: true }", "t.yaml:21:5: error: cannot pop 's': it was presented with page-sheet; use 'dismiss: true'"),
            ("{ at: 1.5, tap: { back: true } }", "t.yaml:21:5: error: 's' is on screen at 1.5 s and shows no back button: it was presented, not pushed"),
            ("{ at: 1.5, tap: { barItem: Done } }", "t.yaml:21:5: error: 's' is on screen at 1.5 s and its navigation bar has no item 'Done'; its items are: Cancel"),
        ]
        for (entry, expected) in cases {
            let messages = sceneMessages(header + "timeline:\n  - { at: 0.1, present: s }\n  - \(entry)\n")
            XCTAssertTrue(messages.contains { $0.hasPrefix(expected) }, "\(entry): \(messages)")
        }
        // The back swipe belongs to the sheet: at the medium detent (top at 400 pt) a swipe from
        // the screen's left edge above the sheet lands on the dimmed presenter and pops nothing.
        let above = sceneMessages(header.replacingOccurrences(of: "detents: large", with: "detents: medium")
                                  + "timeline:\n  - { at: 0.1, present: s }\n  - { at: 1.5, push: p }\n"
                                  + "  - { at: 2.5, swipe: { from: [4, 380], to: [300, 385], duration: 0.5 } }\n")
        XCTAssertTrue(above.contains { $0.hasPrefix("t.yaml:22:5: error: this gesture does nothing")
                          && $0.contains("outside the sheet it pops in ([0, 400, 400, 748])") }, "\(above)")
        // On the pushed screen, a tap on an item it does not have suggests the one it does.
        let messages = sceneMessages(header + "timeline:\n  - { at: 0.1, present: s }\n  - { at: 1.5, push: p }\n  - { at: 2.5, tap: { barItem: Don } }\n")
        XCTAssertTrue(messages.contains { $0.hasPrefix("t.yaml:22:5: error: 'p' is on screen at 2.5 s and its navigation bar has no item 'Don' (did you mean 'Done'?)") },
                      "\(messages)")
    }
}
