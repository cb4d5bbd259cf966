import Geometry
import Scene
import XCTest

/// Dynamic Type: each text style's size and leading at each content size category, against the
/// tables Apple publishes (Human Interface Guidelines, Typography, Specifications: "iOS, iPadOS
/// Dynamic Type sizes" and "iOS, iPadOS larger accessibility type sizes",
/// https://developer.apple.com/design/human-interface-guidelines/typography#Specifications),
/// transcribed below as published: `size/leading` in points, xSmall … AX5.
final class TextStyleTests: XCTestCase {
    static let published = """
        largeTitle  31/38 32/39 33/40 34/41 36/43 38/46 40/48 44/52 48/57 52/61 56/66 60/70
        title1      25/31 26/32 27/33 28/34 30/37 32/39 34/41 38/46 43/51 48/57 53/62 58/68
        title2      19/24 20/25 21/26 22/28 24/30 26/32 28/34 34/41 39/47 44/52 50/59 56/66
        title3      17/22 18/23 19/24 20/25 22/28 24/30 26/32 31/38 37/44 43/51 49/58 55/65
        headline    14/19 15/20 16/21 17/22 19/24 21/26 23/29 28/34 33/40 40/48 47/56 53/62
        body        14/19 15/20 16/21 17/22 19/24 21/26 23/29 28/34 33/40 40/48 47/56 53/62
        callout     13/18 14/19 15/20 16/21 18/23 20/25 22/28 26/32 32/39 38/46 44/52 51/60
        subheadline 12/16 13/18 14/19 15/20 17/22 19/24 21/28 25/31 30/37 36/43 42/50 49/58
        footnote    12/16 12/16 12/16 13/18 15/20 17/22 19/24 23/29 27/33 33/40 38/46 44/52
        caption1    11/13 11/13 11/13 12/16 14/19 16/21 18/23 22/28 26/32 32/39 37/44 43/51
        caption2    11/13 11/13 11/13 11/13 13/18 15/20 17/22 20/25 24/30 29/35 34/41 40/48
        """

    func testEveryStyleFollowsThePublishedTableAtEveryCategory() throws {
        let rows = Self.published.split(separator: "\n").map { $0.split(separator: " ") }
        XCTAssertEqual(rows.map { String($0[0]) }, TextStyle.allCases.map(\.rawValue))
        XCTAssertEqual(ContentSizeCategory.allCases.count, 12)
        for row in rows {
            let style = try XCTUnwrap(TextStyle(rawValue: String(row[0])))
            for (category, cell) in zip(ContentSizeCategory.allCases, row.dropFirst()) {
                let parts = cell.split(separator: "/").compactMap { Double($0) }
                let metrics = style.metrics(at: category)
                XCTAssertEqual(metrics.size, parts[0], accuracy: 0.5, "\(style) at \(category)")
                XCTAssertEqual(metrics.leading, parts[1], accuracy: 0.5, "\(style) at \(category) leading")
            }
        }
    }

    /// Every style grows with the category (never shrinks), and strictly from the default up;
    /// the default is `large` (UIKit's `.large`), where body is 17 pt.
    func testSizesRiseAcrossCategories() {
        for style in TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map { style.metrics(at: $0) }
            for (index, (smaller, larger)) in zip(sizes, sizes.dropFirst()).enumerated() {
                XCTAssertLessThanOrEqual(smaller.size, larger.size, "\(style)")
                XCTAssertLessThanOrEqual(smaller.leading, larger.leading, "\(style)")
                if index >= 3 { XCTAssertLessThan(smaller.size, larger.size, "\(style) from large up") }
            }
        }
        XCTAssertEqual(TextStyle.body.metrics().size, 17)
        XCTAssertEqual(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count, 5)
    }

    func testLabelsSetInATextStyleFollowTheScenesContentSize() throws {
        func label(_ contentSize: String?, _ font: String) throws -> LabelView {
            let text = """
                \(contentSize.map { "contentSize: \($0)" } ?? "")
                screens:
                  a: { content: [{ label: { text: Hi, \(font), frame: [0, 0, 300, 80] } }] }
                """
            let scene = try SceneLoader.load(text: text, file: "scene.yaml", name: "scene")
            guard case .label(let label) = try XCTUnwrap(scene.screens["a"]).views[0] else {
                struct NotALabel: Error {}
                throw NotALabel()
            }
            return label
        }
        XCTAssertEqual(try label(nil, "font: body").fontSize, 17)
        XCTAssertEqual(try label("accessibilityLarge", "font: body").fontSize, 33)
        XCTAssertEqual(try label("extraSmall", "font: title1").fontSize, 25)
        XCTAssertEqual(try label("accessibilityExtraExtraExtraLarge", "font: headline").weight, .semibold)
        XCTAssertEqual(try label("accessibilityLarge", "size: 17").fontSize, 17, "a fixed size does not follow the text size")
        XCTAssertEqual(try label("accessibilityLarge", "font: body, size: 20").fontSize, 20, "a size given overrides the style's")
        let problems = sceneProblems("contentSize: accessibilityLarg\nscreens: { a: {} }\n")
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.hasPrefix("scene.yaml:1:14: error:") ?? false, problems.description)
        XCTAssertTrue(problems.first?.contains("accessibilityLarge") ?? false, problems.description)
    }
}

