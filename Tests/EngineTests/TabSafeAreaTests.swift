import Engine
import Geometry
import Scene
import XCTest

/// The tab bar in the safe area of the screens inside a tab (docs/uikit-semantics.md#tab-bar-controllers):
/// a scroll view's content inset keeps its last row above the bar, the bar takes the touches
/// over content beneath it, and a screen pushed with `hidesBottomBarWhenPushed` or presented
/// gets no such inset. The selected tab tapped again pops to the root, or scrolls the root to the top.
///
/// Reference values: the iPhone 15 resized to 400 × 800 pt keeps its 59 pt top and 34 pt bottom
/// safe area; a 44 pt navigation bar puts the content top at y 103. 20 plain rows of 44 pt end
/// at 103 + 880 = 983. Inside a tab the safe area ends 34 + 49 = 83 pt above the bottom, at
/// y 717 (`UITabBarController` adds the bar's 49 pt to its children's bottom inset), so the
/// content scrolls at most 983 − 717 = 266 pt; without the tab bar, 983 − 766 = 217 pt.
final class TabSafeAreaTests: XCTestCase {
    private let rows = (0..<20).map { "R\($0)" }.joined(separator: ", ")

    private var header: String {
        """
        size: [400, 800]
        scale: 1
        fps: 60
        tail: 0.1
        screens:
          a: { navigationBar: { title: A }, content: [{ list: { id: rows, style: plain, rows: [\(rows)] } }] }
          b: { navigationBar: { title: B, back: A }, content: [{ list: { id: more, style: plain, rows: [\(rows)] } }] }
          c: { navigationBar: { title: C, back: B } }
          d: { navigationBar: { title: D, back: A }, hidesBottomBarWhenPushed: true, content: [{ list: { id: more, style: plain, rows: [\(rows)] } }] }
          e: { navigationBar: { title: E }, content: [{ list: { id: more, style: plain, rows: [\(rows)] } }] }
          f: { navigationBar: { title: F } }
        tabs:
          items:
            - { title: First, root: a }
            - { title: Second, root: f }
        transitions:
          - { from: a, to: b, style: system-push, tap: { list: rows } }
          - { from: b, to: c, style: system-push }
          - { from: a, to: d, style: system-push }
          - { from: a, to: e, style: full-screen-cover }

        """
    }

    private func scene(_ body: String = "") throws -> Scene {
        try SceneLoader.load(text: header + body, file: "t.yaml", name: "t")
    }

    private func timeline(_ body: String) throws -> Timeline {
        try Timeline(scene: try scene(body))
    }

    private func offset(_ timeline: Timeline, at time: Double, node: String) -> Double? {
        timeline.state(at: time).layers.first { $0.id == node }?.contentOffset?.y
    }

    func testOnlyScreensInsideATabGetTheTabBarInTheirSafeArea() throws {
        let laidOut = try scene().withTabBarSafeArea()
        let device = laidOut.device
        // A tab's root, a screen pushed inside it, and one pushed above that: 266 pt of scrolling.
        XCTAssertEqual(laidOut.screens["a"]?.scrollView("rows", on: device)?.maxOffset, 266)
        XCTAssertEqual(laidOut.screens["b"]?.scrollView("more", on: device)?.maxOffset, 266)
        XCTAssertEqual(laidOut.screens["c"]?.tabBarInset, 49)
        // Pushed with hidesBottomBarWhenPushed, or presented over the tab bar controller: 217 pt.
        XCTAssertEqual(laidOut.screens["d"]?.scrollView("more", on: device)?.maxOffset, 217)
        XCTAssertEqual(laidOut.screens["e"]?.scrollView("more", on: device)?.maxOffset, 217)
        // Said once: laying out again changes nothing.
        XCTAssertEqual(laidOut.withTabBarSafeArea().screens["a"]?.tabBarInset, 49)
    }

