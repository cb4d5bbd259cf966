import Engine
import Motion
import Scene
import XCTest

/// Lists and grids scroll as UIScrollView does (docs/scene-format.md#scrolling): a pan no
/// transition claims drags the content, the release decelerates it, edge pans win over it, a
/// sideways pan is not a scroll, and taps hit rows where they are now. Reference offsets come
/// from the pan slop (10 pt) and docs/uikit-semantics.md#scrolling's travel, not from Segue.
final class ScrollingTests: XCTestCase {
    /// 30 plain rows of 44 pt in a 400 × 800 list: content 1320 pt, offsets 0…520. `options`
    /// go into the list's mapping.
    private func header(rows: Int = 30, options: String = "") -> String {
        """
        device: { size: [400, 800], scale: 1, safeArea: [0, 0] }
        fps: 10
        tail: 0
        screens:
          list: { content: [{ list: { id: rows\(options), rows: [\((0..<rows).map { "R\($0)" }.joined(separator: ", "))] } }] }
          detail: { content: [{ list: { id: more, rows: [\((0..<rows).map { "D\($0)" }.joined(separator: ", "))] } }] }
        root: list

        """
    }

    private func timeline(_ body: String, rows: Int = 30, options: String = "") throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: header(rows: rows, options: options) + body, file: "t.yaml", name: "t"))
    }

    private func messages(rows: Int = 30, options: String = "", _ body: String) -> [String] {
        sceneMessages(header(rows: rows, options: options) + body)
    }

    /// A finger 200 pt down from the top from 0.1 s, held still and lifted at 0.4 s: 190 pt past
    /// the top after the slop.
    private let pullDown = "[[0, 200, 100], [0.1, 200, 200], [0.2, 200, 300], [0.25, 200, 300], [0.3, 200, 300]]"

    private func offset(_ timeline: Timeline, at time: Double, node: String = "list/rows") -> Double? {
        timeline.state(at: time).layers.first { $0.id == node }?.contentOffset?.y
    }

    func testExactLinesOfADragThatStops() throws {
        // Down at 0.1 s, 20 pt up at 0.2 s (the pan begins: 20 − 10 slop = 10 pt), 100 pt up at
        // 0.3 s (90 pt), held still and lifted at 0.4 s with no velocity: rests at 90.
        let timeline = try timeline("""
            timeline:
              - { at: 0.1, pan: [[0, 200, 600], [0.1, 200, 580], [0.2, 200, 500], [0.25, 200, 500], [0.3, 200, 500]], expect: scroll }
            """)
        func line(_ frame: Int, _ time: String, _ touches: String, _ offset: Int) -> String {
            #"{"frame": \#(frame), "time": \#(time), "transition": null, "phase": "idle", "progress": null, "touches": [\#(touches)], "layers": [{"id": "list", "frame": [0, 0, 400, 800], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "list/rows", "frame": [0, 0, 400, 800], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0, "contentOffset": [0, \#(offset)]}, {"id": "list/rows/content", "frame": [0, \#(-offset), 400, 1320], "transform": [1, 0, 0, 1, 0, \#(-offset)], "alpha": 1, "cornerRadius": 0}]}"#
        }
        XCTAssertEqual((0..<timeline.frameCount).map { timeline.state(frame: $0).jsonLine }, [
            line(0, "0", "", 0),
            line(1, "0.1", "[200, 600]", 0),
            line(2, "0.2", "[200, 580]", 10),
            line(3, "0.3", "[200, 500]", 90),
            line(4, "0.4", "", 90),
        ])
    }

    func testAFlickTravelsVOverThousandLnR() throws {
        // Released 190 pt in (200 − 10 slop) at exactly 1000 pt/s: comes to rest 499.4998 pt
        // further (docs/uikit-semantics.md#scrolling, [CALC]), within 100 rows' 3600 pt: 689.4998,
        // shown rounded to the @1 screen's whole points, 689.
        let timeline = try timeline("""
            timeline:
              - { at: 0.1, swipe: { direction: up, distance: 200, velocity: 1000, from: [200, 600] }, expect: scroll }
            """, rows: 100)
        let end = timeline.duration - 0.05
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: end)), 689)
        // Still moving a second after the lift, never backwards.
        var last = 0.0
        for frame in 0..<timeline.frameCount {
            let o = try XCTUnwrap(offset(timeline, at: timeline.time(ofFrame: frame)))
            XCTAssertGreaterThanOrEqual(o, last - 1e-9)
            last = o
        }
    }

    func testTheScrollViewsOwnSettings() throws {
        let flick = """
            timeline:
              - { at: 0.1, swipe: { direction: up, distance: 200, velocity: 1000, from: [200, 600] }, expect: scroll }
            """
        // decelerationRate: fast: 190 + 1000 / (−1000 ln 0.99) = 289.4992 [CALC], shown as 289 at @1.
        let fast = try timeline(flick, rows: 100, options: ", decelerationRate: fast")
        XCTAssertEqual(try XCTUnwrap(offset(fast, at: fast.duration + 1)), 289)
        // paging: released at 190 moving up, it settles on the next page, the view's height (800).
        let paged = try timeline(flick, rows: 100, options: ", paging: true")
        XCTAssertEqual(offset(paged, at: paged.duration + 1), 800)
        // bounces: false: pulled down from the top, the content stays at 0.
        let stiff = try timeline("""
            timeline:
              - { at: 0.1, pan: [[0, 200, 100], [0.1, 200, 200], [0.2, 200, 300], [0.3, 200, 300]], expect: scroll }
            """, options: ", bounces: false")
        for frame in 0..<stiff.frameCount { XCTAssertEqual(offset(stiff, at: stiff.time(ofFrame: frame)), 0) }
    }

    /// Content no taller than its view: a table view always bounces vertically, a collection view
    /// does not (`alwaysBounceVertical`, UIKit's defaults). 4 cells in 2 columns of a 400 pt grid
    /// are 2 rows of 200 pt, 400 pt of an 800 pt view. Pulled down 200 pt (190 past the top),
    /// a bouncing one shows −(1 − 1 / (190 · 0.55 / 800 + 1)) · 800 = −92.43 pt [CALC], at −92.
    func testShortContentScrollsOnlyWhereItAlwaysBounces() throws {
        func scene(_ options: String, expect: String? = nil) -> String {
            """
            device: { size: [400, 800], scale: 1, safeArea: [0, 0] }
            fps: 10
            tail: 0
            screens:
              grid: { content: [{ grid: { id: photos, columns: 2, spacing: 0, inset: 0, aspectRatio: 1, cells: [{ color: systemRed }, { color: systemBlue }, { color: systemRed }, { color: systemBlue }]\(options) } }] }
            root: grid
            timeline:
              - { at: 0.1, pan: \(pullDown)\(expect.map { ", expect: \($0)" } ?? "") }
            """
        }
        let found = sceneMessages(scene(""))
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("'photos' of 'grid' does not scroll: its content fits its 800 pt height and it does not bounce when it fits ('alwaysBounceVertical: true' makes it)") ?? false, "\(found)")
        let bouncing = try Timeline(scene: try SceneLoader.load(text: scene(", alwaysBounceVertical: true", expect: "scroll"), file: "t.yaml", name: "t"))
        XCTAssertEqual(try XCTUnwrap(offset(bouncing, at: 0.3, node: "grid/photos")), -92)
        XCTAssertEqual(offset(bouncing, at: bouncing.duration, node: "grid/photos"), 0)
        XCTAssertTrue(sceneMessages(scene(", alwaysBounceVertical: true, bounces: false"))
            .contains { $0.contains("'photos' of 'grid' does not scroll: its content fits its 800 pt height and 'bounces' is false") })
        // A short list rubber-bands by default and stops when told not to.
        let list = try timeline("""
            timeline:
              - { at: 0.1, pan: \(pullDown), expect: scroll }
            """, rows: 3)
        XCTAssertEqual(try XCTUnwrap(offset(list, at: 0.3)), -92)
        XCTAssertEqual(messages(rows: 3, options: ", alwaysBounceVertical: false", """
            timeline:
              - { at: 0.1, pan: \(pullDown) }
            """).count, 1)
    }

    func testAFlickPastTheEndBouncesBackToIt() throws {
        let timeline = try timeline("""
            timeline:
              - { at: 0.1, swipe: { direction: up, distance: 300, velocity: 3000, from: [200, 700] }, expect: scroll }
            """)
        let offsets = (0..<timeline.frameCount).compactMap { offset(timeline, at: timeline.time(ofFrame: $0)) }
        XCTAssertGreaterThan(offsets.max() ?? 0, 520, "overshoots the end (520)")
        XCTAssertEqual(offset(timeline, at: timeline.duration + 1), 520)
        XCTAssertEqual(offsets.last ?? 0, 520, accuracy: 1, "within a frame of rest at the last frame")
    }

    func testDraggedPastTheTopTheContentRubberBands() throws {
        // 200 pt down from the top: the finger is 190 pt past the edge, the content
        // (1 − 1 / (190 · 0.55 / 800 + 1)) · 800 = 92.43 pt [CALC], shown at −92 (the @1 screen's
        // whole points), then springs back to 0.
        let timeline = try timeline("""
            timeline:
              - { at: 0.1, pan: \(pullDown), expect: scroll }
            """)
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: 0.3)),
                       ScrollPhysics.shownOffset(-ScrollPhysics.rubberBand(190, dimension: 800), scale: 1), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: 0.3)), -92)
        XCTAssertEqual(offset(timeline, at: timeline.duration), 0)
    }

    func testAnEdgePanPopsRatherThanScrolls() throws {
        let timeline = try timeline("""
            transitions: [{ from: list, to: detail, style: system-push }]
            timeline:
              - { at: 0.1, push: detail }
              - { at: 1.2, swipe: { edge: left, distance: "70%", velocity: 800, y: 400 }, expect: finish }
            """)
        XCTAssertEqual(timeline.releases.count, 1)
        XCTAssertTrue(timeline.releases[0].finishes)
    }

    func testASidewaysPanIsNotAScroll() {
        let found = messages("""
            timeline:
              - { at: 0.1, swipe: { from: [100, 400], to: [300, 420], duration: 0.2 } }
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("t.yaml:9:5: error: this gesture does nothing") ?? false, "\(found)")
        XCTAssertTrue(found.first?.contains("'rows' of 'list' scrolls vertically and ignores this pan, which began moving mostly sideways") ?? false, "\(found)")
    }

    func testExpectationsAreCheckedAgainstTheScroll() {
        let wrong = messages("""
            timeline:
              - { at: 0.1, swipe: { direction: up, distance: 200, velocity: 0, from: [200, 600] }, expect: finish }
            """)
        XCTAssertEqual(wrong.count, 1, "\(wrong)")
        XCTAssertTrue(wrong.first?.contains("t.yaml:9:5: error: this gesture should finish a transition, but it scrolls 'rows' of 'list' (to rest at 190 pt") ?? false, "\(wrong)")
        let none = messages("""
            timeline:
              - { at: 0.1, tap: [200, 300], expect: scroll }
            """)
        XCTAssertEqual(none.count, 1, "\(none)")
        XCTAssertTrue(none.first?.contains("this tap should scroll a list or grid but does nothing") ?? false, "\(none)")
    }

    func testExpectedRestingOffsetWithinATolerance() {
        // 190 pt dragged, released at 1000 pt/s: would travel to 689.5, so it bounces at the end, 520.
        let swipe = "swipe: { direction: up, distance: 200, velocity: 1000, from: [200, 600] }"
        func run(_ expect: String) -> [String] {
            messages("timeline:\n  - { at: 0.1, \(swipe), expect: \(expect) }")
        }
        XCTAssertEqual(run("{ scroll: { list: rows, offset: 520 } }"), [])
        XCTAssertEqual(run("{ scroll: { list: rows, offset: 512, tolerance: 10 } }"), [])
        let off = run("{ scroll: { list: rows, offset: 420 } }")
        XCTAssertTrue(off.first?.contains("t.yaml:9:5: error: this gesture should scroll 'rows' to rest at 420 pt (± 1), but it comes to rest at 520 pt") ?? false, "\(off)")
        let other = run("{ scroll: { list: photos, offset: 520 } }")
        XCTAssertTrue(other.first?.contains("should scroll 'photos', but it scrolls 'rows' of 'list'") ?? false, "\(other)")
        let missing = run("{ scroll: { list: rows } }")
        XCTAssertTrue(missing.first?.contains("missing key 'offset'") ?? false, "\(missing)")
    }

    func testTapsHitRowsWhereTheyAreNow() {
        // After a 90 pt scroll the point [200, 30] lies on row 2 (y 88…132 in the content).
        let bound = """
            transitions: [{ from: list, to: detail, style: system-push, tap: { list: rows, index: 2 } }]
            timeline:
              - { at: 0.1, pan: [[0, 200, 600], [0.1, 200, 580], [0.2, 200, 500], [0.25, 200, 500], [0.3, 200, 500]] }

            """
        XCTAssertEqual(messages(bound + "  - { at: 1, tap: [200, 30] }"), [])
        // Unscrolled, the same point is row 0, which nothing is bound to.
        XCTAssertEqual(messages("""
            transitions: [{ from: list, to: detail, style: system-push, tap: { list: rows, index: 2 } }]
            timeline:
              - { at: 1, tap: [200, 30] }
            """).count, 1)
    }

    func testATapOnARowScrolledOffScreenIsAnError() {
        let found = messages("""
            transitions: [{ from: list, to: detail, style: system-push, tap: { list: rows } }]
            timeline:
              - { at: 0.1, pan: [[0, 200, 600], [0.1, 200, 580], [0.2, 200, 500], [0.25, 200, 500], [0.3, 200, 500]] }
              - { at: 1, tap: { list: rows, index: 1 } }
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("t.yaml:11:5: error: row or cell 1 of 'rows' is off-screen at 1 s: with the content scrolled to 90 pt its center is at y = -24, above the list's visible 0–800; scroll it into view first") ?? false, "\(found)")
        // Never scrolled, a row below the frame is off-screen too.
        let below = messages("""
            transitions: [{ from: list, to: detail, style: system-push, tap: { list: rows } }]
            timeline:
              - { at: 1, tap: { list: rows, index: 25 } }
            """)
        XCTAssertTrue(below.first?.contains("row or cell 25 of 'rows' is off-screen at 1 s: with the content scrolled to 0 pt its center is at y = 1122, below the list's visible 0–800") ?? false, "\(below)")
    }

    func testScrollToARowAsScrollToRowDoes() throws {
        // Row 25 (y 1100…1144) in an 800 pt list: `.none` scrolls the least, its bottom to the
        // frame's bottom (344); `top` puts it at the top (1100 → clamped to the end, 520);
        // `middle` centers it (1122 − 400 = 722 → 520); row 3 at the top is 132. Eased over 0.3 s.
        let timeline = try timeline("""
            timeline:
              - { at: 0.1, scroll: { list: rows, to: 25 } }
              - { at: 1, scroll: { list: rows, to: 3, position: top } }
              - { at: 2, scroll: { list: rows, to: 25, position: middle } }
            """)
        XCTAssertEqual(offset(timeline, at: 0.1), 0)
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: 0.25)), 172, accuracy: 1e-9, "halfway: ease-in-out is symmetric")
        XCTAssertEqual(offset(timeline, at: 0.4), 344)
        XCTAssertEqual(offset(timeline, at: 1.3), 132)
        XCTAssertEqual(offset(timeline, at: 2.3), 520)
    }

    func testScrollEntriesAreCheckedWhereTheyAreWritten() {
        XCTAssertTrue(messages("""
            timeline:
              - { at: 0.1, scroll: { list: nope, to: 3 } }
            """).first?.contains("t.yaml:9:5: error: cannot scroll 'nope' at 0.1 s: 'list' is on screen and has no list or grid 'nope' that scrolls; its scroll views are: rows") ?? false)
        XCTAssertTrue(messages("""
            timeline:
              - { at: 0.1, scroll: { list: rows, to: 30 } }
            """).first?.contains("t.yaml:9:5: error: list or grid 'rows' of 'list' has 30 rows or cells; index 30 is past its end") ?? false)
        XCTAssertTrue(messages("""
            timeline:
              - { at: 0.1, scroll: { list: rows } }
            """).first?.contains("t.yaml:9:24: error: missing key 'to'") ?? false, "\(messages("timeline: [{ at: 0.1, scroll: { list: rows } }]"))")
    }

    /// Pulled 190 pt past the top and lifted still at 0.4 s, the content springs back from
    /// o0 = −92.43 pt [CALC, the rubber band above] as o0 · e^(−0.01005 · ms) (the bounce's decay,
    /// docs/uikit-semantics.md#scrolling, no velocity). A push at 0.5 s does not stop it: under the
    /// push it is at o0 · e^(−2.01) = −12.4 at 0.6 s and o0 · e^(−3.015) = −4.5 at 0.7 s (each within
    /// a point: shown on whole points, and restarted from the shown −34 at 0.5 s), and it rests at
    /// 0, which the pop shows again, rather than held at −34.
    func testAPushDuringTheSpringBackLetsTheContentSpringBack() throws {
        let timeline = try timeline("""
            transitions: [{ from: list, to: detail, style: system-push }]
            timeline:
              - { at: 0.1, pan: \(pullDown) }
              - { at: 0.5, push: detail }
              - { at: 2.5, pop: true }
            """)
        let o0 = -ScrollPhysics.rubberBand(190, dimension: 800)
        XCTAssertEqual(o0, -92.43, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: 0.5)), o0 * exp(-1.005), accuracy: 1)
        XCTAssertEqual(timeline.state(at: 0.6).transition, "system-push")
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: 0.6)), o0 * exp(-2.01), accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: 0.7)), o0 * exp(-3.015), accuracy: 1)
        XCTAssertEqual(offset(timeline, at: timeline.duration), 0, "and after the pop")
    }

    /// Transitions shorter than the spring-back: a 0.1 s cross-dissolve presentation at 0.45 s and
    /// its dismissal at 0.6 s end
    /// before the content, pulled to o0 = −92.43 pt and lifted at 0.4 s, is back; it goes on
    /// springing back after each, shown on the list again after the dismissal: at 0.8 s
    /// o0 · e^(−0.01005 · 400) = −1.66 pt [CALC] (within a point: restarted from shown offsets).
    func testTheSpringBackGoesOnAfterATransitionShorterThanIt() throws {
        let timeline = try timeline("""
            transitions: [{ from: list, to: detail, style: cross-dissolve, duration: 0.1 }]
            timeline:
              - { at: 0.1, pan: \(pullDown) }
              - { at: 0.45, present: detail }
              - { at: 0.6, dismiss: true }
            """)
        let o0 = -ScrollPhysics.rubberBand(190, dimension: 800)
        XCTAssertNil(timeline.state(at: 0.8).transition, "both transitions are over")
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: 0.8)), o0 * exp(-4.02), accuracy: 1)
        XCTAssertEqual(offset(timeline, at: timeline.duration), 0)
    }

    /// A `scroll:` entry during the spring-back animates from where the content is, never past
    /// the content's ends: row 5 to the top (5 × 44 = 220 pt) from −34 at 0.5 s.
    func testAScrollToDuringTheSpringBackStartsFromWhereTheContentIs() throws {
        let timeline = try timeline("""
            timeline:
              - { at: 0.1, pan: \(pullDown) }
              - { at: 0.5, scroll: { list: rows, to: 5, position: top } }
            """)
        XCTAssertEqual(try XCTUnwrap(offset(timeline, at: 0.5)), -34)
        XCTAssertEqual(offset(timeline, at: timeline.duration), 220)
    }

    func testAPopReturnsToTheOffsetTheListHad() throws {
        let timeline = try timeline("""
            transitions: [{ from: list, to: detail, style: system-push }]
            timeline:
              - { at: 0.1, pan: [[0, 200, 600], [0.1, 200, 580], [0.2, 200, 500], [0.25, 200, 500], [0.3, 200, 500]] }
              - { at: 1, push: detail }
              - { at: 2.5, pop: true }
            """)
        XCTAssertEqual(offset(timeline, at: 1.2), 90, "the covered list keeps its offset while the push runs")
        XCTAssertEqual(offset(timeline, at: timeline.duration - 0.05), 90, "and has it again after the pop")
    }
}

