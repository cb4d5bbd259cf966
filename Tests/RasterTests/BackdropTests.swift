import Foundation
import Geometry
@testable import Raster
import RenderTree
import Scene
import XCTest

/// The materials' backdrop (`BackdropFilter`, `NodeContent.backdrop`): the blur against a
/// Gaussian computed here by plain convolution, each material's colours against its recipe's
/// numbers and the formulas of Core Animation's filters, and repainting in rows under a blurred
/// bar against a full draw.
final class BackdropTests: XCTestCase {
    /// A look that only blurs: saturation 1 is the identity matrix, a clear tint lays nothing over.
    private func blurOnly(_ sigma: Double) -> MaterialLook {
        MaterialLook(blurRadius: sigma, saturation: 1, tint: .clear)
    }

    /// An opaque test picture, `0xAARRGGBB`: hard-edged squares of three colours on a mid gray, so
    /// the blur has steps to smooth in every channel.
    private func picture(width: Int, height: Int) -> [UInt32] {
        (0..<(width * height)).map { index in
            let x = index % width, y = index / width
            let (r, g, b): (UInt32, UInt32, UInt32) = switch ((x / 23) + 2 * (y / 31)) % 4 {
            case 0: (230, 40, 30)
            case 1: (20, 200, 60)
            case 2: (128, 128, 128)
            default: (30, 60, 240)
            }
            return 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }

    private func channel(_ pixel: UInt32, _ shift: UInt32) -> Double { Double((pixel >> shift) & 0xFF) }

    /// Runs the filter of `look` at `scale` on `source` (`width` x `height`) over `area`.
    private func filtered(_ look: MaterialLook, scale: Double, source: [UInt32], width: Int, height: Int,
                          area: (x: Int, y: Int, width: Int, height: Int)) -> [UInt32] {
        var output = [UInt32](repeating: 0, count: area.width * area.height)
        source.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { output in
                BackdropFilter(look, scale: scale).apply(
                    source: source.baseAddress!, sourceStride: width, canvasWidth: width, canvasHeight: height,
                    x0: area.x, y0: area.y, width: area.width, height: area.height, output: output.baseAddress!,
                    outputStride: area.width)
            }
        }
        return output
    }

    /// The Gaussian blur of standard deviation `sigma` pixels at pixel (x, y) of `source`, channels
    /// B, G, R, by direct 2-D convolution with the kernel e^(−(dx² + dy²) / 2σ²) normalized over
    /// ±4σ, the picture's edge pixels repeated outward.
    private func gaussian(_ source: [UInt32], width: Int, height: Int, x: Int, y: Int, sigma: Double) -> [Double] {
        let radius = Int((4 * sigma).rounded(.up))
        let taps = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        var sums = [0.0, 0.0, 0.0], weights = 0.0
        for dy in -radius...radius {
            let sy = min(max(y + dy, 0), height - 1)
            for dx in -radius...radius {
                let pixel = source[sy * width + min(max(x + dx, 0), width - 1)]
                // e^(−(dx² + dy²) / 2σ²), the 2-D kernel's weight at (dx, dy).
                let w = taps[dx + radius] * taps[dy + radius]
                sums[0] += w * channel(pixel, 0)
                sums[1] += w * channel(pixel, 8)
                sums[2] += w * channel(pixel, 16)
                weights += w
            }
        }
        return sums.map { $0 / weights }
    }

    /// Against the reference at σ = 10 px (boxes of 2), 30 px (boxes of 8, the regular material's
    /// 29.5 pt at 1x) and 67.5 px (boxes of 16, the chrome material's 22.5 pt at 3x). Tolerance:
    /// the output is rounded to 8 bits (0.5), and the cascade of three box blurs on a grid of box
    /// averages, interpolated back, is not exactly a Gaussian: by Wells (1986) three passes stay
    /// within about 1 % of a step's height of it, and the steps here are up to 210 code values
    /// high, so the largest difference allowed is 4 code values and the mean, where smooth areas
    /// dominate, 0.75 (measured: 2.6 / 0.56 at 10 px, 1.1 / 0.32 at 30 px, 1.4 / 0.36 at 67.5 px).
    func testTheBlurIsAGaussianOfTheMaterialsRadius() {
        for (sigma, side, step) in [(10.0, 200, 3), (30.0, 420, 19), (67.5, 600, 37)] {
            let source = picture(width: side, height: side)
            let area = (x: side / 4, y: side / 4, width: side / 2, height: side / 2)
            let output = filtered(blurOnly(sigma), scale: 1, source: source, width: side, height: side, area: area)
            var largest = 0.0, total = 0.0, count = 0
            for y in stride(from: 0, to: area.height, by: step) {
                for x in stride(from: 0, to: area.width, by: step) {
                    let expected = gaussian(source, width: side, height: side, x: area.x + x, y: area.y + y, sigma: sigma)
                    for (index, shift) in [UInt32(0), 8, 16].enumerated() {
                        let difference = abs(channel(output[y * area.width + x], shift) - expected[index])
                        largest = max(largest, difference)
                        total += difference
                        count += 1
                    }
                    XCTAssertEqual(output[y * area.width + x] >> 24, 255, "opaque stays opaque")
                }
            }
            XCTAssertLessThanOrEqual(largest, 4, "σ \(sigma) px: largest difference from the Gaussian")
            XCTAssertLessThanOrEqual(total / Double(count), 0.75, "σ \(sigma) px: mean difference from the Gaussian")
        }
    }

