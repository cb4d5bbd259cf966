import CLITestSupport
import Engine
import Foundation
import Geometry
@testable import Raster
import Scene
import XCTest

/// Pixel checks of screen rasterization and frame compositing, on a small 200 x 300 pt device at 2x.
final class RasterTests: XCTestCase {
    static let size = Size(width: 200, height: 300)
    static let scale = 2.0
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    // MARK: Compositing

    func testOffsetScreenShowsBlackLeftOfItsEdge() throws {
        let image = try composite([screenLayer("red", x: 100)], screens: [plain("red", Self.red)])
        XCTAssertEqual(rgb(image, 199, 300), [0, 0, 0])
        XCTAssertEqual(rgb(image, 200, 300), [255, 0, 0])
        XCTAssertEqual(rgb(image, 399, 599), [255, 0, 0])
        XCTAssertEqual(image.pixels[3], 255, "the canvas is opaque")
    }

    func testDimmingFillOverWhite() throws {
        let dim = testNode("dimming", fill: (Color.black.withAlpha(0.66)), frame: Rect(origin: .zero, size: Self.size))
        let image = try composite([screenLayer("white"), dim], screens: [plain("white", .white)])
        // 255 x (1 - 0.66) = 86.7
        assertClose(rgb(image, 200, 300), [87, 87, 87], tolerance: 1)
    }

    func testFillAlphaMultipliesLayerAlpha() throws {
        let fill = testNode("dimming", fill: (Color.black.withAlpha(0.5)), frame: Rect(origin: .zero, size: Self.size),
                         alpha: 0.5)
        let image = try composite([screenLayer("white"), fill], screens: [plain("white", .white)])
        assertClose(rgb(image, 10, 10), [191, 191, 191], tolerance: 1)
    }

    func testHalfTransparentScreenBlendsOverTheOneBelow() throws {
        let image = try composite(
            [screenLayer("blue"), screenLayer("red", alpha: 0.5)],
            screens: [plain("blue", Self.blue), plain("red", Self.red)])
        assertClose(rgb(image, 200, 300), [128, 0, 128], tolerance: 1)
    }

    func testCornerRadiusLeavesTheCornerUncovered() throws {
        let layer = testNode("red", screen: "red", frame: Rect(origin: .zero, size: Self.size), cornerRadius: 40)
        let image = try composite([layer], screens: [plain("red", Self.red)])
        XCTAssertEqual(rgb(image, 0, 0), [0, 0, 0])
        XCTAssertEqual(rgb(image, 399, 599), [0, 0, 0])
        XCTAssertEqual(rgb(image, 6, 6), [0, 0, 0], "well outside the curve")
        XCTAssertEqual(rgb(image, 200, 0), [255, 0, 0], "edge midpoints are covered")
        XCTAssertEqual(rgb(image, 0, 300), [255, 0, 0])
        XCTAssertEqual(rgb(image, 60, 60), [255, 0, 0], "inside the curve")
    }

    func testNodesTakeAFullAffineTransformAndClipTheirChildren() throws {
        // A 100 × 100 pt white square turned 45° about its center (100, 150): its corners now
        // point up, down, left and right; a red child twice its size is clipped to it.
        let turn = AffineTransform(translationX: -50, y: -50).concatenating(AffineTransform(rotation: .pi / 4))
            .concatenating(AffineTransform(translationX: 100, y: 150))
        let child = RenderNode(id: "card/child", content: .fill(Self.red), size: Size(width: 200, height: 50),
                               transform: AffineTransform(translationX: -50, y: 50))
        let card = RenderNode(id: "card", content: .fill(.white), size: Size(width: 100, height: 100), transform: turn,
                              clipsToBounds: true, children: [child])
        let canvas = try makeCanvas()
        canvas.draw(frame([card]), screens: try ScreenCache(screens: [], size: Self.size, scale: Self.scale),
                    options: CompositorOptions())
        let image = canvas.rgbaImage()
        // Device pixels are points × 2.
        XCTAssertEqual(rgb(image, 200, 300 - 130), [255, 255, 255], "the top corner reaches 70.7 pt above the center")
        XCTAssertEqual(rgb(image, 200 - 80, 300 - 80), [0, 0, 0], "the square's unturned corner is empty")
        XCTAssertEqual(rgb(image, 200, 300 + 60), [255, 0, 0], "the child, below the center")
        XCTAssertEqual(rgb(image, 200 + 150, 300 + 60), [0, 0, 0], "the child is clipped to its parent")
    }

    func testRoundedFillLayer() throws {
        let card = testNode("card", fill: (.white), frame: Rect(x: 50, y: 50, width: 100, height: 100), cornerRadius: 20)
        let image = try composite([card], screens: [])
        XCTAssertEqual(rgb(image, 100, 100), [0, 0, 0], "the corner of the fill's frame")
        XCTAssertEqual(rgb(image, 200, 200), [255, 255, 255])
        XCTAssertEqual(rgb(image, 200, 101), [255, 255, 255])
    }

