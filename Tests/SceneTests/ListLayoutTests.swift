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
        // 44 pt; the switch 51 × 31 at the trailing margin; a plain list's last row has a separator too.
        let second = layout.rows[1]
        XCTAssertEqual(second.cell, Rect(x: 0, y: 160, width: 393, height: 44))
        XCTAssertEqual(second.accessory, Rect(x: 393 - 16 - 51, y: 166.5, width: 51, height: 31))
        XCTAssertNil(second.image)
        XCTAssertNil(second.subtitle)
        XCTAssertEqual(second.separator, Rect(x: 16, y: 204, width: 377, height: 0))
    }
    /// Which rows have a separator under them (UIKit's list layout, `_shouldDrawSeparatorAtBottom:`,
    /// docs/uikit-semantics.md#list-separators): every row but a section's last; in the plain style
    /// a section's last row too, the list's very last included, unless a header or footer follows it.
    func testSeparatorsUnderLastRows() {
        let frame = Rect(x: 0, y: 0, width: 393, height: 800)
        func lastRowsWithSeparators(_ list: ListView) -> [Bool] {
            let layout = list.layout(in: frame)
            var ends: [Int] = []
            var start = 0
            for section in list.sections {
                start += section.rows.count
                ends.append(start - 1)
            }
            XCTAssertTrue(layout.rows.indices.filter { !ends.contains($0) }.allSatisfy { layout.rows[$0].separator != nil },
                          "every row but a section's last has one")
            return ends.map { layout.rows[$0].separator != nil }
        }
        // Sections: "First" (header), none, "Third" (header, footer).
        XCTAssertEqual(lastRowsWithSeparators(list(style: .plain)), [true, false, false],
                       "the second section's last row is followed by a header, the third's by its footer")
        XCTAssertEqual(lastRowsWithSeparators(list(style: .insetGrouped)), [false, false, false])
        let plain = ListView(style: .plain, sections: [ListView.Section(rows: (0..<5).map { ListView.Row(title: "\($0)") })])
        XCTAssertEqual(lastRowsWithSeparators(plain), [true], "a plain list's very last row")
        let last = plain.layout(in: frame).rows[4]
        XCTAssertEqual(last.separator, Rect(x: last.text.minX, y: last.cell.maxY, width: 393 - last.text.minX, height: 0),
                       "at the rows' own inset, to the trailing edge")
    }
    /// A row with a preview is Mail's message row (docs/uikit-semantics.md#message-rows): 102 pt,
    /// its text after a 20 pt column for the unread dot, the title line 10 pt from the top, the
    /// subject under it, two preview lines under that, the chevron on the title line.
    func testAMessageRowsParts() throws {
        let message = ListView.Row(title: "Ben Ortiz", subtitle: "The photos", detail: "Tuesday", accessory: .chevron,
                                   preview: "I finally sorted through everything", isUnread: true)
        let list = try SceneLoader.load(text: """
            screens:
              inbox:
                content:
                  - list: { rows: [{ title: A, preview: "first lines", unread: true }, B] }
            root: inbox
            timeline: []
            """, file: "t.yaml", name: "t")
        guard case .list(let decoded)? = list.screens["inbox"]?.views.first else { return XCTFail("a list") }
        XCTAssertEqual(decoded.sections[0].rows[0].preview, "first lines")
        XCTAssertEqual(decoded.sections[0].rows.map(\.isUnread), [true, false])

        let layout = ListView(sections: [ListView.Section(rows: [message, ListView.Row(title: "Plain")])])
            .layout(in: Rect(x: 0, y: 100, width: 393, height: 600))
        let row = layout.rows[0]
        XCTAssertTrue(row.isMessage)
        XCTAssertEqual(row.cell, Rect(x: 0, y: 100, width: 393, height: 102))
        XCTAssertEqual(row.title, Rect(x: 36, y: 110, width: 341, height: 22))
        XCTAssertEqual(row.subtitle, Rect(x: 36, y: 132, width: 341, height: 20))
        XCTAssertEqual(row.preview, Rect(x: 36, y: 152, width: 341, height: 40))
        XCTAssertEqual(row.unreadDot, Rect(x: 13, y: 116, width: 10, height: 10), "centred at x 18, halfway to the text")
        XCTAssertEqual(row.accessory, Rect(x: 369, y: 114.5, width: 8, height: 13), "on the title line")
        XCTAssertEqual(row.separator, Rect(x: 36, y: 202, width: 357, height: 0), "from the text")
        XCTAssertFalse(layout.rows[1].isMessage)
        XCTAssertEqual(layout.rows[1].cell.height, 44)
        XCTAssertNil(layout.rows[1].preview)
        XCTAssertNil(layout.rows[1].unreadDot)
    }
}
