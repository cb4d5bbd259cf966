import Geometry
import Scene
import XCTest

/// A plain list's section headers pin below the bar while their section scrolls under it and
/// are pushed up by the section's end (UITableView `.plain`); inset grouped lists' do not.
///
/// Reference values, from the plain layout's constants (docs/uikit-semantics.md#scrolling): a list
/// framed at y 103, 400 pt wide. Section 0: 8 pt gap, its 22 pt header line at 111–133, 6 pt,
/// three 44 pt rows 139–271. Section 1: 12 pt gap, header 283–305, rows 311–443. A header's view
/// is its line with 6 pt above and below: 105–139 and 277–311 (34 pt).
final class StickyHeaderTests: XCTestCase {
    private func list(_ style: ListView.Style) -> ListLayout {
        let sections = [ListView.Section(header: "A", rows: ["A1", "A2", "A3"].map { ListView.Row(title: $0) }),
                        ListView.Section(header: "B", rows: ["B1", "B2", "B3"].map { ListView.Row(title: $0) })]
        return ListLayout(ListView(style: style, sections: sections), frame: Rect(x: 0, y: 103, width: 400, height: 697))
    }

    /// Each header's band on screen (content y − offset) at `offset`, the visible area from y 103.
    private func onScreen(_ offset: Double, _ style: ListView.Style = .plain) -> [Double] {
        list(style).stickyHeaders(style: style, offset: offset, visibleTop: 103).map { $0.band.minY - offset }
    }

    func testBandsAreTheHeaderLinesWithTheirPadding() {
        XCTAssertEqual(list(.plain).headerBand(0), Rect(x: 0, y: 105, width: 400, height: 34))
        XCTAssertEqual(list(.plain).headerBand(1), Rect(x: 0, y: 277, width: 400, height: 34))
    }

    func testAHeaderPinsBelowTheBarAndIsPushedUpByItsSectionsEnd() {
        XCTAssertEqual(onScreen(0), [105, 277], "in place at rest")
        XCTAssertEqual(onScreen(100), [103, 177], "section 0 scrolls under the bar (105 − 100 < 103): its header pins at 103")
        XCTAssertEqual(onScreen(150), [271 - 150 - 34, 127], "section 0 ends at 271 − 150 = 121: its header's bottom stays on it")
        XCTAssertEqual(onScreen(200), [271 - 200 - 34, 103], "section 1's header pins in turn")
        XCTAssertEqual(onScreen(500), [271 - 500 - 34, 443 - 500 - 34], "both sections gone")
        XCTAssertEqual(onScreen(-40), [145, 317], "pulled down: in place")
    }

    func testGroupedListsDoNotPin() {
        XCTAssertEqual(onScreen(150, .insetGrouped), [])
    }
}
