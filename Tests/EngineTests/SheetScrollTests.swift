import Engine
import Motion
import Scene
import XCTest

/// A list inside a sheet scrolls, and the sheet's pan and the list's share a finger as UIKit's
/// sheet interaction shares them (docs/uikit-semantics.md#a-scroll-view-inside-a-sheet).
///
/// Reference values, from the sheet's geometry and the pan slop, not from Segue: on a 400 × 800
/// screen the large detent leaves an 8 % gap, its top at 64 pt; the medium detent is half the
/// screen, its top at 400 pt; an upward pan at medium may raise the sheet 400 − 64 = 336 pt before
/// the list takes the rest. A pan's translation is the finger's travel less the 10 pt slop.
final class SheetScrollTests: XCTestCase {
    private let large = 64.0, medium = 400.0

    /// A sheet with a 40-row list (44 pt rows, 1760 pt of content) over a plain screen, presented
    /// at 0.1 s and at rest well before 2 s.
    private func scene(detents: String = "medium-large", settings: String = "", rows: Int = 40, list: String = "", _ timeline: String) -> String {
        """
        device: { size: [400, 800], scale: 1, safeArea: [0, 0] }
        fps: 100
        tail: 0
        screens:
          home: {}
          sheet: { content: [{ list: { id: rows\(list), rows: [\((0..<rows).map { "R\($0)" }.joined(separator: ", "))] } }] }
        root: home
        transitions: [{ from: home, to: sheet, style: page-sheet, detents: \(detents)\(settings) }]
        timeline:
          - { at: 0.1, present: sheet }
        \(timeline)
        """
    }

