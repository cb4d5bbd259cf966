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
    func timeline() throws -> Timeline {
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
              - { at: 0.2, tap: { list: photos, index: 4 }, expect: finish }
              - { at: 1.5, pop: true }
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
}