/// The navigation bar answers its scroll view (docs/uikit-semantics.md#bars-that-respond-to-scrolling):
/// reference values from the rules (52 pt large title area, 10 pt ramps), not from Segue.
final class BarScrollResponseTests: XCTestCase {
    func testLargeTitleAreaShrinksByTheOffset() {
        let rows: [(offset: Double, height: Double)] = [(-30, 82), (0, 52), (20, 32), (52, 0), (200, 0)]
        for row in rows { XCTAssertEqual(BarScrollResponse.largeTitleHeight(offset: row.offset), row.height, "\(row.offset)") }
    }

    func testStandardAppearanceOnceContentIsUnderTheBar() {
        // With a large title content reaches the bar at 52 pt; without one at once.
        let rows: [(offset: Double, large: Bool, alpha: Double)] = [
            (0, true, 0), (52, true, 0), (57, true, 0.5), (62, true, 1), (300, true, 1),
            (-10, false, 0), (0, false, 0), (5, false, 0.5), (10, false, 1),
        ]
        for row in rows {
            XCTAssertEqual(BarScrollResponse.standardAppearance(offset: row.offset, hasLargeTitle: row.large), row.alpha,
                           accuracy: 1e-12, "\(row)")
        }
        XCTAssertEqual(BarScrollResponse.inlineTitle(offset: 40), 0)
        XCTAssertEqual(BarScrollResponse.inlineTitle(offset: 57), 0.5, accuracy: 1e-12)
        XCTAssertEqual(BarScrollResponse.inlineTitle(offset: 70), 1)
    }

