@testable import Engine
import Geometry
import XCTest

/// The view controllers' state as a value, without a scene: which navigation controller holds a
/// level, whose bar it draws, where the tab bar shows, and selecting tabs — as
/// `UINavigationController`, `UITabBarController` and presentations keep them
/// (docs/uikit-semantics.md#tab-bar-controllers).
final class NavigationStateTests: XCTestCase {
    typealias Entry = NavigationState.Entry

    /// A tab bar app: tab 0 shows "inbox", over which "message" was pushed and "compose"
    /// presented, and "attachment" pushed inside the presented navigation controller.
    func mail() -> NavigationState {
        var state = NavigationState(root: "inbox", tabs: (["inbox", "settings"], 0), hidingBottomBar: ["photo"])
        state.stack += [Entry(screen: "message", pushed: true), Entry(screen: "compose", pushed: false),
                        Entry(screen: "attachment", pushed: true)]
        return state
    }

    func testEachLevelBelongsToTheControllerPresentedWithItsRootAndDrawsThatBar() {
        let state = mail()
        XCTAssertEqual((0..<4).map { state.controllerRoot(level: $0) }, [0, 0, 2, 2])
        XCTAssertEqual((0..<4).map { state.barID(level: $0) },
                       ["navigationBar", "navigationBar", "compose/navigationBar", "compose/navigationBar"])
    }

    func testTheTabBarShowsOverPushedScreensUntilOneHidesItOrAPresentationCoversIt() {
        var state = mail()
        XCTAssertEqual((0..<4).map { state.showsTabBar(level: $0) }, [true, true, false, false])
        XCTAssertNil(state.restingTabBar, "a presentation covers the tab bar")
        state.stack.removeLast(2)
        XCTAssertEqual(state.restingTabBar, SceneTree.TabBar(place: .fixed, selected: 0))
        // A push that hides the bar carries it away with the screen below; one that keeps it leaves it fixed.
        XCTAssertEqual(state.tabBar(belowIndex: 1, above: "photo", pushed: true), SceneTree.TabBar(place: .carried(by: "message"), selected: 0))
        XCTAssertEqual(state.tabBar(belowIndex: 1, above: "thread", pushed: true), SceneTree.TabBar(place: .fixed, selected: 0))
        XCTAssertEqual(state.tabBar(belowIndex: 1, above: "compose", pushed: false), SceneTree.TabBar(place: .carried(by: "message"), selected: 0))
        state.stack.append(Entry(screen: "photo", pushed: true))
        XCTAssertFalse(state.showsTabBar(level: 2), "hidesBottomBarWhenPushed")
        XCTAssertNil(NavigationState(root: "a").restingTabBar, "no tab bar controller, no tab bar")
    }

    func testSelectingATabKeepsTheStackLeftAndShowsTheOtherAsItWasLeft() {
        var state = mail()
        state.select(tab: 1)
        XCTAssertEqual(state.stack.map(\.screen), ["settings"])
        XCTAssertEqual(state.change(at: 2).tab, 1)
        state.stack.append(Entry(screen: "wifi", pushed: true))
        state.select(tab: 0)
        XCTAssertEqual(state.stack.map(\.screen), ["inbox", "message", "compose", "attachment"])
        state.select(tab: 1)
        XCTAssertEqual(state.change(at: 3).stack, ["settings", "wifi"])
        XCTAssertNil(NavigationState(root: "a").change(at: 0).tab, "a scene without tabs has no selected tab")
    }

    func testAScreenShownInAnyTabIsRefusedASecondTime() {
        var state = mail()
        XCTAssertNotNil(state.hierarchy.refusal(toShow: "message", verb: "push"))
        XCTAssertNotNil(state.hierarchy.refusal(toShow: "settings", verb: "present"), "the root of another tab")
        XCTAssertNil(state.hierarchy.refusal(toShow: "thread", verb: "push"))
        state.select(tab: 1)
        XCTAssertNotNil(state.hierarchy.refusal(toShow: "attachment", verb: "push"), "in tab 0's stack")
    }

    func testPoppingToTheRootLeavesTheScreensBetweenAndPopsTheTopStraightOntoTheRoot() {
        var state = NavigationState(root: "inbox")
        let stage = TransitionStage(bounds: Rect(x: 0, y: 0, width: 393, height: 852), below: "b", above: "c")
        state.stack += [Entry(screen: "b", pushed: true), Entry(screen: "c", stage: stage, pushed: true)]
        state.skipToRoot()
        XCTAssertEqual(state.stack.map(\.screen), ["inbox", "c"])
        XCTAssertEqual(state.top.stage?.below, "inbox")
        XCTAssertEqual(state.top.stage?.above, "c")
    }
}
