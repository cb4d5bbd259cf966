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
}
