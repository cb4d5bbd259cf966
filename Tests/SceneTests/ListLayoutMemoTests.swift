import Geometry
import Scene
import XCTest

/// A long list is laid out once for the frames it is asked for that differ in height alone (the
/// engine's scroll view frame, the painter's content frame): its rows measured once, the same
/// layout as made afresh in either frame (issue 60: a 100,000-row list kept two 8.8 MB layouts).
final class ListLayoutMemoTests: XCTestCase {
    /// Counts what it is asked; a text wider than the column at 10 pt per character takes two lines.
    /// Unchecked Sendable: the test asks it from one thread.
    final class Counting: TextMeasuring, @unchecked Sendable {
        var count = 0
        func width(of text: String, size: Double, weight: LabelView.Weight) -> Double { Double(text.count) * 10 }
        func lineCount(of text: String, size: Double, weight: LabelView.Weight, width: Double) -> Int {
            count += 1
            return text.count * 10 > Int(width) ? 2 : 1
        }
    }

    func list(_ measurer: Counting?) -> ListView {
        var list = ListView(sections: [ListView.Section(rows: (0..<50).map {
            ListView.Row(title: $0 % 7 == 0 ? "A title long enough to wrap in its row \($0)" : "Row \($0)", subtitle: "Re: \($0)")
        })])
        list.measurer = measurer
        return list
    }

    func testFramesThatDifferInHeightAloneShareOneLayout() {
        let measurer = Counting()
        let list = list(measurer)
        let frame = Rect(x: 0, y: 98, width: 393, height: 671), content = Rect(x: 0, y: 98, width: 393, height: 3_500)
        let short = list.layout(in: frame)
        let asked = measurer.count
        XCTAssertGreaterThan(asked, 0)
        let tall = list.layout(in: content)
        XCTAssertEqual(measurer.count, asked, "the second frame's layout is the first's: nothing measured again")
        XCTAssertEqual(short.frame, frame)
        XCTAssertEqual(tall.frame, content, "each answer names the frame it was asked for")
        // The same as made afresh in either frame: the height changes nothing.
        let fresh = ListLayout(list, frame: content)
        XCTAssertEqual(tall.rows.map(\.cell), fresh.rows.map(\.cell))
        XCTAssertEqual(tall.rows.map(\.title), fresh.rows.map(\.title))
        XCTAssertEqual(tall.rows.map(\.titleLines), fresh.rows.map(\.titleLines))
        XCTAssertEqual(short.rows.map(\.subtitle), fresh.rows.map(\.subtitle))
        XCTAssertEqual(tall.sections.map(\.rows), ListLayout(list, frame: frame).sections.map(\.rows))
        // Another origin or width is another layout, measured anew.
        let before = measurer.count
        _ = list.layout(in: Rect(x: 0, y: 0, width: 393, height: 671))
        XCTAssertEqual(measurer.count, before + asked)
        _ = list.layout(in: Rect(x: 0, y: 98, width: 320, height: 671))
        XCTAssertEqual(measurer.count, before + 2 * asked)
        _ = list.layout(in: Rect(x: 0, y: 98, width: 320, height: 9_000))
        XCTAssertEqual(measurer.count, before + 2 * asked)
    }
}
