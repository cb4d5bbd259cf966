import Geometry
import Scene
import XCTest

/// What grows with the text size besides text: the navigation bar's large title and its area, and
/// list rows whose titles wrap or whose values stack — across all twelve categories, against the
/// HIG's Large Title and Body rows (`TextStyleTests.published`).
final class DynamicTypeLayoutTests: XCTestCase {
    /// The HIG's `size/leading` of `style` at each category, xSmall … AX5.
    private func published(_ style: String) throws -> [(size: Double, leading: Double)] {
        let line = try XCTUnwrap(TextStyleTests.published.split(separator: "\n").first { $0.split(separator: " ").first == Substring(style) })
        return line.split(separator: " ").dropFirst().map { pair in
            let parts = pair.split(separator: "/").compactMap { Double($0) }
            return (parts[0], parts[1])
        }
    }

    private func bar(at category: ContentSizeCategory) throws -> NavigationBarView {
        let text = """
            contentSize: \(category.rawValue)
            screens: { a: { navigationBar: { title: Settings, largeTitle: true, back: Back, trailing: [Edit] } } }
            root: a
            """
        return try XCTUnwrap(SceneLoader.load(text: text, file: "bar.yaml", name: "bar").screens["a"]?.navigationBar)
    }

    /// The large title is set in the Large Title style at every size (within 0.5 pt of the HIG's
    /// table); its line, its area and the bar rise with it, never fall, and the default keeps
    /// UIKit's 34 pt on 41 under a 96 pt bar. The bar's own 44 pt line does not grow.
    func testTheLargeTitleAndItsBarGrowWithTheLargeTitleStyle() throws {
        let table = try published("largeTitle")
        var last: (area: Double, line: Double)?
        for (category, row) in zip(ContentSizeCategory.allCases, table) {
            let bar = try bar(at: category)
            let layout = NavigationBarLayout(bar, on: try XCTUnwrap(Device.presets["iphone-15"]))
            let line = try XCTUnwrap(layout.largeTitle)
            XCTAssertEqual(bar.largeTitleType.size, row.size, accuracy: 0.5, "\(category)")
            XCTAssertEqual(line.height, row.leading, accuracy: 0.5, "\(category)")
            XCTAssertEqual(layout.bar.height, 44, "\(category): the inline bar keeps its height")
            XCTAssertEqual(bar.height, 44 + bar.largeTitleAreaHeight)
            if let last {
                XCTAssertGreaterThanOrEqual(bar.largeTitleAreaHeight, last.area, "\(category)")
                XCTAssertGreaterThanOrEqual(line.height, last.line, "\(category)")
            }
            last = (bar.largeTitleAreaHeight, line.height)
        }
        let standard = try bar(at: .large)
        XCTAssertEqual(standard.height, 96)
        XCTAssertEqual(standard.largeTitleType.size, 34)
    }

    private func rows(at category: ContentSizeCategory) -> ListLayout {
        var list = ListView(style: .insetGrouped, sections: [
            ListView.Section(rows: [
                ListView.Row(title: "Wi-Fi", detail: "Home", accessory: .chevron),
                ListView.Row(title: "Display & Brightness", accessory: .chevron),
                ListView.Row(title: "Bluetooth", subtitle: "Two devices"),
            ]),
        ])
        list.contentSize = category
        return list.layout(in: Rect(x: 0, y: 0, width: 393, height: 852))
    }

    /// Every row rises with the text size, never falls; at the default size a row keeps one title
    /// line and its value beside it (44 pt), and a value stacks under its title exactly at the
    /// accessibility sizes, where a long title wraps.
    func testRowsGrowMonotonicallyAndStackAtTheAccessibilitySizes() throws {
        var last: [Double]?
        for category in ContentSizeCategory.allCases {
            let layout = rows(at: category)
            let heights = layout.rows.map(\.cell.height)
            if let last { for (now, before) in zip(heights, last) { XCTAssertGreaterThanOrEqual(now, before, "\(category)") } }
            last = heights
            XCTAssertEqual(layout.rows[0].stackedDetail != nil, category.isAccessibilityCategory, "\(category)")
            let body = try published("body")[ContentSizeCategory.allCases.firstIndex(of: category) ?? 0]
            XCTAssertEqual(layout.rows[0].title.height, layout.rows[0].stackedDetail == nil ? heights[0] : body.leading,
                           accuracy: 0.5, "\(category): the title's line is Body's leading")
        }
        let standard = rows(at: .large)
        XCTAssertEqual(standard.rows.map(\.cell.height), [44, 44, 60])
        XCTAssertEqual(standard.rows.map(\.titleLines), [1, 1, 1])
        let largest = rows(at: .accessibilityExtraExtraExtraLarge)
        XCTAssertGreaterThan(largest.rows[1].titleLines, 1, "Display & Brightness wraps at 53 pt")
        XCTAssertEqual(largest.rows[1].cell.height, 22 + Double(largest.rows[1].titleLines) * 62)
        let stacked = try XCTUnwrap(largest.rows[0].stackedDetail)
        XCTAssertEqual(stacked.minY, largest.rows[0].title.maxY, "the value right under the title")
        XCTAssertEqual(largest.rows[0].cell.height, 18 + 62 + 62)
    }

