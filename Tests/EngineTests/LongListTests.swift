import Engine
import Geometry
import Scene
import XCTest

/// A list of `Limits.collectionItems` rows, as an inbox's table view may have: its rows are not
/// views of their own (a table view asks only for the rows it shows), so it loads, and a scroll to
/// its last row brings that row's bottom to the list's bottom. The offset comes from the row
/// height (44 pt, UIKit's default) and the frame, not from Segue.
final class LongListTests: XCTestCase {
    func testAHundredThousandRowsScrollToTheLast() throws {
        let count = Limits.collectionItems
        let rows = Array(repeating: "a", count: count).joined(separator: ", ")
        let text = """
            device: { size: [400, 800], scale: 1, safeArea: [0, 0] }
            fps: 10
            tail: 0
            screens:
              s: { content: [{ list: { id: mail, frame: [0, 0, 400, 800], rows: [\(rows)] } }] }
            timeline:
              - { at: 0.1, scroll: { list: mail, to: \(count - 1), position: bottom } }
            """
        let timeline = try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
        let last = timeline.state(at: timeline.duration).layers.first { $0.id == "s/mail" }?.contentOffset
        XCTAssertEqual(last, Point(x: 0, y: Double(count) * 44 - 800))
    }
}
