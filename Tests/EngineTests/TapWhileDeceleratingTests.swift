import Engine
import Foundation
import Geometry
import RenderTree
import Scene
import XCTest

/// A finger landing on content that still moves on its own stops it; a tap there selects nothing
/// while the content is faster than 10 pt/s, UIKit's end of a deceleration (its scroll view's pan
/// begins at once on such a touch and cancels the touches of the cells beneath:
/// docs/uikit-semantics.md#scrolling). Slower, `tap: { list: ID, index: N }` aims at row N where
/// the content is at that moment. iPhone 15, a plain list under a large title: its content
/// starts at y 155, rows 44 pt tall, so row N's top is 155 + 44·N − offset.
final class TapWhileDeceleratingTests: XCTestCase {
    /// The scene: a flick far from the list's end, then (`tap`) a timeline entry.
    func scene(_ tap: String = "") -> String {
        """
        device: iphone-15
        fps: 60
        screens:
          inbox:
            navigationBar: { title: Inbox, largeTitle: true }
            content: [{ list: { id: mail, rows: [\(rowTitles("Row", 200))] } }]
          detail: { navigationBar: { title: Detail, back: Inbox } }
        root: inbox
        transitions:
          - { from: inbox, to: detail, style: system-push, tap: { list: mail } }
        timeline:
          - { at: 0.2, swipe: { from: [196, 700], to: [196, 400], duration: 0.1 }, expect: scroll }
          \(tap)
        """
    }

    private func offset(_ timeline: Timeline, at time: Double) throws -> Double {
        try XCTUnwrap(timeline.state(at: time).layers.first { $0.id == "inbox/mail" }?.contentOffset?.y)
    }

    /// The speed of free deceleration is proportional to the distance it has left (v = v₀ rᵗ and
    /// the travel left is v / (−ln r), docs/uikit-semantics.md#scrolling): at 0.998 per ms,
    /// 10 pt/s is 4.995 pt before rest. Every tap while more is left only stops the list where
    /// it is; every tap with less left selects the row under it and pushes.
    func testATapOnMovingContentOnlyStopsIt() throws {
        let probe = try Timeline(yaml: scene())
        let rest = try offset(probe, at: 20)
        let perPoint = -1000 * log(0.998)
        var stopped = 0, tapped = 0
        for time in stride(from: 0.35, through: 6.0, by: 0.05) {
            let speed = perPoint * abs(rest - (try offset(probe, at: time)))
            // Offsets are whole device pixels (1/3 pt): too near the threshold to tell from them.
            guard abs(speed - 10) > 1.5 else { continue }
            let t = try Timeline(yaml: scene("- { at: \(time), tap: [196, 500] }"))
            let selection = t.state(at: time + 0.05).layers.first { $0.id == "inbox/selection" }
            if speed > 10 {
                XCTAssertNil(selection, "t = \(time), \(speed) pt/s: nothing is selected")
                XCTAssertNil(t.state(at: time + 0.6).layers.first { $0.id.hasPrefix("detail") }, "t = \(time): nothing is pushed")
                XCTAssertEqual(try offset(t, at: time + 0.6), try offset(t, at: time + 0.05), accuracy: 1e-9,
                               "t = \(time): the list stays where the finger stopped it")
                XCTAssertEqual(try offset(t, at: time + 0.05), try offset(probe, at: time), accuracy: 1.0,
                               "t = \(time): it stops where it was when the finger landed")
                stopped += 1
            } else {
                XCTAssertNotNil(selection, "t = \(time), \(speed) pt/s: the row under the finger is selected")
                tapped += 1
            }
        }
        XCTAssertGreaterThan(stopped, 20)
        XCTAssertGreaterThan(tapped, 20)
    }

    /// Slower than 10 pt/s but not yet at rest, the row asked for is found where the content is
    /// at that moment, and it is the one the finger lands on.
    func testTheTappedRowIsTheOneAskedForWhileTheContentCreeps() throws {
        let probe = try Timeline(yaml: scene())
        let rest = try offset(probe, at: 20)
        var checked = 0
        for time in stride(from: 2.0, through: 6.0, by: 0.1) {
            let offset = try offset(probe, at: time)
            let left = abs(rest - offset)
            guard left < 4.5, left > 0.4 else { continue }
            let index = Int(((offset + 400 - 155) / 44).rounded(.down))
            let t = try Timeline(yaml: scene("- { at: \(time), tap: { list: mail, index: \(index) }, expect: finish }"))
            let state = t.state(at: time + 0.02)
            let touch = try XCTUnwrap(state.touches.first, "t = \(time)")
            let selection = try XCTUnwrap(state.layers.first { $0.id == "inbox/selection" }, "t = \(time): a row is selected")
            XCTAssertTrue(selection.frame.contains(touch), "t = \(time): the finger \(touch) is on the selected row \(selection.frame)")
            XCTAssertEqual(selection.frame.minY, 155 + 44 * Double(index) - offset, accuracy: 0.5, "t = \(time): row \(index)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3)
    }

    /// A bound transition expected from such a tap is an error naming why, at its entry.
    func testAnExpectedPushFromATapOnMovingContentSaysWhy() {
        XCTAssertThrowsError(try Timeline(yaml: scene("- { at: 0.6, tap: { list: mail, index: 25 }, expect: finish }"))) { error in
            XCTAssertTrue("\(error)".contains("which was still scrolling at 0.6 s"), "\(error)")
            XCTAssertTrue("\(error)".contains("tap after it comes to rest"), "\(error)")
        }
    }
}
