import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// A `UITabBarController` at the scene's root: one tab bar over every tab's navigation stack,
/// kept still by a push or pop, taken away by `hidesBottomBarWhenPushed`, carried by a presenter;
/// tab switches that keep each tab's stack; the back button as a tap target.
///
/// Reference values: the iPhone 15 resized to 400 × 800 pt keeps its 59 pt top and 34 pt bottom
/// safe area, so the 49 pt bar (`UITabBar`, Apple HIG) stands on y 766 (717–766), its background
/// reaches the bottom (717–800, the node `tabBar`), each of two items is 200 pt wide, and the
/// 44 pt navigation bar spans y 59–103.
final class TabBarControllerTests: XCTestCase {
    private let header = engineTestDevice + """
        screens:
          a: { navigationBar: { title: A }, content: [{ list: { id: rows, rows: [One, Two] } }] }
          b: { navigationBar: { title: B, back: A } }
          c: { navigationBar: { title: C } }
          d: { navigationBar: { title: D, back: A }, hidesBottomBarWhenPushed: true }
          e: { navigationBar: { title: E } }
        tabs:
          items:
            - { title: First, icon: star.fill, root: a }
            - { title: Second, root: c }

        """

    private func timeline(_ body: String) throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: header + body, file: "t.yaml", name: "t"))
    }

    private func messages(_ text: String) -> [String] { sceneMessages(text) }

    private func layer(_ id: String, _ state: FrameState) throws -> PlacedNode {
        try XCTUnwrap(state.layers.first { $0.id == id }, "no \(id) in \(state.layers.map(\.id))")
    }

    private func selected(_ state: FrameState) throws -> Int {
        guard case .part(let part) = try layer("tabBar/items", state).content, case .tabBar(let index) = part.kind else {
            XCTFail("the tabBar node draws no tab bar part")
            return -1
        }
        return index
    }

    func testThePushSlidesUnderOneTabBarThatStaysPut() throws {
        let t = try timeline("""
            transitions: [{ from: a, to: b, style: system-push }]
            timeline: [{ at: 0.1, push: b }]
            """)
        for time in [0.0, 0.2, 0.3, 2.0] {
            let state = t.state(at: time)
            let ids = state.layers.map(\.id)
            XCTAssertEqual(ids.filter { $0 == "tabBar" }.count, 1, "one tab bar at \(time) s: \(ids)")
            let bar = try layer("tabBar", state)
            XCTAssertEqual(bar.frame, Rect(x: 0, y: 717, width: 400, height: 83), "never moved (\(time) s)")
            XCTAssertEqual(bar.alpha, 1, "never dimmed (\(time) s)")
            let screens = ids.indices.filter { ["a", "b", "dimming", "navigationBar"].contains(ids[$0]) }
            XCTAssertGreaterThan(try XCTUnwrap(ids.firstIndex(of: "tabBar")), screens.max() ?? .max,
                                 "drawn over the navigation container and its bar (\(time) s): \(ids)")
        }
        let moving = t.state(at: 0.2)
        XCTAssertLessThan(try layer("a", moving).frame.minX, 0, "the covered screen moves left under the bar")
    }

    func testHidesBottomBarWhenPushedTakesTheBarWithTheCoveredScreenAndThePopBringsItBack() throws {
        let t = try timeline("""
            transitions: [{ from: a, to: d, style: system-push }]
            timeline:
              - { at: 0.1, push: d }
              - { at: 2, pop: true }
            """)
        let pushing = t.state(at: 0.25)
        let covered = try layer("a", pushing), bar = try layer("tabBar", pushing)
        XCTAssertLessThan(covered.frame.minX, -1, "the covered screen has moved")
        XCTAssertEqual(bar.frame.minX, covered.frame.minX, accuracy: 1e-9, "the bar moves with the covered screen")
        XCTAssertEqual(bar.frame.maxY, covered.frame.maxY, accuracy: 1e-9)
        let ids = pushing.layers.map(\.id)
        XCTAssertLessThan(try XCTUnwrap(ids.firstIndex(of: "tabBar")), try XCTUnwrap(ids.firstIndex(of: "d")),
                          "the pushed screen slides over it: \(ids)")
        XCTAssertFalse(t.state(at: 1.5).layers.contains { $0.id == "tabBar" }, "hidden while d is on top")
        let popping = t.state(at: 2.15)
        XCTAssertEqual(try layer("tabBar", popping).frame.minX, try layer("a", popping).frame.minX, accuracy: 1e-9,
                       "it comes back with the uncovered screen")
        XCTAssertEqual(try layer("tabBar", t.state(at: 4)).frame, Rect(x: 0, y: 717, width: 400, height: 83))
    }

    func testAPresentationCoversTheBarAndThePresenterCarriesIt() throws {
        let t = try timeline("""
            transitions: [{ from: a, to: e, style: page-sheet }]
            timeline: [{ at: 0.1, present: e }]
            """)
        for time in [0.2, 3.0] {
            let state = t.state(at: time)
            let ids = state.layers.map(\.id)
            let presenter = try layer("a", state), bar = try layer("tabBar", state)
            XCTAssertLessThan(try XCTUnwrap(ids.firstIndex(of: "tabBar")), try XCTUnwrap(ids.firstIndex(of: "e")), "\(ids)")
            // The bar is part of the presenter: scaled with it, 83 × s pt tall at its bottom.
            let s = presenter.frame.width / 400
            XCTAssertEqual(bar.frame.width, presenter.frame.width, accuracy: 1e-9)
            XCTAssertEqual(bar.frame.maxY, presenter.frame.maxY, accuracy: 1e-9)
            XCTAssertEqual(bar.frame.height, 83 * s, accuracy: 1e-9)
        }
        XCTAssertLessThan(try layer("a", t.state(at: 3)).frame.width, 400, "a page sheet's presenter is scaled down")
    }

    func testATabSwitchIsInstantAndEachTabKeepsItsStack() throws {
        let t = try timeline("""
            transitions: [{ from: a, to: b, style: system-push }]
            timeline:
              - { at: 0.1, push: b }
              - { at: 2, tap: { tab: 1 } }
              - { at: 3, tap: [100, 740] }
            """)
        XCTAssertEqual(try selected(t.state(at: 1.9)), 0)
        // The switch happens as the finger lifts, 80 ms after it lands, with no transition.
        let before = t.state(at: 2.07), after = t.state(at: 2.09)
        XCTAssertTrue(before.layers.contains { $0.id == "b" })
        XCTAssertNil(after.transition)
        XCTAssertEqual(after.layers.filter { $0.content.isBody }.map(\.id), ["c"])
        XCTAssertEqual(try selected(after), 1)
        let back = t.state(at: 3.1)
        XCTAssertEqual(back.layers.filter { $0.content.isBody }.map(\.id), ["b"], "tab 0 still shows b, pushed before")
        XCTAssertEqual(try selected(back), 0)
        XCTAssertEqual(try layer("navigationBar/b/title", back).alpha, 1)
    }

    func testTheBackButtonPopsWithThePopAnimation() throws {
        let t = try timeline("""
            transitions: [{ from: a, to: b, style: system-push }]
            timeline:
              - { at: 0.1, push: b }
              - { at: 2, tap: { back: true } }
              - { at: 4, push: b }
              - { at: 6, tap: [20, 81] }
            """)
        let popping = t.state(at: 2.2)
        XCTAssertEqual(popping.transition, "system-push")
        XCTAssertEqual(t.state(at: 3.5).layers.filter { $0.content.isBody }.map(\.id), ["a"])
        XCTAssertEqual(t.state(at: 7.5).layers.filter { $0.content.isBody }.map(\.id), ["a"], "a tap at the chevron pops too")
    }

    /// A tab bar controller without items — an empty list, or `items` that is not a list — is a
    /// located error, never a crash looking for the selected tab's root (found by FuzzTests).
    func testATabBarControllerWithoutItemsIsALocatedErrorNotACrash() {
        let screens = "screens:\n  a: {}\n"
        XCTAssertEqual(messages(screens + "tabs: { items: [] }\n"), ["t.yaml:3:16: error: a tab bar needs at least one item"])
        let scalar = messages(screens + "tabs: { items: 5 }\n")
        XCTAssertFalse(scalar.isEmpty)
        XCTAssertTrue(scalar.allSatisfy { $0.hasPrefix("t.yaml:3:") }, "\(scalar)")
    }

    func testEveryMisuseIsALocatedErrorThatSaysWhatWouldWork() {
        let screens = """
            screens:
              a: { navigationBar: { title: A } }
              b: { tabBar: { items: [X] } }

            """
        XCTAssertEqual(messages(screens + "root: a\ntabs: { items: [{ title: A, root: a }] }\n"), [
            "t.yaml:3:8: error: screen 'b' has its own 'tabBar', but the scene's 'tabs' draw the tab bar over every tab; remove it (tab titles, icons and badges go in 'tabs: { items }')",
            "t.yaml:4:1: error: a scene starts at one screen ('root') or in a tab bar controller ('tabs'), not both; give each tab its 'root'",
        ])
        XCTAssertEqual(messages(screens.replacingOccurrences(of: "tabBar: { items: [X] }", with: "") +
                                "tabs: { items: [{ title: A, root: aa }, { title: B }] }\n"), [
            "t.yaml:4:35: error: unknown screen 'aa' (did you mean 'a'?); screens are: a, b",
            "t.yaml:4:41: error: missing key 'root' in a tab { title, icon, badge, root }: the screen at the bottom of the tab's navigation stack",
        ])
        XCTAssertEqual(messages(screens.replacingOccurrences(of: "tabBar: { items: [X] }", with: "") +
                                "tabs: { items: [{ title: A, root: a }, { title: B, root: a }] }\n"), [
            "t.yaml:4:58: error: screen 'a' is already the root of tab 0; each tab has a navigation stack, and a screen of its own at its root",
        ])
        XCTAssertEqual(messages(header + "timeline: [{ at: 1, tap: { tab: 2 } }]\n"), [
            "t.yaml:15:12: error: the tab bar has 2 items (0 to 1); tab 2 is past its end",
        ])
        XCTAssertEqual(messages(header + "timeline: [{ at: 1, tap: { back: true } }]\n"), [
            "t.yaml:15:12: error: 'a' is on screen at 1 s and shows no back button: it is the root of its navigation stack",
        ])
        XCTAssertEqual(messages(header.replacingOccurrences(of: "tabs:", with: "root: a\nunused:").components(separatedBy: "unused:")[0]
                                + "timeline: [{ at: 1, tap: { tab: 0 } }]\n"), [
            "t.yaml:12:12: error: 'tap: { tab: 0 }' taps an item of the scene's tab bar controller, and this scene has none; declare one with 'tabs: { items: [{ title, root }] }' instead of 'root'",
        ])
    }

    func testATapThatHitsNothingSaysWhatWouldAct() {
        let found = messages(header + """
            transitions: [{ from: a, to: b, style: system-push }, { from: c, to: d, style: system-push }]
            timeline:
              - { at: 0.1, push: b }
              - { at: 2, tap: [300, 400] }
              - { at: 3, tap: { tab: 0 } }
              - { at: 3.8, tap: { tab: 0 } }
              - { at: 4, tap: { tab: 1 } }
              - { at: 4.5, push: d }
              - { at: 6, tap: { tab: 0 } }

            """)
        guard found.count == 3 else { return XCTFail("\(found)") }
        XCTAssertTrue(found[0].contains("what acts here: the back button at [22, 81] ('tap: { back: true }'), the tab bar's items ('tap: { tab: 0 }' to '{ tab: 1 }'), 'pop: true'"), found[0])
        // At 3 s the selected tab tapped again pops 'b' (TabReselectionTests); at 3.8 s it shows its root, unscrolled.
        XCTAssertTrue(found[1].contains("tab 0 ('First') is already selected and shows its root 'a' with nothing scrolled; if that is intended, add 'expect: nothing'"), found[1])
        XCTAssertTrue(found[2].contains("'tap: { tab: 0 }' taps where tab 0 would be at 6 s, but 'd' hides the tab bar (hidesBottomBarWhenPushed)"), found[2])
    }
    func testTabsWithoutAListOfItemsAreALocatedErrorNotACrash() {
        // Found by FuzzTests: 'items' not a list gave a controller with no tabs, whose selected
        // root was read out of range.
        for items in ["first", "{ title: First, root: a }"] {
            let found = messages("screens: { a: {} }\ntabs: { items: \(items) }\n")
            XCTAssertEqual(found.count, 1, "\(items): \(found)")
            XCTAssertTrue(found.first?.hasPrefix("t.yaml:2:16: error: expected tab bar items (a list)") ?? false, "\(items): \(found)")
        }
    }
}