    /// A blur that is not one fails the comparison: the same picture unblurred is far from it.
    func testTheComparisonTellsABlurFromNone() {
        let side = 200, sigma = 10.0
        let source = picture(width: side, height: side)
        var largest = 0.0
        for y in stride(from: 50, to: 150, by: 7) {
            for x in stride(from: 50, to: 150, by: 7) {
                let expected = gaussian(source, width: side, height: side, x: x, y: y, sigma: sigma)
                largest = max(largest, abs(channel(source[y * side + x], 16) - expected[2]))
            }
        }
        XCTAssertGreaterThan(largest, 40)
    }

    /// The recipes' `materialFiltering`, light and dark (Core Material's `platformContentUltraThin`,
    /// `platformContentThin`, `platformContent`, `platformContentThick`, `platformChrome`
    /// `.materialrecipe` files as published from the iOS simulator runtime, e.g.
    /// nguyenduy1412/react-native-blur `android/src/main/java/com/nguyenduy/blur/BlurView.kt`,
    /// checked there against the runtime's files) [RE]: σ (a `blurRadius` of 30 as the 29.5 put on
    /// the layer), `luminanceAmount`, `luminanceValues`, `saturation`, `brightness`.
    private let recipes: [(material: BlurMaterial, appearance: Appearance, sigma: Double, amount: Double, values: [Double],
                           saturation: Double, brightness: Double)] = [
        (.systemUltraThinMaterial, .light, 22.5, 0.5, [0.45, 0.55, 0.65, 0.68], 1.1, 0.12),
        (.systemUltraThinMaterial, .dark, 22.5, 0.5, [0.24, 0.24, 0.3, 0.39], 1.1, 0),
        (.systemThinMaterial, .light, 29.5, 0.6, [0.725, 0.825, 0.76, 0.73], 1.35, 0.12),
        (.systemThinMaterial, .dark, 29.5, 0.6, [0.2, 0.21, 0.1, 0.15], 1.35, 0),
        (.systemMaterial, .light, 29.5, 0.75, [0.9, 0.83, 0.925, 0.815], 1.5, 0.1),
        (.systemMaterial, .dark, 29.5, 0.75, [0.16, 0.26, 0.1, 0.1], 1.5, 0),
        (.systemThickMaterial, .light, 45, 0.88, [0.99, 0.95, 0.98, 0.905], 1.5, 0.045),
        (.systemThickMaterial, .dark, 45, 0.88, [0.14, 0.16, 0.1, 0.03], 1.5, 0),
        (.systemChromeMaterial, .light, 22.5, 0.75, [0.8, 0.9, 1.1, 0.825], 1.1, 0.1),
        (.systemChromeMaterial, .dark, 22.5, 0.75, [0.23, 0.52, 0.27, 0.255], 2.0, -0.1),
    ]

