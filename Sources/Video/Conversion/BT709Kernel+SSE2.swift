#if arch(x86_64)
import _Builtin_intrinsics.intel

/// The vector steps in SSE2, the instruction set every x86-64 has (Swift compiles for it alone):
/// the same sums as the portable steps, exactly, with fewer instructions.
///
/// The 32-bit multiplies of the portable steps have no SSE2 instruction (`pmulld` is SSE4.1) and
/// are emulated; SSE2's `pmaddwd` (`_mm_madd_epi16`: eight signed 16-bit products, summed in
/// adjacent pairs into four exact 32-bit sums — Intel's Intrinsics Guide) makes two products and
/// their sum at once. An ARGB32 word masked with 0x00FF00FF holds blue and red as two 16-bit
/// lanes, and shifted right by 8 in 16-bit lanes holds green and alpha:
/// - luma: `pmaddwd` of (blue, red) by (yb, yr) plus that of (green, alpha) by (yg, 0) is
///   yr r + yg g + yb b, the formula's sum in full, without the portable steps' 16-bit split;
/// - chroma: as the Cb coefficients of red and green sum to that of blue, and the Cr ones of
///   green and blue to that of red, Cb's sum is cbb (b - g) - cbr (r - g) and Cr's is
///   crr (r - g) - crb (b - g) — two products each, for one `pmaddwd` over (b - g, r - g). Those
///   differences of the two rows' sums (at most 2 x 255 in magnitude) go through the [1 2 1]
///   filter in 16-bit lanes (at most 8 x 255), and one `pmaddwd` gives a sample's Cb sum in one
///   32-bit lane and its Cr sum in the next, exactly.
extension BT709Kernel {
    /// The vector steps over columns `start` ..< `end` (16 apart), in SSE2; the luma steps only
    /// with `luma` (a constant where this is inlined, so each caller's loop has or lacks them).
    @inline(__always)
    static func sse2Steps(_ rows: Rows, from start: Int = 0, to end: Int, luma: Bool) {
        let step = SSE2Step()
        var previous = _mm_setzero_si128()
        // Past column 0, the four columns before the first step give it their differences.
        if start > 0 { _ = step.quad(rows, column: start - 4, luma: false, previous: &previous) }
        var x = start
        while x < end {
            let q0 = step.quad(rows, column: x, luma: luma, previous: &previous)
            let q1 = step.quad(rows, column: x + 4, luma: luma, previous: &previous)
            let q2 = step.quad(rows, column: x + 8, luma: luma, previous: &previous)
            let q3 = step.quad(rows, column: x + 12, luma: luma, previous: &previous)
            // Saturating packs leave the values alone: luma is 16 ... 235, Cb and Cr 16 ... 240.
            if luma {
                let luma0 = _mm_packus_epi16(_mm_packs_epi32(q0.luma0, q1.luma0), _mm_packs_epi32(q2.luma0, q3.luma0))
                let luma1 = _mm_packus_epi16(_mm_packs_epi32(q0.luma1, q1.luma1), _mm_packs_epi32(q2.luma1, q3.luma1))
                rows.luma0.storeBytes(of: luma0, toByteOffset: x, as: __m128i.self)
                rows.luma1.storeBytes(of: luma1, toByteOffset: x, as: __m128i.self)
            }
            // Cb and Cr alternate, as bytes; the even bytes are Cb's, the odd ones Cr's.
            let chroma = _mm_packus_epi16(_mm_packs_epi32(q0.chroma, q1.chroma), _mm_packs_epi32(q2.chroma, q3.chroma))
            let planes = unsafeBitCast(_mm_packus_epi16(_mm_and_si128(chroma, step.low8), _mm_srli_epi16(chroma, 8)),
                                       to: SIMD2<UInt64>.self)
            rows.cb.storeBytes(of: planes[0], toByteOffset: x / 2, as: UInt64.self)
            rows.cr.storeBytes(of: planes[1], toByteOffset: x / 2, as: UInt64.self)
            x += 16
        }
    }
}

/// The constants of the SSE2 steps and their step over four pixels.
private struct SSE2Step {
    /// Blue and red of an ARGB32 word, as two 16-bit lanes.
    let blueRed = _mm_set1_epi32(0x00FF_00FF)
    /// The low 16 bits of each 32-bit lane, and the low 8 of each 16-bit lane.
    let low16 = _mm_set1_epi32(0xFFFF), low8 = _mm_set1_epi16(0xFF)
    /// Luma's coefficient pairs for `pmaddwd`: of (blue, red), and of (green, alpha).
    let lumaBlueRed = pair(BT709Kernel.yb, BT709Kernel.yr), lumaGreen = pair(BT709Kernel.yg, 0)
    /// Cb's coefficients of (b - g, r - g) in the even 32-bit lanes, Cr's in the odd ones.
    let chromaCoefficients: __m128i = {
        let cb = packed(BT709Kernel.cbb, -BT709Kernel.cbr), cr = packed(-BT709Kernel.crb, BT709Kernel.crr)
        return _mm_set_epi32(cr, cb, cr, cb)
    }()
    let lumaBias = _mm_set1_epi32(BT709Kernel.lumaBias), chromaBias = _mm_set1_epi32(BT709Kernel.chromaBias)

