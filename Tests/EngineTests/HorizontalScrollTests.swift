import Engine
import Geometry
import Motion
import Scene
import XCTest

/// Horizontal scroll views and the plain `scroll` container (docs/scene-format.md#scrolling):
/// the vertical physics' closed forms along x, with the view's width as the rubber band's d and
/// the page; arbitration by the pan's dominant axis; a carousel nested in a vertical page; the
/// edge pop over a horizontal pan. Reference offsets come from the pan slop (10 pt) and the
/// formulas of docs/uikit-semantics.md#scrolling, not from Segue.
final class HorizontalScrollTests: XCTestCase {
    /// A 400 × 800 screen at @1 with `content` on screen `s`, and an empty `detail` screen.
    private func scene(_ content: String, _ body: String, detail: String = "[]") -> String {
        """
        device: { size: [400, 800], scale: 1, safeArea: [0, 0] }
        fps: 10
        tail: 0
        screens:
          s: { content: [\(content)] }
          detail: { content: \(detail) }
        root: s
        \(body)
        """
    }

    /// A horizontal `scroll` `row`, 400 × 200 at y 100, whose content is one rect `width` wide.
    private func row(width: Int = 1200, options: String = "") -> String {
        "{ scroll: { id: row, frame: [0, 100, 400, 200], axis: horizontal\(options), content: [{ rect: { frame: [0, 0, \(width), 200], fill: systemRed } }] } }"
    }

    /// A vertical page `page` (the whole screen, content 2000 pt tall) holding a horizontal grid
    /// `cards` of `cells` 400 pt cells (one per page, no inset or spacing) at y 100.
    private func page(cells: Int = 4) -> String {
        let items = (0..<cells).map { _ in "{ color: systemBlue }" }.joined(separator: ", ")
        return """
        { scroll: { id: page, frame: [0, 0, 400, 800], content: [{ grid: { id: cards, frame: [0, 100, 400, 200], axis: horizontal, paging: true, columns: 1, spacing: 0, inset: 0, aspectRatio: 0.5, cells: [\(items)] } }, { rect: { frame: [0, 1900, 400, 100], fill: systemGreen } }] } }
        """
    }

