import Foundation
import Geometry
@testable import Raster
import Scene
import XCTest

/// The lines a row or a grid cell is laid out for are the lines Pango draws in it: for every row
/// of the Dynamic Type example's list and every cell of its grid, at all twelve text sizes, the
/// layout's count (from `TextMeasurer`) equals the line count of the Pango layout the painter
/// makes of that text in that box, and the painter's layout limited to those lines cuts nothing.
final class DynamicTypeLinesTests: XCTestCase {
    private let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenes/dynamic-type.yaml")

    /// The scene at `category`, its lists and grids measuring as the screen cache's do.
    private func scene(at category: ContentSizeCategory) throws -> Scene {
        let scene = try SceneLoader.load(contentsOf: url, traits: SceneTraits(contentSize: category))
        return scene.measuringText(with: try TextMeasurer.measuring(scene.fonts))
    }

    /// The lines Pango sets `text` in at `size` in `box`'s width: with no limit, and whether the
    /// painter's layout limited to `lines` ellipsizes it.
    private func pango(_ text: String, size: Double, box: Rect, lines: Int) throws -> (count: Int, cut: Bool) {
        try FontLibrary.shared.get().withTextContext { context in
            let free = LabelView(text: text, frame: Rect(x: 0, y: 0, width: box.width, height: 100_000), fontSize: size, lines: 0)
            let drawn = LabelView(text: text, frame: box, fontSize: size, lines: lines)
            return (try TextLayout(free, context: context).lineCount, try TextLayout(drawn, context: context).isEllipsized)
        }
    }

    func testEveryRowAndCellIsLaidOutForTheLinesPangoDraws() throws {
        var wrapped = (titles: 0, subtitles: 0, captions: 0)
        for category in ContentSizeCategory.allCases {
            let scene = try scene(at: category)
            let device = scene.device
            let screen = try XCTUnwrap(scene.screens["settings"])
            guard case .list(let list) = try XCTUnwrap(screen.views.first) else { return XCTFail("the settings screen is a list") }
            let layout = list.layout(in: screen.contentFrame(on: device))
            let measurer = try TextMeasurer.measuring(scene.fonts)
            for (row, placed) in zip(list.rows, layout.rows) {
                var title = placed.title
                if let detail = row.detail, placed.stackedDetail == nil {
                    // Beside the title, as the painter sets it: the detail's width and 8 pt come off the title's.
                    title.size.width -= min(measurer.width(of: detail, size: list.text.body.size, weight: .regular), placed.text.width * 0.6) + 8
                }
                let drawnTitle = try pango(row.title, size: list.text.body.size, box: title, lines: Int(placed.titleLines))
                XCTAssertEqual(Int(placed.titleLines), drawnTitle.count, "\(category): \(row.title)")
                XCTAssertFalse(drawnTitle.cut, "\(category): \(row.title) drawn whole")
                if placed.titleLines > 1 { wrapped.titles += 1 }
                if let subtitle = row.subtitle, let box = placed.subtitle {
                    let drawn = try pango(subtitle, size: list.text.subheadline.size, box: box, lines: Int(placed.subtitleLines))
                    XCTAssertEqual(Int(placed.subtitleLines), drawn.count, "\(category): \(subtitle)")
                    XCTAssertFalse(drawn.cut, "\(category): \(subtitle) drawn whole")
                    if placed.subtitleLines > 1 { wrapped.subtitles += 1 }
                }
            }
            let wallpaper = try XCTUnwrap(scene.screens["wallpaper"])
            guard case .grid(let grid) = try XCTUnwrap(wallpaper.views.first) else { return XCTFail("the wallpaper screen is a grid") }
            let cells = GridLayout(grid, frame: wallpaper.contentFrame(on: device)).cells
            for (cell, placed) in zip(grid.cells, cells) {
                for (text, box, lines) in [(cell.caption, placed.caption, placed.captionLines), (cell.subtitle, placed.subtitle, placed.subtitleLines)] {
                    guard let text, let box else { continue }
                    let drawn = try pango(text, size: grid.text.size, box: box, lines: lines)
                    XCTAssertEqual(lines, drawn.count, "\(category): \(text)")
                    XCTAssertFalse(drawn.cut, "\(category): \(text) drawn whole")
                    if lines > 1 { wrapped.captions += 1 }
                }
            }
        }
        // The example wraps each kind somewhere, so the comparison above is not of single lines alone.
        XCTAssertGreaterThan(wrapped.titles, 0)
        XCTAssertGreaterThan(wrapped.subtitles, 0)
        XCTAssertGreaterThan(wrapped.captions, 0)
    }

    /// With the measured lines, every row of the example and every cell of its grid is at least as
    /// tall at each text size as at the one before; the grid's rows of cells too.
    func testRowsAndCellsGrowMonotonicallyWithTheTextSize() throws {
        var last: (rows: [Double], cells: [Double])?
        for category in ContentSizeCategory.allCases {
            let scene = try scene(at: category)
            let screen = try XCTUnwrap(scene.screens["settings"]), wallpaper = try XCTUnwrap(scene.screens["wallpaper"])
            let rows = try XCTUnwrap(screen.cellFrames(list: "settings", on: scene.device)).map(\.cell.height)
            let cells = try XCTUnwrap(wallpaper.cellFrames(list: "wallpapers", on: scene.device)).map(\.cell.height)
            if let last {
                for (index, (now, before)) in zip(rows, last.rows).enumerated() { XCTAssertGreaterThanOrEqual(now, before, "\(category): row \(index)") }
                for (index, (now, before)) in zip(cells, last.cells).enumerated() { XCTAssertGreaterThanOrEqual(now, before, "\(category): cell \(index)") }
            }
            last = (rows, cells)
        }
    }
}
