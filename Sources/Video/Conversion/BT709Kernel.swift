/// Segue's own ARGB32 -> BT.709 limited-range yuv420p conversion: integer arithmetic on SIMD
/// vectors, so every CPU produces the same bytes, at a fraction of libswscale's bit-exact time.
///
/// Alpha is ignored, so premultiplied pixels come out composited over black (as with
/// libswscale's `AV_PIX_FMT_RGB32` input). Coefficients are BT.709's (Kr 0.2126, Kb 0.0722)
/// scaled to limited range (Y 16...235, Cb and Cr 16...240) in 15-bit fixed point, with each
/// row of three summing exactly to the range so white is 235 and every gray has Cb = Cr = 128.
/// Chroma is sited like MPEG-2 (`chroma_sample_location left`): each sample sits on an even
/// column, between two rows, and is the [1 2 1] / 4 horizontal filter over the average of those
/// two rows (the column left of the frame repeats column 0).
enum BT709Kernel {
    // Luma: 219 / 255 x (Kr, Kg, Kb) x 2^15, summing to 28142 = 219 / 255 x 2^15 rounded.
    static let yr: Int32 = 5983, yg: Int32 = 20127, yb: Int32 = 2032
    // Cb: 224 / 255 x (Kr, Kg) / (2 (1 - Kb)) and 224 / 255 / 2, x 2^15; the first two sum to the third.
    static let cbr: Int32 = 3298, cbg: Int32 = 11094, cbb: Int32 = 14392
    // Cr: 224 / 255 / 2 and 224 / 255 x (Kg, Kb) / (2 (1 - Kr)), x 2^15; the last two sum to the first.
    static let crr: Int32 = 14392, crg: Int32 = 13072, crb: Int32 = 1320

    /// 16 and a half, in the luma sums' fixed point (15 bits).
    static let lumaBias: Int32 = (16 << 15) + (1 << 14)
    /// 128 and a half, in the chroma sums' fixed point: 15 bits plus 3 for the filter's weight of 8.
    static let chromaBias: Int32 = (128 << 18) + (1 << 17)

    /// Pixels per vector step.
    private static let lanes = 16

    /// How the vector steps are computed; every implementation gives the same bytes.
    enum Implementation: CaseIterable {
        /// Swift's SIMD types, on every architecture (`luma`, `filtered` and the difference helpers below).
        case portable
        #if arch(x86_64)
        /// SSE2 intrinsics, which every x86-64 has (`BT709Kernel+SSE2.swift`).
        case sse2
        #endif

        /// The fastest implementation this architecture has.
        static var native: Implementation {
            #if arch(x86_64)
            .sse2
            #else
            .portable
            #endif
        }
    }

    /// The two source rows of a row pair and the rows of the planes they convert into; `luma`
    /// says whether the luma rows are written too, or only the chroma row.
    struct Rows {
        let row0: UnsafeRawPointer, row1: UnsafeRawPointer
        let luma0: UnsafeMutableRawPointer, luma1: UnsafeMutableRawPointer
        let cb: UnsafeMutableRawPointer, cr: UnsafeMutableRawPointer
        let luma: Bool
    }

    /// Converts the row pairs `pairs` (rows 2 x pair and 2 x pair + 1) of `width` ARGB32 pixels
    /// per row, `stride` bytes apart, into `frame`'s planes — only into its chroma planes when
    /// `luma` is false. `width` is even and equals the frame's, and the pairs lie inside it;
    /// checked by the caller.
    static func convert(bgra: UnsafePointer<UInt8>, stride: Int, width: Int, pairs: Range<Int>, into frame: YUVFrame,
                        luma: Bool = true, using implementation: Implementation = .native) {
        let source = UnsafeRawPointer(bgra)
        let vectorEnd = width / lanes * lanes
        for pair in pairs {
            let row0 = source + 2 * pair * stride
            let luma0 = UnsafeMutableRawPointer(frame.y + 2 * pair * frame.lumaStride)
            let rows = Rows(row0: row0, row1: row0 + stride, luma0: luma0, luma1: luma0 + frame.lumaStride,
                            cb: UnsafeMutableRawPointer(frame.u + pair * frame.chromaStride),
                            cr: UnsafeMutableRawPointer(frame.v + pair * frame.chromaStride), luma: luma)
            // The columns past the last whole step (a width that is no multiple of 16, such as
            // 394) in one more step ending at the last column, over columns the steps before
            // wrote already, with the same bytes; the columns one pair at a time in a row too narrow.
            let tail = vectorEnd < width && width >= lanes + 4 ? width - lanes : nil
            switch implementation {
            case .portable:
                portableSteps(rows, to: vectorEnd)
                if let tail { portableSteps(rows, from: tail, to: width) }
            #if arch(x86_64)
            // Each a loop of its own, with or without the luma steps.
            case .sse2:
                if luma { sse2Steps(rows, to: vectorEnd, luma: true) } else { sse2Steps(rows, to: vectorEnd, luma: false) }
                if let tail { sse2Steps(rows, from: tail, to: width, luma: luma) }
            #endif
            }
            if tail == nil { lastColumns(rows, from: vectorEnd, to: width) }
        }
    }

