@testable import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// A page sheet presented from a page sheet (docs/uikit-semantics.md#a-sheet-presented-from-a-sheet):
/// the lower sheet recedes behind the new one and the screen it was presented from goes one level
/// further back, by UIKit's `-[_UISheetLayoutInfo _transform]` for a view at depth level ℓ:
/// k = 2(1 − 2^−min(ℓ, 1)), scale 1 − (1 − 0.9165)·k about the frame's center, the top edge raised
/// by (top − fullHeightTop)(1 − scale) + topOffset·k·clamp(2 − ℓ) + clamp(ℓ)(fullHeightTop − stackTop).
///
/// Reference values on a 400 × 800 pt device: a large sheet's top (stackTop) is 0.08 · 800 = 64 pt,
/// it is 736 + 12 = 748 pt tall; the presenter of one sheet rests at 0.07 · 800 = 56 pt, so topOffset
/// is 64 − 56 = 8 pt. Scale at ℓ ≥ 1: 0.9165, 366.6 pt wide, 16.7 pt in from each side.
/// - the lower sheet at ℓ = 1: raised 8 → top 56, 748 · 0.9165 = 685.542 tall;
/// - the root at ℓ = 2: raised 0 + 1 · (0 − 64) = −64 → top 64, 800 · 0.9165 = 733.2 tall;
/// - the root at ℓ = 1 (one sheet): raised 8 − 64 = −56 → top 56;
/// - at ℓ = 0.5: k = 2(1 − 1/√2) = 0.585786, scale 0.951087 (380.435 wide, x 9.783), the lower
///   sheet raised 8k = 4.686 → top 59.314; the root at ℓ = 1.5: raised 8 · 0.5 − 64 = −60 → top 60.
final class StackedSheetTests: XCTestCase {
    private let header = engineTestDevice + """
        screens:
          a: { navigationBar: { title: A } }
          s:
            navigationBar: { title: S, leading: [{ title: Cancel, action: dismiss }], trailing: [{ title: Add, action: { present: t } }] }
            content: [{ list: { id: rows, rows: [One, Two] } }]
          t:
            navigationBar: { title: T, trailing: [{ title: Done, action: dismiss }] }
            content: [{ list: { id: people, rows: [Anna, Ben] } }]
        root: a
        transitions:
          - { from: a, to: s, style: page-sheet, detents: large, grabber: visible }
          - { from: s, to: t, style: page-sheet, detents: large, grabber: visible }

        """
    private let sheet = Rect(x: 0, y: 64, width: 400, height: 748)
    private let lowerSheet = Rect(x: 16.7, y: 56, width: 366.6, height: 685.542)
    private let rootBehindTwo = Rect(x: 16.7, y: 64, width: 366.6, height: 733.2)
    private let rootBehindOne = Rect(x: 16.7, y: 56, width: 366.6, height: 733.2)