    /// The 16-bit lanes `low` and `high`, as one 32-bit lane, in every 32-bit lane.
    private static func pair(_ low: Int32, _ high: Int32) -> __m128i {
        _mm_set1_epi32(packed(low, high))
    }

    /// The 16-bit lanes `low` and `high` as one 32-bit lane.
    private static func packed(_ low: Int32, _ high: Int32) -> Int32 {
        Int32(bitPattern: UInt32(UInt16(truncatingIfNeeded: high)) << 16 | UInt32(UInt16(truncatingIfNeeded: low)))
    }

    /// The luma of the four pixels at `column` of both rows (a value in each 32-bit lane; zeros
    /// without `luma`), and the Cb, Cr, Cb and Cr of the chroma samples at `column` and
    /// `column` + 2. `previous` holds the four columns before `column`'s differences and gets `column`'s.
    @inline(__always)
    func quad(_ rows: BT709Kernel.Rows, column: Int, luma computesLuma: Bool,
              previous: inout __m128i) -> (luma0: __m128i, luma1: __m128i, chroma: __m128i) {
        let top = rows.row0.loadUnaligned(fromByteOffset: 4 * column, as: __m128i.self)
        let bottom = rows.row1.loadUnaligned(fromByteOffset: 4 * column, as: __m128i.self)
        let topBlueRed = _mm_and_si128(top, blueRed), topGreen = _mm_srli_epi16(top, 8)
        let bottomBlueRed = _mm_and_si128(bottom, blueRed), bottomGreen = _mm_srli_epi16(bottom, 8)
        let luma0 = computesLuma ? luma(topBlueRed, topGreen) : _mm_setzero_si128()
        let luma1 = computesLuma ? luma(bottomBlueRed, bottomGreen) : _mm_setzero_si128()

        // (b - g, r - g) of the two rows' sums, in each column's 32-bit lane.
        let green = _mm_add_epi16(topGreen, bottomGreen)
        let differences = _mm_sub_epi16(_mm_sub_epi16(_mm_add_epi16(topBlueRed, bottomBlueRed), _mm_and_si128(green, low16)),
                                        _mm_slli_epi32(green, 16))
        // Left of column 0 is column 0 again.
        let before = column > 0 ? previous : lanes(differences, 0, 0, 0, 0)
        previous = differences
        return (luma0, luma1, chroma(differences, before: before))
    }

    /// (yr r + yg g + yb b + bias) >> 15 in each 32-bit lane.
    @inline(__always)
    private func luma(_ blueRed: __m128i, _ green: __m128i) -> __m128i {
        let sum = _mm_add_epi32(_mm_madd_epi16(blueRed, lumaBlueRed), _mm_madd_epi16(green, lumaGreen))
        return _mm_srli_epi32(_mm_add_epi32(sum, lumaBias), 15)
    }

    /// The [1 2 1] filter of the differences at the two even columns of `differences`, whose
    /// previous four columns are `before`; then Cb, Cr, Cb and Cr: (sums + bias) >> 18.
    @inline(__always)
    private func chroma(_ differences: __m128i, before: __m128i) -> __m128i {
        // In the odd lanes: the column left (the even one), twice, and the one left of that.
        let left = _mm_slli_epi64(differences, 32)
        let leftOfLeft = _mm_unpacklo_epi64(_mm_unpackhi_epi64(before, before), differences)
        let filtered = _mm_add_epi16(_mm_add_epi16(differences, left), _mm_add_epi16(left, leftOfLeft))
        let sums = _mm_madd_epi16(lanes(filtered, 1, 1, 3, 3), chromaCoefficients)
        return _mm_srli_epi32(_mm_add_epi32(sums, chromaBias), 18)
    }

    /// The 32-bit lanes `a`, `b`, `c` and `d` of `vector` (one `pshufd`).
    @inline(__always)
    private func lanes(_ vector: __m128i, _ a: Int, _ b: Int, _ c: Int, _ d: Int) -> __m128i {
        let words = unsafeBitCast(vector, to: SIMD4<UInt32>.self)
        return unsafeBitCast(SIMD4<UInt32>(words[a], words[b], words[c], words[d]), to: __m128i.self)
    }
}
#endif
