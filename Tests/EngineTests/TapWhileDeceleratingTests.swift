import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// `tap: { list: ID, index: N }` aims at row N where the content is at that moment — also while
/// a flick still decelerates it, when the content is not yet where it will rest. (The finger
/// landing stops the content there, so the row under it is the one tapped.) iPhone 15, a plain
/// list under a large title: its content starts at y 155, rows 44 pt tall, so row N's top
/// is 155 + 44·N − offset.
final class TapWhileDeceleratingTests: XCTestCase {
    /// The scene: a flick, then (`tap`) a timeline entry.
    func scene(_ tap: String = "") -> String {
        """
        device: iphone-15
        fps: 60
        screens:
          inbox:
            navigationBar: { title: Inbox, largeTitle: true }
            content: [{ list: { id: mail, rows: [\(rowTitles("Row", 60))] } }]
          detail: { navigationBar: { title: Detail, back: Inbox } }
        root: inbox
        transitions:
          - { from: inbox, to: detail, style: system-push, tap: { list: mail } }
        timeline:
          - { at: 0.2, swipe: { from: [196, 700], to: [196, 400], duration: 0.1 }, expect: scroll }
          \(tap)
        """
    }

    func testTheTappedRowIsTheOneAskedForWhileTheContentStillMoves() throws {
        var checked = 0
        for time in stride(from: 0.5, through: 2.0, by: 0.25) {
            // A row in the middle of what shows at that moment.
            let probe = try Timeline(yaml: scene())
            let offset = try XCTUnwrap(probe.state(at: time).layers.first { $0.id == "inbox/mail" }?.contentOffset?.y)
            let index = Int(((offset + 400 - 155) / 44).rounded(.down))
            let t = try Timeline(yaml: scene("- { at: \(time), tap: { list: mail, index: \(index) }, expect: finish }"))
            let state = t.state(at: time + 0.02)
            let touch = try XCTUnwrap(state.touches.first, "t = \(time)")
            let selection = try XCTUnwrap(state.layers.first { $0.id == "inbox/selection" }, "t = \(time): a row is selected")
            XCTAssertTrue(selection.frame.contains(touch), "t = \(time): the finger \(touch) is on the selected row \(selection.frame)")
            XCTAssertEqual(selection.frame.minY, 155 + 44 * Double(index) - offset, accuracy: 0.5, "t = \(time): row \(index)")
            checked += 1
        }
        XCTAssertEqual(checked, 7)
    }
}