private extension NodeContent {
    /// Whether the node is a screen's body.
    var isBody: Bool {
        if case .part(let part) = self, part.kind == .body { return true }
        return false
    }
}

/// Bar button items that act: `action:` (pop, dismiss, push, present), tapped by name or at
/// their point; a tap on one without an action is an error naming the actions.
///
/// Reference values: the iPhone 15 resized to 400 × 800 pt keeps its 59 pt top safe area, so the
/// bar's line spans y 59–103 (middle 81); a trailing symbol is a 24 pt box at the 16 pt margin
/// (x 360–384), its touch target 44 pt wide about its middle (x 350–394).
final class BarButtonActionTests: XCTestCase {
    private let header = engineTestDevice + """
        screens:
          inbox: { navigationBar: { title: Inbox, leading: [Edit], trailing: [{ symbol: plus, action: { present: compose } }] } }
          compose:
            navigationBar:
              title: New
              leading: [{ title: Cancel, action: dismiss }]
              trailing: [{ title: Next, action: { push: contacts } }]
          contacts: { navigationBar: { title: Contacts, back: New, trailing: [{ title: Done, style: done, action: pop }] } }
        root: inbox
        transitions:
          - { from: inbox, to: compose, style: full-screen-cover }
          - { from: compose, to: contacts, style: system-push }

        """

