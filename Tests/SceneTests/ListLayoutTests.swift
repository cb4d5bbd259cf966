import Geometry
import Scene
import XCTest

/// A list's layout as a painter and a hit test read it: the rows meeting an area, found by
/// bisection, are exactly those a scan over every row finds, for areas all along the list and
/// across sections with headers and footers; a layout asked for twice is made once.
final class ListLayoutTests: XCTestCase {
    private func list(style: ListView.Style) -> ListView {
        let rows = (0..<40).map { n in ListView.Row(title: "Row \(n)", subtitle: n % 3 == 0 ? "sub" : nil) }
        return ListView(style: style, sections: [
            ListView.Section(header: "First", rows: Array(rows[0..<10])),
            ListView.Section(rows: Array(rows[10..<25])),
            ListView.Section(header: "Third", footer: "The end of the list", rows: Array(rows[25...])),
        ])
    }

    func testRowsMeetingAnAreaAreThoseAScanFinds() {
        for style in ListView.Style.allCases {
            let layout = list(style: style).layout(in: Rect(x: 0, y: 0, width: 393, height: 800))
            let end = layout.rows.last!.cell.maxY + 100
            for top in stride(from: -100.0, through: end, by: 7.5) {
                for height in [0.5, 10, 44, 61, 300, 3000] {
                    let area = Rect(x: 0, y: top, width: 393, height: height)
                    let scanned = layout.rows.indices.filter { layout.rows[$0].cell.intersects(area) }
                    XCTAssertEqual(Array(layout.rowIndices(meeting: area)), scanned, "\(style) \(area)")
                }
            }
            XCTAssertEqual(layout.rowIndices(meeting: nil), layout.rows.indices)
        }
    }

    func testARowsPartsFollowFromItsCell() {
        var rows = [ListView.Row(title: "A", subtitle: "B", imageColor: .black, accessory: .chevron), ListView.Row(title: "C")]
        rows[1].accessory = .switch
        let layout = ListView(sections: [ListView.Section(rows: rows)]).layout(in: Rect(x: 0, y: 100, width: 393, height: 600))
        // 60 pt with a subtitle; the image 40 pt (60 − 16, at most 40) 16 pt in, the text 12 pt after it.
        let first = layout.rows[0]
        XCTAssertEqual(first.cell, Rect(x: 0, y: 100, width: 393, height: 60))
        XCTAssertEqual(first.image, Rect(x: 16, y: 110, width: 40, height: 40))
        XCTAssertEqual(first.accessory, Rect(x: 393 - 16 - 8, y: 123.5, width: 8, height: 13))
        XCTAssertEqual(first.title, Rect(x: 68, y: 109, width: 393 - 16 - 8 - 10 - 68, height: 22))
        XCTAssertEqual(first.subtitle, Rect(x: 68, y: 131, width: 393 - 16 - 8 - 10 - 68, height: 20))
        XCTAssertEqual(first.separator, Rect(x: 68, y: 160, width: 393 - 68, height: 0))
        // 44 pt; the switch 51 × 31 at the trailing margin; no separator after a section's last row.
        let second = layout.rows[1]
        XCTAssertEqual(second.cell, Rect(x: 0, y: 160, width: 393, height: 44))
        XCTAssertEqual(second.accessory, Rect(x: 393 - 16 - 51, y: 166.5, width: 51, height: 31))
        XCTAssertNil(second.image)
        XCTAssertNil(second.subtitle)
        XCTAssertNil(second.separator)
    }
}