/// Lists at other text sizes: rows grow by their title's and subtitle's leadings, from 44 and
/// 60 pt at the default size; headers and footers by theirs.
final class ListTextSizeTests: XCTestCase {
    private func layout(_ category: ContentSizeCategory, style: ListView.Style = .insetGrouped) -> ListLayout {
        var list = ListView(style: style, sections: [
            ListView.Section(header: "Connections", footer: "Stays on.", rows: [
                ListView.Row(title: "Wi-Fi", detail: "Home"), ListView.Row(title: "Bluetooth", subtitle: "Two devices"),
            ]),
        ])
        list.contentSize = category
        return list.layout(in: Rect(x: 0, y: 0, width: 393, height: 852))
    }

    func testRowsGrowWithTheirTextsLeading() {
        let standard = layout(.large)
        XCTAssertEqual(standard.rows.map(\.cell.height), [44, 60], "the default text size keeps UIKit's default heights")
        XCTAssertEqual(standard.rows[1].title.height, 22)
        XCTAssertEqual(standard.rows[1].subtitle?.height, 20)
        // accessibilityLarge: body 33/40, subheadline 30/37, footnote 27/33 (HIG).
        let large = layout(.accessibilityLarge)
        // Wi-Fi's value stacks under its title, a line of body: 18 pt of margins and two 40 pt lines.
        XCTAssertEqual(large.rows.map(\.cell.height), [18 + 40 + 40, 60 + 18 + 17])
        XCTAssertEqual(large.rows[1].title.height, 40)
        XCTAssertEqual(large.rows[1].subtitle?.height, 37)
        XCTAssertEqual(large.rows[1].subtitle.map { $0.maxY - large.rows[1].title.minY }, 77, "title and subtitle stacked")
        // Headers grow from their 16 and 22 pt lines with their text: footnote 13 → 27 pt, headline 17 → 33.
        XCTAssertEqual(large.sections[0].header?.height ?? 0, 16 * 27 / 13, accuracy: 1e-9)
        XCTAssertEqual(layout(.accessibilityLarge, style: .plain).sections[0].header?.height ?? 0, 22 * 33 / 17, accuracy: 1e-9)
    }

    func testEveryPartRisesAcrossCategories() {
        let layouts = ContentSizeCategory.allCases.map { layout($0) }
        for (smaller, larger) in zip(layouts, layouts.dropFirst()) {
            for (a, b) in zip(smaller.rows, larger.rows) { XCTAssertLessThanOrEqual(a.cell.height, b.cell.height) }
            XCTAssertLessThanOrEqual(smaller.sections[0].rows.maxY, larger.sections[0].rows.maxY)
            XCTAssertLessThanOrEqual(smaller.sections[0].footer?.maxY ?? 0, larger.sections[0].footer?.maxY ?? 0)
        }
        for (category, placed) in zip(ContentSizeCategory.allCases, layouts) {
            let row = placed.rows[1]
            XCTAssertLessThanOrEqual(row.subtitle?.maxY ?? 0, row.cell.maxY, "\(category): the text fits its row")
            XCTAssertGreaterThanOrEqual(row.title.minY, row.cell.minY, "\(category)")
        }
    }
}