    private func messages(_ body: String) -> [String] { sceneMessages(header + body) }

    private func bodies(_ t: Timeline, at time: Double) -> [String] {
        t.state(at: time).layers.compactMap { layer in
            if case .part(let part) = layer.content, part.kind == .body { return layer.id }
            return nil
        }
    }

    func testEachActionRunsItsTransitionWhenTheFingerLifts() throws {
        let t = try Timeline(scene: try SceneLoader.load(text: header + """
            timeline:
              - { at: 0.1, tap: [372, 81] }
              - { at: 1.5, tap: { barItem: Next } }
              - { at: 3, tap: { barItem: Done } }
              - { at: 4.5, tap: { barItem: Cancel } }
            """, file: "t.yaml", name: "t"))
        XCTAssertNil(t.state(at: 0.17).transition, "nothing before the lift")
        XCTAssertEqual(t.state(at: 0.19).transition, "full-screen-cover", "a tap at the + presents compose")
        XCTAssertEqual(bodies(t, at: 1.4), ["compose"])
        XCTAssertEqual(t.state(at: 1.6).transition, "system-push")
        XCTAssertEqual(bodies(t, at: 2.9), ["contacts"])
        XCTAssertEqual(bodies(t, at: 4.4), ["compose"], "Done pops")
        XCTAssertEqual(bodies(t, at: 6), ["inbox"], "Cancel dismisses")
    }

