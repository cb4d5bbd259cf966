import CLITestSupport
import Foundation
import Geometry
import Scene
import XCTest

/// Decoding of the view kinds and the system layout maths (`ListLayout`, `GridLayout`,
/// `NavigationBarLayout`, `ScreenSpec.cellFrame`) that Raster draws by and the engine reads.
final class ViewDecoderTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ViewDecoderTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try pngHeader(width: 40, height: 20).write(to: folder.appendingPathComponent("images/wide.png"))
        try pngHeader(width: 90, height: 60).write(to: folder.appendingPathComponent("images/photo@3x.png"))
        try Data("not a png at all, just text".utf8).write(to: folder.appendingPathComponent("images/text.png"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A whole grey PNG: the loader checks every byte of an image.
    func pngHeader(width: Int, height: Int) -> Data {
        Data(TestPNG.make(width: width, height: height, bitDepth: 8, colorType: 0, pixel: [128]))
    }

    func load(_ screens: String, device: String = "iphone-15") throws -> Scene {
        let text = "device: \(device)\nscreens:\n" + screens
        return try SceneLoader.load(text: text, file: folder.appendingPathComponent("scene.yaml").path, name: "scene")
    }

    func diagnostics(_ screens: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        rejection({ try load(screens) }, file: file, line: line)
    }

    // MARK: Decoding

    func testEveryViewKindDecodes() throws {
        let scene = try load("""
              a:
                navigationBar: { title: Inbox, largeTitle: true, back: Mail, trailing: [Edit, { symbol: plus }, { title: Done, style: done }] }
                statusBar: lightContent
                homeIndicator: false
                content:
                  - image: { file: images/wide.png, frame: [0, 0, 100, 100], contentMode: fit, cornerRadius: 8 }
                  - list:
                      id: mail
                      style: insetGrouped
                      accessory: chevron
                      sections:
                        - header: Today
                          rows: [Anna, { title: Ben, subtitle: Slides, detail: "9:41", image: images/wide.png, accessory: checkmark }]
                          footer: Two messages
                  - rect:
                      frame: [0, 500, 393, 300]
                      cornerCurve: circular
                      content:
                        - grid: { id: photos, columns: 2, cells: [images/wide.png, { color: systemRed, caption: Red }] }
            """)
        let screen = try XCTUnwrap(scene.screens["a"])
        XCTAssertEqual(screen.statusBar, .lightContent)
        XCTAssertEqual(screen.homeIndicator, false)
        let bar = try XCTUnwrap(screen.navigationBar)
        XCTAssertEqual(bar.title, "Inbox")
        XCTAssertTrue(bar.largeTitle)
        XCTAssertEqual(bar.back, "Mail")
        XCTAssertEqual(bar.trailing, [.init(.text("Edit")), .init(.symbol(.plus)), .init(.text("Done"), isProminent: true)])
        guard case .image(let image) = screen.views[0], case .list(let list) = screen.views[1],
              case .rect(let rect) = screen.views[2], case .grid(let grid) = rect.subviews[0] else {
            return XCTFail("views decoded as the wrong kinds: \(screen.views)")
        }
        XCTAssertEqual(image.contentMode, .fit)
        XCTAssertEqual(image.image.pixelWidth, 40)
        XCTAssertEqual(image.image.path, folder.appendingPathComponent("images/wide.png").standardizedFileURL.path)
        XCTAssertEqual(list.style, .insetGrouped)
        XCTAssertEqual(list.rows.map(\.title), ["Anna", "Ben"])
        XCTAssertEqual(list.rows.map(\.accessory), [.chevron, .checkmark], "the list's accessory is each row's default")
        XCTAssertEqual(list.sections[0].footer, "Two messages")
        XCTAssertEqual(rect.cornerCurve, .circular)
        XCTAssertEqual(grid.cells.count, 2)
        XCTAssertEqual(grid.cells[1].caption, "Red")
        XCTAssertEqual(grid.spacing, 12, "captioned grids default to album spacing")
    }

    func testStatusBarAcceptsBooleansAndStyles() throws {
        let scene = try load("""
              a: { statusBar: true }
              b: { statusBar: false }
              c: { statusBar: darkContent }
              d: {}
            """)
        XCTAssertEqual(scene.screens["a"]?.statusBar, .automatic)
        XCTAssertEqual(scene.screens["b"]?.statusBar, .hidden)
        XCTAssertEqual(scene.screens["c"]?.statusBar, .darkContent)
        XCTAssertNil(scene.screens["d"]?.statusBar, "nil: the device decides")
    }

    func testImageScaleComesFromTheFileName() throws {
        let scene = try load("""
              a:
                content:
                  - image: { file: images/photo@3x.png, frame: [0, 0, 30, 20], contentMode: center }
            """)
        guard case .image(let image)? = scene.screens["a"]?.views.first else { return XCTFail("no image") }
        XCTAssertEqual(image.image.scale, 3)
        XCTAssertEqual(image.image.pointSize, Size(width: 30, height: 20))
    }

    func testImageProblemsAreReportedWithLineAndColumn() {
        let problems = diagnostics("""
              a:
                content:
                  - image: { file: images/missing.png, frame: [0, 0, 10, 10] }
                  - image: { file: images/text.png, frame: [0, 0, 10, 10] }
                  - image: { file: images/wide.jpg, frame: [0, 0, 10, 10] }
                  - image: { frame: [0, 0, 10, 10], contentMod: fit }
                  - grid: { cells: [images/nope.png] }
            """)
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:5:24: error: cannot use image 'images/missing.png'") && $0.contains("no such file") },
                      "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:6:24:") && $0.contains("not a PNG file") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:7:24:") && $0.contains("not a .png file") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:8:16:") && $0.contains("missing key 'file'") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("unknown key 'contentMod'") && $0.contains("did you mean 'contentMode'?") },
                      "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("scene.yaml:9:25:") && $0.contains("images/nope.png") }, "\(problems)")
    }

    func testListAndBarMistakesAreReported() {
        let problems = diagnostics("""
              a:
                navigationBar: { largeTitle: true, trailing: [{ symbol: plush }] }
                content:
                  - list: { rows: [A], sections: [] }
                  - list: { id: x, rows: [{ subtitle: no title }] }
                  - grid: { id: x, cells: [] }
                  - statusBar: true
            """)
        XCTAssertTrue(problems.contains { $0.contains("'largeTitle: true' needs a 'title'") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("unknown bar button symbol 'plush' (did you mean 'plus'?)") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("a list has 'rows' (one section) or 'sections', not both") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("missing key 'title' in a row") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("already has a view with id 'x'") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("'statusBar' is a key of the screen") }, "\(problems)")
    }

    // MARK: Layout

    func testContentStartsBelowTheNavigationBar() throws {
        let device = try XCTUnwrap(Device.presets["iphone-15"])
        let plain = ScreenSpec(name: "a", background: .white, views: [])
        XCTAssertEqual(plain.contentTop(on: device), 59)
        var standard = plain
        standard.navigationBar = NavigationBarView(title: "Inbox")
        XCTAssertEqual(standard.contentTop(on: device), 59 + 44)
        var large = plain
        large.navigationBar = NavigationBarView(title: "Inbox", largeTitle: true)
        XCTAssertEqual(large.contentTop(on: device), 59 + 96)
        let se = try XCTUnwrap(Device.presets["iphone-se"])
        XCTAssertEqual(large.contentFrame(on: se), Rect(x: 0, y: 20 + 96, width: 375, height: 667 - 116))
        let layout = NavigationBarLayout(NavigationBarView(title: "Inbox", largeTitle: true), on: device)
        XCTAssertEqual(layout.bar, Rect(x: 0, y: 59, width: 393, height: 44))
        XCTAssertEqual(layout.largeTitle, Rect(x: 16, y: 106, width: 361, height: 41))
        XCTAssertEqual(layout.background, Rect(x: 0, y: 0, width: 393, height: 155))
    }

    func testPlainListRowsSizeThemselves() {
        let list = ListView(sections: [ListView.Section(rows: [
            .init(title: "A"), .init(title: "B", subtitle: "b"), .init(title: "C", imageColor: .black, accessory: .chevron),
        ])])
        let layout = ListLayout(list, frame: Rect(x: 0, y: 100, width: 393, height: 600))
        XCTAssertEqual(layout.rows.map(\.cell), [
            Rect(x: 0, y: 100, width: 393, height: 44),
            Rect(x: 0, y: 144, width: 393, height: 60),
            Rect(x: 0, y: 204, width: 393, height: 56),  // a 40 pt image (the list has subtitles) + 16
        ])
        XCTAssertEqual(layout.rows[2].image, Rect(x: 16, y: 212, width: 40, height: 40))
        XCTAssertEqual(layout.rows[0].separator, Rect(x: 16, y: 144, width: 377, height: 0), "plain: to the list's right edge")
        XCTAssertEqual(layout.rows[2].separator, Rect(x: 68, y: 260, width: 325, height: 0),
                       "plain: under the last row too, at its text (after the image)")
        XCTAssertEqual(layout.rows[2].accessory, Rect(x: 369, y: 225.5, width: 8, height: 13))
        XCTAssertEqual(layout.rows[1].title, Rect(x: 16, y: 153, width: 361, height: 22))
        XCTAssertEqual(layout.rows[1].subtitle, Rect(x: 16, y: 175, width: 361, height: 20))
    }

    func testInsetGroupedSectionsAreCardsWithHeadersAndFooters() {
        let list = ListView(style: .insetGrouped, sections: [
            ListView.Section(header: "Details", footer: "Short", rows: [.init(title: "A"), .init(title: "B")]),
            ListView.Section(rows: [.init(title: "C")]),
        ], rowHeight: 50)
        let layout = ListLayout(list, frame: Rect(x: 0, y: 0, width: 393, height: 800))
        XCTAssertEqual(layout.sections[0].header, Rect(x: 32, y: 14, width: 329, height: 16))
        XCTAssertEqual(layout.sections[0].rows, Rect(x: 16, y: 37, width: 361, height: 100))
        XCTAssertEqual(layout.sections[0].footer, Rect(x: 32, y: 144, width: 329, height: 16))
        XCTAssertEqual(layout.sections[1].rows, Rect(x: 16, y: 195, width: 361, height: 50), "35 pt between sections")
        XCTAssertEqual(layout.rows[0].separator, Rect(x: 32, y: 87, width: 345, height: 0), "to the card's edge")
        XCTAssertEqual(layout.cardCornerRadius, 10)
        let wide = ListLayout(list, frame: Rect(x: 0, y: 0, width: 430, height: 800))
        XCTAssertEqual(wide.sections[0].rows.minX, 20, "20 pt margins from 414 pt wide")
    }

    func testGridColumnsAndCaptions() {
        let photos = GridView(columns: 3, cells: Array(repeating: GridView.Cell(color: .black), count: 5))
        let layout = GridLayout(photos, frame: Rect(x: 0, y: 100, width: 392, height: 400))
        XCTAssertEqual(layout.cells[0].cell, Rect(x: 0, y: 100, width: 129.33333333333334, height: 129.33333333333334))
        XCTAssertEqual(layout.cells[4].image.minX, 131.33333333333334, accuracy: 1e-9)
        XCTAssertEqual(layout.cells[4].image.minY, 100 + 129.33333333333334 + 2, accuracy: 1e-9)
        XCTAssertNil(layout.cells[0].caption)

        let albums = GridView(columns: 2, cells: [GridView.Cell(color: .black, caption: "A", subtitle: "1"),
                                                  GridView.Cell(color: .black, caption: "B")])
        let shelf = GridLayout(albums, frame: Rect(x: 0, y: 0, width: 393, height: 400))
        XCTAssertEqual(shelf.cells[0].image, Rect(x: 16, y: 16, width: 174.5, height: 174.5))
        XCTAssertEqual(shelf.cells[1].image.minX, 16 + 174.5 + 12)
        XCTAssertEqual(shelf.cells[0].caption, Rect(x: 16, y: 196.5, width: 174.5, height: 20))
        XCTAssertEqual(shelf.cells[0].subtitle, Rect(x: 16, y: 216.5, width: 174.5, height: 18))
        XCTAssertEqual(shelf.cells[0].cell.height, 174.5 + 6 + 20 + 18)
    }

    func testCellFramesForZoomFromCell() throws {
        let scene = try load("""
              gallery:
                navigationBar: { title: Photos, largeTitle: true }
                content:
                  - grid: { id: photos, columns: 3, spacing: 3, cells: [images/wide.png, images/wide.png, images/wide.png, images/wide.png] }
              people:
                content:
                  - rect:
                      frame: [10, 300, 373, 400]
                      content:
                        - list: { id: contacts, frame: [0, 20, 373, 300], rows: [Anna, { title: Ben, image: images/wide.png }] }
            """)
        let device = scene.device
        let gallery = try XCTUnwrap(scene.screens["gallery"])
        let width = (393.0 - 6) / 3
        let fourth = try XCTUnwrap(gallery.cellFrame(list: "photos", index: 3, on: device))
        XCTAssertEqual(fourth.cell, Rect(x: 0, y: 155 + width + 3, width: width, height: width), "second row, below the large title bar")
        XCTAssertEqual(fourth.image, fourth.cell)
        XCTAssertNil(gallery.cellFrame(list: "photos", index: 4, on: device))
        XCTAssertNil(gallery.cellFrame(list: "nothing", index: 0, on: device))
        XCTAssertEqual(gallery.collectionIDs, ["photos"])
        let all = try XCTUnwrap(gallery.cellFrames(list: "photos", on: device))
        XCTAssertEqual(all.count, 4)
        XCTAssertEqual(all[3].cell, fourth.cell)
        XCTAssertNil(gallery.cellFrames(list: "nothing", on: device))

        let people = try XCTUnwrap(scene.screens["people"])
        let anna = try XCTUnwrap(people.cellFrame(list: "contacts", index: 0, on: device))
        XCTAssertEqual(anna.cell, Rect(x: 10, y: 320, width: 373, height: 44), "offset by the rect it is in")
        XCTAssertNil(anna.image)
        let ben = try XCTUnwrap(people.cellFrame(list: "contacts", index: 1, on: device))
        XCTAssertEqual(ben.image, Rect(x: 26, y: 364 + 8, width: 28, height: 28))
    }

    func testDevicePresets() throws {
        let expected: [(String, Double, Double, Double, Double, Double, StatusBarLayout)] = [
            ("iphone-se", 375, 667, 2, 20, 0, .classic),
            ("iphone-15", 393, 852, 3, 59, 34, .dynamicIsland),
            ("iphone-15-pro", 393, 852, 3, 59, 34, .dynamicIsland),
            ("iphone-15-pro-max", 430, 932, 3, 59, 34, .dynamicIsland),
            ("iphone-16", 393, 852, 3, 59, 34, .dynamicIsland),
            ("iphone-16-plus", 430, 932, 3, 59, 34, .dynamicIsland),
            ("iphone-16-pro", 402, 874, 3, 62, 34, .dynamicIsland),
            ("iphone-16-pro-max", 440, 956, 3, 62, 34, .dynamicIsland),
            ("ipad-air", 820, 1180, 2, 24, 20, .pad),
            ("ipad", 820, 1180, 2, 24, 20, .pad),
            ("ipad-air-13", 1024, 1366, 2, 24, 20, .pad),
            ("ipad-mini", 744, 1133, 2, 24, 20, .pad),
            ("ipad-pro-11", 834, 1210, 2, 24, 20, .pad),
            ("ipad-pro-13", 1032, 1376, 2, 24, 20, .pad),
        ]
        for (name, width, height, scale, top, bottom, layout) in expected {
            let device = try XCTUnwrap(Device.presets[name], name)
            XCTAssertEqual(device.size, Size(width: width, height: height), name)
            XCTAssertEqual(device.scale, scale, name)
            XCTAssertEqual(device.safeAreaTop, top, name)
            XCTAssertEqual(device.safeAreaBottom, bottom, name)
            XCTAssertEqual(device.statusBarLayout, layout, name)
            XCTAssertTrue(device.isPreset)
        }
        XCTAssertFalse(Device(name: "custom", size: Size(width: 10, height: 10), scale: 1).isPreset)
    }

    func testImagePlacement() {
        let frame = Rect(x: 0, y: 0, width: 100, height: 50)
        let image = Size(width: 40, height: 40)
        XCTAssertEqual(ImageView.placement(of: image, in: frame, contentMode: .fill), Rect(x: 0, y: -25, width: 100, height: 100))
        XCTAssertEqual(ImageView.placement(of: image, in: frame, contentMode: .fit), Rect(x: 25, y: 0, width: 50, height: 50))
        XCTAssertEqual(ImageView.placement(of: image, in: frame, contentMode: .center), Rect(x: 30, y: 5, width: 40, height: 40))
    }
}
