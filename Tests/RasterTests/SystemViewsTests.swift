import CLITestSupport
import Engine
import Foundation
import Geometry
@testable import Raster
import Scene
import XCTest

/// Pixel checks of the system views (images, lists, grids, navigation bar), the window-level
/// status bar and home indicator, and layer shadows.
final class SystemViewsTests: XCTestCase {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    // MARK: Images

    func testImageContentModes() throws {
        // A 40 x 20 px red image (1 pt per pixel) in 100 x 50 pt frames on blue, at 1x.
        let file = try writePNG(width: 40, height: 20, color: (255, 0, 0))
        func draw(_ mode: ImageView.ContentMode) throws -> RGBAImage {
            let view = ImageView(image: file, frame: Rect(x: 0, y: 0, width: 100, height: 50), contentMode: mode,
                                 background: Self.blue)
            return try render(ScreenSpec(name: "s", background: .white, views: [.image(view)]), size: Size(width: 120, height: 60))
        }
        let fill = try draw(.fill)
        XCTAssertEqual(rgb(fill, 1, 1), [255, 0, 0], "fill covers the frame")
        XCTAssertEqual(rgb(fill, 98, 48), [255, 0, 0])
        XCTAssertEqual(rgb(fill, 105, 25), [255, 255, 255], "and is clipped to it")

        let fit = try draw(.fit)
        XCTAssertEqual(rgb(fit, 50, 25), [255, 0, 0])
        XCTAssertEqual(rgb(fit, 50, 1), [255, 0, 0], "100 x 50: the 2:1 image fills it exactly")
        let center = try draw(.center)
        XCTAssertEqual(rgb(center, 50, 25), [255, 0, 0])
        XCTAssertEqual(rgb(center, 25, 25), [0, 0, 255], "its own 40 pt width, centered: x 30..<70")
        XCTAssertEqual(rgb(center, 31, 16), [255, 0, 0])
        XCTAssertEqual(rgb(center, 50, 10), [0, 0, 255], "y 15..<35")

        let tall = ImageView(image: file, frame: Rect(x: 0, y: 0, width: 40, height: 60), contentMode: .fit, background: Self.blue)
        let letterboxed = try render(ScreenSpec(name: "s", background: .white, views: [.image(tall)]), size: Size(width: 60, height: 60))
        XCTAssertEqual(rgb(letterboxed, 20, 5), [0, 0, 255], "fit letterboxes a tall frame")
        XCTAssertEqual(rgb(letterboxed, 20, 30), [255, 0, 0])
    }

    /// Core Animation samples a layer's contents bilinearly, shrunk or enlarged (`minificationFilter`
    /// and `magnificationFilter` default to `linear`: docs/uikit-semantics.md, "Scaled contents"):
    /// device pixel x shows the image at x' = (x + 1/2) / s − 1/2, pixel centres at half pixels,
    /// interpolated between the two pixels around it (the edge pixel past the ends).
    func testScaledImagesAreSampledBilinearly() throws {
        // Shrunk to a third: x' = 3x + 1, the middle of each group of three, which is white between
        // black ones. Sampled, it is white; averaged over its three pixels (a box filter) it would be
        // a third of white.
        let columns: [UInt8] = [0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0]
        let stripes = try writePNG(width: 12, height: 3) { x, _ in columns[x] }
        let shrunk = ImageView(image: stripes, frame: Rect(x: 0, y: 20, width: 4, height: 1))
        // Enlarged 2x: x' = x / 2 − 1/4 over a black and a white pixel: 0 (past the start),
        // 0.25, 0.75 of white, then white (past the end).
        let pair = try writePNG(width: 2, height: 1) { x, _ in x == 0 ? 0 : 255 }
        let enlarged = ImageView(image: pair, frame: Rect(x: 0, y: 30, width: 4, height: 2))
        let image = try render(ScreenSpec(name: "s", background: .white, views: [.image(shrunk), .image(enlarged)]),
                               size: Size(width: 40, height: 40))
        for x in 0..<4 { XCTAssertEqual(rgb(image, x, 20), [255, 255, 255], "shrunk, pixel \(x)") }
        for (x, expected) in [0.0, 0.25 * 255, 0.75 * 255, 255].enumerated() {
            for y in 30..<32 {
                assertClose(rgb(image, x, y), Array(repeating: UInt8(expected.rounded()), count: 3), tolerance: 1)
            }
        }
    }

