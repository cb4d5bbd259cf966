import XCTest
@testable import Video

/// Segue's own RGB -> BT.709 limited-range yuv420p conversion (`BT709Kernel`, the default `YUVConverter` path).
///
/// Reference values: ITU-R BT.709-6, item 3.2 (E'Y = 0.2126 R + 0.7152 G + 0.0722 B), items
/// 3.3-3.5 (E'CB = (B - E'Y) / 1.8556, E'CR = (R - E'Y) / 1.5748) and item 4.6 (8-bit
/// quantization: 219 E'Y + 16, 224 E'C + 128). Chroma siting: MPEG-2 / H.264 chroma_sample_loc_type 0
/// ("left"): samples on even columns, between rows.
final class BT709KernelTests: XCTestCase {
    /// The exact (unquantized) Y, Cb, Cr of an 8-bit RGB colour.
    private func exact(_ r: Int, _ g: Int, _ b: Int) -> (y: Double, cb: Double, cr: Double) {
        let (red, green, blue) = (Double(r) / 255, Double(g) / 255, Double(b) / 255)
        let luma = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        return (219 * luma + 16, 224 * (blue - luma) / 1.8556 + 128, 224 * (red - luma) / 1.5748 + 128)
    }

    /// ARGB32 bytes (B, G, R, A) of `width` x `height` pixels coloured by `color(x, y)`.
    private func picture(width: Int, height: Int, _ color: (Int, Int) -> (Int, Int, Int)) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                let i = (y * width + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8(b), UInt8(g), UInt8(r))
            }
        }
        return pixels
    }

    private func convert(_ pixels: [UInt8], width: Int, height: Int, path: YUVConverter.Path = .simd,
                         threads: Int = 1) throws -> YUVFrame {
        let frame = YUVFrame(width: width, height: height)
        try YUVConverter(width: width, height: height, threads: threads, path: path)
            .convert(bgra: pixels, stride: width * 4, into: frame)
        return frame
    }

    /// `pixels` (rows `stride` bytes apart) through the kernel's `implementation` alone, the row pairs `pairs` only.
    private func kernel(_ pixels: [UInt8], width: Int, stride: Int, pairs: Range<Int>,
                        using implementation: BT709Kernel.Implementation) -> YUVFrame {
        let frame = YUVFrame(width: width, height: pixels.count / stride)
        pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            BT709Kernel.convert(bgra: base, stride: stride, width: width, pairs: pairs, into: frame, using: implementation)
        }
        return frame
    }

    /// Converting chroma alone (a scroll's rows moved by an odd number, whose luma moved with
    /// them) writes the chroma rows a whole conversion writes, byte for byte, and no luma byte:
    /// every implementation, widths on and off the vector steps, pairs at the start, middle and end.
    func testChromaAloneIsTheWholeConversionsChromaAndLeavesLuma() throws {
        for width in [16, 34, 50, 394] {
            let height = 10, stride = width * 4 + 8
            var state: UInt64 = 7
            let pixels = (0..<(stride * height)).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 40)
            }
            for implementation in BT709Kernel.Implementation.allCases {
                for pairs in [0..<5, 0..<1, 2..<4, 4..<5] {
                    let whole = YUVFrame(width: width, height: height), chroma = YUVFrame(width: width, height: height)
                    let marker = chroma.planes.y
                    memset(marker.base, 0x5A, marker.stride * marker.rows)
                    pixels.withUnsafeBufferPointer { buffer in
                        BT709Kernel.convert(bgra: buffer.baseAddress!, stride: stride, width: width, pairs: pairs, into: whole,
                                            using: implementation)
                        BT709Kernel.convert(bgra: buffer.baseAddress!, stride: stride, width: width, pairs: pairs, into: chroma,
                                            luma: false, using: implementation)
                    }
                    for (a, b) in [(whole.planes.u, chroma.planes.u), (whole.planes.v, chroma.planes.v)] {
                        XCTAssertTrue(memcmp(a.base, b.base, a.stride * a.rows) == 0, "\(implementation) width \(width) pairs \(pairs)")
                    }
                    let luma = UnsafeBufferPointer(start: marker.base.assumingMemoryBound(to: UInt8.self), count: marker.stride * marker.rows)
                    XCTAssertTrue(luma.allSatisfy { $0 == 0x5A }, "\(implementation) width \(width) pairs \(pairs): luma untouched")
                }
            }
        }
    }

    func testPrimariesWhiteAndBlackAreTheStandardCodes() throws {
        // (R, G, B) -> (Y, Cb, Cr): the BT.709 formulas above, rounded.
        let cases: [((Int, Int, Int), (UInt8, UInt8, UInt8))] = [
            ((255, 0, 0), (63, 102, 240)), ((0, 255, 0), (173, 42, 26)), ((0, 0, 255), (32, 240, 118)),
            ((255, 255, 255), (235, 128, 128)), ((0, 0, 0), (16, 128, 128)),
            ((0, 255, 255), (188, 154, 16)), ((255, 0, 255), (78, 214, 230)), ((255, 255, 0), (219, 16, 138)),
        ]
        for (rgb, expected) in cases {
            let frame = try convert(picture(width: 32, height: 16) { _, _ in rgb }, width: 32, height: 16)
            for (x, y) in [(0, 0), (17, 9), (31, 15)] {
                XCTAssertEqual(frame.luma(x: x, y: y), expected.0, "Y of \(rgb)")
                XCTAssertEqual(frame.chroma(x: x, y: y).cb, expected.1, "Cb of \(rgb)")
                XCTAssertEqual(frame.chroma(x: x, y: y).cr, expected.2, "Cr of \(rgb)")
            }
        }
    }

    func testEveryGrayIsNeutralAndRoundedExactly() throws {
        // 256 grays, each in a 4 x 2 block so the chroma filter sees that gray only.
        let frame = try convert(picture(width: 1024, height: 16) { x, _ in (x / 4, x / 4, x / 4) }, width: 1024, height: 16)
        for level in 0..<256 {
            let expected = UInt8((16 + 219 * Double(level) / 255).rounded())
            XCTAssertEqual(frame.luma(x: 4 * level + 1, y: 1), expected, "gray \(level)")
            XCTAssertEqual(frame.chroma(x: 4 * level + 2, y: 0).cb, 128, "gray \(level)")
            XCTAssertEqual(frame.chroma(x: 4 * level + 2, y: 0).cr, 128, "gray \(level)")
        }
    }

    func testColoursAreWithinHalfACodeOfTheFormula() throws {
        // 52^3 colours (every fifth level), each in a 4 x 2 block; the chroma sample on the
        // block's second even column sees only that colour.
        let levels = Array(stride(from: 0, through: 255, by: 5))
        let colours = levels.flatMap { r in levels.flatMap { g in levels.map { b in (r, g, b) } } }
        let perRow = 256, width = 4 * perRow, height = 2 * ((colours.count + perRow - 1) / perRow)
        let frame = try convert(picture(width: width, height: height) { x, y in
            let index = (y / 2) * perRow + x / 4
            return index < colours.count ? colours[index] : (0, 0, 0)
        }, width: width, height: height)
        var worst = (y: 0.0, cb: 0.0, cr: 0.0)
        for (index, (r, g, b)) in colours.enumerated() {
            let x = 4 * (index % perRow), y = 2 * (index / perRow)
            let want = exact(r, g, b)
            let chroma = frame.chroma(x: x + 2, y: y)
            worst.y = max(worst.y, abs(Double(frame.luma(x: x + 3, y: y + 1)) - want.y))
            worst.cb = max(worst.cb, abs(Double(chroma.cb) - want.cb))
            worst.cr = max(worst.cr, abs(Double(chroma.cr) - want.cr))
        }
        // Rounding alone gives 0.5; the 15-bit coefficients add at most a few thousandths.
        XCTAssertLessThanOrEqual(worst.y, 0.502)
        XCTAssertLessThanOrEqual(worst.cb, 0.502)
        XCTAssertLessThanOrEqual(worst.cr, 0.502)
    }

    func testChromaIsSitedOnEvenColumns() throws {
        // One red column on black. On an even column it is the centre tap (weight 1/2) of one
        // chroma sample; on an odd column the side tap (1/4) of the two samples either side.
        func redness(column: Int) throws -> [Int] {
            let frame = try convert(picture(width: 32, height: 16) { x, _ in x == column ? (255, 0, 0) : (0, 0, 0) },
                                    width: 32, height: 16)
            return (0..<16).map { Int(frame.chroma(x: 2 * $0, y: 0).cr) - 128 }
        }
        let even = try redness(column: 10), odd = try redness(column: 11)
        // Cr of pure red is 240 (+112); half of it and a quarter, minus luma's share, rounded.
        XCTAssertEqual(even.enumerated().filter { $0.element != 0 }.map(\.offset), [5])
        XCTAssertEqual(even[5], 56)
        XCTAssertEqual(odd.enumerated().filter { $0.element != 0 }.map(\.offset), [5, 6])
        XCTAssertEqual(odd[5], 28)
        XCTAssertEqual(odd[6], 28)
    }

    func testVectorAndLastColumnsMatchAPlainImplementation() throws {
        // Widths whose last columns fall outside the 16-pixel vector steps (converted by one
        // more step over the last 16 columns, or pair by pair when narrower than 20), and one that does not.
        for (width, height) in [(394, 18), (322, 16), (64, 16), (18, 16), (20, 16), (22, 16), (34, 16)] {
            let pixels = picture(width: width, height: height) { x, y in
                ((x * 37 + y * 11) & 0xFF, (x * y * 7 + 3) & 0xFF, (x ^ (y * 29)) & 0xFF)
            }
            let frame = try convert(pixels, width: width, height: height)
            func channel(_ x: Int, _ y: Int, _ c: Int) -> Int { Int(pixels[(y * width + min(max(x, 0), width - 1)) * 4 + c]) }
            for y in 0..<height {
                for x in 0..<width {
                    let luma = (5983 * channel(x, y, 2) + 20127 * channel(x, y, 1) + 2032 * channel(x, y, 0) + 540_672) >> 15
                    XCTAssertEqual(Int(frame.luma(x: x, y: y)), luma, "Y at \(x), \(y) of \(width)")
                }
            }
            for row in 0..<(height / 2) {
                for sample in 0..<(width / 2) {
                    // [1 2 1] over columns 2i-1 ... 2i+1 (column -1 repeats column 0), rows 2j and 2j+1.
                    func filtered(_ c: Int) -> Int {
                        [(-1, 1), (0, 2), (1, 1)].reduce(0) { sum, tap in
                            sum + tap.1 * (channel(2 * sample + tap.0, 2 * row, c) + channel(2 * sample + tap.0, 2 * row + 1, c))
                        }
                    }
                    let (r, g, b) = (filtered(2), filtered(1), filtered(0))
                    let chroma = frame.chroma(x: 2 * sample, y: 2 * row)
                    XCTAssertEqual(Int(chroma.cb), (14392 * b - 3298 * r - 11094 * g + 33_685_504) >> 18, "Cb \(sample), \(row)")
                    XCTAssertEqual(Int(chroma.cr), (14392 * r - 13072 * g - 1320 * b + 33_685_504) >> 18, "Cr \(sample), \(row)")
                }
            }
        }
    }

    /// Every red and green, with 16 blues from 0 to 255, at (`x`, `y`) of a 4096 x 256 picture.
    private static func everyLumaInput(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        (x & 0xFF, (x >> 8) << 4 | (y & 15), (y >> 4) * 17)
    }

    /// The vector path's luma in 16-bit lanes: its split of the coefficients keeps every partial
    /// sum under 2^16 (checked at the largest channels), and it gives the 32-bit formula's luma
    /// for every red and green with 16 blues from 0 to 255 (a million pixels).
    func testLumaInSixteenBitLanesIsTheFormulasForEveryInput() throws {
        let high = BT709Kernel.lumaHigh, low = BT709Kernel.lumaLow
        XCTAssertEqual(BT709Kernel.lumaBias % 128, 0)
        XCTAssertLessThan(255 * (Int(high.r) + Int(high.g) + Int(high.b)) + 255 * 127 / 128 * 3 + Int(BT709Kernel.lumaBiasHigh), 1 << 16)
        XCTAssertLessThan(255 * (Int(low.r) + Int(low.g) + Int(low.b)), 1 << 16)
        let width = 4096, height = 256
        let pixels = picture(width: width, height: height, Self.everyLumaInput)
        let frame = try convert(pixels, width: width, height: height)
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = Self.everyLumaInput(x, y)
                if Int(frame.luma(x: x, y: y)) != (5983 * r + 20127 * g + 2032 * b + 540_672) >> 15 { wrong += 1 }
            }
        }
        XCTAssertEqual(wrong, 0, "pixels whose luma is not the formula's")
    }

    // Compiled where the kernel has steps besides the portable ones: x86-64, as on CI.
    #if arch(x86_64)
    /// Every implementation of the vector steps (SSE2 on x86-64) gives the portable steps' bytes,
    /// over frames of hashed noise whose channels are often 0 or 255 (the sums' extremes), at
    /// widths on either side of the 16-pixel steps' tail, in padded rows, for several ranges of row
    /// pairs, and over every luma input; the frames' bytes are compared whole, padding and rows
    /// left alone included.
    func testEveryImplementationGivesThePortableBytes() throws {
        let implementations = BT709Kernel.Implementation.allCases.filter { $0 != .portable }
        XCTAssertEqual(implementations, [.sse2])
        // The SSE2 steps' chroma takes Cb and Cr as two products of (b - g, r - g), which these make exact.
        XCTAssertEqual(BT709Kernel.cbr + BT709Kernel.cbg, BT709Kernel.cbb)
        XCTAssertEqual(BT709Kernel.crg + BT709Kernel.crb, BT709Kernel.crr)
        /// A byte of noise for byte `index` of picture `seed` (SplitMix64's finalizer): a quarter 0,
        /// a quarter 255, the rest uniform.
        func noise(_ index: Int, _ seed: Int) -> UInt8 {
            var z = UInt64(truncatingIfNeeded: index &* 1_000_003 &+ seed) &* 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            switch z & 3 {
            case 0: return 0
            case 1: return 255
            default: return UInt8(truncatingIfNeeded: z >> 8)
            }
        }
        var compared = 0
        for width in [16, 18, 30, 32, 34, 46, 48, 50, 62, 66, 94, 394, 1170] {
            for seed in 0..<3 {
                let stride = width * 4 + 4 * seed, pairs = 6
                let pixels = (0..<(stride * 2 * pairs)).map { noise($0, width * 3 + seed) }
                for range in [0..<pairs, 0..<1, 2..<5, (pairs - 1)..<pairs] {
                    let reference = kernel(pixels, width: width, stride: stride, pairs: range, using: .portable)
                    for implementation in implementations {
                        let frame = kernel(pixels, width: width, stride: stride, pairs: range, using: implementation)
                        XCTAssertEqual(frame.byteCount, reference.byteCount)
                        XCTAssertTrue(memcmp(frame.storage, reference.storage, min(frame.byteCount, reference.byteCount)) == 0,
                                      "\(implementation) at width \(width), stride \(stride), pairs \(range)")
                        compared += 1
                    }
                }
            }
        }
        // Every luma input (which the test above checks against the formula through the native steps).
        let everyLuma = picture(width: 4096, height: 256, Self.everyLumaInput)
        let reference = kernel(everyLuma, width: 4096, stride: 4 * 4096, pairs: 0..<128, using: .portable)
        for implementation in implementations {
            let frame = kernel(everyLuma, width: 4096, stride: 4 * 4096, pairs: 0..<128, using: implementation)
            XCTAssertTrue(memcmp(frame.storage, reference.storage, frame.byteCount) == 0, "\(implementation), every luma input")
        }
        XCTAssertEqual(compared, 13 * 3 * 4 * implementations.count)
    }
    #endif

    func testLibswscalePathAgreesOnSmoothPictures() throws {
        // Gradients: where colours change slowly the two chroma filters must agree; at hard
        // edges they differ by design (libswscale's bilinear filter is wider).
        let (width, height) = (322, 242)
        let pixels = picture(width: width, height: height) { x, y in (x * 255 / width, y * 255 / height, (x + y) * 255 / (width + height)) }
        let ours = try convert(pixels, width: width, height: height).packedBytes()
        let theirs = try convert(pixels, width: width, height: height, path: .swscale).packedBytes()
        let differences = zip(ours, theirs).map { abs(Int($0) - Int($1)) }
        XCTAssertLessThanOrEqual(differences.max() ?? 0, 2)
        XCTAssertLessThan(Double(differences.reduce(0, +)) / Double(differences.count), 0.5)
    }
}