    func testHalfSizeFrameScalesTheScreenIntoPlace() throws {
        // A screen whose top-left quarter is blue, the rest red.
        let screen = ScreenSpec(name: "quadrants", background: Self.red, views: [
            .rect(RectView(frame: Rect(x: 0, y: 0, width: 100, height: 150), fill: Self.blue)),
        ])
        let layer = testNode("quadrants", screen: "quadrants", frame: Rect(x: 50, y: 75, width: 100, height: 150), written: Self.size)
        let image = try composite([layer], screens: [screen])
        // Frame in pixels: x 100..<300, y 150..<450; the blue quarter is x 100..<200, y 150..<300.
        XCTAssertEqual(rgb(image, 98, 300), [0, 0, 0])
        XCTAssertEqual(rgb(image, 301, 300), [0, 0, 0])
        XCTAssertEqual(rgb(image, 200, 148), [0, 0, 0])
        XCTAssertEqual(rgb(image, 200, 451), [0, 0, 0])
        XCTAssertEqual(rgb(image, 150, 225), [0, 0, 255])
        XCTAssertEqual(rgb(image, 250, 225), [255, 0, 0])
        XCTAssertEqual(rgb(image, 150, 375), [255, 0, 0])
        XCTAssertEqual(rgb(image, 250, 375), [255, 0, 0])
    }

    func testFractionalTranslucentScreenBlends() throws {
        let image = try composite(
            [screenLayer("blue"), screenLayer("red", x: 10.3, alpha: 0.5)],
            screens: [plain("blue", Self.blue), plain("red", Self.red)])
        assertClose(rgb(image, 200, 300), [128, 0, 128], tolerance: 1)
        XCTAssertEqual(rgb(image, 19, 300), [0, 0, 255])
    }

    /// Translucent filtered layers are filtered into a scratch image, then faded in; that must match fading directly.
    func testFadingThroughScratchMatchesDirectPaint() throws {
        let cache = try ScreenCache(screens: [sampleScreen(), plain("red", Self.red)], size: Self.size, scale: Self.scale)
        let layouts: [(Rect, Double, Double)] = [
            (Rect(x: 10.3, y: 0, width: 200, height: 300), 0, 0.5),
            (Rect(x: -30.7, y: 12.2, width: 200, height: 300), 24, 0.3),
            (Rect(x: 20.4, y: 30.9, width: 161.3, height: 241.9), 18, 0.6),
            (Rect(x: 50.2, y: 70.1, width: 52, height: 78), 12, 0.9),  // shrunk below 3/4: box filter
            (Rect(x: -20.2, y: -30.1, width: 260, height: 390), 30, 0.8),  // grown
        ]
        let scratch = try makeCanvas(), direct = try makeCanvas()
        direct.compositor.fadesThroughScratch = false
        for (rect, radius, alpha) in layouts {
            let state = frame([
                screenLayer("red"),
                testNode("sample", screen: "sample", frame: rect, alpha: alpha, cornerRadius: radius),
            ])
            scratch.draw(state, screens: cache, options: CompositorOptions())
            direct.draw(state, screens: cache, options: CompositorOptions())
            XCTAssertLessThanOrEqual(maxDifference(scratch.rgbaImage(), direct.rgbaImage()), 2,
                                     "\(rect) r \(radius) alpha \(alpha)")
        }
    }

    /// Core Animation draws layer edges without antialiasing (`CALayer.allowsEdgeAntialiasing`
    /// is false by default): a layer covers exactly the pixels whose centers lie inside it, a
    /// center on its leading edge included. At 2x a screen at 100.25 pt (200.5 px) covers pixel
    /// 200 (center 200.5), at 100.2 pt (200.4 px) too, at 100.3 pt (200.6 px) not.
    func testLayerEdgesCoverWholePixels() throws {
        for (x, first) in [(100.25, 200), (100.2, 200), (100.3, 201), (100.0, 200)] {
            let image = try composite([screenLayer("white", x: x)], screens: [plain("white", .white)])
            XCTAssertEqual(rgb(image, first - 1, 10), [0, 0, 0], "\(x) pt")
            XCTAssertEqual(rgb(image, first, 10), [255, 255, 255], "\(x) pt")
        }
        // Scaled (filtered) and faded layers too: 50.25 pt = 100.5 px; 150.25 pt = 300.5 px.
        let scaled = try composite([testNode("white", screen: "white", frame: Rect(x: 50.25, y: 50, width: 100, height: 150))],
                                   screens: [plain("white", .white)])
        XCTAssertEqual(rgb(scaled, 99, 150), [0, 0, 0])
        XCTAssertEqual(rgb(scaled, 100, 150), [255, 255, 255])
        XCTAssertEqual(rgb(scaled, 299, 150), [255, 255, 255])
        XCTAssertEqual(rgb(scaled, 300, 150), [0, 0, 0])
        let faded = try composite([testNode("white", screen: "white", frame: Rect(x: 50.25, y: 50, width: 100, height: 150), alpha: 0.5)],
                                  screens: [plain("white", .white)])
        XCTAssertEqual(rgb(faded, 99, 150), [0, 0, 0])
        assertClose(rgb(faded, 100, 150), [128, 128, 128], tolerance: 1)
    }

