import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// `isModalInPresentation` ([DOC] `UIViewController.isModalInPresentation`: UIKit "prevents the
/// interactive dismissal of the view controller while it is onscreen"): a swipe that would dismiss
/// a sheet pulls it down against a rubber band — UIScrollView's, (1 − 1 / (x · 0.55 / h + 1)) · h
/// over the screen's height h [EST] — and the release springs it back; `dismiss:` still dismisses.
final class ModalInPresentationTests: XCTestCase {
    let height = 852.0

    func timeline(style: String, modal: Bool, expect: String, dismissAfter: Bool = false) throws -> Timeline {
        try Timeline(yaml: """
            device: iphone-15
            fps: 60
            screens:
              list: { background: systemGroupedBackground }
              compose: { background: systemBackground, navigationBar: { title: New Message } }
            root: list
            transitions:
              - { from: list, to: compose, style: \(style)\(modal ? ", isModalInPresentation: true" : "") }
            timeline:
              - { at: 0.1, present: compose }
              - { at: 1.5, pan: [[0, 196, 300], [0.1, 196, 450], [0.2, 196, 600], [0.3, 196, 700], [0.35, 196, 740]], expect: \(expect) }
            \(dismissAfter ? "  - { at: 4, dismiss: true }" : "")
            """)
    }

    func top(_ timeline: Timeline, at time: Double) -> Double? {
        timeline.state(at: time).layers.first { $0.id == "compose" }?.frame.minY
    }

    func testASwipeThatWouldDismissSpringsBack() throws {
        for style in ["page-sheet", "form-sheet"] {
            let plain = try timeline(style: style, modal: false, expect: "finish")
            XCTAssertEqual(plain.navigation(at: 3.5).stack, ["list"], style)

            let modal = try timeline(style: style, modal: true, expect: "cancel", dismissAfter: true)
            let rest = try XCTUnwrap(top(modal, at: 1.4))
            // The finger's last sample: 440 pt of travel, less the pan's 10 pt slop at most.
            let pulled = try XCTUnwrap(top(modal, at: 1.85)) - rest
            func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / height + 1)) * height }
            XCTAssertGreaterThanOrEqual(pulled, band(430) - 1e-6, style)
            XCTAssertLessThanOrEqual(pulled, band(440) + 1e-6, style)
            XCTAssertLessThan(pulled, 220, "\(style): well short of the finger's 440 pt")
            // Released: back at its detent, still presented; the later `dismiss:` dismisses it.
            XCTAssertEqual(try XCTUnwrap(top(modal, at: 3.5)), rest, accuracy: 1e-6, style)
            XCTAssertEqual(modal.navigation(at: 3.5).stack, ["list", "compose"], style)
            XCTAssertEqual(modal.navigation(at: 6).stack, ["list"], style)
        }
    }
}
