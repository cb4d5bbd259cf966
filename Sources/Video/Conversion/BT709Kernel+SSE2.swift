#if arch(x86_64)
import _Builtin_intrinsics.intel

/// The vector steps in SSE2, the instruction set every x86-64 has (Swift compiles for it alone):
/// the same sums as the portable steps, exactly, with fewer instructions.
///
/// The 32-bit multiplies of the portable steps have no SSE2 instruction (`pmulld` is SSE4.1) and
/// are emulated; SSE2's `pmaddwd` (`_mm_madd_epi16`: eight signed 16-bit products, summed in
/// adjacent pairs into four exact 32-bit sums — Intel's Intrinsics Guide) multiplies two channels
/// at once. An ARGB32 word masked with 0x00FF00FF holds blue and red as two 16-bit lanes, and
/// shifted right by 8 in 16-bit lanes holds green and alpha, so no channel needs unpacking:
/// - luma: `pmaddwd` of (blue, red) by (yb, yr) plus that of (green, alpha) by (yg, 0) is
///   yr r + yg g + yb b, the formula's sum in full, without the portable steps' 16-bit split;
/// - chroma: the [1 2 1] filter at an even column c over two rows is the (c - 1, c) sums plus the
///   (c, c + 1) sums. Adding, in 16-bit lanes, the pixels loaded at column x and at column
///   x - 1 of both rows (each lane at most 4 x 255) puts the first in column c's lane and the
///   second in column c + 1's; `pmaddwd` by the Cb or Cr coefficients (all below 2^15), then
///   the two lanes' 32-bit sum, gives the formula's sum exactly (at most 2^26 in magnitude).
extension BT709Kernel {
    /// The vector steps over columns 0 ..< `end`, a multiple of 16, in SSE2.
    static func sse2Steps(_ rows: Rows, to end: Int) {
        let step = SSE2Step()
        var x = 0
        while x < end {
            let q0 = step.quad(rows, column: x), q1 = step.quad(rows, column: x + 4)
            let q2 = step.quad(rows, column: x + 8), q3 = step.quad(rows, column: x + 12)
            // Saturating packs leave the values alone: luma is 16 ... 235, Cb and Cr 16 ... 240.
            let luma0 = _mm_packus_epi16(_mm_packs_epi32(q0.luma0, q1.luma0), _mm_packs_epi32(q2.luma0, q3.luma0))
            let luma1 = _mm_packus_epi16(_mm_packs_epi32(q0.luma1, q1.luma1), _mm_packs_epi32(q2.luma1, q3.luma1))
            rows.luma0.storeBytes(of: luma0, toByteOffset: x, as: __m128i.self)
            rows.luma1.storeBytes(of: luma1, toByteOffset: x, as: __m128i.self)
            // Each chroma vector holds its two samples in the low 32 bits of its 64-bit lanes (the
            // rest zero), so one 32-bit pack leaves them in every other 16-bit lane and a second
            // gathers them.
            let cb = _mm_packs_epi32(_mm_packs_epi32(q0.cb, q1.cb), _mm_packs_epi32(q2.cb, q3.cb))
            let cr = _mm_packs_epi32(_mm_packs_epi32(q0.cr, q1.cr), _mm_packs_epi32(q2.cr, q3.cr))
            let chroma = unsafeBitCast(_mm_packus_epi16(cb, cr), to: SIMD2<UInt64>.self)
            rows.cb.storeBytes(of: chroma[0], toByteOffset: x / 2, as: UInt64.self)
            rows.cr.storeBytes(of: chroma[1], toByteOffset: x / 2, as: UInt64.self)
            x += 16
        }
    }
}

/// The constants of the SSE2 steps and their step over four pixels.
private struct SSE2Step {
    /// Blue and red of an ARGB32 word, as two 16-bit lanes.
    let blueRed = _mm_set1_epi32(0x00FF_00FF)
    /// Coefficient pairs for `pmaddwd`: the first multiplies blue (or green), the second red (or alpha).
    let lumaBlueRed = pair(BT709Kernel.yb, BT709Kernel.yr), lumaGreen = pair(BT709Kernel.yg, 0)
    let cbBlueRed = pair(BT709Kernel.cbb, -BT709Kernel.cbr), cbGreen = pair(-BT709Kernel.cbg, 0)
    let crBlueRed = pair(-BT709Kernel.crb, BT709Kernel.crr), crGreen = pair(-BT709Kernel.crg, 0)
    let lumaBias = _mm_set1_epi32(BT709Kernel.lumaBias), chromaBias = _mm_set1_epi32(BT709Kernel.chromaBias)