    /// Two opaque white layers abutting at any fractional position — screens, fills, a screen
    /// laid out wider and scaled down (a drawer), at 1x, 2x and 3x — cover every pixel across
    /// the joint: none lets the black window through as a seam.
    func testAbuttingLayersShowNoSeamAtAnyFractionalPosition() throws {
        let size = Size(width: 100, height: 40)
        for scale in [1.0, 2.0, 3.0] {
            let cache = try ScreenCache(screens: [plain("white", .white)], size: size, scale: scale)
            let canvas = try Canvas(pixelWidth: Int(size.width * scale), pixelHeight: Int(size.height * scale), scale: scale)
            for step in 0..<40 {
                let joint = 40 + Double(step) * 0.025 + 0.0037
                let left = Rect(x: joint - 60, y: 0, width: 60, height: 40), right = Rect(x: joint, y: 0, width: 60, height: 40)
                let pairs: [(String, [RenderNode])] = [
                    ("screens", [testNode("a", screen: "white", frame: left, scale: scale), testNode("b", screen: "white", frame: right, scale: scale)]),
                    ("fill | screen", [testNode("a", fill: .white, frame: left), testNode("b", screen: "white", frame: right, scale: scale)]),
                    ("scaled | fill", [testNode("a", screen: "white", frame: left, written: Size(width: 83, height: 40), scale: scale),
                                       testNode("b", fill: .white, frame: right)]),
                    ("vertical", [testNode("a", screen: "white", frame: Rect(x: 0, y: joint - 60, width: 100, height: 60), scale: scale),
                                  testNode("b", screen: "white", frame: Rect(x: 0, y: joint, width: 100, height: 60), scale: scale)]),
                ]
                for (kind, nodes) in pairs {
                    canvas.draw(frame(nodes), screens: cache, options: CompositorOptions())
                    let image = canvas.rgbaImage()
                    let vertical = kind == "vertical"
                    let span = vertical ? image.height : image.width
                    let darkest = (0..<span).map { i in vertical ? rgb(image, 50, i)[0] : rgb(image, i, 20)[0] }.min() ?? 0
                    XCTAssertEqual(darkest, 255, "\(kind) joined at \(joint) pt at \(scale)x: a seam")
                }
            }
        }
    }

    /// Rounded corners stay smooth while straight edges are whole pixels: along a fractional
    /// layer's rounded corner some pixels are partly covered; along its straight edges none.
    func testRoundedCornersKeepTheirAntialiasing() throws {
        let layer = testNode("white", screen: "white", frame: Rect(x: 20.3, y: 30.3, width: 120, height: 180), cornerRadius: 20)
        let image = try composite([layer], screens: [plain("white", .white)])
        let corner = (40..<70).flatMap { x in (60..<90).map { y in rgb(image, x, y)[0] } }
        XCTAssertTrue(corner.contains { $0 > 10 && $0 < 245 }, "the corner's curve is antialiased")
        // Past the continuous corners (1.528 × the 40 px radius from each end).
        let edges = (130..<350).map { y in rgb(image, 40, y)[0] } + (130..<210).map { x in rgb(image, x, 60)[0] }
            + (130..<350).map { y in rgb(image, 41, y)[0] } + (130..<210).map { x in rgb(image, x, 61)[0] }
        XCTAssertTrue(edges.allSatisfy { $0 == 0 || $0 == 255 }, "the straight edges are not: \(Set(edges).sorted())")
    }

    func testMissingScreenIsConspicuous() throws {
        let image = try composite([screenLayer("nowhere")], screens: [])
        XCTAssertEqual(rgb(image, 10, 10), [255, 0, 255])
    }

    func testTouchIndicatorShowsOnBlackAndOnWhite() throws {
        let touch = Point(x: 100, y: 150)
        let cache = try ScreenCache(screens: [plain("black", .black), plain("white", .white)], size: Self.size, scale: Self.scale)
        let canvas = try makeCanvas()
        // 20 pt radius: the center, the darker rim at 17 pt, and outside.
        func samples() -> (center: Int, rim: Int, outside: Int) {
            let image = canvas.rgbaImage()
            return (Int(rgb(image, 200, 300)[0]), Int(rgb(image, 200 + 34, 300)[0]), Int(rgb(image, 200 + 42, 300)[0]))
        }

        canvas.draw(frame([screenLayer("black")], touches: [touch]), screens: cache, options: CompositorOptions(showsTouches: true))
        let onBlack = samples()
        assertClose([UInt8(onBlack.center)], [66], tolerance: 2)  // gray 0.62 at 0.42
        XCTAssertGreaterThan(onBlack.rim, 20, "the rim shows on black")
        XCTAssertEqual(onBlack.outside, 0)

        canvas.draw(frame([screenLayer("white")], touches: [touch]), screens: cache, options: CompositorOptions(showsTouches: true))
        let onWhite = samples()
        assertClose([UInt8(onWhite.center)], [214], tolerance: 2)  // 255 darkened to mid-gray at 0.42
        XCTAssertLessThan(onWhite.rim, onWhite.center - 30, "a darker rim")
        XCTAssertEqual(onWhite.outside, 255)
        let gray = rgb(canvas.rgbaImage(), 200, 300)
        XCTAssertEqual(gray[0], gray[2], "neutral gray")

        canvas.draw(frame([screenLayer("white")], touches: [touch]), screens: cache, options: CompositorOptions(showsTouches: false))
        XCTAssertEqual(rgb(canvas.rgbaImage(), 200, 300), [255, 255, 255])
    }

