import Geometry
@testable import Raster
import Scene
import XCTest

/// `BackdropFilter.apply` against a plain, slow implementation of the same integer steps written
/// here: sums taken one pixel at a time, the luminance curve per sample, box blurs as direct
/// window sums, the division, saturation, brightness and tint per channel, the bilinear steps per
/// channel. The filter's fast paths (32- or 64-bit
/// lanes, running sums over whole rows) must give exactly the same bytes.
final class BackdropReferenceTests: XCTestCase {
    /// The filter's steps, plainly: see `BackdropFilter`'s documentation.
    private func reference(_ filter: BackdropFilter, source: [UInt32], canvasWidth: Int, canvasHeight: Int,
                           x0: Int, y0: Int, width: Int, height: Int) -> [UInt32] {
        let f = filter.factor, reach = filter.reach, offsets = BackdropFilter.offsets(factor: f)
        let lw = (width + 2 * reach + f - 1) / f, lh = (height + 2 * reach + f - 1) / f
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            source[min(max(y, 0), canvasHeight - 1) * canvasWidth + min(max(x, 0), canvasWidth - 1)]
        }
        // 1. Sums of the sparse boxes, channels B, G, R, A (shifts 0, 8, 16, 24).
        var grid = [[Int64]](repeating: [0, 0, 0, 0], count: lw * lh)
        for j in 0..<lh {
            for i in 0..<lw {
                for dy in offsets {
                    for dx in offsets {
                        let p = pixel(x0 - reach + i * f + dx, y0 - reach + j * f + dy)
                        for c in 0..<4 { grid[j * lw + i][c] += Int64((p >> (8 * UInt32(c))) & 0xFF) }
                    }
                }
            }
        }
        // 1b. The luminance curve: the luminance of the straight colour (weights in 65536ths)
        //     indexes the curve's grays (4096ths), each colour sum moves toward gray × alpha.
        if let curve = filter.curve {
            let w = LuminanceCurve.weights
            let weights = [w.blue, w.green, w.red].map { Int64(($0 * 65536).rounded()) }
            for index in 0..<(lw * lh) where grid[index][3] > 0 {
                let a = grid[index][3]
                let luma = (0..<3).reduce(Int64(0)) { $0 + weights[$1] * grid[index][$1] }
                let level = Int(min((luma * 4096 + 32768 * a) / (65536 * a), 4096))
                let gray = (curve[level] * a + 2048) >> 12
                for c in 0..<3 {
                    let v = grid[index][c]
                    grid[index][c] = min(max(v + ((filter.curveAmount * (gray - v) + 2048) >> 12), 0), a)
                }
            }
        }
        // 2. Each box: the sum over the centred window, the edges repeated, rows then columns.
        for box in filter.boxes where box > 1 {
            let r = box / 2
            var rows = grid
            for j in 0..<lh {
                for i in 0..<lw {
                    for c in 0..<4 {
                        rows[j * lw + i][c] = (-r...r).reduce(0) { $0 + grid[j * lw + min(max(i + $1, 0), lw - 1)][c] }
                    }
                }
            }
            for j in 0..<lh {
                for i in 0..<lw {
                    for c in 0..<4 {
                        grid[j * lw + i][c] = (-r...r).reduce(0) { $0 + rows[min(max(j + $1, 0), lh - 1) * lw + i][c] }
                    }
                }
            }
        }
        // 3. Divided (8.8), saturated, brightened, tinted, rounded to 8 bits.
        let divisor = Int64(offsets.count * offsets.count) * filter.boxes.reduce(1) { $0 * Int64($1 * $1) }
        let reciprocal = (1 << 46) / divisor + 1
        let m = filter.saturation
        var low = [UInt32](repeating: 0, count: lw * lh)
        for index in 0..<(lw * lh) {
            let v = grid[index].map { (($0 * 256 + divisor / 2) * reciprocal) >> 46 }
            let b = v[0], g = v[1], r = v[2], a = v[3]
            func clamp(_ c: Int64) -> Int64 { min(max((c + filter.brightness * a + 2048) >> 12, 0), a) }
            let saturated = [clamp(m[6] * r + m[7] * g + m[8] * b), clamp(m[3] * r + m[4] * g + m[5] * b),
                             clamp(m[0] * r + m[1] * g + m[2] * b), a]
            for c in 0..<4 {
                let out = (filter.tint[c] + ((saturated[c] * filter.keep + 2048) >> 12) + 128) >> 8
                low[index] |= UInt32(out) << (8 * UInt32(c))
            }
        }
        // 4. Bilinear, columns then rows, each channel rounded.
        func place(_ n: Int) -> (index: Int, weight: UInt32) {
            let num = 2 * n + 1 - f
            return (num / (2 * f), UInt32(((num % (2 * f)) * 256 + f) / (2 * f)))
        }
        func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
            (0..<4).reduce(0) { out, c in
                let shift = 8 * UInt32(c)
                return out | ((((a >> shift) & 0xFF) * (256 - w) + ((b >> shift) & 0xFF) * w + 128) >> 8) << shift
            }
        }
        var wide = [UInt32](repeating: 0, count: lh * width)
        for j in 0..<lh {
            for x in 0..<width {
                let (i, w) = place(x + reach)
                wide[j * width + x] = mix(low[j * lw + i], low[j * lw + min(i + 1, lw - 1)], w)
            }
        }
        var output = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let (j, w) = place(y + reach)
            for x in 0..<width { output[y * width + x] = mix(wide[j * width + x], wide[min(j + 1, lh - 1) * width + x], w) }
        }
        return output
    }

    /// Every factor (1, 2, 4, 8, 16), both lane widths (255 · divisor under and over 2³²), areas
    /// inside the canvas and reaching past its edges, with saturation and tint, and the system
    /// materials' luminance curves and brightness.
    func testTheFilterEqualsThePlainReferenceByteForByte() {
        let canvasWidth = 150, canvasHeight = 130
        let source = premultipliedNoise(count: canvasWidth * canvasHeight, seed: 27)
        let tint = Color(red: 0.9, green: 0.4, blue: 0.2, alpha: 0.35)
        let cases: [(look: MaterialLook, scale: Double, area: (x: Int, y: Int, width: Int, height: Int))] = [
            (MaterialLook(blurRadius: 2, saturation: 1.8, tint: tint), 1, (10, 20, 60, 30)),
            (MaterialLook(blurRadius: 10, saturation: 1.8, tint: tint), 1, (0, 0, 150, 44)),
            (MaterialLook(blurRadius: 10, saturation: 0.3, tint: .clear), 2, (37, 90, 101, 40)),
            (MaterialLook(blurRadius: 10, saturation: 1.8, tint: tint), 3, (5, 7, 140, 33)),
            (MaterialLook(blurRadius: 30, saturation: 1.2, tint: tint), 3, (0, 100, 150, 30)),
            (BlurMaterial.systemChromeMaterial.look(.light), 1, (20, 30, 100, 44)),
            (BlurMaterial.systemChromeMaterial.look(.dark), 2, (0, 60, 150, 40)),
            (BlurMaterial.systemUltraThinMaterial.look(.light), 1, (3, 0, 120, 50)),
            (MaterialLook(blurRadius: 6, luminance: LuminanceCurve(amount: 0.9, values: [0.3, -0.4, 1.6, 0.7]),
                          saturation: 2.2, brightness: -0.15, tint: tint), 2, (11, 13, 90, 70)),
        ]
        var wide = false, narrow = false, curved = false
        for (look, scale, area) in cases {
            let filter = BackdropFilter(look, scale: scale)
            let taps = Int64(BackdropFilter.offsets(factor: filter.factor).count)
            let divisor = taps * taps * filter.boxes.reduce(1) { $0 * Int64($1 * $1) }
            if 255 * divisor < 1 << 32 { narrow = true } else { wide = true }
            if filter.curve != nil { curved = true }
            var output = [UInt32](repeating: 0, count: area.width * area.height)
            source.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { output in
                    filter.apply(source: source.baseAddress!, sourceStride: canvasWidth, canvasWidth: canvasWidth,
                                 canvasHeight: canvasHeight, x0: area.x, y0: area.y, width: area.width, height: area.height,
                                 output: output.baseAddress!, outputStride: area.width)
                }
            }
            let expected = reference(filter, source: source, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                     x0: area.x, y0: area.y, width: area.width, height: area.height)
            let differing = zip(output, expected).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "σ \(look.blurRadius) pt at \(scale)x, factor \(filter.factor): \(differing) pixels differ")
        }
        XCTAssertTrue(narrow && wide, "the cases must take both lane widths")
        XCTAssertTrue(curved, "the cases must include luminance curves")
    }
}