    /// Over a uniform colour the blur changes nothing, so each pixel is the formulas' result on
    /// the recipe's numbers: Core Animation's `luminanceCurveMap` (luminance with weights
    /// 0.2125 / 0.7154 / 0.0721, through the cubic Bézier of the four values, clamped, the colour
    /// moved `amount` toward it), the W3C `saturate` matrix with the BT.709 weights 0.2126 /
    /// 0.7152 / 0.0722, the brightness added, clamped — for every material, light and dark,
    /// within one code value (8-bit rounding).
    func testEachMaterialFollowsItsRecipe() {
        for (r8, g8, b8) in [(200, 80, 40), (0, 0, 0), (255, 255, 255), (40, 170, 230)] {
            let (r, g, b) = (Double(r8) / 255, Double(g8) / 255, Double(b8) / 255)
            let source = [UInt32](repeating: 0xFF00_0000 | UInt32(r8) << 16 | UInt32(g8) << 8 | UInt32(b8), count: 120 * 120)
            for recipe in recipes {
                let look = recipe.material.look(recipe.appearance)
                XCTAssertEqual(look.blurRadius, recipe.sigma, "\(recipe.material) \(recipe.appearance) σ")
                let l = min(max(0.2125 * r + 0.7154 * g + 0.0721 * b, 0), 1), u = 1 - l, v = recipe.values
                let gray = min(max(v[0] * u * u * u + 3 * v[1] * u * u * l + 3 * v[2] * u * l * l + v[3] * l * l * l, 0), 1)
                let (cr, cg, cb) = (r + recipe.amount * (gray - r), g + recipe.amount * (gray - g), b + recipe.amount * (gray - b))
                let luma = 0.2126 * cr + 0.7152 * cg + 0.0722 * cb, s = recipe.saturation
                func out(_ c: Double) -> Double { min(max(luma + s * (c - luma) + recipe.brightness, 0), 1) * 255 }
                let expected = [out(cb), out(cg), out(cr)]
                let output = filtered(look, scale: 3, source: source, width: 120, height: 120,
                                      area: (x: 10, y: 10, width: 100, height: 40))
                for pixel in [output[0], output[1234], output[output.count - 1]] {
                    for (index, shift) in [UInt32(0), 8, 16].enumerated() {
                        XCTAssertEqual(channel(pixel, shift), expected[index], accuracy: 1,
                                       "\(recipe.material) \(recipe.appearance) over (\(r8), \(g8), \(b8)) channel \(index)")
                    }
                    XCTAssertEqual(pixel >> 24, 255)
                }
            }
        }
    }

    /// A card scrolling under a blurred bar, drawn in rows and whole: the same bytes every frame.
    /// While the card is within the bar's reach the bar is redone with every row it reads; once
    /// the card moves far below it, the bar's rows are left alone.
    func testContentScrollingUnderABlurredBarRepaintsTheBarWithAllItReads() throws {
        let size = Size(width: 100, height: 200), scale = 2.0
        let look = BlurMaterial.systemChromeMaterial.look(.light)
        let screens = try ScreenCache(screens: [ScreenSpec(name: "white", background: .white, views: [])], size: size, scale: scale)
        let background = testNode("white", screen: "white", frame: Rect(origin: .zero, size: size))
        let bar = RenderNode(id: "bar/material", content: .backdrop(look), size: Size(width: 100, height: 30))
        func frame(cardY: Double) -> FrameState {
            let card = testNode("card", fill: Color(red: 1, green: 0, blue: 0), frame: Rect(x: 10, y: cardY, width: 60, height: 20))
            return FrameState(frame: 0, time: 0, transition: nil, phase: .idle, progress: nil, touches: [],
                              nodes: [background, card, bar])
        }
        let partial = try Canvas(pixelWidth: 200, pixelHeight: 400, scale: scale)
        let whole = try Canvas(pixelWidth: 200, pixelHeight: 400, scale: scale)
        func pixels(_ canvas: Canvas) -> [UInt8] {
            canvas.withPixels { Array(UnsafeBufferPointer(start: $0, count: canvas.stride * canvas.pixelHeight)) }
        }
        let reads = BackdropFilter(look, scale: scale).readRows(0..<60, canvasHeight: 400)
        var damages: [Damage] = []
        for y in [5.0, 12, 20, 35, 120, 150] {
            damages.append(partial.drawChanges(frame(cardY: y), screens: screens, options: CompositorOptions()).damage)
            whole.draw(frame(cardY: y), screens: screens, options: CompositorOptions())
            XCTAssertTrue(pixels(partial) == pixels(whole), "card at \(y) pt: the rows repainted differ from a full draw")
        }
        // Under the bar: everything the bar reads is repainted, the bar's 60 rows included.
        for damage in damages[1...3] {
            XCTAssertTrue(damage.bands.contains { $0.lowerBound <= reads.lowerBound && reads.upperBound <= $0.upperBound },
                          "\(damage.bands) holds \(reads)")
        }
        // From 120 to 150 pt: the card's old rows 240...280 and new 300...340, a pixel wider each;
        // far below the bar's reach, which is not repainted.
        XCTAssertEqual(damages[5].bands, [239..<281, 299..<341])
        XCTAssertLessThan(reads.upperBound, 239, "the reach ends above the card")
        // The bar shows the card beneath it through its tint: redder than it is green there.
        whole.draw(frame(cardY: 5), screens: screens, options: CompositorOptions())
        let (red, green) = whole.withPixels { p in (Int(p[30 * whole.stride + 80 * 4 + 2]), Int(p[30 * whole.stride + 80 * 4 + 1])) }
        XCTAssertGreaterThan(red - green, 8, "the red card shows through the bar")
    }
}