    /// The vector steps over columns `start` ..< `end` (`lanes` apart), in Swift's SIMD types.
    private static func portableSteps(_ rows: Rows, from start: Int = 0, to end: Int) {
        // The two-row sums of the column left of the current one (column 0's own at the start).
        var left = columnSum(rows.row0, rows.row1, max(start - 1, 0))
        var x = start
        while x < end {
            let pixels0 = rows.row0.loadUnaligned(fromByteOffset: 4 * x, as: SIMD16<UInt32>.self)
            let pixels1 = rows.row1.loadUnaligned(fromByteOffset: 4 * x, as: SIMD16<UInt32>.self)
            let (r0, g0, b0) = channels(pixels0)
            let (r1, g1, b1) = channels(pixels1)
            if rows.luma {
                rows.luma0.storeBytes(of: luma(pixels0), toByteOffset: x, as: SIMD16<UInt8>.self)
                rows.luma1.storeBytes(of: luma(pixels1), toByteOffset: x, as: SIMD16<UInt8>.self)
            }

            let r = filtered(r0 &+ r1, left: left.r), g = filtered(g0 &+ g1, left: left.g)
            let b = filtered(b0 &+ b1, left: left.b)
            rows.cb.storeBytes(of: blueDifference(r.value, g.value, b.value), toByteOffset: x / 2, as: SIMD8<UInt8>.self)
            rows.cr.storeBytes(of: redDifference(r.value, g.value, b.value), toByteOffset: x / 2, as: SIMD8<UInt8>.self)
            left = (r.last, g.last, b.last)
            x += lanes
        }
    }

    /// The columns `start` ..< `width` (after the vector steps), one pair at a time, with the same arithmetic.
    private static func lastColumns(_ rows: Rows, from start: Int, to width: Int) {
        let (row0, row1) = (rows.row0, rows.row1)
        var left = columnSum(row0, row1, max(start - 1, 0))
        var x = start
        while x < width {
            for column in x..<(x + 2) where rows.luma {
                rows.luma0.storeBytes(of: luma(row0.load(fromByteOffset: 4 * column, as: UInt32.self)), toByteOffset: column,
                                      as: UInt8.self)
                rows.luma1.storeBytes(of: luma(row1.load(fromByteOffset: 4 * column, as: UInt32.self)), toByteOffset: column,
                                      as: UInt8.self)
            }
            let here = columnSum(row0, row1, x), right = columnSum(row0, row1, x + 1)
            let r = left.r + 2 * here.r + right.r, g = left.g + 2 * here.g + right.g, b = left.b + 2 * here.b + right.b
            rows.cb.storeBytes(of: UInt8(truncatingIfNeeded: (cbb * b - cbr * r - cbg * g + chromaBias) >> 18),
                               toByteOffset: x / 2, as: UInt8.self)
            rows.cr.storeBytes(of: UInt8(truncatingIfNeeded: (crr * r - crg * g - crb * b + chromaBias) >> 18),
                               toByteOffset: x / 2, as: UInt8.self)
            left = right
            x += 2
        }
    }

    /// Red, green and blue of little-endian ARGB32 words (bytes B, G, R, A).
    @inline(__always)
    private static func channels(_ pixels: SIMD16<UInt32>) -> (SIMD16<Int32>, SIMD16<Int32>, SIMD16<Int32>) {
        let mask = SIMD16<UInt32>(repeating: 0xFF)
        return (SIMD16<Int32>(truncatingIfNeeded: (pixels &>> 16) & mask),
                SIMD16<Int32>(truncatingIfNeeded: (pixels &>> 8) & mask),
                SIMD16<Int32>(truncatingIfNeeded: pixels & mask))
    }