    func testATapOnAnItemWithoutAnActionNamesTheActions() {
        XCTAssertEqual(messages("timeline: [{ at: 1, tap: { barItem: Edit } }]\n"), [
            "t.yaml:17:12: error: the bar button item 'Edit' of 'inbox' has no action; give it 'action:' (pop, dismiss, { push: SCREEN } or { present: SCREEN })",
        ])
        let atPoint = messages("timeline: [{ at: 1, tap: [30, 81] }]\n")
        XCTAssertEqual(atPoint.count, 1)
        XCTAssertTrue(atPoint[0].contains("this tap does nothing: the bar button item 'Edit' of 'inbox' has no action"), atPoint[0])
        XCTAssertEqual(messages("timeline: [{ at: 1, tap: { barItem: plu } }]\n"), [
            "t.yaml:17:12: error: 'inbox' is on screen at 1 s and its navigation bar has no item 'plu' (did you mean 'plus'?); its items are: Edit, plus",
        ])
    }

    func testABadActionIsALocatedError() {
        let scene = "screens:\n  a: { navigationBar: { trailing: [{ title: X, action: popp }, { title: Y, action: { push: a, present: a } }] } }\n"
        do {
            _ = try SceneLoader.load(text: scene, file: "t.yaml", name: "t")
        } catch let error as SceneError {
            XCTAssertEqual(error.diagnostics.map(\.description), [
                "t.yaml:2:56: error: unknown bar button action 'popp' (did you mean 'pop'?); expected pop, dismiss, { push: SCREEN } or { present: SCREEN }",
                "t.yaml:2:84: error: a bar button action pushes or presents one screen: { push: SCREEN } or { present: SCREEN }",
            ])
        } catch {
            XCTFail("\(error)")
        }
    }
}
