import Foundation
import Geometry
@testable import Raster
import RenderTree
import Scene
import XCTest

/// Liquid Glass on pixels (`GlassFilter`, `MaterialLook.glass`): each property the glass has and a
/// blur has not — lensing at the rim, the specular rim, the adaptive tone, clear against regular,
/// Reduce Transparency — checked on the filter's output and, beside it, on the same case drawn by
/// the plain `BackdropFilter` of the same look without its `glass` (the property must not hold
/// there, so that a glass drawn as a mere blur fails). Reference levels come from the grade's
/// published formula (`GlassOptics.Grade`: luminance to black + (white − black) · Y, then the fill
/// laid over) and the recipe's numbers in `MaterialLook.glass` [RE], not from the filter's output.
///
/// The case: a 200 × 100 px canvas at 1 pixel per point, a 120 × 44 capsule (radius 22) at
/// (40, 28): a 44 pt bar button's glass, refracting 22 px (−min(60, 44 / 2)) over an 11 px band
/// (min(20, 44 / 4)) and blurred at σ 4 px.
final class GlassFilterTests: XCTestCase {
    private let canvas = (width: 200, height: 100)
    private let area = (x: 40, y: 28, width: 120, height: 44)
    private let radius = 22.0

    // MARK: Helpers

    /// An opaque grey `0xAARRGGBB` of level `v` (0…255).
    private func grey(_ v: Int) -> UInt32 { 0xFF00_0000 | UInt32(v) << 16 | UInt32(v) << 8 | UInt32(v) }

    /// The canvas filled by `pixel(x, y)`.
    private func source(_ pixel: (Int, Int) -> UInt32) -> [UInt32] {
        (0..<(canvas.width * canvas.height)).map { pixel($0 % canvas.width, $0 / canvas.width) }
    }