    /// The words fill a line before the next starts; a word wider than a line breaks.
    func testWrappedLinesFollowTheWords() {
        // 0.5 em at 20 pt: 10 pt a character, 10 characters a line of 100 pt.
        XCTAssertEqual(ListLayout.estimatedWrappedLines("Wi-Fi", fontSize: 20, width: 100), 1)
        XCTAssertEqual(ListLayout.estimatedWrappedLines("Display & Brightness", fontSize: 20, width: 100), 2)
        XCTAssertEqual(ListLayout.estimatedWrappedLines("abcdefghijklmnopqrstuvwxyz", fontSize: 20, width: 100), 3)
        XCTAssertEqual(ListLayout.estimatedWrappedLines("", fontSize: 20, width: 100), 1)
    }

    /// A measurer whose characters are each `advance` em wide: lines fill by its widths (the
    /// protocol's greedy `lineCount`), so a test can say how many a text takes.
    private struct Advance: TextMeasuring {
        var advance = 0.5
        func width(of text: String, size: Double, weight: LabelView.Weight) -> Double { Double(text.count) * size * advance }
    }

    /// A measurer that answers every line count with `lines`.
    private struct FixedLines: TextMeasuring {
        var lines: Int
        func width(of text: String, size: Double, weight: LabelView.Weight) -> Double { 0 }
        func lineCount(of text: String, size: Double, weight: LabelView.Weight, width: Double) -> Int { lines }
    }

    private func subtitled(at category: ContentSizeCategory, measurer: (any TextMeasuring)? = Advance()) -> ListLayout {
        var list = ListView(style: .insetGrouped, sections: [
            ListView.Section(rows: [
                ListView.Row(title: "Night Shift", subtitle: "Warmer colors after dark, from sunset to sunrise", accessory: .chevron),
                ListView.Row(title: "Bluetooth", subtitle: "On"),
            ]),
        ])
        list.contentSize = category
        list.measurer = measurer
        return list.layout(in: Rect(x: 0, y: 0, width: 393, height: 852))
    }

    /// A subtitle has no line limit either: it wraps at the row's text width, the row grows by a
    /// subtitle line for each line more, its lines lie under the title's, and across the twelve
    /// sizes every row rises, never falls.
    func testSubtitlesWrapAndTheirRowsGrow() throws {
        let standard = subtitled(at: .large)
        // The text: from 32 (card 16, margin 16) to the chevron's 353 less 10 = 311 pt; 48 characters
        // at 7.5 pt are 360 pt: two lines of Subheadline's 20 pt under Body's 22 and 18 pt of margins.
        XCTAssertEqual(standard.rows[0].subtitleLines, 2)
        XCTAssertEqual(standard.rows[0].cell.height, 18 + 22 + 2 * 20)
        XCTAssertEqual(try XCTUnwrap(standard.rows[0].subtitle).height, 40)
        XCTAssertEqual(try XCTUnwrap(standard.rows[0].subtitle).minY, standard.rows[0].title.maxY)
        XCTAssertEqual(standard.rows[1].subtitleLines, 1)
        XCTAssertEqual(standard.rows[1].cell.height, 60, "a short subtitle keeps UIKit's 60 pt row")
        var last: [Double]?
        for category in ContentSizeCategory.allCases {
            let heights = subtitled(at: category).rows.map(\.cell.height)
            if let last { for (now, before) in zip(heights, last) { XCTAssertGreaterThanOrEqual(now, before, "\(category)") } }
            last = heights
        }
    }

    /// A list given a measurer takes its line counts from it, the title's, the subtitle's and a
    /// footer's; without one they are estimated.
    func testAMeasuredListTakesItsLinesFromItsMeasurer() throws {
        let measured = subtitled(at: .large, measurer: FixedLines(lines: 3))
        XCTAssertEqual(measured.rows.map(\.titleLines), [3, 3])
        XCTAssertEqual(measured.rows.map(\.subtitleLines), [3, 3])
        XCTAssertEqual(measured.rows[1].cell.height, 18 + 3 * 22 + 3 * 20)
        var list = ListView(sections: [ListView.Section(footer: "A footer", rows: [ListView.Row(title: "A")])])
        list.measurer = FixedLines(lines: 4)
        XCTAssertEqual(try XCTUnwrap(list.layout(in: Rect(x: 0, y: 0, width: 393, height: 852)).sections[0].footer).height, 4 * 16)
    }