    /// A 32-bit lane holding `low` and `high` as 16-bit lanes, in every lane.
    private static func pair(_ low: Int32, _ high: Int32) -> __m128i {
        _mm_set1_epi32(Int32(bitPattern: UInt32(UInt16(truncatingIfNeeded: high)) << 16 | UInt32(UInt16(truncatingIfNeeded: low))))
    }

    /// The luma of the four pixels at `column` of both rows (a value in each 32-bit lane), and the
    /// Cb and Cr of the two chroma samples at `column` and `column` + 2 (a value in the low 32
    /// bits of each 64-bit lane, the high 32 bits zero).
    @inline(__always)
    func quad(_ rows: BT709Kernel.Rows, column: Int) -> (luma0: __m128i, luma1: __m128i, cb: __m128i, cr: __m128i) {
        let top = rows.row0.loadUnaligned(fromByteOffset: 4 * column, as: __m128i.self)
        let bottom = rows.row1.loadUnaligned(fromByteOffset: 4 * column, as: __m128i.self)
        // The pixels one column left; left of column 0 is column 0 again.
        let topLeft = column > 0 ? rows.row0.loadUnaligned(fromByteOffset: 4 * column - 4, as: __m128i.self) : repeatingFirst(top)
        let bottomLeft =
            column > 0 ? rows.row1.loadUnaligned(fromByteOffset: 4 * column - 4, as: __m128i.self) : repeatingFirst(bottom)

        let topBlueRed = _mm_and_si128(top, blueRed), topGreen = _mm_srli_epi16(top, 8)
        let bottomBlueRed = _mm_and_si128(bottom, blueRed), bottomGreen = _mm_srli_epi16(bottom, 8)
        let luma0 = luma(topBlueRed, topGreen), luma1 = luma(bottomBlueRed, bottomGreen)

        // Column c's lane: the sums over columns c - 1 and c of both rows.
        let sumBlueRed = _mm_add_epi16(_mm_add_epi16(topBlueRed, bottomBlueRed),
                                       _mm_add_epi16(_mm_and_si128(topLeft, blueRed), _mm_and_si128(bottomLeft, blueRed)))
        let sumGreen = _mm_add_epi16(_mm_add_epi16(topGreen, bottomGreen),
                                     _mm_add_epi16(_mm_srli_epi16(topLeft, 8), _mm_srli_epi16(bottomLeft, 8)))
        return (luma0, luma1, chroma(sumBlueRed, sumGreen, cbBlueRed, cbGreen), chroma(sumBlueRed, sumGreen, crBlueRed, crGreen))
    }

    /// (yr r + yg g + yb b + bias) >> 15 in each 32-bit lane.
    @inline(__always)
    private func luma(_ blueRed: __m128i, _ green: __m128i) -> __m128i {
        let sum = _mm_add_epi32(_mm_madd_epi16(blueRed, lumaBlueRed), _mm_madd_epi16(green, lumaGreen))
        return _mm_srli_epi32(_mm_add_epi32(sum, lumaBias), 15)
    }

    /// The coefficients' sum over each pair of 32-bit lanes (columns c and c + 1), plus the bias,
    /// shifted right by 18, in the low 32 bits of each 64-bit lane.
    @inline(__always)
    private func chroma(_ blueRed: __m128i, _ green: __m128i, _ coefficients: __m128i, _ greenCoefficient: __m128i) -> __m128i {
        let lanes = _mm_add_epi32(_mm_madd_epi16(blueRed, coefficients), _mm_madd_epi16(green, greenCoefficient))
        // The high lane of each pair gets both lanes' sum; a 64-bit shift by 32 + 18 keeps it alone.
        let sum = _mm_add_epi32(_mm_add_epi32(lanes, _mm_slli_epi64(lanes, 32)), chromaBias)
        return _mm_srli_epi64(sum, 50)
    }

    /// Pixels 0, 0, 1 and 2 of `pixels`: the four pixels one column left of the row's first four.
    @inline(__always)
    private func repeatingFirst(_ pixels: __m128i) -> __m128i {
        let words = unsafeBitCast(pixels, to: SIMD4<UInt32>.self)
        return unsafeBitCast(SIMD4<UInt32>(words[0], words[0], words[1], words[2]), to: __m128i.self)
    }
}
#endif