    private func timeline(_ body: String) throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: header + body, file: "t.yaml", name: "t"))
    }

    /// The formula against hand-worked values, at whole and fractional depth levels.
    func testTheRecedingTransformAtEachDepthLevel() {
        let g = SheetGeometry(), b = Rect(x: 0, y: 0, width: 400, height: 800)
        assertEqual(g.receded(sheet, fullHeightTop: 64, level: 0, bounds: b), sheet, "level 0 leaves it", accuracy: 1e-9)
        assertEqual(g.receded(sheet, fullHeightTop: 64, level: 1, bounds: b), lowerSheet, "a sheet one level back", accuracy: 1e-9)
        assertEqual(g.receded(b, fullHeightTop: 0, level: 1, bounds: b), rootBehindOne, "the root behind one sheet", accuracy: 1e-9)
        assertEqual(g.receded(b, fullHeightTop: 0, level: 2, bounds: b), rootBehindTwo, "the root behind two", accuracy: 1e-9)
        assertEqual(g.receded(b, fullHeightTop: 0, level: 3, bounds: b), rootBehindTwo, "no further than two levels", accuracy: 1e-9)
        assertEqual(g.receded(sheet, fullHeightTop: 64, level: 0.5, bounds: b),
                    Rect(x: 9.7827, y: 59.3137, width: 380.4346, height: 711.4131), "half a level", accuracy: 1e-3)
        assertEqual(g.receded(b, fullHeightTop: 0, level: 1.5, bounds: b), Rect(x: 16.7, y: 60, width: 366.6, height: 733.2),
                    "the root one and a half levels back", accuracy: 1e-9)
    }

    /// Presented from the first sheet, the second sheet rests at the large detent; the first is
    /// drawn at its receded frame at the sheet's layout (its bar inside it), dimmed, its grabber
    /// gone; the root screen is further back; one frame of each, never the first sheet full screen.
    func testASheetPresentedFromASheetRecedesItAndTheRootGoesFurtherBack() throws {
        let t = try timeline("""
            timeline:
              - { at: 0.1, present: s }
              - { at: 1.2, present: t }
            """)
        let before = t.state(at: 1.15)
        assertEqual(try layer("a", before).frame, rootBehindOne, "one sheet up: the root one level back")
        assertEqual(try layer("s", before).frame, sheet, "and the sheet at its detent")
        let rest = t.state(at: 2.4)
        assertEqual(try layer("t", rest).frame, sheet, "the new sheet at the large detent")
        assertEqual(try layer("s", rest).frame, lowerSheet, "the lower sheet one level back")
        assertEqual(try layer("a", rest).frame, rootBehindTwo, "the root two levels back")
        let bar = try layer("s/navigationBar", rest)
        XCTAssertEqual(bar.frame.minY, lowerSheet.minY, accuracy: 1e-6, "the lower sheet's bar at its top")
        XCTAssertEqual(bar.frame.width, lowerSheet.width, accuracy: 1e-6, "scaled with it")
        XCTAssertEqual(try layer("s/dimming", rest).alpha, 0.1, accuracy: 1e-9, "the lower sheet dimmed as a presenter is")
        XCTAssertEqual(try layer("s/grabber", rest).alpha, 0, accuracy: 1e-9, "its grabber gone")
        XCTAssertEqual(try layer("dimming", rest).alpha, 0.1 + 0.1 / 3, accuracy: 1e-9, "the root a third darker")
        let ids = rest.layers.map(\.id)
        XCTAssertLessThan(try XCTUnwrap(ids.firstIndex(of: "a")), try XCTUnwrap(ids.firstIndex(of: "s")), "the root behind")
        XCTAssertLessThan(try XCTUnwrap(ids.firstIndex(of: "s")), try XCTUnwrap(ids.firstIndex(of: "t")), "the new sheet in front")
        // On every frame of the presentation the lower sheet is between where it rested and where it goes.
        for frame in Int(1.2 * 60)...Int(2.2 * 60) {
            let state = t.state(frame: frame)
            let s = try layer("s", state).frame, a = try layer("a", state).frame
            XCTAssertLessThanOrEqual(s.width, 400 + 1e-6, "never wider than the screen (\(state.time) s)")
            XCTAssertGreaterThanOrEqual(s.width, lowerSheet.width - 0.5, "never further back than one level (\(state.time) s)")
            XCTAssertLessThanOrEqual(s.height, sheet.height + 1e-6, "laid out at the sheet's height (\(state.time) s)")
            XCTAssertEqual(a.width, rootBehindOne.width, accuracy: 1e-6, "the root keeps its scale (\(state.time) s)")
            XCTAssertGreaterThanOrEqual(a.minY, rootBehindOne.minY - 1e-6, "and moves down from 56 … (\(state.time) s)")
            XCTAssertLessThanOrEqual(a.minY, rootBehindTwo.minY + 1.5, "… to 64 (\(state.time) s)")
        }
    }

    /// The new sheet leaves by a programmatic dismissal, its "Done", or a swipe down on it: each
    /// uncovers the lower sheet, which comes back to its detent, not the root.
    func testDismissingTheTopSheetUncoversTheLowerSheet() throws {
        let dismissals = ["{ at: 2.5, dismiss: true }", "{ at: 2.5, tap: { barItem: Done } }",
                          "{ at: 2.5, swipe: { from: [200, 300], to: [200, 700], duration: 0.25 }, expect: finish }"]
        for dismissal in dismissals {
            let t = try timeline("""
                timeline:
                  - { at: 0.1, present: s }
                  - { at: 1.2, tap: { barItem: Add } }
                  - \(dismissal)
                """)
            let going = t.state(at: 2.65)
            XCTAssertGreaterThan(try layer("t", going).frame.minY, sheet.minY + 20, "\(dismissal): the top sheet goes down")
            XCTAssertNotNil(going.layers.first { $0.id == "s" && $0.frame.width < 400 && $0.frame.height < 749 },
                            "\(dismissal): the lower sheet is uncovered as a sheet, not full screen")
            let after = t.state(at: 3.9)
            XCTAssertNil(after.layers.first { $0.id == "t" }, "\(dismissal): gone")
            assertEqual(try layer("s", after).frame, sheet, "\(dismissal): the lower sheet back at its detent")
            assertEqual(try layer("a", after).frame, rootBehindOne, "\(dismissal): the root one level back")
            XCTAssertEqual(try layer("grabber", after).alpha, 0.3, accuracy: 1e-9, "\(dismissal): the lower sheet's grabber back")
        }
    }
}