    /// The protocol's own count fills lines word by word by the widths, breaks at line breaks, and
    /// gives a word wider than the column the lines its width needs.
    func testGreedyLineCountFollowsTheWidths() {
        let measurer = Advance(advance: 0.5)  // 10 pt a character at 20 pt
        XCTAssertEqual(measurer.lineCount(of: "Wi-Fi", size: 20, weight: .regular, width: 100), 1)
        XCTAssertEqual(measurer.lineCount(of: "Display & Brightness", size: 20, weight: .regular, width: 100), 2)
        XCTAssertEqual(measurer.lineCount(of: "abcdefghijklmnopqrstuvwxyz", size: 20, weight: .regular, width: 100), 3)
        XCTAssertEqual(measurer.lineCount(of: "one\ntwo", size: 20, weight: .regular, width: 100), 2)
        XCTAssertEqual(measurer.lineCount(of: "", size: 20, weight: .regular, width: 100), 1)
    }

    private func grid(at category: ContentSizeCategory, captions: [String] = ["Coastal Morning", "Forest Trail", "Desert Dunes at Night"])
        -> GridLayout {
        var grid = GridView(columns: 2, aspectRatio: 1, cells: captions.map { GridView.Cell(color: .black, caption: $0, subtitle: "Collections") })
        grid.contentSize = category
        grid.measurer = Advance(advance: 0.5)
        return GridLayout(grid, frame: Rect(x: 0, y: 0, width: 393, height: 852))
    }

    /// Grid captions and subtitles are set in Subheadline at the text size: at the default size on
    /// UIKit-sized 20 and 18 pt lines under the image as before; they wrap at the column's width,
    /// each cell grows to its text, a row of cells is as tall as its tallest and the next row starts
    /// below it; every cell rises with the text size.
    func testGridCaptionsTakeSubheadlineAndTheirCellsGrow() throws {
        let standard = grid(at: .large)
        let width = (393 - 2 * 16 - 12) / 2.0
        XCTAssertEqual(standard.cells[0].caption?.height, 20)
        XCTAssertEqual(standard.cells[0].subtitle?.height, 18)
        XCTAssertEqual(standard.cells[0].cell.height, width + 6 + 20 + 18)
        XCTAssertEqual(standard.cells[2].cell.minY, standard.cells[0].cell.maxY + 12 + 8)
        for category in ContentSizeCategory.allCases {
            let style = TextStyle.subheadline.metrics(at: category)
            var g = GridView(cells: [])
            g.contentSize = category
            XCTAssertEqual(g.text.size, style.size, "\(category)")
        }
        // At AX5 (49 pt on 58: 24.5 pt a character, 7 to a line of 174.5 pt) the captions wrap.
        let largest = grid(at: .accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(largest.cells.map(\.captionLines), [2, 2, 4])
        XCTAssertEqual(largest.cells[0].caption?.height, 2 * 58)
        XCTAssertEqual(try XCTUnwrap(largest.cells[0].subtitle).minY, try XCTUnwrap(largest.cells[0].caption).maxY)
        let tallest = max(largest.cells[0].cell.height, largest.cells[1].cell.height)
        XCTAssertEqual(largest.cells[2].cell.minY, largest.cells[0].cell.minY + tallest + 12 + 8, "the next row under the tallest")
        var last: [Double]?
        for category in ContentSizeCategory.allCases {
            let heights = grid(at: category).cells.map(\.cell.height)
            if let last { for (now, before) in zip(heights, last) { XCTAssertGreaterThanOrEqual(now, before, "\(category)") } }
            last = heights
        }
    }

    /// `measuringText(with:)` reaches every list and grid of every screen, inside rects too.
    func testMeasuringTextReachesNestedListsAndGrids() throws {
        let text = """
            screens:
              a:
                content:
                  - list: { rows: [A] }
                  - rect: { frame: [0, 0, 100, 100], content: [{ grid: { cells: [{ color: systemRed, caption: B }] } }] }
            root: a
            """
        let scene = try SceneLoader.load(text: text, file: "m.yaml", name: "m").measuringText(with: FixedLines(lines: 2))
        let views = try XCTUnwrap(scene.screens["a"]).views
        guard case .list(let list) = views[0], case .rect(let rect) = views[1], case .grid(let grid) = rect.subviews[0] else {
            return XCTFail("a list and a rect holding a grid")
        }
        XCTAssertEqual(list.measurer?.lineCount(of: "A", size: 17, weight: .regular, width: 10), 2)
        XCTAssertEqual(grid.measurer?.lineCount(of: "B", size: 17, weight: .regular, width: 10), 2)
    }
}