    @inline(__always)
    private static func channels(_ pixel: UInt32) -> (Int32, Int32, Int32) {
        (Int32(truncatingIfNeeded: (pixel >> 16) & 0xFF), Int32(truncatingIfNeeded: (pixel >> 8) & 0xFF),
         Int32(truncatingIfNeeded: pixel & 0xFF))
    }

    /// The sums of red, green and blue over rows `row0` and `row1` at `column`.
    @inline(__always)
    private static func columnSum(_ row0: UnsafeRawPointer, _ row1: UnsafeRawPointer, _ column: Int) -> (r: Int32, g: Int32, b: Int32) {
        let top = channels(row0.load(fromByteOffset: 4 * column, as: UInt32.self))
        let bottom = channels(row1.load(fromByteOffset: 4 * column, as: UInt32.self))
        return (top.0 + bottom.0, top.1 + bottom.1, top.2 + bottom.2)
    }

    // The portable steps' luma in 16-bit lanes, which multiply natively on every x86-64 (SSE2's
    // pmullw) where 32-bit lanes do not: each coefficient split as 128 x high + low, the sum
    // (yr r + yg g + yb b + bias) >> 15 is exactly (H + (L >> 7) + bias / 128) >> 8 with H the sum
    // of the highs' products and L the lows' — the bias is a multiple of 128 — and every partial
    // sum stays below 2^16 for 8-bit channels (`BT709KernelTests` checks the bounds, and every
    // input against the formula and against the other implementations).
    static let lumaHigh = (r: UInt16(yr >> 7), g: UInt16(yg >> 7), b: UInt16(yb >> 7))
    static let lumaLow = (r: UInt16(yr & 127), g: UInt16(yg & 127), b: UInt16(yb & 127))
    static let lumaBiasHigh = UInt16(lumaBias >> 7)

    /// The luma of 16 ARGB32 pixels (bytes B, G, R, A), in 16-bit lanes.
    @inline(__always)
    private static func luma(_ pixels: SIMD16<UInt32>) -> SIMD16<UInt8> {
        let mask = SIMD16<UInt32>(repeating: 0xFF)
        let r = SIMD16<UInt16>(truncatingIfNeeded: (pixels &>> 16) & mask)
        let g = SIMD16<UInt16>(truncatingIfNeeded: (pixels &>> 8) & mask)
        let b = SIMD16<UInt16>(truncatingIfNeeded: pixels & mask)
        let high = r &* lumaHigh.r &+ g &* lumaHigh.g &+ b &* lumaHigh.b
        let low = r &* lumaLow.r &+ g &* lumaLow.g &+ b &* lumaLow.b
        return SIMD16<UInt8>(truncatingIfNeeded: (high &+ (low &>> 7) &+ lumaBiasHigh) &>> 8)
    }

    @inline(__always)
    private static func luma(_ pixel: UInt32) -> UInt8 {
        let (r, g, b) = channels(pixel)
        return UInt8(truncatingIfNeeded: (yr * r + yg * g + yb * b + lumaBias) >> 15)
    }

    /// The [1 2 1] filter at the even columns of 16 two-row sums: `left` is the sum just left of
    /// the first; also returns the last (odd) column's sum, the next block's `left`.
    @inline(__always)
    private static func filtered(_ sums: SIMD16<Int32>, left: Int32) -> (value: SIMD8<Int32>, last: Int32) {
        let even = sums.evenHalf, odd = sums.oddHalf
        let leftNeighbours = SIMD8<Int32>(left, odd[0], odd[1], odd[2], odd[3], odd[4], odd[5], odd[6])
        return (even &* 2 &+ odd &+ leftNeighbours, odd[7])
    }

    @inline(__always)
    private static func blueDifference(_ r: SIMD8<Int32>, _ g: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<UInt8> {
        SIMD8<UInt8>(truncatingIfNeeded: (b &* cbb &- r &* cbr &- g &* cbg &+ chromaBias) &>> 18)
    }

    @inline(__always)
    private static func redDifference(_ r: SIMD8<Int32>, _ g: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<UInt8> {
        SIMD8<UInt8>(truncatingIfNeeded: (r &* crr &- g &* crg &- b &* crb &+ chromaBias) &>> 18)
    }
}