    func testImageCornersAreClipped() throws {
        let file = try writePNG(width: 10, height: 10, color: (255, 0, 0))
        let view = ImageView(image: file, frame: Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 30)
        let image = try render(ScreenSpec(name: "s", background: .white, views: [.image(view)]), size: Size(width: 60, height: 60))
        XCTAssertEqual(rgb(image, 1, 1), [255, 255, 255], "outside the circle")
        XCTAssertEqual(rgb(image, 30, 30), [255, 0, 0])
    }

    func testMissingImageFileIsAnError() throws {
        let file = ImageFile(path: "/nonexistent/image.png", pixelWidth: 1, pixelHeight: 1)
        let view = ImageView(image: file, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertThrowsError(try render(ScreenSpec(name: "s", background: .white, views: [.image(view)]), size: Size(width: 20, height: 20))) {
            guard case .png? = $0 as? RasterError else { return XCTFail("\($0)") }
        }
    }

    /// A scene's images are decoded several at once (`ImageLibrary.decode`); the error is still
    /// that of the first image, in the screens' order, that cannot be decoded, whichever thread
    /// reached it first, and the screens that decode draw as before.
    func testTheFirstUndecodableImageIsTheErrorWhateverTheThreads() throws {
        let good = try writePNG(width: 8, height: 8, color: (255, 0, 0))
        let folder = try CLI.temporaryFolder(self)
        var broken = (0..<6).map { ImageFile(path: folder.appendingPathComponent("missing-\($0).png").path, pixelWidth: 8, pixelHeight: 8) }
        // The first broken one is slow to fail (a large image cut short: decoded a long way before
        // its end), the later ones fail at once (missing), so the first error in time is theirs.
        let large = try writePNG(width: 1500, height: 1500) { x, y in UInt8((x * 7 + y * 13) % 251) }
        let cut = folder.appendingPathComponent("cut.png")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: large.path))
        try bytes.prefix(bytes.count * 3 / 4).write(to: cut)
        broken[2] = ImageFile(path: cut.path, pixelWidth: 1500, pixelHeight: 1500)
        func screen(_ name: String, _ files: [ImageFile]) -> ScreenSpec {
            ScreenSpec(name: name, background: .white,
                       views: files.map { .image(ImageView(image: $0, frame: Rect(x: 0, y: 0, width: 8, height: 8))) })
        }
        for _ in 0..<20 {
            let screens = [screen("a", [good, good]), screen("b", [broken[2], good, broken[0]]), screen("c", Array(broken[3...]) + [broken[1]])]
            XCTAssertThrowsError(try ScreenCache(screens: screens, size: Size(width: 20, height: 20), scale: 1)) { error in
                guard case .png(let path, _)? = error as? RasterError else { return XCTFail("\(error)") }
                XCTAssertEqual(path, broken[2].path)
            }
        }
        let image = try render(screen("a", [good, good]), size: Size(width: 20, height: 20))
        XCTAssertEqual(rgb(image, 4, 4), [255, 0, 0])
    }

    // MARK: Lists and grids

    func testPlainListDrawsRowsSeparatorsAndAccessories() throws {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 150), sections: [ListView.Section(rows: [
            .init(title: "Wi-Fi", detail: "Home", accessory: .chevron),
            .init(title: "Bluetooth", imageColor: Self.blue, accessory: .checkmark),
            .init(title: "Cellular"),
        ])])
        let image = try render(ScreenSpec(name: "s", background: .black, views: [.list(list)]), size: Size(width: 200, height: 200), scale: 2)
        XCTAssertEqual(rgb(image, 2, 2), [255, 255, 255], "plain lists fill with systemBackground")
        XCTAssertEqual(rgb(image, 2, 160 * 2), [0, 0, 0], "and clip to their frame")
        // The separator under row 0: one device pixel above y = 44 pt, from the text inset to the right edge.
        let separator = rgb(image, 100, 87)
        XCTAssertLessThan(Int(separator[0]), 240, "separator drawn: \(separator)")
        XCTAssertEqual(rgb(image, 100, 85), [255, 255, 255])
        XCTAssertEqual(rgb(image, 20, 87), [255, 255, 255], "inset 16 pt")
        XCTAssertEqual(rgb(image, 399, 87), separator, "to the list's edge")
        XCTAssertNil(inkBounds(image, in: PixelRect(minX: 0, minY: 132 * 2, maxX: 400, maxY: 150 * 2)), "no separator after the last row")
        let chevron = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 340, minY: 0, maxX: 400, maxY: 86)))
        XCTAssertEqual(Double(chevron.minX) / 2, 176, accuracy: 1.5, "chevron box x 176..<184 pt")
        XCTAssertEqual(Double(chevron.maxX) / 2, 184, accuracy: 1.5)
        XCTAssertEqual(Double(chevron.minY + chevron.maxY) / 4, 22, accuracy: 1, "centered in the row")
        let icon = rgb(image, 16 * 2 + 28, 66 * 2)
        XCTAssertEqual(icon, [0, 0, 255], "row 1's icon tile")
        let check = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 330, minY: 90, maxX: 400, maxY: 174)))
        XCTAssertEqual(Double(check.maxX) / 2, 184, accuracy: 1.5, "checkmark at the trailing margin")
    }

    func testInsetGroupedCardsShowTheBackgroundAtTheirCorners() throws {
        let list = ListView(style: .insetGrouped, sections: [ListView.Section(header: "Header", rows: [.init(title: "A"), .init(title: "B")])])
        let screen = ScreenSpec(name: "s", background: Color(r8: 242, g8: 242, b8: 247), views: [.list(list)])
        let image = try render(screen, size: Size(width: 200, height: 200), scale: 2)
        // Default frame: the whole screen (no safe area); card x 16..<184, y 37..<125 pt.
        XCTAssertEqual(rgb(image, 34, 76), [242, 242, 247], "the card's rounded corner")
        XCTAssertEqual(rgb(image, 40, 110), [255, 255, 255], "inside the card")
        XCTAssertEqual(rgb(image, 20, 110), [242, 242, 247], "the margin")
        XCTAssertNotNil(inkBounds(image, in: PixelRect(minX: 64, minY: 28, maxX: 200, maxY: 60)), "the header text")
    }

    func testGridCellsAndCaptions() throws {
        let grid = GridView(columns: 2, spacing: 10, inset: 10, cells: [
            GridView.Cell(color: Self.red, caption: "Red"), GridView.Cell(color: Self.blue, caption: "Blue"),
            GridView.Cell(color: Self.red), GridView.Cell(color: Self.blue),
        ], background: .white)
        let image = try render(ScreenSpec(name: "s", background: .white, views: [.grid(grid)]), size: Size(width: 200, height: 400))
        // Cells 85 pt wide: x 10..<95 and 105..<190; captioned rows 85 + 26 + 18 pt apart.
        XCTAssertEqual(rgb(image, 50, 50), [255, 0, 0])
        XCTAssertEqual(rgb(image, 150, 50), [0, 0, 255])
        XCTAssertEqual(rgb(image, 100, 50), [255, 255, 255], "spacing")
        XCTAssertNotNil(inkBounds(image, in: PixelRect(minX: 10, minY: 101, maxX: 95, maxY: 121)), "caption below the image")
        XCTAssertEqual(rgb(image, 50, 10 + 129 + 40), [255, 0, 0], "second row")
    }

    // MARK: Navigation bar

    func testNavigationBarPlacesItsParts() throws {
        let device = Device(name: "custom", size: Size(width: 393, height: 300), scale: 1, safeAreaTop: 59)
        let bar = NavigationBarView(title: "Inbox", largeTitle: true, back: "Mail", trailing: [.init(.text("Edit")), .init(.symbol(.plus))],
                                    background: Color(r8: 200, g8: 200, b8: 200), separator: .black, tint: Self.blue)
        let image = try render(ScreenSpec(name: "s", background: .white, views: [], navigationBar: bar), device: device)
        XCTAssertEqual(rgb(image, 200, 30), [200, 200, 200], "the background reaches under the status bar")
        XCTAssertEqual(rgb(image, 200, 154), [200, 200, 200])
        XCTAssertEqual(rgb(image, 200, 155), [0, 0, 0], "hairline just below the bar")
        XCTAssertEqual(rgb(image, 200, 157), [255, 255, 255])
        let back = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 0, minY: 59, maxX: 20, maxY: 103)))
        XCTAssertEqual(back.minX, 8, accuracy: 1, "chevron at 8 pt")
        XCTAssertEqual(rgb(image, back.minX + 1, (back.minY + back.maxY) / 2)[2], 255, "in the tint")
        let plus = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 300, minY: 59, maxX: 393, maxY: 103), background: [200, 200, 200]))
        XCTAssertEqual(Double(plus.maxX), 377 - 3.5, accuracy: 1.5, "the last item ends at the 16 pt margin")
        let title = try XCTUnwrap(inkBounds(image, in: PixelRect(minX: 0, minY: 104, maxX: 393, maxY: 154), background: [200, 200, 200]))
        XCTAssertEqual(title.minX, 16, accuracy: 3, "large title at the margin")
        XCTAssertNil(inkBounds(image, in: PixelRect(minX: 150, minY: 60, maxX: 250, maxY: 102), background: [200, 200, 200]),
                     "no inline title with a large one")
    }

    // MARK: Status bar and home indicator

    func testStatusBarAndHomeIndicatorFollowTheScreenOnTopAndStayPut() throws {
        var device = try XCTUnwrap(Device.presets["iphone-15"])
        device.scale = 1
        let light = ScreenSpec(name: "light", background: .white, views: [])
        let dark = ScreenSpec(name: "dark", background: .black, views: [])
        let hidden = ScreenSpec(name: "hidden", background: .white, views: [], statusBar: .hidden, homeIndicator: false)
        let cache = try ScreenCache(screens: [light, dark, hidden], device: device)
        let canvas = try Canvas(pixelWidth: 393, pixelHeight: 852, scale: 1)
        func draw(_ layers: [RenderNode]) -> RGBAImage {
            canvas.draw(frame(withChrome(layers, screens: [light, dark, hidden], device: device)), screens: cache,
                        options: CompositorOptions())
            return canvas.rgbaImage()
        }
        let statusBar = PixelRect(minX: 0, minY: 0, maxX: 393, maxY: 54)
        let lightImage = draw([layer("light", device)])
        let time = try XCTUnwrap(inkBounds(lightImage, in: PixelRect(minX: 0, minY: 0, maxX: 150, maxY: 54)))
        XCTAssertEqual(Double(time.minY + time.maxY) / 2, 30, accuracy: 2, "time on the island's center line")
        XCTAssertEqual(Double(time.minX + time.maxX) / 2, (393 - 126) / 4 + 4, accuracy: 3, "in the left ear")
        XCTAssertLessThan(darkest(lightImage, in: statusBar), 40, "dark content on a light screen")
        let battery = try XCTUnwrap(inkBounds(lightImage, in: PixelRect(minX: 250, minY: 0, maxX: 393, maxY: 54)))
        XCTAssertEqual(Double(battery.maxX), 393 - 70.75 + 36, accuracy: 3, "symbols centered in the right ear")
        XCTAssertEqual(rgb(lightImage, 196, 852 - 10), [0, 0, 0], "home indicator 8 pt above the bottom edge")
        XCTAssertEqual(rgb(lightImage, 196 - 70, 852 - 10), [255, 255, 255], "134 pt long")

        let darkImage = draw([layer("dark", device)])
        XCTAssertGreaterThan(lightest(darkImage, in: statusBar), 215, "light content on a dark screen")
        XCTAssertEqual(rgb(darkImage, 196, 852 - 10), [255, 255, 255])

        XCTAssertNil(inkBounds(draw([layer("hidden", device)]), in: statusBar), "hidden by the screen")

        // A screen moved aside: the bar stays where it is.
        let moved = draw([layer("light", device, x: 40)])
        XCTAssertEqual(inkBounds(moved, in: PixelRect(minX: 45, minY: 0, maxX: 150, maxY: 54), background: [255, 255, 255])?.minX, time.minX)
        // The dark screen slides in from the right over the light one: the bar takes its look
        // once it covers the middle of the bar.
        let sliding = draw([layer("light", device), layer("dark", device, x: 150)])
        XCTAssertGreaterThan(lightest(sliding, in: PixelRect(minX: 260, minY: 0, maxX: 393, maxY: 54)), 215)
        let aside = draw([layer("light", device), layer("dark", device, x: 250)])
        XCTAssertLessThan(darkest(aside, in: PixelRect(minX: 0, minY: 0, maxX: 150, maxY: 54)), 40)
    }

    func testOverTheBackgroundTheStatusBarTakesItsTone() throws {
        // A page sheet's scaled presenter leaves black under the status bar: its text turns white
        // there, while over a white screen it is black.
        var device = try XCTUnwrap(Device.presets["iphone-15"])
        device.scale = 1
        let white = ScreenSpec(name: "white", background: .white, views: [])
        let cache = try ScreenCache(screens: [white], device: device)
        let canvas = try Canvas(pixelWidth: 393, pixelHeight: 852, scale: 1)
        func draw(top: Double) -> RGBAImage {
            canvas.draw(frame(withChrome([testNode("white", screen: "white", frame: device.bounds.offsetBy(dx: 0, dy: top),
                                                   written: device.size, scale: 1)], screens: [white], device: device)),
                        screens: cache, options: CompositorOptions())
            return canvas.rgbaImage()
        }
        let lowered = draw(top: 80)
        XCTAssertGreaterThan(lightest(lowered, in: PixelRect(minX: 0, minY: 0, maxX: 150, maxY: 54)), 200, "white text over the black")
        let covered = draw(top: 0)
        XCTAssertLessThan(darkest(covered, in: PixelRect(minX: 0, minY: 0, maxX: 150, maxY: 54)), 60, "black text over the white screen")
    }

    /// As a page sheet's presenter shrinks away from the top (a medium → large drag), its top
    /// edge passes under the status bar's glyphs (their band is y 23.5 … 36.5 pt, the 17 pt
    /// time's cap height about its 30 pt center line). The light tone shows at the share s of
    /// the band over the black and the dark one at the rest, cross-fading as UIKit fades one
    /// status bar style into the next: over the black the glyphs are at least 255·s light, over
    /// the white screen at most 255·s·(2 − s) (dark at 1 − s, then light at s), within the 1/8
    /// steps the band is sampled in.
    func testTheStatusBarTakesTheToneOfWhatPassesUnderIt() throws {
        var device = try XCTUnwrap(Device.presets["iphone-15"])
        device.scale = 1
        let white = ScreenSpec(name: "white", background: .white, views: [])
        let cache = try ScreenCache(screens: [white], device: device)
        let canvas = try Canvas(pixelWidth: 393, pixelHeight: 852, scale: 1)
        for top in 0...80 {
            canvas.draw(frame(withChrome([testNode("white", screen: "white", frame: device.bounds.offsetBy(dx: 0, dy: Double(top)),
                                                   written: device.size, scale: 1)], screens: [white], device: device)),
                        screens: cache, options: CompositorOptions())
            let image = canvas.rgbaImage()
            let s = min(max((Double(top) - 23.5) / 13, 0), 1), step = 255.0 / 8 + 8
            if top >= 25 {
                let overBlack = PixelRect(minX: 0, minY: 18, maxX: 393, maxY: min(top, 42))
                XCTAssertGreaterThanOrEqual(Double(lightest(image, in: overBlack)), 255 * s - step,
                                            "top \(top): the glyphs over the black are too dark")
            }
            if top <= 35 {
                let overWhite = PixelRect(minX: 0, minY: max(top, 18), maxX: 393, maxY: 42)
                XCTAssertLessThanOrEqual(Double(darkest(image, in: overWhite)), 255 * s * (2 - s) + step,
                                         "top \(top): the glyphs over the white screen are too light")
            }
        }
    }

    /// Raster decides nothing about the chrome: it paints the tone a node names, at the node's
    /// alpha, and nothing where the tree has no chrome node — whatever screen lies beneath.
    func testRasterPaintsTheChromeTheTreeNamesAndNoOther() throws {
        var device = try XCTUnwrap(Device.presets["iphone-15"])
        device.scale = 1
        let cache = try ScreenCache(screens: [ScreenSpec(name: "white", background: .white, views: [])], device: device)
        let canvas = try Canvas(pixelWidth: 393, pixelHeight: 852, scale: 1)
        let screen = layer("white", device)
        func draw(_ chrome: [RenderNode]) -> RGBAImage {
            canvas.draw(frame([screen] + chrome), screens: cache, options: CompositorOptions())
            return canvas.rgbaImage()
        }
        let everything = PixelRect(minX: 0, minY: 0, maxX: 393, maxY: 852)
        XCTAssertNil(inkBounds(draw([]), in: everything, background: [255, 255, 255]), "no chrome node, no chrome")
        let bar = device.statusBarFrame
        func statusBar(_ tone: ChromeTone, alpha: Double = 1) -> RenderNode {
            RenderNode(id: "statusBar/\(tone.rawValue)", content: .statusBar(tone), size: bar.size, alpha: alpha)
        }
        XCTAssertNil(inkBounds(draw([statusBar(.light)]), in: everything, background: [255, 255, 255]),
                     "white glyphs on the white screen, as the node says")
        XCTAssertLessThan(darkest(draw([statusBar(.dark)]), in: PixelRect(minX: 0, minY: 0, maxX: 393, maxY: 54)), 40)
        // Half the alpha, half the ink: the darkest glyph pixel is about 255 / 2.
        XCTAssertEqual(Double(darkest(draw([statusBar(.dark, alpha: 0.5)]), in: PixelRect(minX: 0, minY: 0, maxX: 393, maxY: 54))),
                       127.5, accuracy: 20)
        let indicator = device.homeIndicatorFrame
        let dark = draw([RenderNode(id: "homeIndicator", content: .homeIndicator(.dark), size: indicator.size,
                                    transform: AffineTransform(translationX: indicator.x, y: indicator.y))])
        XCTAssertEqual(rgb(dark, 196, 852 - 10), [0, 0, 0])
        XCTAssertNil(inkBounds(dark, in: PixelRect(minX: 0, minY: 0, maxX: 393, maxY: 800), background: [255, 255, 255]),
                     "the home indicator alone")
    }

    func testCustomDevicesShowNoChromeUnlessAsked() throws {
        let device = Device(name: "custom", size: Size(width: 200, height: 300), scale: 1, safeAreaTop: 59, safeAreaBottom: 34)
        let plain = try render(ScreenSpec(name: "s", background: .white, views: []), device: device)
        XCTAssertNil(inkBounds(plain, in: PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 300)))
        let asked = try render(ScreenSpec(name: "s", background: .white, views: [], statusBar: .automatic, homeIndicator: true),
                               device: device)
        XCTAssertNotNil(inkBounds(asked, in: PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 54)))
        XCTAssertEqual(rgb(asked, 100, 290), [0, 0, 0])
    }

    // MARK: Shadows

    /// A white card on white casting a black shadow (radius 8 pt: σ = 4 pt = 8 px at 2x) to its left.
    func shadowImage(opacity: Double = 1, alpha: Double = 1, offset: Point = .zero, radius: Double = 8) throws -> RGBAImage {
        let card = testNode("card", fill: (.white), frame: Rect(x: 100, y: 50, width: 100, height: 200), alpha: alpha,
                         shadow: Shadow(color: .black, opacity: opacity, radius: radius, offset: offset))
        let cache = try ScreenCache(screens: [ScreenSpec(name: "white", background: .white, views: [])],
                                    size: Size(width: 200, height: 300), scale: 2)
        let canvas = try Canvas(pixelWidth: 400, pixelHeight: 600, scale: 2)
        canvas.draw(frame([testNode("white", screen: "white", frame: Rect(x: 0, y: 0, width: 200, height: 300)), card]),
                    screens: cache, options: CompositorOptions())
        return canvas.rgbaImage()
    }

    func testShadowFallsOffLikeAGaussianOfHalfTheRadius() throws {
        let image = try shadowImage()
        // Beside a straight edge the shadow's alpha is 1 − Φ(d / σ) at distance d (σ = 8 px).
        func expected(_ column: Int) -> UInt8 {
            let d = (200 - (Double(column) + 0.5)) / 8
            let alpha = 0.5 * erfc(d / 2.0.squareRoot())
            return UInt8((255 * (1 - alpha)).rounded())
        }
        for column in [199, 196, 192, 184, 176] {
            assertClose(rgb(image, column, 300), [expected(column), expected(column), expected(column)], tolerance: 4)
        }
        XCTAssertEqual(rgb(image, 165, 300), [255, 255, 255], "beyond 3σ")
        XCTAssertEqual(rgb(image, 200, 300), [255, 255, 255], "the card itself")
        XCTAssertEqual(rgb(image, 192, 300), rgb(image, 192, 200), "the same all along the edge")
    }

    func testShadowOpacityAndLayerAlphaMultiply() throws {
        let full = Int(rgb(try shadowImage(), 199, 300)[0])
        let half = Int(rgb(try shadowImage(opacity: 0.5), 199, 300)[0])
        let quarter = Int(rgb(try shadowImage(opacity: 0.5, alpha: 0.5), 199, 300)[0])
        XCTAssertEqual(255 - half, (255 - full) / 2, accuracy: 2)
        XCTAssertEqual(255 - quarter, (255 - full) / 4, accuracy: 2)
    }

    func testShadowOffsetMovesIt() throws {
        let up = try shadowImage(offset: Point(x: 0, y: -3))
        // Above the card's top edge (y = 100 px) the shadow is stronger than below its bottom edge (y = 500 px).
        XCTAssertLessThan(rgb(up, 300, 97)[0], rgb(up, 300, 502)[0])
        let none = try shadowImage()
        XCTAssertEqual(rgb(none, 300, 97), rgb(none, 300, 502))
    }

    func testAssembledShadowMatchesBlurringTheWholeShape() throws {
        let cache = ShadowCache()
        let (width, height, sigma, radius) = (240, 150, 6.0, 18.0)
        let mask = try cache.mask(width: width, height: height, sigma: sigma, cornerRadius: radius)
        XCTAssertTrue(try cache.mask(width: width, height: height, sigma: sigma, cornerRadius: radius) === mask,
                      "computed once, then reused")
        // The whole shape drawn and blurred directly, the way the cache blurs its small templates.
        let direct = try ShadowCache.blurredShape(width: width, height: height, sigma: Int(sigma * 4), radius: Int(radius * 4),
                                                  padding: mask.padding)
        let assembled = mask.pattern.surface
        assembled.flush()
        let bytes = try XCTUnwrap(assembled.data)
        XCTAssertEqual(assembled.width, direct.width)
        XCTAssertEqual(assembled.height, direct.height)
        var worst = 0
        for y in 0..<direct.height {
            for x in 0..<direct.width {
                worst = max(worst, abs(Int(bytes[y * assembled.stride + x]) - Int(direct.bytes[y * direct.width + x])))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1)
    }

    func testShadowOfAScreenLayerAtDeviceSize() throws {
        // The parallax back swipe's edge shadow, at the iPhone 15's size: drawn without blurring 1179 x 2556 pixels.
        let device = try XCTUnwrap(Device.presets["iphone-15"])
        let cache = try ScreenCache(screens: [ScreenSpec(name: "a", background: .white, views: []),
                                              ScreenSpec(name: "b", background: .white, views: [])], device: device)
        let canvas = try Canvas(pixelWidth: 1179, pixelHeight: 2556, scale: 3)
        let start = Date()
        for step in 0..<3 {
            canvas.draw(frame([
                testNode("a", screen: "a", frame: device.bounds.offsetBy(dx: -60, dy: 0), written: device.size, scale: 3,
                         alpha: 0.95),
                testNode("b", screen: "b", frame: device.bounds.offsetBy(dx: 150 + Double(step), dy: 0), written: device.size,
                         scale: 3,
                      shadow: Shadow(opacity: 0.7, radius: 5)),
            ]), screens: cache, options: CompositorOptions())
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        let image = canvas.rgbaImage()
        XCTAssertLessThan(rgb(image, 152 * 3 - 2, 1200)[0], 200, "darkened left of the edge")
    }

    // MARK: Layer content modes

    func testLayerContentModes() throws {
        // A 200 x 300 pt screen, red on its left half, blue on its right, composited at 1x.
        let halves = ScreenSpec(name: "halves", background: Self.blue, views: [
            .rect(RectView(frame: Rect(x: 0, y: 0, width: 100, height: 300), fill: Self.red)),
        ])
        let size = Size(width: 200, height: 300)
        let cache = try ScreenCache(screens: [halves], size: size, scale: 1)
        let canvas = try Canvas(pixelWidth: 200, pixelHeight: 300, scale: 1)
        func draw(_ frame: Rect, written: Size?) -> RGBAImage {
            canvas.draw(self.frame([testNode("halves", screen: "halves", frame: frame, written: written, scale: 1)]),
                        screens: cache, options: CompositorOptions())
            return canvas.rgbaImage()
        }
        let squeezed = draw(Rect(x: 0, y: 0, width: 100, height: 300), written: size)
        XCTAssertEqual(rgb(squeezed, 25, 150), [255, 0, 0], "laid out at 200 pt and scaled by 1/2")
        XCTAssertEqual(rgb(squeezed, 75, 150), [0, 0, 255])
        let narrow = draw(Rect(x: 0, y: 0, width: 100, height: 300), written: nil)
        XCTAssertEqual(rgb(narrow, 98, 150), [255, 0, 0], "laid out at its own width: the fixed 100 pt rect fills it")
        XCTAssertEqual(rgb(narrow, 150, 150), [0, 0, 0], "nothing beyond the frame")
        XCTAssertEqual(cache.drawnPartCount, 2, "one body per layout size")
    }

    // MARK: Helpers

    private func frame(_ layers: [RenderNode]) -> FrameState {
        FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: [], nodes: layers)
    }

    private func layer(_ name: String, _ device: Device, x: Double = 0) -> RenderNode {
        testNode(name, screen: name, frame: device.bounds.offsetBy(dx: x, dy: 0), scale: device.scale)
    }

    private func render(_ screen: ScreenSpec, size: Size, scale: Double = 1) throws -> RGBAImage {
        try render(screen, device: Device(name: "custom", size: size, scale: scale))
    }

    private func render(_ screen: ScreenSpec, device: Device) throws -> RGBAImage {
        // The whole screen as a frame shows it: its body, its navigation bar's parts, the chrome.
        let cache = try ScreenCache(screens: [screen], device: device)
        let canvas = try Canvas(pixelWidth: Int(device.size.width * device.scale), pixelHeight: Int(device.size.height * device.scale),
                                scale: device.scale)
        var nodes = [RenderNode(id: screen.name, content: .part(ScreenPart(screen: screen.name, kind: .body, layout: device)),
                                size: device.size)]
        if let bar = screen.navigationBar {
            for kind in [ScreenPart.Kind.barBackground, .barBack, .barTitle, .barItems] {
                nodes.append(RenderNode(id: "bar", content: .part(ScreenPart(screen: screen.name, kind: kind, layout: device)),
                                        size: NavigationBarLayout(bar, on: device).partSize))
            }
        }
        canvas.draw(frame(withChrome(nodes, screens: [screen], device: device)), screens: cache, options: CompositorOptions())
        return canvas.rgbaImage()
    }

    /// `layers` with the window chrome the engine puts over them on `device`, over the default black.
    private func withChrome(_ layers: [RenderNode], screens: [ScreenSpec], device: Device) -> [RenderNode] {
        layers + WindowChrome(screens: screens, device: device, background: .black).nodes(over: layers)
    }

    /// An opaque image of one color.
    private func writePNG(width: Int, height: Int, color: (UInt8, UInt8, UInt8)) throws -> ImageFile {
        try writePNG(width: width, height: height) { _, _ in [color.0, color.1, color.2] }
    }

    /// An opaque gray image, `gray(x, y)` at each pixel.
    private func writePNG(width: Int, height: Int, gray: (Int, Int) -> UInt8) throws -> ImageFile {
        try writePNG(width: width, height: height) { x, y in Array(repeating: gray(x, y), count: 3) }
    }

    /// An opaque image, red, green and blue `rgb(x, y)` at each pixel.
    private func writePNG(width: Int, height: Int, rgb: (Int, Int) -> [UInt8]) throws -> ImageFile {
        let url = try CLI.temporaryFolder(self).appendingPathComponent("image.png")
        let pixels = (0..<height).flatMap { y in (0..<width).flatMap { x -> [UInt8] in rgb(x, y) + [255] } }
        try RGBAImage(width: width, height: height, pixels: pixels).writePNG(to: url)
        return ImageFile(path: url.path, pixelWidth: width, pixelHeight: height)
    }

    private func darkest(_ image: RGBAImage, in rect: PixelRect) -> Int {
        var value = 255
        for y in rect.minY..<rect.maxY { for x in rect.minX..<rect.maxX { value = min(value, Int(rgb(image, x, y)[0])) } }
        return value
    }

    private func lightest(_ image: RGBAImage, in rect: PixelRect) -> Int {
        var value = 0
        for y in rect.minY..<rect.maxY { for x in rect.minX..<rect.maxX { value = max(value, Int(rgb(image, x, y)[0])) } }
        return value
    }
}