    /// A scrolled list under a large-title bar: the title's clip, the inline title and the
    /// background's opacity follow the offset in the render tree.
    func testTheTreeCollapsesTheLargeTitle() throws {
        let text = """
            device: { size: [400, 800], scale: 1, safeArea: [50, 0] }
            fps: 10
            tail: 0
            screens:
              list:
                navigationBar: { title: Mail, largeTitle: true }
                content: [{ list: { id: rows, rows: [\((0..<40).map { "R\($0)" }.joined(separator: ", "))] } }]
            root: list
            timeline:
              - { at: 0.1, pan: [[0, 200, 700], [0.1, 200, 680], [0.2, 200, 600], [0.3, 200, 580], [0.35, 200, 580], [0.4, 200, 580]], expect: scroll }
            """
        let timeline = try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
        // The pan begins at 0.2 s (20 pt: offset 10); at 0.3 s the finger is 100 pt up: offset 90.
        let layers = timeline.state(at: 0.3).layers
        func node(_ id: String) throws -> PlacedNode { try XCTUnwrap(layers.first { $0.id == id }, id) }
        XCTAssertEqual(try node("list/rows").contentOffset?.y, 90)
        // The list reaches up under the bar: its clip starts at the screen's top, its content at 146 − 90.
        XCTAssertEqual(try node("list/rows").frame.minY, 0)
        XCTAssertEqual(try node("list/rows/content").frame.minY, 50 + 96 - 90)
        // Large title area gone (52 − 90 < 0), inline title and standard background in.
        XCTAssertEqual(try node("navigationBar/list/title").frame.height, 0)
        XCTAssertEqual(try node("navigationBar/list/inlineTitle").alpha, 1)
        XCTAssertEqual(try node("navigationBar/list/background").alpha, 1)
        // The inline look's parts are the inline bar's size (50 + 44 pt and the 1 pt hairline
        // row), not the large-title bar's: drawn at another size they would be stretched.
        XCTAssertEqual(try node("navigationBar/list/inlineTitle").frame.height, 95)
        XCTAssertEqual(try node("navigationBar/list/background").frame.height, 95)
        // At rest at 0 before the pan: the scroll-edge look, the full large title.
        let before = timeline.state(at: 0).layers
        XCTAssertEqual(before.first { $0.id == "navigationBar/list/background" }?.alpha, 0)
        XCTAssertEqual(before.first { $0.id == "navigationBar/list/inlineTitle" }?.alpha, 0)
        XCTAssertEqual(before.first { $0.id == "navigationBar/list/title" }?.frame.height, 52)
        XCTAssertEqual(before.first { $0.id == "navigationBar/list/title" }?.frame.minY, 94)
    }
}
