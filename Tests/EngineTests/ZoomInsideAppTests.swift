import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// iOS 18's zoom from a cell of a screen inside a tab bar controller and a navigation controller:
/// the flying card shows a snapshot of the source view alone (`zoomSource`), magnified. The
/// navigation bar and the tab bar belong to the controllers, not to the source view: they stay
/// where they are, once, and are never drawn again inside the card.
final class ZoomInsideAppTests: XCTestCase {
    func timeline(_ moves: String = """
              - { at: 0.2, tap: { list: photos, index: 4 }, expect: finish }
              - { at: 1.5, pop: true }
        """) throws -> Timeline {
        try Timeline(yaml: """
            device: iphone-15
            fps: 30
            screens:
              library:
                navigationBar: { title: Library, largeTitle: true }
                content:
                  - grid: { id: photos, columns: 3, spacing: 2, cells: [\(Array(repeating: "{ color: systemTeal }", count: 30).joined(separator: ", "))] }
              photo:
                background: black
                hidesBottomBarWhenPushed: true
                content: [{ rect: { frame: [0, 200, 393, 393], fill: systemTeal } }]
              search: { navigationBar: { title: Search, largeTitle: true } }
            tabs:
              items:
                - { title: Library, root: library }
                - { title: Search, root: search }
            transitions:
              - { from: library, to: photo, style: zoom, cell: { list: photos } }
            timeline:
            \(moves)
            """)
    }

    func testTheCardShowsTheSourceViewWithoutTheBars() throws {
        let timeline = try timeline()
        var zooming = 0
        for frame in 0..<timeline.frameCount {
            let state = timeline.state(frame: frame)
            let layers = state.layers
            guard let card = layers.first(where: { $0.id == "zoomSource" }) else { continue }
            zooming += 1
            for bar in ["navigationBar", "tabBar"] {
                XCTAssertLessThanOrEqual(layers.filter { $0.id == bar }.count, 1, "frame \(frame): one \(bar)")
                if let node = layers.first(where: { $0.id == bar }) {
                    XCTAssertEqual(node.frame.minX, 0, "frame \(frame): the \(bar) stays put, not at the card's corner \(card.frame)")
                }
            }
        }
        XCTAssertGreaterThan(zooming, 4, "frames with the source's snapshot flying")
    }

    /// `_UIZoomTransitionController` answers YES to `_shouldCrossFadeBottomBars`, so the tab bar
    /// controller hides the bar for a `hidesBottomBarWhenPushed` screen with its cross-fade:
    /// the bar keeps its frame above the transition and its alpha goes to 0 alongside the
    /// transition (push), from 0 to 1 on the way back (pop), following a finger that drags the
    /// zoom (published decompilations of `_UIZoomTransitionController`, `UINavigationController`
    /// `-_hideOrShowBottomBarIfNeededWithTransition:` and `UITabBarController` transition 6;
    /// docs/uikit-semantics.md#the-zoom-and-the-tab-bar). Every frame of a push, a programmatic
    /// pop, a dragged pop that cancels and one that finishes.
    func testTheTabBarFadesInPlaceAboveTheZoomWithItsProgress() throws {
        let drags = """
              - { at: 0.2, tap: { list: photos, index: 4 }, expect: finish }
              - { at: 1.2, swipe: { from: [196, 400], to: [200, 440], duration: 0.3, hold: 0 }, expect: cancel }
              - { at: 2.4, swipe: { from: [196, 400], to: [230, 640], duration: 0.45 }, expect: finish }
              - { at: 4, tap: { list: photos, index: 1 }, expect: finish }
              - { at: 5, pop: true }
        """
        let timeline = try timeline(drags)
        var checked = (push: 0, pop: 0)
        for frame in 0..<timeline.frameCount {
            let state = timeline.state(frame: frame)
            guard let progress = state.progress, state.layers.contains(where: { $0.id == "photo" }) else { continue }
            let ids = state.layers.map(\.id)
            let bar = try XCTUnwrap(state.layers.first { $0.id == "tabBar" }, "frame \(frame): the tab bar is drawn while it fades")
            XCTAssertEqual(bar.frame, Rect(x: 0, y: 769, width: 393, height: 83), "frame \(frame): it fades where it stands")
            XCTAssertGreaterThan(try XCTUnwrap(ids.firstIndex(of: "tabBar")), try XCTUnwrap(ids.lastIndex(of: "photo")),
                                 "frame \(frame): the bar is above the transition's container")
            // The trace's progress is the run's own (0 → 1 each way): the push brings the photo in,
            // every later run takes it back or drags it.
            let pushing = state.time < 1 || (4..<5).contains(state.time)
            let photoIn = pushing ? progress : 1 - progress
            XCTAssertEqual(bar.alpha, 1 - min(max(photoIn, 0), 1), accuracy: 1e-9, "frame \(frame) at \(state.time) s")
            if pushing { checked.push += 1 } else { checked.pop += 1 }
        }
        XCTAssertGreaterThan(checked.push, 10)
        XCTAssertGreaterThan(checked.pop, 30)
        XCTAssertFalse(timeline.state(at: 1).layers.contains { $0.id == "tabBar" }, "hidden under the photo at rest")
        XCTAssertEqual(timeline.state(at: 2.3).layers.first { $0.id == "tabBar" }?.alpha, nil, "the cancelled drag leaves it hidden")
        XCTAssertEqual(timeline.state(at: 3.9).layers.first { $0.id == "tabBar" }?.alpha, 1, "the finished pop shows it")
    }
}