    func testAFlickToTheEndRestsWithTheLastRowAboveTheBar() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, swipe: { from: [200, 600], to: [200, 150], duration: 0.2 }, expect: { scroll: { list: rows, offset: 266, tolerance: 0.001 } } }
            """)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: t.duration, node: "a/rows")), 266, accuracy: 1e-9)
    }

    func testTheBarTakesTouchesOverTheContentBeneathIt() {
        // Row 14 spans y 719–763 at offset 0: under the bar (717–800), so a tap by index is refused
        // and a tap at its point selects the tab there instead of pushing 'b'.
        let found = sceneMessages(header + """
            timeline:
              - { at: 0.1, tap: { list: rows, index: 14 } }
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("row or cell 14 of 'rows' is off-screen at 0.1 s: with the content scrolled to 0 pt its center is at y = 741, below the list's visible 103–717 (under the tab bar, which takes the touch); scroll it into view first") ?? false, "\(found)")
        XCTAssertEqual(sceneMessages(header + """
            timeline:
              - { at: 0.1, tap: [300, 741] }
            """), [], "the tap at [300, 741] switches to 'Second'")
        let t = try? timeline("""
            timeline:
              - { at: 0.1, tap: [100, 700] }
            """)
        XCTAssertEqual(t?.navigation(at: 2).stack, ["a", "b"], "row 13 (675–719) is tapped above the bar and pushes 'b'")
    }

    func testTheSelectedTabTappedAgainPopsToTheRootWithTheAnimatedPop() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, push: b }
              - { at: 1, push: c }
              - { at: 2, tap: { tab: 0 } }
            """)
        XCTAssertEqual(t.navigation(at: 1.9).stack, ["a", "b", "c"])
        XCTAssertEqual(t.navigation(at: 1.9).tab, 0)
        // The pop starts when the finger lifts (2.08 s): 'c' slides off straight onto the root.
        let popping = t.state(at: 2.2)
        let ids = popping.layers.map(\.id)
        XCTAssertTrue(ids.contains("a") && ids.contains("c") && !ids.contains("b"), "\(ids)")
        XCTAssertGreaterThan(try XCTUnwrap(popping.layers.first { $0.id == "c" }).frame.minX, 0, "the top screen leaves to the right")
        XCTAssertEqual(t.navigation(at: t.duration).stack, ["a"])
        XCTAssertEqual(t.releases.count, 0, "no finger held it: the animated pop, not an interactive one")
    }

    func testTheSelectedTabTappedAgainAtItsRootScrollsToTheTop() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, scroll: { list: rows, to: 19, position: bottom } }
              - { at: 1, tap: { tab: 0 }, expect: scroll }
            """)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 0.9, node: "a/rows")), 266, accuracy: 1e-9)
        let halfway = try XCTUnwrap(offset(t, at: 1.08 + 0.15, node: "a/rows"))
        XCTAssertTrue(halfway > 0 && halfway < 266, "animated: \(halfway) pt halfway")
        XCTAssertEqual(offset(t, at: t.duration, node: "a/rows"), 0)
    }

    func testTheTabAndStackOnTopAtATime() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, push: b }
              - { at: 1, tap: { tab: 1 } }
              - { at: 2, tap: { tab: 0 } }
            """)
        XCTAssertEqual(t.navigation(at: 0).tab, 0)
        XCTAssertEqual(t.navigation(at: 0).stack, ["a"])
        XCTAssertEqual(t.navigation(at: 0.9).stack, ["a", "b"])
        XCTAssertEqual(t.navigation(at: 1.5).tab, 1)
        XCTAssertEqual(t.navigation(at: 1.5).stack, ["f"])
        XCTAssertEqual(t.navigation(at: 2.5).tab, 0)
        XCTAssertEqual(t.navigation(at: 2.5).stack, ["a", "b"], "each tab keeps its stack")
    }

    /// iOS 15's tab bar appearances: the scroll-edge one (no background, no hairline) while the
    /// content's bottom is at or above the bar's top edge (y 717), the standard one once content
    /// lies under it, faded in over `BarScrollResponse.appearanceRamp` (10 pt) as the navigation
    /// bar's is: opacity = clamp((content bottom − 717) / 10, 0, 1).
    func testTheTabBarShowsItsStandardAppearanceOnlyOverContentUnderIt() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, scroll: { list: rows, to: 19, position: bottom } }
              - { at: 1, tap: { tab: 1 } }
            """)
        func standard(_ time: Double) throws -> Double {
            try XCTUnwrap(t.state(at: time).layers.first { $0.id == "tabBar/background" }).alpha
        }
        XCTAssertEqual(try standard(0), 1, "the rows end at y 983, 266 pt under the bar")
        XCTAssertEqual(try standard(0.9), 0, "scrolled to 266 pt: the last row ends at the bar's top edge")
        for time in stride(from: 0.1, through: 0.45, by: 1.0 / 60) {
            let offset = try XCTUnwrap(offset(t, at: time, node: "a/rows"))
            XCTAssertEqual(try standard(time), min(max((983 - offset - 717) / 10, 0), 1), accuracy: 1e-9, "at \(time) s, offset \(offset)")
        }
        XCTAssertEqual(try standard(1.5), 0, "'f' has no list reaching the bar: the scroll-edge appearance")
        let items = try XCTUnwrap(t.state(at: 1.5).layers.first { $0.id == "tabBar/items" })
        XCTAssertEqual(items.alpha, 1, "the items always show")
    }

    /// Over a push or pop between a screen whose list lies under the bar ('b': the standard
    /// appearance, 1) and one without a list ('c': the scroll-edge appearance, 0), the bar's
    /// background goes from one to the other with the transition's progress
    /// (docs/uikit-semantics.md#the-tab-bar-over-a-push-or-pop): 1 − progress on the push, and on
    /// the pop back, progress. Halfway it is neither.
    func testOverAPushOrPopTheTabBarBlendsTheTwoScreensAppearancesWithTheProgress() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, push: b }
              - { at: 1.1, push: c }
              - { at: 2.1, pop: true }
            """)
        func standard(_ state: FrameState) throws -> Double {
            try XCTUnwrap(state.layers.first { $0.id == "tabBar/background" }).alpha
        }
        XCTAssertEqual(try standard(t.state(at: 1.05)), 1, "over 'b' at rest: standard")
        XCTAssertEqual(try standard(t.state(at: 2.05)), 0, "over 'c' at rest: scroll edge")
        var between = 0
        for (range, pushing) in [(Int(1.1 * 60)..<Int(2.05 * 60), true), (Int(2.1 * 60)..<Int(3.05 * 60), false)] {
            for frame in range {
                let state = t.state(frame: frame)
                guard let progress = state.progress else { continue }
                let p = min(max(progress, 0), 1)
                XCTAssertEqual(try standard(state), pushing ? 1 - p : p, accuracy: 1e-9, "at \(state.time) s, progress \(progress)")
                if (0.2...0.8).contains(try standard(state)) { between += 1 }
            }
        }
        XCTAssertGreaterThan(between, 4, "frames in the middle show the bar half way")
    }
}