    private func timeline(_ text: String) throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
    }

    private func offset(_ timeline: Timeline, _ node: String, at time: Double) -> Point? {
        timeline.state(at: time).layers.first { $0.id == node }?.contentOffset
    }

    func testExactTraceLinesOfAHorizontalDrag() throws {
        // Down at 0.1 s, 20 pt left at 0.2 s (the pan begins: 20 − 10 slop = 10 pt), 100 pt left
        // at 0.3 s (90 pt), lifted still at 0.4 s: contentOffset [x, 0], the content moved left by x.
        let timeline = try timeline(scene(row(), """
            timeline:
              - { at: 0.1, pan: [[0, 300, 200], [0.1, 280, 200], [0.2, 200, 200], [0.25, 200, 200], [0.3, 200, 200]], expect: scroll }
            """))
        func line(_ frame: Int, _ time: String, _ touches: String, _ x: Int) -> String {
            #"{"frame": \#(frame), "time": \#(time), "transition": null, "phase": "idle", "progress": null, "touches": [\#(touches)], "layers": [{"id": "s", "frame": [0, 0, 400, 800], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "s/row", "frame": [0, 100, 400, 200], "transform": [1, 0, 0, 1, 0, 100], "alpha": 1, "cornerRadius": 0, "contentOffset": [\#(x), 0]}, {"id": "s/row/content", "frame": [\#(-x), 100, 1200, 200], "transform": [1, 0, 0, 1, \#(-x), 100], "alpha": 1, "cornerRadius": 0}]}"#
        }
        XCTAssertEqual((0..<timeline.frameCount).map { timeline.state(frame: $0).jsonLine }, [
            line(0, "0", "", 0),
            line(1, "0.1", "[300, 200]", 0),
            line(2, "0.2", "[280, 200]", 10),
            line(3, "0.3", "[200, 200]", 90),
            line(4, "0.4", "", 90),
        ])
    }

    func testAFlickAlongXTravelsVOverThousandLnR() throws {
        // Released 190 pt in (200 − 10 slop) at 1000 pt/s to the left: rests 499.4998 pt further
        // (−v / (1000 ln 0.998) [CALC]), 689.4998, shown at the @1 screen's whole point 689;
        // `decelerationRate: fast` 190 + 99.4992 = 289.4992, shown 289.
        let flick = "timeline: [{ at: 0.1, swipe: { direction: left, distance: 200, velocity: 1000, from: [300, 200] }, expect: scroll }]"
        for (options, rest) in [("", 689.0), (", decelerationRate: fast", 289.0)] {
            let timeline = try timeline(scene(row(width: 3000, options: options), flick))
            XCTAssertEqual(try XCTUnwrap(offset(timeline, "s/row", at: timeline.duration + 1)), Point(x: rest, y: 0), options)
            XCTAssertEqual(rest, ScrollPhysics.shownOffset(190 + ScrollMotion.travel(velocity: 1000, rate: options.isEmpty ? .normal : .fast),
                                                           scale: 1))
        }
    }

    func testRubberBandAlongXUsesTheWidth() throws {
        // 200 pt right from the left end: the finger is 190 pt past the edge, the content
        // (1 − 1 / (190 · 0.55 / 400 + 1)) · 400 = 82.855 pt [CALC] (d = the width 400, not the
        // height 200, which would give 68.6), shown at −83, then back to 0.
        let timeline = try timeline(scene(row(), """
            timeline:
              - { at: 0.1, pan: [[0, 100, 200], [0.1, 200, 200], [0.2, 300, 200], [0.25, 300, 200], [0.3, 300, 200]], expect: scroll }
            """))
        XCTAssertEqual(try XCTUnwrap(offset(timeline, "s/row", at: 0.3)), Point(x: -83, y: 0))
        XCTAssertEqual((1 - 1 / (190 * 0.55 / 400 + 1)) * 400, 82.855, accuracy: 1e-3)
        XCTAssertEqual(offset(timeline, "s/row", at: timeline.duration)?.x, 0)
    }

    func testPagingAlongXSnapsToTheWidth() throws {
        // A grid of 4 cells 400 pt wide (one page each), content 1600 pt, pages 0, 400, 800, 1200.
        let grid = "{ grid: { id: cards, frame: [0, 100, 400, 200], axis: horizontal, paging: true, columns: 1, spacing: 0, inset: 0, aspectRatio: 0.5, cells: [{ color: systemRed }, { color: systemGreen }, { color: systemBlue }, { color: systemGray }] } }"
        // Flicked left from 190 pt in: the next page, 400.
        let flicked = try timeline(scene(grid, "timeline: [{ at: 0.1, swipe: { direction: left, distance: 200, velocity: 1000, from: [300, 200] }, expect: { scroll: { list: cards, offset: 400 } } }]"))
        XCTAssertEqual(offset(flicked, "s/cards", at: flicked.duration + 1), Point(x: 400, y: 0))
        // Held still at 150 and 250 pt in: the nearest page, 0 and 400.
        for (travel, page) in [(160.0, 0.0), (260.0, 400.0)] {
            let held = try timeline(scene(grid, """
                timeline:
                  - { at: 0.1, pan: [[0, 350, 200], [0.1, \(350 - travel), 200], [0.2, \(350 - travel), 200], [0.3, \(350 - travel), 200]], expect: scroll }
                """))
            XCTAssertEqual(offset(held, "s/cards", at: held.duration + 1)?.x, page, "\(travel)")
        }
    }

    func testAVerticalPanOnANestedCarouselScrollsThePageAndASidewaysOneTheCarousel() throws {
        // Mostly vertical, starting on the carousel: the page's (150 − 10 slop = 140 pt, held).
        let vertical = try timeline(scene(page(), """
            timeline:
              - { at: 0.1, pan: [[0, 200, 250], [0.1, 205, 200], [0.2, 210, 100], [0.3, 210, 100], [0.4, 210, 100]], expect: scroll }
            """))
        XCTAssertEqual(offset(vertical, "s/page", at: 1), Point(x: 0, y: 140))
        XCTAssertNil(offset(vertical, "s/page/cards", at: 1), "the carousel never moved")
        // The carousel rides on the page: its node 140 pt higher inside the page's content.
        XCTAssertEqual(vertical.state(at: 1).layers.first { $0.id == "s/page/cards" }?.frame.y, 100 - 140)
        // Mostly sideways, at the same place: the carousel's, which pages to 400.
        let sideways = try timeline(scene(page(), """
            timeline:
              - { at: 0.1, swipe: { direction: left, distance: 200, velocity: 1000, from: [300, 200] }, expect: { scroll: { list: cards, offset: 400 } } }
            """))
        XCTAssertEqual(offset(sideways, "s/page/cards", at: 5), Point(x: 400, y: 0))
        XCTAssertNil(offset(sideways, "s/page", at: 5), "the page never moved")
    }

    func testADiagonalPanGoesByItsDominantAxis() throws {
        // Moved (−30, −20) when the pan began: more sideways than up, the carousel's; (−20, −30)
        // the page's; (−20, −20), exactly diagonal, counts as vertical.
        let cases: [(dx: Int, dy: Int, carousel: Bool)] = [(-30, -20, true), (-20, -30, false), (-20, -20, false)]
        for c in cases {
            let timeline = try timeline(scene(page(), """
                timeline:
                  - { at: 0.1, pan: [[0, 300, 250], [0.1, \(300 + c.dx), \(250 + c.dy)], [0.2, \(300 + c.dx), \(250 + c.dy)], [0.3, \(300 + c.dx), \(250 + c.dy)]], expect: scroll }
                """))
            let moved = timeline.state(at: 1).layers.filter { $0.contentOffset != nil }.map(\.id)
            XCTAssertEqual(moved, [c.carousel ? "s/page/cards" : "s/page"], "\(c)")
        }
        XCTAssertEqual(ScrollAxis.dominant(in: Point(x: -30, y: -20)), .horizontal)
        XCTAssertEqual(ScrollAxis.dominant(in: Point(x: 20, y: 20)), .vertical)
    }

    func testAHorizontalScrollViewIgnoresAMostlyVerticalPan() {
        let found = sceneMessages(scene(row(), """
            timeline:
              - { at: 0.1, swipe: { from: [200, 250], to: [210, 120], duration: 0.2 } }
            """))
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("t.yaml:9:5: error: this gesture does nothing") ?? false, "\(found)")
        XCTAssertTrue(found.first?.contains("'row' of 's' scrolls horizontally and ignores this pan, which began moving mostly up or down") ?? false,
                      "\(found)")
    }

    func testTheEdgePopWinsOverAHorizontalScrollViewsPan() throws {
        // The pushed screen is one full-width horizontal scroll view; a pan from the left edge
        // is the interactive pop's, as UIKit's edge recognizer must fail before other
        // recognizers may begin (docs/uikit-semantics.md#horizontal-scroll-views).
        let timeline = try timeline(scene("", """
            transitions: [{ from: s, to: detail, style: system-push }]
            timeline:
              - { at: 0.1, push: detail }
              - { at: 1.2, swipe: { edge: left, distance: "70%", velocity: 800, y: 200 }, expect: finish }
            """, detail: "[{ scroll: { id: wide, frame: [0, 0, 400, 800], axis: horizontal, content: [{ rect: { frame: [0, 0, 1600, 800], fill: systemRed } }] } }]"))
        XCTAssertEqual(timeline.releases.count, 1)
        XCTAssertTrue(timeline.releases[0].finishes)
        XCTAssertFalse(timeline.state(at: 1.5).layers.contains { $0.contentOffset != nil }, "the scroll view never moved")
        // Away from the edge, the same swipe scrolls it (toward smaller offsets: it bounces at 0).
        let inside = sceneMessages(scene("", """
            transitions: [{ from: s, to: detail, style: system-push }]
            timeline:
              - { at: 0.1, push: detail }
              - { at: 1.2, swipe: { from: [100, 200], to: [300, 200], duration: 0.2 }, expect: scroll }
            """, detail: "[{ scroll: { id: wide, frame: [0, 0, 400, 800], axis: horizontal, content: [{ rect: { frame: [0, 0, 1600, 800], fill: systemRed } }] } }]"))
        XCTAssertEqual(inside, [])
    }

    func testTapsAndZoomsHitChildrenWhereBothOffsetsPutThem() throws {
        // Page scrolled 140 pt, carousel paged to 400: cell 1 spans x 0…400, y −40…160 on screen.
        let text = scene(page(), """
            transitions: [{ from: s, to: detail, style: zoom-from-cell, cell: { list: cards } }]
            timeline:
              - { at: 0.1, pan: [[0, 200, 250], [0.1, 205, 200], [0.2, 210, 100], [0.3, 210, 100], [0.4, 210, 100]], expect: scroll }
              - { at: 1, swipe: { direction: left, distance: 200, velocity: 1000, from: [300, 100] }, expect: { scroll: { list: cards, offset: 400 } } }
              - { at: 4, tap: [200, 100], expect: finish }
            """)
        let timeline = try timeline(text)
        let source = try XCTUnwrap(timeline.state(at: 4.08 + 1e-6).layers.first { $0.id == "detail" })
        XCTAssertEqual(source.frame.x, 0, accuracy: 0.5, "grows out of the cell where it is: x 0")
        XCTAssertEqual(source.frame.y, -40, accuracy: 0.5, "and y 100 − 140")
        // Index 1 of the carousel is on screen there; index 3 is past its right edge.
        XCTAssertTrue(sceneMessages(scene(page(), """
            transitions: [{ from: s, to: detail, style: zoom-from-cell, cell: { list: cards } }]
            timeline:
              - { at: 1, tap: { list: cards, index: 3 } }
            """)).first?.contains("row or cell 3 of 'cards' is off-screen at 1 s: with the content scrolled to 0 pt its center is at x = 1400, right of the view's visible 0–400") ?? false)
    }

    func testScrollToBringsAChildIntoViewAlongTheAxis() throws {
        // Cell 2 (x 800…1200) of the 400 pt carousel: the least scrolling puts its right edge at
        // the frame's right, 800; `middle` (centeredHorizontally) 1000 − 200 = 800 too; `top` (left) 800.
        let timeline = try timeline(scene(page(), """
            timeline:
              - { at: 0.1, scroll: { list: cards, to: 2 } }
              - { at: 1, scroll: { list: cards, to: 0, position: top } }
              - { at: 2, scroll: { list: page, to: 1, position: bottom } }
            """))
        XCTAssertEqual(offset(timeline, "s/page/cards", at: 0.5), Point(x: 800, y: 0))
        XCTAssertEqual(offset(timeline, "s/page/cards", at: 1.5), Point(x: 0, y: 0))
        // The page's child 1 (the green rect, y 1900…2000): its bottom at the frame's bottom, 1200.
        XCTAssertEqual(offset(timeline, "s/page", at: 2.5), Point(x: 0, y: 1200))
    }

    /// Content longer than one image (Cairo's 32767 px per side) along its scroll axis is held in
    /// strips (`Limits.scrollContentResident`), so only what a strip cannot hold is an error: more
    /// than 32767 px across the axis, more than `Limits.scrollContentLength` along it, and, with
    /// the screens, more memory kept drawn than `Limits.pixelMemory` (before, 40100 pt along the
    /// axis was refused, and 32,400 px across drew whole, 4.2 GB a view, until an allocation aborted).
    func testContentIsLimitedAcrossItsAxisAndByTheMemoryItKeepsNotByItsLength() {
        XCTAssertEqual(sceneMessages(scene("{ scroll: { id: row, frame: [0, 0, 400, 200], axis: horizontal, content: [{ rect: { frame: [40000, 0, 100, 100], fill: systemRed } }] } }", "")), [],
                       "40100 pt along a horizontal axis is held in strips")
        XCTAssertEqual(sceneMessages(scene("{ list: { id: rows, rowHeight: 10000, rows: [a, b, c, d] } }", "")), [],
                       "40000 pt along a vertical axis is held in strips")
        let across = sceneMessages(scene("{ scroll: { id: col, frame: [0, 0, 40000, 400], content: [{ rect: { frame: [0, 0, 100, 2000], fill: systemRed } }] } }", ""))
        XCTAssertEqual(across, ["t.yaml:5:3: error: the content of scroll view 'col' of screen 's' is 40000 × 2000 pt, 40000 px across its scroll axis at scale 1, over the limit of 32767 px; make it narrower or lower the scale"])
        let rows = Array(repeating: "x", count: 3400).joined(separator: ", ")
        let long = sceneMessages(scene("{ list: { id: rows, rowHeight: 10000, rows: [\(rows)] } }", ""))
        XCTAssertEqual(long.count, 1, "\(long)")
        XCTAssertTrue(long.first?.contains("34000000 px along its scroll axis at scale 1, over the limit of \(Limits.scrollContentLength) px") ?? false, "\(long)")
        // Four views whose content is 10,800 pt wide at @3x: each strip of half the 800 pt screen is
        // 32,400 × 1,200 px (148 MB); two kept and three painted from, 742 MB a view.
        let wide = (0..<4).map { "{ scroll: { id: v\($0), frame: [\($0 * 10), 0, 10800, 800], content: [{ rect: { frame: [0, 0, 10800, 10780], fill: systemRed } }] } }" }
        let heavy = sceneMessages(scene(wide.joined(separator: ", "), "").replacingOccurrences(of: "scale: 1,", with: "scale: 3,"))
        XCTAssertEqual(heavy.count, 1, "\(heavy)")
        XCTAssertTrue(heavy.first?.contains("their scroll views' content (2967 MB kept drawn at most)") ?? false, "\(heavy)")
        XCTAssertTrue(heavy.first?.contains("over the limit of 1024 MB; make the scroll views' content narrower across its axis, use fewer, or lower the scale") ?? false, "\(heavy)")
        XCTAssertEqual(sceneMessages(scene(wide[0], "").replacingOccurrences(of: "scale: 1,", with: "scale: 3,")), [], "one such view fits")
    }

    func testBadAxisValuesAreLocated() {
        let unknown = sceneMessages(scene("{ scroll: { id: row, frame: [0, 0, 400, 200], axis: sideways, content: [] } }", ""))
        XCTAssertEqual(unknown.count, 1, "\(unknown)")
        XCTAssertTrue(unknown.first?.hasPrefix("t.yaml:5:70: error:") ?? false, "\(unknown)")
        XCTAssertTrue(unknown.first?.contains("sideways") ?? false, "\(unknown)")
        let message = unknown.first ?? ""
        XCTAssertTrue(message.contains("vertical") && message.contains("horizontal"), message)
        // A UITableView scrolls vertically: 'axis' is no key of a list.
        let list = sceneMessages(scene("{ list: { id: l, axis: horizontal, rows: [a] } }", ""))
        XCTAssertEqual(list.count, 1, "\(list)")
        XCTAssertTrue(list.first?.hasPrefix("t.yaml:5:35: error:") ?? false, "\(list)")
        XCTAssertTrue(list.first?.contains("axis") ?? false, "\(list)")
        // A scroll needs a frame.
        XCTAssertTrue(sceneMessages(scene("{ scroll: { id: row, content: [] } }", "")).first?.contains("missing key 'frame'") ?? false)
    }
}