    // MARK: Screen contents

    func testLabelDrawsInsideItsFrameOnly() throws {
        let label = LabelView(text: "Settings", frame: Rect(x: 20, y: 100, width: 160, height: 40), fontSize: 28, weight: .bold)
        let screen = ScreenSpec(name: "s", background: .white, views: [.label(label)])
        let image = try composite([screenLayer("s")], screens: [screen])
        let inside = inkBounds(image, in: pixelRect(label.frame))
        XCTAssertNotNil(inside, "the label drew nothing")
        XCTAssertEqual(countInk(image) - countInk(image, in: pixelRect(label.frame)), 0, "ink outside the label's frame")
        if let ink = inside {
            // Vertically centered like UILabel: the line box is centered, so the ink's middle sits near the frame's.
            XCTAssertEqual(Double(ink.minY + ink.maxY) / 2, Double(pixelRect(label.frame).midY), accuracy: 8)
            XCTAssertLessThan(ink.minX, 50, "left aligned")
        }
    }

    func testLabelAlignmentAndTruncation() throws {
        let frame = Rect(x: 10, y: 10, width: 180, height: 100)
        func ink(_ label: LabelView) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
            let image = try composite([screenLayer("s")], screens: [ScreenSpec(name: "s", background: .white, views: [.label(label)])])
            return inkBounds(image, in: pixelRect(frame))
        }
        let right = try XCTUnwrap(ink(LabelView(text: "Hi", frame: frame, alignment: .right)))
        XCTAssertGreaterThan(right.minX, 300)
        XCTAssertLessThanOrEqual(right.maxX, 380)
        let center = try XCTUnwrap(ink(LabelView(text: "Hi", frame: frame, alignment: .center)))
        XCTAssertEqual(Double(center.minX + center.maxX) / 2, 200, accuracy: 6)