    /// The glass of `look` over the capsule (its rows filtered in one call).
    private func glass(_ look: MaterialLook, over source: [UInt32]) -> [UInt32] {
        XCTAssertNotNil(look.glass, "a glass look")
        var output = [UInt32](repeating: 0, count: area.width * area.height)
        source.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { output in
                let filter = GlassFilter(look, scale: 1)
                filter.apply(
                    source: source.baseAddress!, sourceStride: canvas.width, canvasWidth: canvas.width, canvasHeight: canvas.height,
                    x0: area.x, y0: area.y, width: area.width, height: area.height,
                    map: GlassFilter.ShapeMap(filter, width: area.width, height: area.height, cornerRadius: radius), shapeX: area.x, shapeY: area.y,
                    output: output.baseAddress!, outputStride: area.width, scratch: BackdropScratch(), blurred: BackdropScratch())
            }
        }
        return output
    }

    /// The same case drawn as a plain blur: `look` without its glass, by `BackdropFilter`.
    private func plainBlur(_ look: MaterialLook, over source: [UInt32]) -> [UInt32] {
        var plain = look
        plain.glass = nil
        var output = [UInt32](repeating: 0, count: area.width * area.height)
        source.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { output in
                BackdropFilter(plain, scale: 1).apply(
                    source: source.baseAddress!, sourceStride: canvas.width, canvasWidth: canvas.width, canvasHeight: canvas.height,
                    x0: area.x, y0: area.y, width: area.width, height: area.height, output: output.baseAddress!,
                    outputStride: area.width)
            }
        }
        return output
    }

    /// BT.709 luminance (0…1) of an opaque output pixel.
    private func luminance(_ p: UInt32) -> Double {
        (0.2126 * Double((p >> 16) & 0xFF) + 0.7152 * Double((p >> 8) & 0xFF) + 0.0722 * Double(p & 0xFF)) / 255
    }

    private func luminance(_ output: [UInt32], _ i: Int, _ j: Int) -> Double { luminance(output[j * area.width + i]) }

    /// The luminances of the pixels of `output` in columns `columns` and rows `rows`.
    private func levels(_ output: [UInt32], columns: Range<Int>, rows: Range<Int>) -> [Double] {
        rows.flatMap { j in columns.map { i in luminance(output, i, j) } }
    }

    private func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

    private func standardDeviation(_ values: [Double]) -> Double {
        let m = mean(values)
        return (values.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(max(values.count, 1))).squareRoot()
    }

    /// The capsule's straight part, between its two round ends: where "the interior" is measured.
    private var straight: Range<Int> { Int(radius)..<(area.width - Int(radius)) }
    /// The interior away from the refracting band (11 px) and the rim's diffuse band (8 px).
    private let deepRows = 12..<32, deepColumns = 34..<86

    /// The light grade of regular glass over grey `y` (0…1), luminance out: black 0.5, white 1.03,
    /// then white at 0.2 laid over (`MaterialLook.glass`, regular, light) [RE].
    private func regularLight(_ y: Double) -> Double { (0.5 + (1.03 - 0.5) * y) * 0.8 + 0.2 }

    // MARK: a. Lensing

    /// A black/white edge 6 px inside the capsule's left rim (black outside it): across the middle
    /// row a blur crosses mid-grey at the edge, 6 px in; the glass shows at its rim what lies
    /// 8.5–22 px inside (the shift 22 · (1 − √(t(2 − t))) over the 11 px band, t = depth / 11), all of
    /// it white, so its crossing moves out to the rim. Mid-grey: the output of Y = 0.5 — 0.5 for
    /// the blur, the light grade's `regularLight(0.5)` for the glass (white dominates what lies
    /// behind, so it takes its light grade).
    func testLensingDisplacesAnEdgeInsideTheRim() {
        let edge = area.x + 6
        let content = source { x, _ in x < edge ? self.grey(0) : self.grey(255) }
        let look = MaterialLook.glass(extent: 44, appearance: .light)
        let row = area.height / 2
        func crossing(_ output: [UInt32], mid: Double) -> Int? {
            (0..<(area.width / 2)).first { luminance(output, $0, row) >= mid }
        }
        let blurred = try? XCTUnwrap(crossing(plainBlur(look, over: content), mid: 0.5))
        let glassed = try? XCTUnwrap(crossing(glass(look, over: content), mid: regularLight(0.5)))
        guard let blurred, let glassed else { return XCTFail("no crossing: blur \(String(describing: blurred)), glass \(String(describing: glassed))") }
        XCTAssertEqual(blurred, 6, accuracy: 1, "the plain blur crosses at the edge itself")
        XCTAssertGreaterThan(abs(glassed - blurred), 2,
                             "lensing: the glass's crossing (column \(glassed)) moves more than 2 px from the blur's (\(blurred))")
        // Away from the band the glass does not refract: an edge 30 px in crosses where the blur does.
        let deep = source { x, _ in x < self.area.x + 30 ? self.grey(0) : self.grey(255) }
        let deepBlur = crossing(plainBlur(look, over: deep), mid: 0.5), deepGlass = crossing(glass(look, over: deep), mid: regularLight(0.5))
        XCTAssertNotNil(deepGlass)
        XCTAssertEqual(Double(deepGlass ?? -99), Double(deepBlur ?? 99), accuracy: 1.5, "no lensing beyond the 11 px band")
    }

    // MARK: b. The specular rim

    /// Over uniform mid-grey (128) the glass's top-centre rim pixel is lighter than its centre (the
    /// key light's band, `CASDFKeyFillHighlightEffect`), and the centre is the light grade's level
    /// for that grey; a blur of uniform grey is uniform, rim and centre alike.
    func testTheRimIsBrighterThanTheInteriorOverUniformGrey() {
        let content = source { _, _ in self.grey(128) }
        let look = MaterialLook.glass(extent: 44, appearance: .light)
        let out = glass(look, over: content)
        let rim = luminance(out, area.width / 2, 0), centre = luminance(out, area.width / 2, area.height / 2)
        XCTAssertGreaterThan(rim - centre, 0.02, "rim \(rim) over centre \(centre)")
        XCTAssertEqual(centre, regularLight(128.0 / 255), accuracy: 1.5 / 255, "the face: the light grade of grey 128")
        let plain = plainBlur(look, over: content)
        XCTAssertEqual(luminance(plain, area.width / 2, 0), luminance(plain, area.width / 2, area.height / 2), accuracy: 1.0 / 255,
                       "a plain blur has no rim")
    }

    // MARK: c. Adaptivity

    /// A bar button's glass (44 pt, adaptive) is dark over black and light over white; a large
    /// shape's (200 pt: above `GlassOptics.smallExtent`, so the appearance's grade) stays light over
    /// black. Over black the light grade gives 0.5 · 0.8 + 0.2 = 0.6 at least; a blur gives black.
    func testSmallGlassAdaptsAndLargeGlassKeepsTheAppearancesTone() {
        let black = source { _, _ in self.grey(0) }, white = source { _, _ in self.grey(255) }
        let small = MaterialLook.glass(extent: 44, appearance: .light)
        let large = MaterialLook.glass(extent: 200, appearance: .light)
        XCTAssertEqual(small.glass?.tone, .adaptive)
        XCTAssertEqual(large.glass?.tone, .light)
        let interior = { (output: [UInt32]) in self.mean(self.levels(output, columns: self.straight, rows: 0..<self.area.height)) }
        XCTAssertLessThan(interior(glass(small, over: black)), 0.35, "small glass over black is dark")
        XCTAssertGreaterThan(interior(glass(small, over: white)), 0.8, "small glass over white is light")
        let largeOverBlack = interior(glass(large, over: black))
        XCTAssertGreaterThan(largeOverBlack, 0.55, "large glass over black keeps its light grade (0.6)")
        XCTAssertLessThan(interior(plainBlur(large, over: black)), 0.05, "a blur over black is black")
    }

    /// The flip is at `GlassOptics.adaptiveThreshold` (0.4) of the mean luminance behind: over grey
    /// 0.42 the light grade (0.5 + 0.53 · 0.42, white 0.2 over), over 0.38 the dark one (0.2 + 0.4 ·
    /// 0.38, black 0.2 over) — a jump of about 0.5 for a step of 0.04; a blur steps by 0.04.
    func testAdaptiveGlassFlipsAtTheThreshold() {
        let above = 107, below = 97  // 0.420 and 0.380
        let small = MaterialLook.glass(extent: 44, appearance: .light)
        func centre(_ output: [UInt32]) -> Double { luminance(output, area.width / 2, area.height / 2) }
        let light = centre(glass(small, over: source { _, _ in self.grey(above) }))
        let dark = centre(glass(small, over: source { _, _ in self.grey(below) }))
        XCTAssertEqual(light, regularLight(Double(above) / 255), accuracy: 1.5 / 255)
        XCTAssertEqual(dark, (0.2 + 0.4 * Double(below) / 255) * 0.8, accuracy: 1.5 / 255)
        XCTAssertGreaterThan(light - dark, 0.4)
        let plainStep = centre(plainBlur(small, over: source { _, _ in self.grey(above) }))
            - centre(plainBlur(small, over: source { _, _ in self.grey(below) }))
        XCTAssertLessThan(plainStep, 0.05, "a blur has no flip")
    }

    // MARK: d. Clear against regular

    /// Over vertical black/white stripes 8 px wide, the interior's contrast (the standard deviation
    /// of its luminance) is higher through clear glass than through regular. Both follow their
    /// grade: luminance maps linearly, so each glass's contrast is its blur's times the grade's
    /// slope — regular (white − black) · (1 − fill) = 0.53 · 0.8 = 0.424, clear (1 − dimming) ·
    /// (white − black) = 0.65 · 0.75 = 0.4875 [RE, HIG "Materials": "a dark dimming layer of 35%
    /// opacity"].
    ///
    /// The ordering alone would hold for plain blurs of the two looks too (σ 1 against σ 4 px);
    /// what only glass does is the dimming: over white, clear shows 0.05 + 0.75 · 0.65 ≈ 0.54 while
    /// regular shows white, and both blurs show white.
    func testClearLetsMoreThroughThanRegular() {
        let stripes = source { x, _ in (x / 8) % 2 == 0 ? self.grey(0) : self.grey(255) }
        let regular = MaterialLook.glass(.regular, extent: 44, appearance: .light)
        let clear = MaterialLook.glass(.clear, extent: 44, appearance: .light)
        func contrast(_ output: [UInt32]) -> Double { standardDeviation(levels(output, columns: deepColumns, rows: deepRows)) }
        let regularContrast = contrast(glass(regular, over: stripes)), clearContrast = contrast(glass(clear, over: stripes))
        XCTAssertGreaterThan(clearContrast, regularContrast)
        XCTAssertEqual(regularContrast / contrast(plainBlur(regular, over: stripes)), 0.424, accuracy: 0.02, "regular's grade slope")
        XCTAssertEqual(clearContrast / contrast(plainBlur(clear, over: stripes)), 0.4875, accuracy: 0.02, "clear's dimming and levels")

        let white = source { _, _ in self.grey(255) }
        func face(_ output: [UInt32]) -> Double { mean(levels(output, columns: deepColumns, rows: deepRows)) }
        XCTAssertEqual(face(glass(clear, over: white)), 0.05 + 0.75 * 0.65, accuracy: 2.0 / 255, "clear over white: dimmed, levelled")
        XCTAssertGreaterThan(face(glass(regular, over: white)), 0.97)
        XCTAssertEqual(face(plainBlur(clear, over: white)), face(plainBlur(regular, over: white)), accuracy: 1.0 / 255,
                       "plain blurs of both looks show white alike")
    }

    // MARK: e. Reduce Transparency

    /// With Reduce Transparency the face is frosted near opaque (`GlassOptics.frostedLight` at
    /// 0.97): over black/white stripes the interior is uniform and within 0.03 of the frost in each
    /// channel (3 % of what lies behind shows); a blur of the stripes is not uniform.
    func testReduceTransparencyIsNearOpaque() {
        let stripes = source { x, _ in (x / 8) % 2 == 0 ? self.grey(0) : self.grey(255) }
        let look = MaterialLook.glass(extent: 44, appearance: .light, reduceTransparency: true)
        XCTAssertEqual(look.glass?.opaque, true)
        let out = glass(look, over: stripes)
        let interior = levels(out, columns: straight, rows: 2..<(area.height - 2))
        XCTAssertLessThan(standardDeviation(interior), 0.02, "uniform")
        let frost = GlassOptics.frostedLight
        for (i, j) in [(area.width / 2, area.height / 2), (30, 10), (90, 35)] {
            let p = out[j * area.width + i]
            XCTAssertEqual(Double((p >> 16) & 0xFF) / 255, frost.red, accuracy: 0.03, "red at (\(i), \(j))")
            XCTAssertEqual(Double((p >> 8) & 0xFF) / 255, frost.green, accuracy: 0.03, "green at (\(i), \(j))")
            XCTAssertEqual(Double(p & 0xFF) / 255, frost.blue, accuracy: 0.03, "blue at (\(i), \(j))")
        }
        XCTAssertGreaterThan(standardDeviation(levels(plainBlur(look, over: stripes), columns: straight, rows: 2..<(area.height - 2))), 0.05,
                             "a blur shows the stripes")
    }

    // MARK: f. Determinism

    /// The same input gives the same bytes: the filter run twice, and through the compositor a
    /// glass capsule over a card scrolling beneath it, repainted in rows (`drawChanges`) and drawn
    /// whole, frame after frame.
    func testTheSameInputGivesTheSameBytes() throws {
        let stripes = source { x, y in ((x + y) / 7) % 2 == 0 ? self.grey(20) : self.grey(230) }
        let look = MaterialLook.glass(extent: 44, appearance: .light)
        XCTAssertEqual(glass(look, over: stripes), glass(look, over: stripes))

        let size = Size(width: 100, height: 200), scale = 2.0
        // A grey screen: over white the light grade and the rim both clip to white.
        let screens = try ScreenCache(screens: [ScreenSpec(name: "grey", background: Color(red: 0.5, green: 0.5, blue: 0.5), views: [])],
                                      size: size, scale: scale)
        let background = testNode("grey", screen: "grey", frame: Rect(origin: .zero, size: size))
        let capsule = RenderNode(id: "glass", content: .backdrop(look), size: Size(width: 80, height: 44),
                                 transform: AffineTransform(translationX: 10, y: 20), cornerRadius: 22)
        func frame(cardY: Double) -> FrameState {
            let card = testNode("card", fill: Color(red: 0.1, green: 0.1, blue: 0.6), frame: Rect(x: 5, y: cardY, width: 60, height: 30))
            return FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: [],
                              nodes: [background, card, capsule])
        }
        let partial = try Canvas(pixelWidth: 200, pixelHeight: 400, scale: scale)
        let whole = try Canvas(pixelWidth: 200, pixelHeight: 400, scale: scale)
        let again = try Canvas(pixelWidth: 200, pixelHeight: 400, scale: scale)
        func pixels(_ canvas: Canvas) -> [UInt8] {
            canvas.withPixels { Array(UnsafeBufferPointer(start: $0, count: canvas.stride * canvas.pixelHeight)) }
        }
        for y in [0.0, 8, 15, 27, 40, 60, 120] {
            _ = partial.drawChanges(frame(cardY: y), screens: screens, options: CompositorOptions())
            whole.draw(frame(cardY: y), screens: screens, options: CompositorOptions())
            again.draw(frame(cardY: y), screens: screens, options: CompositorOptions())
            XCTAssertTrue(pixels(partial) == pixels(whole), "card at \(y) pt: the rows repainted under the glass differ from a full draw")
            XCTAssertTrue(pixels(again) == pixels(whole), "card at \(y) pt: two full draws differ")
        }
        // The glass is drawn: its face (the light grade of grey 0.5, about 0.81) is not the screen's
        // grey, so the test above compares glass, not an empty node.
        whole.draw(frame(cardY: 120), screens: screens, options: CompositorOptions())
        let face = whole.withPixels { p in Int(p[84 * whole.stride + 100 * 4 + 1]) }
        let outside = whole.withPixels { p in Int(p[150 * whole.stride + 100 * 4 + 1]) }
        XCTAssertEqual(Double(outside), 127.5, accuracy: 1, "the screen's grey away from the glass")
        XCTAssertEqual(Double(face) / 255, regularLight(Double(outside) / 255), accuracy: 2.0 / 255, "the glass's face over the grey")
    }

    // MARK: Glass partly off the canvas

    /// A capsule partly off the canvas — a sheet's bar buttons rising from below the screen, the tab
    /// bar's pill sliding away under a push with `hidesBottomBarWhenPushed` — keeps its shape: what
    /// shows of it is what the same capsule shows wholly on a wider canvas. Over uniform grey the
    /// blur is the same everywhere, so only the shape (the rim's light, the refraction) can differ.
    /// Here a 120 × 44 capsule (radius 22) lies 40 px off the left edge; its visible part must
    /// match the whole one's columns 40…119 within 2 code values.
    func testAGlassPartlyOffTheCanvasKeepsItsShape() throws {
        let grey = Color(red: 0.5, green: 0.5, blue: 0.5)
        let look = MaterialLook.glass(extent: 44, appearance: .light)
        func draw(width: Int, capsuleX: Double) throws -> (pixels: [UInt8], stride: Int) {
            let size = Size(width: Double(width), height: 100)
            let screens = try ScreenCache(screens: [ScreenSpec(name: "grey", background: grey, views: [])], size: size, scale: 1)
            let background = testNode("grey", screen: "grey", frame: Rect(origin: .zero, size: size), scale: 1)
            let capsule = RenderNode(id: "glass", content: .backdrop(look), size: Size(width: 120, height: 44),
                                     transform: AffineTransform(translationX: capsuleX, y: 28), cornerRadius: 22)
            let canvas = try Canvas(pixelWidth: width, pixelHeight: 100, scale: 1)
            canvas.draw(FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: [], nodes: [background, capsule]),
                        screens: screens, options: CompositorOptions())
            return (canvas.withPixels { Array(UnsafeBufferPointer(start: $0, count: canvas.stride * canvas.pixelHeight)) }, canvas.stride)
        }
        let clipped = try draw(width: 200, capsuleX: -40), whole = try draw(width: 240, capsuleX: 0)
        var largest = 0, at = (0, 0)
        for y in 28..<72 {
            for x in 0..<80 {
                for c in 0..<3 {
                    let d = abs(Int(clipped.pixels[y * clipped.stride + x * 4 + c]) - Int(whole.pixels[y * whole.stride + (x + 40) * 4 + c]))
                    if d > largest { largest = d; at = (x, y) }
                }
            }
        }
        XCTAssertLessThanOrEqual(largest, 2,
                                 "GLASS BUG (GlassFilter via BackdropFilters.filtered): a glass shape partly off the canvas is shaped, "
                                 + "rimmed and refracted as the part of it on the canvas (the clamped backdrop area), not as the node: "
                                 + "largest difference \(largest) at (\(at.0), \(at.1)) from the same capsule drawn whole")
    }
}
