@testable import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// `captions:`: timed text over everything, in scene time. Reference values from the measures the
/// docs give (a caption 17 pt semibold in rows of 21 pt, padded 14 pt across and 8 pt above and
/// below; a title 28 pt bold, rows of 35 pt, padded 22 and 13; margins 16 pt; 12 pt above the home
/// indicator's 34 pt inset, 8 pt under the 59 pt status bar) and from the engine tests' text
/// measure: every character 0.55 em wide (`AdvanceMeasurer`).
final class CaptionTests: XCTestCase {
    private func timeline(_ captions: String, playback: String = "") throws -> Timeline {
        try Timeline(yaml: """
            device: iphone-15
            fps: 20
            screens: { a: { background: systemBackground } }
            root: a
            timeline: []
            duration: 3
            captions:
            \(captions)
            \(playback)
            """)
    }

    private func caption(_ t: Timeline, at time: Double, _ id: String = "caption/0") -> PlacedNode? {
        t.state(at: time).layers.first { $0.id == id }
    }

    func testACaptionFadesInAndOutOverEverything() throws {
        let t = try timeline("  - { text: Hello, from: 0.5, to: 2, fade: 0.5 }")
        XCTAssertNil(caption(t, at: 0.45))
        XCTAssertEqual(caption(t, at: 0.75)?.alpha ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(caption(t, at: 1.2)?.alpha, 1)
        XCTAssertEqual(caption(t, at: 1.75)?.alpha ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertNil(caption(t, at: 2))
        XCTAssertEqual(t.state(at: 1.2).layers.last?.id, "caption/0", "drawn over the screens and the window chrome")
        // "Hello": 5 × 17 × 0.55 = 46.75 pt of text, + 28 + 1 of slack = 75.75 → 76 wide; 21 + 16 = 37 tall;
        // bottom at 852 − 34 − 12 = 806; centered: (393 − 76) / 2 = 158.5 → 159 (rounded to the point).
        XCTAssertEqual(caption(t, at: 1.2)?.frame, Rect(x: 159, y: 769, width: 76, height: 37))
    }

    func testLongTextWrapsBetweenWordsAndTitlesSitInTheMiddle() throws {
        // 393 − 32 − 28 = 333 pt a line: 35 characters at 9.35 pt (327.25 pt) fit, 36 do not.
        let words = Array(repeating: "abcd", count: 12).joined(separator: " ")   // 59 characters
        let t = try timeline("""
              - { text: "\(words)", from: 0, to: 3, position: top }
              - { text: Title, from: 0, to: 3, style: title }
            """)
        let wrapped = try XCTUnwrap(caption(t, at: 1))
        guard case .part(let part) = wrapped.content, case .caption(let lines, _, _, _) = part.kind else { return XCTFail("no caption part") }
        XCTAssertEqual(lines, [Array(repeating: "abcd", count: 7).joined(separator: " "), Array(repeating: "abcd", count: 5).joined(separator: " ")])
        XCTAssertEqual(wrapped.frame.minY, 59 + 8, "under the status bar")
        XCTAssertEqual(wrapped.frame.height, 2 * 21 + 16)
        // A title: 28 pt bold, 35 pt rows padded 13 above and below: 61 tall, in the middle.
        let title = try XCTUnwrap(caption(t, at: 1, "caption/1"))
        XCTAssertEqual(title.frame.height, 61)
        XCTAssertEqual(title.frame.midY, 852 / 2, accuracy: 0.5)
    }

    /// Captions keep scene time: through a `playback` hold the caption holds too.
    func testACaptionHoldsThroughAPlaybackHold() throws {
        let t = try timeline("  - { text: Held, from: 0.5, to: 1.5, fade: 0.4 }", playback: "playback: [{ at: 0.6, hold: 1 }]")
        let alphas = (12...32).map { t.state(frame: $0).layers.first { $0.id == "caption/0" }?.alpha ?? 0 }
        XCTAssertEqual(Set(alphas).count, 1, "frames 0.6–1.6 s of video all show scene time 0.6 s: \(alphas)")
        XCTAssertEqual(alphas[0], 0.25, accuracy: 1e-9, "0.1 s into a 0.4 s fade")
    }

    func testMisusesAreLocatedErrors() {
        let base = "screens: { a: {} }\nroot: a\ntimeline: []\ncaptions:\n"
        XCTAssertEqual(sceneMessages(base + "  - { text: Hi, from: 2, to: 1 }\n"), ["t.yaml:5:30: error: 'to' (1 s) must be after 'from' (2 s)"])
        XCTAssertEqual(sceneMessages(base + "  - { from: 1, to: 2 }\n").first?.hasPrefix("t.yaml:5:5: error: missing key 'text' in a caption"), true)
        XCTAssertEqual(sceneMessages(base + "  - { text: Hi, from: 1, to: 2, position: left }\n").first?.contains("unknown position 'left'"), true)
        let long = String(repeating: "x", count: 501)
        XCTAssertEqual(sceneMessages(base + "  - { text: \(long), from: 1, to: 2 }\n").first?.contains("a caption of 501 characters is over the limit of 500"), true)
    }
}