        let long = String(repeating: "Lorem ipsum dolor sit amet ", count: 8)
        let one = try XCTUnwrap(ink(LabelView(text: long, frame: frame, lines: 1)))
        let two = try XCTUnwrap(ink(LabelView(text: long, frame: frame, lines: 2)))
        let fitting = try XCTUnwrap(ink(LabelView(text: long, frame: frame, lines: 0)))
        let lineHeight = 17.0 * 1.21 * Self.scale
        XCTAssertLessThan(Double(one.maxY - one.minY), lineHeight, "one line only")
        XCTAssertGreaterThan(Double(two.maxY - two.minY), lineHeight)
        XCTAssertLessThan(Double(two.maxY - two.minY), 2 * lineHeight)
        XCTAssertGreaterThan(Double(fitting.maxY - fitting.minY), 3 * lineHeight, "fills the 100 pt frame")
        XCTAssertLessThanOrEqual(fitting.maxY, pixelRect(frame).maxY)
    }

    func testTextLayoutEllipsizesToTheLineLimit() throws {
        let long = String(repeating: "Lorem ipsum dolor sit amet ", count: 8)
        let frame = Rect(x: 0, y: 0, width: 180, height: 100)
        let fonts = try FontLibrary.shared.get()
        try fonts.withTextContext { context in
            let single = try TextLayout(LabelView(text: long, frame: frame, lines: 1), context: context)
            XCTAssertEqual(single.lineCount, 1)
            XCTAssertTrue(single.isEllipsized)
            let three = try TextLayout(LabelView(text: long, frame: frame, lines: 3), context: context)
            XCTAssertEqual(three.lineCount, 3)
            XCTAssertTrue(three.isEllipsized)
            let paragraphs = "First line\nSecond line\nThird line"
            let two = try TextLayout(LabelView(text: paragraphs, frame: frame, lines: 2), context: context)
            XCTAssertEqual(two.lineCount, 2, "line breaks count against the limit")
            let one = try TextLayout(LabelView(text: paragraphs, frame: frame, lines: 1), context: context)
            XCTAssertEqual(one.lineCount, 1)
            let all = try TextLayout(LabelView(text: paragraphs, frame: frame, lines: 0), context: context)
            XCTAssertEqual(all.lineCount, 3)
            let short = try TextLayout(LabelView(text: "Hi", frame: frame, lines: 1), context: context)
            XCTAssertFalse(short.isEllipsized)
            // Inter's line box at 17 pt: ascender + descender = 1.21 em.
            XCTAssertEqual(short.logicalRect.height, 17 * 1.21, accuracy: 1)
        }
    }

    func testOnlyTheBundledFontsAreVisible() throws {
        let fonts = try FontLibrary.shared.get()
        let families = fonts.familyNames
        let generic: Set<String> = ["Sans", "Serif", "Monospace", "System-ui"]
        // Scenes' own font files are in libraries of their own (`FontLibrary.library(for:)`), never in this one.
        // The fallbacks FontLibrary lists (Noto Sans Hebrew and Arabic, DejaVu Sans, Noto Color Emoji,
        // Symbola) and the icon font: nothing else.
        let bundled = Set(FontLibrary.families.components(separatedBy: ", ")).union([FontLibrary.iconFamily])
        XCTAssertTrue(bundled.isSuperset(of: ["Noto Sans Hebrew", "Noto Sans Arabic", "DejaVu Sans", "Noto Color Emoji", "Symbola"]))
        XCTAssertTrue(families.contains("Inter"), "\(families)")
        XCTAssertTrue(families.filter { !generic.contains($0) }.allSatisfy { $0.hasPrefix("Inter") || bundled.contains($0) },
                      "system fonts leaked in: \(families)")
        XCTAssertEqual(try fonts.resolvedFamily(for: "Inter"), "Inter")
        for requested in ["Sans", "Serif", "Monospace", "Liberation Serif", "Helvetica"] {
            XCTAssertEqual(try fonts.resolvedFamily(for: requested)?.hasPrefix("Inter"), true, requested)
        }
    }

    func testHeavierWeightsDrawMoreInk() throws {
        func ink(_ weight: LabelView.Weight) throws -> Int {
            let label = LabelView(text: "Weight", frame: Rect(x: 10, y: 10, width: 180, height: 40), fontSize: 24, weight: weight)
            return countInk(try composite([screenLayer("s")], screens: [ScreenSpec(name: "s", background: .white, views: [.label(label)])]))
        }
        let thin = try ink(.thin), regular = try ink(.regular), black = try ink(.black)
        XCTAssertLessThan(thin, regular)
        XCTAssertLessThan(regular, black)
    }

    func testRectBorderClipAndSubviews() throws {
        let rect = RectView(frame: Rect(x: 20, y: 20, width: 100, height: 100), fill: .white, cornerRadius: 0,
                            borderColor: Self.blue, borderWidth: 4, clipsToBounds: true, subviews: [
                                .rect(RectView(frame: Rect(x: 50, y: 50, width: 100, height: 100), fill: Self.red)),
                            ])
        let image = try composite([screenLayer("s")], screens: [ScreenSpec(name: "s", background: .black, views: [.rect(rect)])])
        // Border inside the bounds: x 40..<48 px blue, x 39 black background.
        XCTAssertEqual(rgb(image, 39, 100), [0, 0, 0])
        XCTAssertEqual(rgb(image, 40, 100), [0, 0, 255])
        XCTAssertEqual(rgb(image, 47, 100), [0, 0, 255])
        XCTAssertEqual(rgb(image, 48, 100), [255, 255, 255])
        // The subview sits at the rect's origin + (50, 50) = (70, 70) pt, clipped at 120 pt, under the border.
        XCTAssertEqual(rgb(image, 139, 139), [255, 255, 255])
        XCTAssertEqual(rgb(image, 141, 141), [255, 0, 0])
        XCTAssertEqual(rgb(image, 231, 231), [255, 0, 0])
        XCTAssertEqual(rgb(image, 237, 237), [0, 0, 255], "border drawn over the subview")
        XCTAssertEqual(rgb(image, 241, 241), [0, 0, 0], "clipped")
    }

    func testUnclippedSubviewOverflows() throws {
        let rect = RectView(frame: Rect(x: 20, y: 20, width: 100, height: 100), fill: .white, cornerRadius: 10, subviews: [
            .rect(RectView(frame: Rect(x: 50, y: 50, width: 100, height: 100), fill: Self.red)),
        ])
        let image = try composite([screenLayer("s")], screens: [ScreenSpec(name: "s", background: .black, views: [.rect(rect)])])
        XCTAssertEqual(rgb(image, 280, 280), [255, 0, 0])
        XCTAssertEqual(rgb(image, 40, 40), [0, 0, 0], "rounded corner of the rect")
    }

    func testTranslucentBackgroundKeepsItsAlphaInTheCache() throws {
        let cache = try ScreenCache(screens: [plain("glass", Color.white.withAlpha(0.5))], size: Self.size, scale: 1)
        let image = try XCTUnwrap(cache.rgbaImage(of: "glass"))
        XCTAssertEqual(image.width, 200)
        assertClose(Array(image.pixels[0..<4]), [255, 255, 255, 128], tolerance: 1)
        let composited = try composite([screenLayer("glass")], screens: [plain("glass", Color.white.withAlpha(0.5))])
        assertClose(rgb(composited, 10, 10), [128, 128, 128], tolerance: 1)
    }

    // MARK: PNG and determinism

    func testPNGRoundTrip() throws {
        let canvas = try makeCanvas()
        let cache = try ScreenCache(screens: [sampleScreen()], size: Self.size, scale: Self.scale)
        canvas.draw(sampleFrame(), screens: cache, options: CompositorOptions())
        let url = try temporaryURL("roundtrip.png")
        try canvas.writePNG(to: url)
        let loaded = try RGBAImage.load(png: url)
        XCTAssertEqual(loaded.width, canvas.pixelWidth)
        XCTAssertEqual(loaded.height, canvas.pixelHeight)
        XCTAssertEqual(maxDifference(loaded, canvas.rgbaImage()), 0)
        XCTAssertEqual(rgb(loaded, 20, 10), [0, 0, 0], "left of the screen layer at x 20.5 pt")

        let copy = try temporaryURL("copy.png")
        try loaded.writePNG(to: copy)
        XCTAssertEqual(maxDifference(try RGBAImage.load(png: copy), loaded), 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "temporary files left behind")
    }

    func testRawPixelsAreCairoARGB32() throws {
        let image = try composite([screenLayer("red", x: 100)], screens: [plain("red", Self.red)])
        XCTAssertEqual(rgb(image, 300, 0), [255, 0, 0])
        let canvas = try makeCanvas()
        let cache = try ScreenCache(screens: [plain("red", Self.red)], size: Self.size, scale: Self.scale)
        canvas.draw(frame([screenLayer("red", x: 100)]), screens: cache, options: CompositorOptions())
        XCTAssertGreaterThanOrEqual(canvas.stride, canvas.pixelWidth * 4)
        let bytes = canvas.withPixels { data in (0..<4).map { data[canvas.stride * 10 + 300 * 4 + $0] } }
        XCTAssertEqual(bytes, [0, 0, 255, 255], "B, G, R, A")
    }

    func testDrawingTwiceGivesIdenticalBytes() throws {
        let cache = try ScreenCache(screens: [sampleScreen()], size: Self.size, scale: Self.scale)
        let canvas = try makeCanvas()
        canvas.draw(sampleFrame(), screens: cache, options: CompositorOptions())
        let first = canvas.rgbaImage()
        canvas.draw(frame([screenLayer("sample", x: 37.3)]), screens: cache, options: CompositorOptions())
        canvas.draw(sampleFrame(), screens: cache, options: CompositorOptions())
        XCTAssertEqual(maxDifference(canvas.rgbaImage(), first), 0)
    }

    func testSeparatelyBuiltCachesAreIdentical() throws {
        let a = try ScreenCache(screens: [sampleScreen()], size: Self.size, scale: Self.scale)
        let b = try ScreenCache(screens: [sampleScreen()], size: Self.size, scale: Self.scale)
        let imageA = try XCTUnwrap(a.rgbaImage(of: "sample")), imageB = try XCTUnwrap(b.rgbaImage(of: "sample"))
        XCTAssertEqual(maxDifference(imageA, imageB), 0)
        let canvas = try makeCanvas()
        canvas.draw(sampleFrame(), screens: a, options: CompositorOptions())
        let fromA = canvas.rgbaImage()
        canvas.draw(sampleFrame(), screens: b, options: CompositorOptions())
        XCTAssertEqual(maxDifference(canvas.rgbaImage(), fromA), 0)
    }

    func testCanvasesOnSeveralThreadsShareOneCache() throws {
        let cache = try ScreenCache(screens: [sampleScreen(), plain("red", Self.red)], size: Self.size, scale: Self.scale)
        let states = (0..<16).map { i in
            frame([screenLayer("red"), screenLayer("sample", x: Double(i) * 7.5)], touches: [Point(x: 100, y: Double(i) * 10)])
        }
        let serialCanvas = try makeCanvas()
        let serial = states.map { state -> [UInt8] in
            serialCanvas.draw(state, screens: cache, options: CompositorOptions())
            return rawBytes(serialCanvas)
        }
        let results = ResultBox<[UInt8]>(count: states.count)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            guard let canvas = try? Canvas(pixelWidth: 400, pixelHeight: 600, scale: Self.scale) else { return }
            for index in Swift.stride(from: worker, to: states.count, by: 4) {
                for _ in 0..<3 {
                    canvas.draw(states[index], screens: cache, options: CompositorOptions())
                }
                results.set(index, rawBytes(canvas))
            }
        }
        for index in states.indices {
            XCTAssert(results.get(index) == serial[index], "frame \(index) differs")
        }
    }

    func testEachScreenBuildsOnItsOwnThread() throws {
        let caches = ResultBox<RGBAImage>(count: 4)
        let screen = sampleScreen()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            if let cache = try? ScreenCache(screens: [screen], size: Self.size, scale: Self.scale),
               let image = cache.rgbaImage(of: "sample") {
                caches.set(i, image)
            }
        }
        let first = try XCTUnwrap(caches.get(0))
        for i in 1..<4 {
            XCTAssertEqual(maxDifference(try XCTUnwrap(caches.get(i)), first), 0)
        }
    }

    func testPadEdgesRepeatsTheLastColumnAndRow() throws {
        let cache = try ScreenCache(screens: [sampleScreen()], size: Size(width: 99, height: 149), scale: 1)
        let canvas = try Canvas(pixelWidth: 100, pixelHeight: 150, scale: 1)
        let layer = testNode("sample", screen: "sample", frame: Rect(x: 0, y: 0, width: 99, height: 149))
        canvas.draw(frame([layer], touches: [Point(x: 99, y: 149)]), screens: cache, options: CompositorOptions())
        canvas.padEdges(contentWidth: 99, contentHeight: 149)
        let image = canvas.rgbaImage()
        for y in 0..<150 {
            XCTAssertEqual(rgb(image, 99, y), rgb(image, 98, min(y, 148)), "row \(y)")
        }
        for x in 0..<100 {
            XCTAssertEqual(rgb(image, x, 149), rgb(image, min(x, 98), 148), "column \(x)")
        }
    }

    // MARK: Errors

    func testErrors() throws {
        XCTAssertThrowsError(try Canvas(pixelWidth: 0, pixelHeight: 10, scale: 1)) { error in
            XCTAssertEqual(error as? RasterError, .invalidSize(width: 0, height: 10, scale: 1))
        }
        XCTAssertThrowsError(try ScreenCache(screens: [plain("a", .white), plain("a", .black)], size: Self.size, scale: 1)) { error in
            XCTAssertEqual(error as? RasterError, .duplicateScreen("a"))
        }
        XCTAssertThrowsError(try ScreenCache(screens: [plain("a", .white)], size: Size(width: 0, height: 10), scale: 1))
        XCTAssertThrowsError(try RGBAImage.load(png: temporaryURL("absent.png"))) { error in
            guard case .png? = error as? RasterError else { return XCTFail("\(error)") }
        }
        let notPNG = try temporaryURL("text.png")
        try Data("hello".utf8).write(to: notPNG)
        XCTAssertThrowsError(try RGBAImage.load(png: notPNG))
        let canvas = try makeCanvas()
        XCTAssertThrowsError(try canvas.writePNG(to: URL(fileURLWithPath: "/nonexistent-dir/x.png")))
        XCTAssertThrowsError(try FontLibrary(directory: "/nonexistent-fonts")) { error in
            XCTAssertEqual(error as? RasterError, .fontsMissing(directory: "/nonexistent-fonts"))
            XCTAssert("\(error)".contains("scripts/bootstrap"))
        }
    }

    // MARK: Example and speed

    /// Writes the sample frame at the iPhone 15's real size to `$RASTER_EXAMPLE_PNG` when set.
    func testExampleFrameAtDeviceSize() throws {
        let device = try XCTUnwrap(Device.presets["iphone-15"])
        let cache = try ScreenCache(screens: [exampleScreen(device)], device: device)
        let canvas = try Canvas(pixelWidth: 1179, pixelHeight: 2556, scale: device.scale)
        let state = frame([
            testNode("home", screen: "home", frame: device.bounds, cornerRadius: device.cornerRadius),
            testNode("dimming", fill: (Color.black.withAlpha(0.3)), frame: device.bounds),
        ], touches: [Point(x: 300, y: 420)])
        canvas.draw(state, screens: cache, options: CompositorOptions())
        if let path = ProcessInfo.processInfo.environment["RASTER_EXAMPLE_PNG"] {
            try canvas.writePNG(to: URL(fileURLWithPath: path))
        }
        XCTAssertEqual(rgb(canvas.rgbaImage(), 0, 0), [0, 0, 0], "device corner")
    }

    // MARK: Helpers

    private func plain(_ name: String, _ color: Color) -> ScreenSpec {
        ScreenSpec(name: name, background: color, views: [])
    }

    private func screenLayer(_ name: String, x: Double = 0, alpha: Double = 1) -> RenderNode {
        testNode(name, screen: name, frame: Rect(origin: Point(x: x, y: 0), size: Self.size), alpha: alpha)
    }

    private func frame(_ layers: [RenderNode], touches: [Point] = []) -> FrameState {
        FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: touches, nodes: layers)
    }

    private func makeCanvas() throws -> Canvas {
        try Canvas(pixelWidth: Int(Self.size.width * Self.scale), pixelHeight: Int(Self.size.height * Self.scale), scale: Self.scale)
    }

    private func composite(_ layers: [RenderNode], screens: [ScreenSpec]) throws -> RGBAImage {
        let cache = try ScreenCache(screens: screens, size: Self.size, scale: Self.scale)
        let canvas = try makeCanvas()
        canvas.draw(frame(layers), screens: cache, options: CompositorOptions())
        return canvas.rgbaImage()
    }

    private func sampleScreen() -> ScreenSpec {
        ScreenSpec(name: "sample", background: Color(r8: 242, g8: 242, b8: 247), views: [
            .label(LabelView(text: "Settings", frame: Rect(x: 16, y: 40, width: 168, height: 41), fontSize: 34, weight: .bold)),
            .rect(RectView(frame: Rect(x: 16, y: 100, width: 168, height: 88), fill: .white, cornerRadius: 10, subviews: [
                .label(LabelView(text: "Wi-Fi", frame: Rect(x: 16, y: 0, width: 136, height: 44))),
                .rect(RectView(frame: Rect(x: 16, y: 43.5, width: 152, height: 0.5), fill: Color(r8: 198, g8: 198, b8: 200))),
                .label(LabelView(text: "Bluetooth", frame: Rect(x: 16, y: 44, width: 136, height: 44),
                                 color: Color(r8: 60, g8: 60, b8: 67, alpha: 0.6), alignment: .right)),
            ])),
        ])
    }

    private func sampleFrame() -> FrameState {
        frame([
            screenLayer("sample", x: 20.5),
            testNode("dimming", fill: (Color.black.withAlpha(0.2)), frame: Rect(origin: .zero, size: Self.size)),
        ], touches: [Point(x: 60, y: 120)])
    }

    private func exampleScreen(_ device: Device) -> ScreenSpec {
        let width = device.size.width
        let row = { (y: Double, title: String, detail: String) -> [ViewSpec] in
            [
                .label(LabelView(text: title, frame: Rect(x: 16, y: y, width: width - 64, height: 44))),
                .label(LabelView(text: detail, frame: Rect(x: 16, y: y, width: width - 64, height: 44),
                                 color: Color(r8: 60, g8: 60, b8: 67, alpha: 0.6), alignment: .right)),
            ]
        }
        var rows: [ViewSpec] = []
        rows += row(0, "Wi-Fi", "Home")
        rows.append(.rect(RectView(frame: Rect(x: 16, y: 43.5, width: width - 48, height: 0.5), fill: Color(r8: 198, g8: 198, b8: 200))))
        rows += row(44, "Bluetooth", "On")
        rows.append(.rect(RectView(frame: Rect(x: 16, y: 87.5, width: width - 48, height: 0.5), fill: Color(r8: 198, g8: 198, b8: 200))))
        rows += row(88, "Personal Hotspot", "Off")
        return ScreenSpec(name: "home", background: Color(r8: 242, g8: 242, b8: 247), views: [
            .label(LabelView(text: "Settings", frame: Rect(x: 16, y: 96, width: width - 32, height: 41), fontSize: 34, weight: .bold)),
            .rect(RectView(frame: Rect(x: 16, y: 160, width: width - 32, height: 132), fill: .white, cornerRadius: 10,
                           clipsToBounds: true, subviews: rows)),
            .label(LabelView(text: "Turning on Personal Hotspot shares this phone's internet connection with nearby devices; long text is truncated after two lines like this one, which keeps going.",
                             frame: Rect(x: 32, y: 300, width: width - 64, height: 40), fontSize: 13,
                             color: Color(r8: 60, g8: 60, b8: 67, alpha: 0.6), lines: 2)),
            .rect(RectView(frame: Rect(x: 16, y: 380, width: width - 32, height: 50), fill: SystemColor.named("systemBlue") ?? Self.blue,
                           cornerRadius: 12, subviews: [
                               .label(LabelView(text: "Continue", frame: Rect(x: 0, y: 0, width: width - 32, height: 50),
                                                weight: .semibold, color: .white, alignment: .center)),
                           ])),
            .rect(RectView(frame: Rect(x: 16, y: 450, width: width - 32, height: 50), fill: .clear, cornerRadius: 12,
                           borderColor: SystemColor.named("systemBlue"), borderWidth: 1.5, subviews: [
                               .label(LabelView(text: "Not Now", frame: Rect(x: 0, y: 0, width: width - 32, height: 50),
                                                weight: .medium, color: SystemColor.named("systemBlue") ?? Self.blue, alignment: .center)),
                           ])),
        ])
    }

    /// `name` in a folder of its own, removed after the test.
    private func temporaryURL(_ name: String) throws -> URL {
        try CLI.temporaryFolder(self).appendingPathComponent(name)
    }
}

