import Foundation
import Engine
import Motion
import Scene
import XCTest

/// What a scroll view does at its edges besides the bounce itself (docs/uikit-semantics.md#scrolling):
/// one with `bounces: false` stops where it reaches an edge, and a finger landing while the
/// content springs back from past an edge catches it there and, lifted, lets it spring back.
///
/// Reference values: 30 plain rows of 44 pt in a 400 × 800 list without safe area: content
/// 1320 pt, offsets 0…520. A release at 0 moving at 3000 pt/s toward the end reaches 520 after
/// t = ln(1 − 520 · (−ln 0.998) / 3) / ln 0.998 ms = 212.886 ms [CALC], from
/// offset = v (1 − r^t) / (−ln r) per millisecond.
final class ScrollEdgeTests: XCTestCase {
    private func timeline(_ body: String, options: String = "") throws -> Timeline {
        let rows = (0..<30).map { "R\($0)" }.joined(separator: ", ")
        return try Timeline(scene: try SceneLoader.load(text: """
            device: { size: [400, 800], scale: 1, safeArea: [0, 0] }
            fps: 100
            tail: 0
            screens:
              list: { content: [{ list: { id: rows\(options), rows: [\(rows)] } }] }
            root: list

            """ + body, file: "t.yaml", name: "t"))
    }

    private func offset(_ timeline: Timeline, at time: Double) -> Double? {
        timeline.state(at: time).layers.first { $0.id == "list/rows" }?.contentOffset?.y
    }

    func testAReleaseReachesTheEdgeWhenTheClosedFormSays() throws {
        let motion = ScrollMotion(start: 0, velocity: 3000, range: 0...520)
        XCTAssertEqual(try XCTUnwrap(motion.edgeArrival), 0.212886, accuracy: 1e-6)
        XCTAssertNil(ScrollMotion(start: 0, velocity: 500, range: 0...520).edgeArrival, "comes to rest inside (travel 249.75 pt)")
        XCTAssertEqual(ScrollMotion(start: -40, velocity: 0, range: 0...520).edgeArrival, 0, "released past the top")
    }

    func testWithoutBouncesTheScrollEndsWhereTheContentReachesTheEdge() throws {
        let flick = """
            timeline:
              - { at: 0.1, swipe: { direction: up, distance: 300, velocity: 3000, from: [200, 700] }, expect: scroll }
            """
        let bouncing = try timeline(flick)
        let stiff = try timeline(flick, options: ", bounces: false")
        let offsets = (0..<stiff.frameCount).compactMap { offset(stiff, at: stiff.time(ofFrame: $0)) }
        XCTAssertLessThanOrEqual(offsets.max() ?? .infinity, 520, "never past the end")
        XCTAssertEqual(offset(stiff, at: stiff.duration), 520)
        // Same release, same arrival at the edge: the scene ends as the content arrives, still
        // moving 20 ms before; the bounce's 0.5 pt rest would take hundreds of milliseconds more
        // (e^(−0.01005 ms) decay), which a scroll view that does not bounce does not wait for.
        XCTAssertLessThan(try XCTUnwrap(offset(stiff, at: stiff.duration - 0.02)), 520 - 1)
        XCTAssertGreaterThan(bouncing.duration - stiff.duration, 0.3)
    }

    func testATouchDuringTheSpringBackCatchesTheContentAndReleasedItSpringsBack() throws {
        // Pulled 200 pt down from the top and released still at 0.3 s: the content springs back
        // from −92.43 pt. A finger lands at 0.35 s and lifts at 0.43 s (a tap: 0.08 s).
        let t = try timeline("""
            timeline:
              - { at: 0.1, pan: [[0, 200, 100], [0.1, 200, 200], [0.2, 200, 300], [0.25, 200, 300], [0.3, 200, 300]], expect: scroll }
              - { at: 0.45, tap: [200, 400], expect: nothing }
            """)
        let caught = try XCTUnwrap(offset(t, at: 0.45))
        XCTAssertLessThan(caught, -1, "still past the top when the finger lands")
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 0.5)), caught, accuracy: 1e-9, "held where it was caught")
        XCTAssertGreaterThan(try XCTUnwrap(offset(t, at: 0.6)), caught, "released at 0.53 s, it springs back from there")
        XCTAssertEqual(offset(t, at: t.duration), 0, "and comes to rest at the edge")
    }
}

/// The render tree of a scrolled plain list with section headers: each header is a node of its own
/// over the content, `<screen>/<list>/header<section>`, pinned below the bar while its section
/// scrolls under it (StickyHeaderTests gives the layout's numbers).
final class StickyHeaderTreeTests: XCTestCase {
    func testHeadersAreNodesPinnedBelowTheBar() throws {
        // 400 × 800 pt, 59 pt top safe area, a 44 pt bar: the list starts at 103, reaching up under
        // the bar. Section 0's header view 105–139, its rows end at 271; section 1's 277–311.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sticky-headers.yaml")
        let t = try Timeline(scene: try SceneLoader.load(contentsOf: fixture))
        func headers(at time: Double) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: t.state(at: time).layers.filter { $0.id.hasPrefix("a/rows/header") }.map { ($0.id, $0.frame.minY) })
        }
        XCTAssertEqual(headers(at: 0), ["a/rows/header0": 105, "a/rows/header1": 277])
        // Row 3 (B1, 311–355) scrolled to the top of the visible area: offset 311 − 103 = 208.
        // Section 0's header has been pushed up under the bar (271 − 208 − 34 = 29); section 1's pins at 103.
        XCTAssertEqual(headers(at: t.duration), ["a/rows/header0": 29, "a/rows/header1": 103])
    }
}