    private func timeline(_ text: String) throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
    }

    private func sheetTop(_ timeline: Timeline, at time: Double) -> Double? {
        timeline.state(at: time).layers.first { $0.id == "sheet" }?.frame.minY
    }

    private func offset(_ timeline: Timeline, at time: Double) -> Double? {
        timeline.state(at: time).layers.first { $0.id == "sheet/rows" }?.contentOffset?.y
    }

    func testAnUpwardPanAtMediumRaisesTheSheetThenScrollsTheList() throws {
        // 510 pt up: 500 pt of translation, 336 of them raise the sheet to the large detent, the
        // other 164 scroll the list, held there and lifted without velocity.
        let t = try timeline(scene("""
              - { at: 2, pan: [[0, 200, 700], [0.1, 200, 690], [0.2, 200, 500], [0.3, 200, 190], [0.4, 200, 190], [0.5, 200, 190]], expect: { detent: large } }
            """))
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 1.9)), medium, accuracy: 1e-9)
        // 200 pt moved, 190 pt of translation: the sheet alone, 190 pt up; the list at its top.
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 2.2)), medium - 190, accuracy: 1e-9)
        XCTAssertEqual(offset(t, at: 2.2) ?? 0, 0)
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 2.35)), large, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 2.35)), 500 - 336, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: t.duration)), large, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: t.duration)), 164, accuracy: 1e-9)
        XCTAssertEqual(t.runs.last?.detent, "large")
        // The same pan answers for its scroll too.
        XCTAssertEqual(sceneMessages(scene("""
              - { at: 2, pan: [[0, 200, 700], [0.1, 200, 690], [0.2, 200, 500], [0.3, 200, 190], [0.4, 200, 190], [0.5, 200, 190]], expect: { scroll: { list: rows, offset: 164, tolerance: 0.01 } } }
            """)), [])
    }

    /// The same pan on the list of a screen pushed inside the sheet at medium: the sheet (its
    /// navigation controller's node) rises the same 336 pt to the large detent and the list of
    /// the pushed screen takes the other 164 pt, as at the sheet's root screen.
    func testAnUpwardPanOnAScreenPushedInsideTheSheetAtMediumRaisesTheSheetThenScrollsItsList() throws {
        let t = try timeline("""
            device: { size: [400, 800], scale: 1, safeArea: [0, 0] }
            fps: 100
            tail: 0
            screens:
              home: {}
              sheet: { navigationBar: { title: Sheet }, content: [{ list: { id: rows, rows: [One, Two] } }] }
              detail: { navigationBar: { title: Detail, back: Sheet }, content: [{ list: { id: long, rows: [\((0..<40).map { "R\($0)" }.joined(separator: ", "))] } }] }
            root: home
            transitions:
              - { from: home, to: sheet, style: page-sheet, detents: medium-large }
              - { from: sheet, to: detail, style: system-push }
            timeline:
              - { at: 0.1, present: sheet }
              - { at: 1, push: detail }
              - { at: 2, pan: [[0, 200, 700], [0.1, 200, 690], [0.2, 200, 500], [0.3, 200, 190], [0.4, 200, 190], [0.5, 200, 190]], expect: { detent: large } }
            """)
        func sheetTop(at time: Double) -> Double? { t.state(at: time).layers.first { $0.id == "sheet/navigationController" }?.frame.minY }
        func offset(at time: Double) -> Double? { t.state(at: time).layers.first { $0.id == "detail/long" }?.contentOffset?.y }
        let top = try XCTUnwrap(offset(at: 1.9), "the pushed screen's list")
        XCTAssertEqual(try XCTUnwrap(sheetTop(at: 1.9)), medium, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(sheetTop(at: 2.2)), medium - 190, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(at: 2.2)), top, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(sheetTop(at: 2.35)), large, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(at: 2.35)) - top, 500 - 336, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(sheetTop(at: t.duration)), large, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(at: t.duration)) - top, 164, accuracy: 1e-9)
        XCTAssertEqual(t.runs.last?.detent, "large")
    }

    /// The sheet's progress on an upward drag is what the drag does, on the dismissal's scale:
    /// raised 190 pt from medium, (210 − 400) / (800 − 400) = −0.475, not 0.
    func testAnUpwardDragOfTheSheetHasNegativeProgress() throws {
        let t = try timeline(scene("""
              - { at: 2, pan: [[0, 200, 700], [0.1, 200, 690], [0.2, 200, 500], [0.3, 200, 500], [0.4, 200, 500]], expect: { detent: large } }
            """))
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 2.25)), medium - 190, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(t.state(at: 2.25).progress), -0.475, accuracy: 1e-9)
    }

    /// A list of 3 rows (132 pt) in the 748 pt sheet cannot scroll, but a table view always
    /// bounces vertically (`alwaysBounceVertical`): the same pan raises the sheet 336 pt to the
    /// large detent and the other 164 pt pull the content up past its end, rubber-banded over the
    /// 748 pt view: (1 − 1 / (164 · 0.55 / 748 + 1)) · 748 = 80.49 pt [CALC], shown at 80; lifted
    /// still, it springs back to 0.
    func testAShortListInASheetRubberBandsOnceTheSheetIsAtItsLargestDetent() throws {
        let pan = "[[0, 200, 700], [0.1, 200, 690], [0.2, 200, 500], [0.3, 200, 190], [0.4, 200, 190], [0.5, 200, 190]]"
        let t = try timeline(scene(rows: 3, "  - { at: 2, pan: \(pan), expect: scroll }"))
        XCTAssertEqual(ScrollPhysics.rubberBand(164, dimension: 748), 80.49, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 2.35)), large, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 2.35)), 80)
        XCTAssertEqual(offset(t, at: t.duration), 0)
        XCTAssertEqual(t.runs.last?.detent, "large")
        // Told not to bounce when it fits, the list does not scroll: the sheet takes the whole pan.
        let still = try timeline(scene(rows: 3, list: ", alwaysBounceVertical: false", "  - { at: 2, pan: \(pan), expect: { detent: large } }"))
        let top = try XCTUnwrap(sheetTop(still, at: 2.35))
        XCTAssertLessThan(top, large, "the sheet, pulled above its largest detent")
        XCTAssertGreaterThan(top, large - 164, "rubber-banded: less than the finger's 164 pt past it")
        XCTAssertEqual(offset(still, at: 2.35) ?? 0, 0)
        // At the top, a downward pan on the short list drags the sheet down.
        let down = try timeline(scene(detents: "large", rows: 3, """
              - { at: 2, pan: [[0, 200, 300], [0.1, 200, 310], [0.2, 200, 410], [0.3, 200, 410], [0.4, 200, 410]], expect: cancel }
            """))
        XCTAssertEqual(try XCTUnwrap(sheetTop(down, at: 2.25)), large + 100, accuracy: 1e-9)
        XCTAssertEqual(offset(down, at: 2.25) ?? 0, 0)
    }

    /// A pan begun less than 0.4 s after the last one on the list lifted is the list's alone while
    /// the sheet rests (`MinimumSheetSwipeInterval`): the list, scrolled 100 pt by a pan lifted at
    /// 2.4 s and scrolled back to its top by 2.7 s, is pulled 190 pt past its top by a pan that
    /// begins at 2.72 s (0.32 s later): rubber-banded over the 748 pt view to
    /// −(1 − 1 / (190 · 0.55 / 748 + 1)) · 748 = −91.69 pt [CALC], at −92; the sheet stays. The same
    /// pan half a second later drags the sheet 190 pt down.
    func testAQuickSecondPanAtTheTopScrollsRatherThanDraggingTheSheet() throws {
        func scene(second: Double) -> String {
            self.scene(detents: "large", """
                  - { at: 2, pan: [[0, 200, 600], [0.1, 200, 590], [0.2, 200, 490], [0.3, 200, 490], [0.4, 200, 490]], expect: scroll }
                  - { at: 2.4, scroll: { list: rows, to: 0, position: top } }
                  - { at: \(second), pan: [[0, 200, 300], [0.01, 200, 310], [0.1, 200, 500], [0.2, 200, 500], [0.3, 200, 500]] }
                """)
        }
        let quick = try timeline(scene(second: 2.71))
        XCTAssertEqual(offset(quick, at: 2.7), 0)
        XCTAssertEqual(ScrollPhysics.rubberBand(190, dimension: 748), 91.69, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(offset(quick, at: 2.85)), -92)
        XCTAssertEqual(try XCTUnwrap(sheetTop(quick, at: 2.85)), large, accuracy: 1e-9)
        let later = try timeline(scene(second: 3.21))
        XCTAssertEqual(try XCTUnwrap(sheetTop(later, at: 3.35)), large + 190, accuracy: 1e-9)
        XCTAssertEqual(offset(later, at: 3.35), 0)
    }

    func testWithoutExpandingTheListScrollsAtMedium() throws {
        let t = try timeline(scene(settings: ", prefersScrollingExpandsWhenScrolledToEdge: false", """
              - { at: 2, pan: [[0, 200, 700], [0.1, 200, 690], [0.2, 200, 590], [0.3, 200, 590], [0.4, 200, 590]], expect: { scroll: { list: rows, offset: 100, tolerance: 0.01 } } }
            """))
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 2.25)), medium, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 2.25)), 100, accuracy: 1e-9)
        XCTAssertEqual(t.runs.count, 1, "only the presentation: the sheet never moved")
    }

    func testAtTheTopDownDragsTheSheetAndUpScrollsTheListInOnePan() throws {
        // At the large detent the sheet cannot rise: 100 pt up scrolls the list; back down 200 pt
        // past where it began, the list is at its top and the sheet follows the other 100 pt.
        let t = try timeline(scene(detents: "large", """
              - { at: 2, pan: [[0, 200, 300], [0.1, 200, 290], [0.2, 200, 190], [0.3, 200, 390], [0.4, 200, 390], [0.5, 200, 390]], expect: cancel }
            """))
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 2.25)), 100, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 2.25)), large, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 2.35)), 0, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 2.35)), large + 100, accuracy: 1e-9)
        // Released still, 100 pt down a 736 pt sheet: it springs back to the large detent.
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: t.duration)), large, accuracy: 1e-6)
    }

    func testScrolledDownADownwardPanScrollsBackAndNeverDragsTheSheet() throws {
        // The list first scrolled to 100; then 300 pt down: the list goes 290 pt toward its top and
        // 190 pt past it, rubber-banded over the scroll view's 748 pt (the 736 pt sheet and its
        // 12 pt rounded bottom edge): 91.69 pt [CALC], shown at −92 on the @1 screen; the sheet stays
        // at its detent; released, it springs to 0.
        let t = try timeline(scene(detents: "large", """
              - { at: 2, pan: [[0, 200, 600], [0.1, 200, 590], [0.2, 200, 490], [0.3, 200, 490], [0.4, 200, 490]], expect: scroll }
              - { at: 3, pan: [[0, 200, 300], [0.1, 200, 310], [0.2, 200, 600], [0.3, 200, 600], [0.4, 200, 600]], expect: scroll }
            """))
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 2.9)), 100, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 3.25)),
                       ScrollPhysics.shownOffset(-ScrollPhysics.rubberBand(190, dimension: 748), scale: 1), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 3.25)), -92)
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: 3.25)), large, accuracy: 1e-9)
        XCTAssertEqual(offset(t, at: t.duration), 0)
        XCTAssertEqual(t.runs.count, 1, "only the presentation")
    }

    func testAFlingDownFromTheTopDismissesOnceTheListIsBackThere() throws {
        // Scrolled to row 3 (132 pt) and back to the top by actions; then a fling down is the sheet's.
        let t = try timeline(scene(detents: "large", """
              - { at: 2, scroll: { list: rows, to: 3, position: top } }
              - { at: 3, scroll: { list: rows, to: 0, position: top } }
              - { at: 4, swipe: { from: [200, 300], to: [200, 500], duration: 0.1 }, expect: finish }
            """))
        XCTAssertEqual(try XCTUnwrap(offset(t, at: 2.9)), 132, accuracy: 1e-9)
        XCTAssertEqual(offset(t, at: 3.9), 0)
        XCTAssertEqual(t.runs.last?.finished, true)
        XCTAssertEqual(offset(t, at: 4.05), 0, "the list stays at its top while the sheet goes")
        XCTAssertGreaterThan(try XCTUnwrap(sheetTop(t, at: 4.05)), large)
    }

    func testASidewaysPanMovesNeither() {
        let found = sceneMessages(scene("""
              - { at: 2, swipe: { from: [100, 600], to: [300, 610], duration: 0.2 } }
            """))
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("this gesture does nothing") ?? false, "\(found)")
        XCTAssertTrue(found.first?.contains("'rows' of 'sheet' scrolls vertically and ignores this pan, which began moving mostly sideways") ?? false,
                      "\(found)")
    }

    func testTapsHitTheSheetsRowsWhereTheyAreNow() {
        // Scrolled to row 20 (880 pt): row 0's center, 22 pt down the content, is at 22 − 880 = −858
        // in the sheet, above its list.
        let found = sceneMessages(scene(detents: "large", """
              - { at: 2, scroll: { list: rows, to: 20, position: top } }
              - { at: 3, tap: { list: rows, index: 0 } }
            """))
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("row or cell 0 of 'rows' is off-screen at 3 s: with the content scrolled to 880 pt its center is at y = -858, above") ?? false,
                      "\(found)")
    }

    func testScrollToARowOfASheetsList() throws {
        // Row 20 to the top: 20 × 44 = 880 pt, within the 1760 − 748 = 1012 pt range.
        let t = try timeline(scene(detents: "large", """
              - { at: 2, scroll: { list: rows, to: 20, position: top } }
            """))
        XCTAssertEqual(try XCTUnwrap(offset(t, at: t.duration)), 880, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(sheetTop(t, at: t.duration)), large, accuracy: 1e-9)
    }
}