// MARK: - Pixel helpers

/// The canvas's bytes as Cairo holds them.
func rawBytes(_ canvas: Canvas) -> [UInt8] {
    canvas.withPixels { Array(UnsafeBufferPointer(start: $0, count: canvas.stride * canvas.pixelHeight)) }
}

/// The largest difference of any channel of any pixel; `Int.max` when the sizes differ.
func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    guard a.width == b.width, a.height == b.height else { return .max }
    return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}

/// Red, green, blue at pixel (`x`, `y`).
func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * image.width + x) * 4
    return Array(image.pixels[i..<i + 3])
}

func assertClose(_ actual: [UInt8], _ expected: [UInt8], tolerance: Int, file: StaticString = #filePath, line: UInt = #line) {
    let close = actual.count == expected.count && zip(actual, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    XCTAssert(close, "\(actual) is not within \(tolerance) of \(expected)", file: file, line: line)
}

/// A pixel rectangle: `minX..<maxX`, `minY..<maxY`.
struct PixelRect {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var midY: Int { (minY + maxY) / 2 }
}

private func pixelRect(_ rect: Rect) -> PixelRect {
    PixelRect(minX: Int(rect.minX * RasterTests.scale), minY: Int(rect.minY * RasterTests.scale),
              maxX: Int(rect.maxX * RasterTests.scale), maxY: Int(rect.maxY * RasterTests.scale))
}

/// Pixels differing from the top-left pixel (the background), within `rect` or anywhere.
func countInk(_ image: RGBAImage, in rect: PixelRect? = nil) -> Int {
    let r = rect ?? PixelRect(minX: 0, minY: 0, maxX: image.width, maxY: image.height)
    let background = rgb(image, 0, 0)
    var count = 0
    for y in r.minY..<r.maxY {
        for x in r.minX..<r.maxX where rgb(image, x, y) != background {
            count += 1
        }
    }
    return count
}

/// The bounds (inclusive) of pixels within `rect` differing from `background` (default: the top-left pixel).
func inkBounds(_ image: RGBAImage, in rect: PixelRect, background: [UInt8]? = nil) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    let background = background ?? rgb(image, 0, 0)
    var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in rect.minY..<rect.maxY {
        for x in rect.minX..<rect.maxX where rgb(image, x, y) != background {
            if let b = bounds {
                bounds = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
            } else {
                bounds = (x, y, x, y)
            }
        }
    }
    return bounds
}

/// Results written by concurrent workers, one slot each.
private final class ResultBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        values[index] = value
    }

    func get(_ index: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}
