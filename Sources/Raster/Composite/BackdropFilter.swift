import Scene

/// A material's luminance curve, blur, saturation, brightness and tint applied to pixels
/// already composited: what a `UIVisualEffectView` shows over what lies beneath it. Integer
/// arithmetic throughout, on Cairo ARGB32 pixels (premultiplied, one `UInt32` each,
/// `0xAARRGGBB`), so the bytes never depend on threads or on which rows a frame repaints.
///
/// As Core Animation's backdrop layers do, the Gaussian is taken at a lower resolution:
/// 1. the pixels around the area are averaged in `factor` x `factor` boxes (every other pixel
///    of them, clamped at the canvas's edges) onto a grid that reaches `reach` pixels past the
///    area on every side; then, when the material has a luminance curve, each average moves
///    toward the gray of its luminance (before the blur, in Core Material's filter order);
/// 2. three box blurs per axis on that grid approximate a Gaussian (Wells, "Efficient
///    synthesis of Gaussian filters by cascaded uniform filters", IEEE PAMI 1986; the box
///    widths as in Kutskir's "Fastest Gaussian blur"), summed exactly and divided once;
/// 3. the samples are saturated (W3C Filter Effects Module Level 1, `feColorMatrix`
///    `saturate`), brightened and the tint laid over them (source-over), all affine, so doing
///    them before the upsampling equals doing them after, up to rounding;
/// 4. the grid is interpolated bilinearly back to full resolution over the area, one axis at a
///    time, two channels at a time.
/// The box averaging and the bilinear interpolation blur too (variances about f²/12 and
/// f²/6); the grid's blur is narrowed by them so the whole has the material's σ.
struct BackdropFilter: Hashable {
    /// Full-resolution pixels per grid sample, along each axis.
    let factor: Int
    /// Where in its box each box average samples, along each axis (`offsets(factor:)`).
    let offsets: [Int]
    /// The widths (odd) of the three box blurs on the grid.
    let boxes: [Int]
    /// How many pixels past the area the grid reaches on each side: what the filter reads.
    let reach: Int
    /// The saturation matrix, rows R, G, B, times 4096.
    let saturation: [Int64]
    /// The brightness added to each channel, times 4096.
    let brightness: Int64
    /// The luminance curve's gray for each luminance 0…4096 (in 4096ths), and how far each
    /// sample moves to it (times 4096); nil without a curve.
    let curve: [Int64]?
    let curveAmount: Int64
    /// The tint, premultiplied, in 8.8 fixed point, as (B, G, R, A).
    let tint: SIMD4<Int64>
    /// 1 − the tint's alpha, times 4096.
    let keep: Int64

    /// The filter for `look` at `scale` pixels per point.
    init(_ look: MaterialLook, scale: Double) {
        let sigma = max(look.blurRadius * scale, 0)
        // Boxes as wide as fit 3.5 times in σ, a multiple of 4 (else 2, else none): the grid's
        // blur then stays wide enough (σ ≥ 3.5 samples less what the boxes take) for its box
        // passes to follow a Gaussian closely.
        let fit = sigma / 3.5
        let factor = fit >= 4 ? min(Int(fit / 4) * 4, 16) : fit >= 2 ? 2 : 1
        let f = Double(factor)
        let offsets = Self.offsets(factor: factor)
        self.offsets = offsets
        let mean = Double(offsets.reduce(0, +)) / Double(offsets.count)
        let boxVariance = offsets.reduce(0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(offsets.count)
        let residual = max(sigma * sigma - boxVariance - (factor > 1 ? f * f / 6 : 0), 0)
        let boxes = Self.boxes(sigma: residual.squareRoot() / f)
        self.factor = factor
        self.boxes = boxes
        reach = (boxes.reduce(0) { $0 + ($1 - 1) / 2 } + 2) * factor
        saturation = look.saturationMatrix.map { Int64(($0 * 4096).rounded()) }
        brightness = Int64((look.brightness * 4096).rounded())
        curve = look.luminance.map { curve in (0...4096).map { Int64((curve.level(Double($0) / 4096) * 4096).rounded()) } }
        curveAmount = Int64(((look.luminance?.amount ?? 0) * 4096).rounded())
        let t = look.tint, a = min(max(t.alpha, 0), 1)
        func channel(_ c: Double) -> Int64 { Int64((min(max(c, 0), 1) * a * 255 * 256).rounded()) }
        tint = SIMD4(channel(t.blue), channel(t.green), channel(t.red), Int64((a * 255 * 256).rounded()))
        keep = Int64(((1 - a) * 4096).rounded())
    }

    /// Three odd box widths whose cascade has standard deviation close to `sigma` (grid samples).
    static func boxes(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let wl = Double(lower)
        let m = ((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// Where in its box, along each axis, a box average takes its samples: every pixel of boxes
    /// under 8 pixels; in wider ones (a multiple of 4) two of every four, 0, 3, 4, 7, 8, …, centred
    /// on the box like all of them — a quarter of the reads, and the blur that follows is far
    /// wider than the gaps (the sparse box's variance is accounted for).
    static func offsets(factor: Int) -> [Int] {
        factor >= 8 ? (0..<(factor / 2)).map { 2 * $0 + ($0 & 1) } : Array(0..<factor)
    }

    /// Filters the area `x0..<x0+width`, `y0..<y0+height` of `source` (a canvas of
    /// `canvasWidth` x `canvasHeight` pixels, `sourceStride` pixels a row) into `output`
    /// (`width` x `height`, rows `outputStride` pixels apart), reading only the rows `readRows` gives;
    /// its working memory comes from `scratch`, which a caller filtering every frame keeps. With
    /// `over`, the result is composited over what `output` holds (`over(_:_:)`) instead of
    /// replacing it: `output` may then be the area of `source` itself, which is read whole
    /// before anything is written.
    func apply(source: UnsafePointer<UInt32>, sourceStride: Int, canvasWidth: Int, canvasHeight: Int,
               x0: Int, y0: Int, width: Int, height: Int, output: UnsafeMutablePointer<UInt32>, outputStride: Int,
               over overOutput: Bool = false, scratch: BackdropScratch = BackdropScratch()) {
        guard width > 0, height > 0, canvasWidth > 0, canvasHeight > 0 else { return }
        let taps = offsets.count
        let divisor = Int64(taps * taps) * boxes.reduce(1) { $0 * Int64($1 * $1) }
        // Every sum of steps 1 and 2 adds up at most `divisor` of the 8-bit channels' values
        // (each box multiplies the count summed by its width), so it is at most 255 · divisor:
        // in 32-bit lanes when that fits (σ at 2x and 3x), else in 64-bit ones (σ over about 20
        // pixels at 1x). The sums down the columns, before the passes along the rows multiply
        // them further, fit 32 bits for every material at every scale, so those passes, which
        // run over the whole grid, are summed in 32-bit lanes when they can.
        // The lanes wrap, but every sum ends in range, so it comes out exact either way.
        let columnDivisor = Int64(taps * taps) * boxes.reduce(1) { $0 * Int64($1) }
        let arguments = (source: source, sourceStride: sourceStride, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                         x0: x0, y0: y0, width: width, height: height, output: output, outputStride: outputStride,
                         divisor: divisor, overOutput: overOutput, scratch: scratch)
        if 255 * divisor < 1 << 32 {
            filter(UInt32.self, UInt32.self, arguments)
        } else if 255 * columnDivisor < 1 << 32 {
            filter(UInt32.self, UInt64.self, arguments)
        } else {
            filter(UInt64.self, UInt64.self, arguments)
        }
    }

    /// `apply` with the grid's sums in `Column`s up to the passes down its columns, then in
    /// `Lane`s, which hold 255 · `divisor`. The grid is kept as rows of `lw` samples of four
    /// lanes (B, G, R, A), so the vertical passes run over whole rows.
    private func filter<Column: FixedWidthInteger & UnsignedInteger & SIMDScalar,
                        Lane: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
        _: Column.Type, _: Lane.Type,
        _ arguments: (source: UnsafePointer<UInt32>, sourceStride: Int, canvasWidth: Int, canvasHeight: Int,
                      x0: Int, y0: Int, width: Int, height: Int, output: UnsafeMutablePointer<UInt32>, outputStride: Int,
                      divisor: Int64, overOutput: Bool, scratch: BackdropScratch)
    ) {
        let (source, sourceStride, canvasWidth, canvasHeight, x0, y0, width, height, output, outputStride, divisor,
             overOutput, scratch) = arguments
        let f = factor, offsets = self.offsets, taps = offsets.count
        let gx0 = x0 - reach, gy0 = y0 - reach
        let lw = (width + 2 * reach + f - 1) / f, lh = (height + 2 * reach + f - 1) / f
        let lanes = lw * 4
        let grid = scratch.buffer(0, count: lanes * lh, of: Column.self)
        let spare = scratch.buffer(1, count: lanes * lh, of: Column.self)
        let sums = scratch.buffer(2, count: lanes, of: Column.self)
        let low = scratch.buffer(3, count: lw * lh, of: UInt32.self)
        let rows = scratch.buffer(4, count: lh * width, of: UInt32.self)
        let columns = scratch.buffer(5, count: max(lw * taps, width), of: Int.self)
        let weights = scratch.buffer(6, count: width, of: UInt32.self)

        // Step 4 reads only the samples from the one under the area's first pixel to the one
        // after its last, along each axis: only those are blurred along x and shaded.
        func place(_ m: Int) -> (index: Int, weight: UInt32) {
            let num = 2 * m + 1 - f
            return (num / (2 * f), UInt32(((num % (2 * f)) * 256 + f) / (2 * f)))
        }
        let used = (columns: place(reach).index...min(place(reach + width - 1).index + 1, lw - 1),
                    rows: place(reach).index...min(place(reach + height - 1).index + 1, lh - 1))

        // 1. Box averages of sparse samples, as sums (divided in step 3); the canvas's edge
        //    pixels stand for those past it. Two channels a pixel in each 16-bit half: at most
        //    taps² · 255 ≤ 64 · 255 < 2¹⁶. Each grid row's source rows are first summed down
        //    each canvas column the grid reads (whole rows, which vectorize), then the taps
        //    across: the same sums in another order.
        for n in 0..<(lw * taps) { columns[n] = min(max(gx0 + n / taps * f + offsets[n % taps], 0), canvasWidth - 1) }
        let first = columns[0], span = columns[lw * taps - 1] - first + 1
        let downRB = scratch.buffer(7, count: span, of: UInt32.self), downAG = scratch.buffer(8, count: span, of: UInt32.self)
        for n in 0..<(lw * taps) { columns[n] -= first }
        // A grid row whose source rows are all those of the row before (rows past the canvas's
        // top or bottom edge, which stand for its edge row) has that row's sums: it is copied.
        func sourceRow(_ j: Int, _ offset: Int) -> Int { min(max(gy0 + j * f + offset, 0), canvasHeight - 1) }
        let repeats = scratch.buffer(9, count: lh, of: Bool.self)
        for j in 0..<lh { repeats[j] = j > 0 && offsets.allSatisfy { sourceRow(j, $0) == sourceRow(j - 1, $0) } }
        for j in 0..<lh {
            if repeats[j] {
                (grid + j * lanes).update(from: grid + (j - 1) * lanes, count: lanes)
                continue
            }
            downRB.update(repeating: 0, count: span)
            downAG.update(repeating: 0, count: span)
            for offset in offsets {
                let row = source + sourceRow(j, offset) * sourceStride + first
                // Eight columns at a time, the rest one by one: the same sums.
                let mask8 = SIMD8<UInt32>(repeating: 0x00FF_00FF)
                var c = 0
                while c + 8 <= span {
                    let p = UnsafeRawPointer(row + c).loadUnaligned(as: SIMD8<UInt32>.self)
                    let rb = UnsafeMutableRawPointer(downRB + c), ag = UnsafeMutableRawPointer(downAG + c)
                    rb.storeBytes(of: rb.loadUnaligned(as: SIMD8<UInt32>.self) &+ (p & mask8), as: SIMD8<UInt32>.self)
                    ag.storeBytes(of: ag.loadUnaligned(as: SIMD8<UInt32>.self) &+ ((p &>> 8) & mask8), as: SIMD8<UInt32>.self)
                    c += 8
                }
                while c < span {
                    let p = row[c]
                    downRB[c] &+= p & 0x00FF_00FF
                    downAG[c] &+= (p >> 8) & 0x00FF_00FF
                    c += 1
                }
            }
            let line = grid + j * lanes
            var n = 0
            for i in 0..<lw {
                var sumRB: UInt32 = 0, sumAG: UInt32 = 0
                for _ in 0..<taps {
                    sumRB &+= downRB[columns[n]]
                    sumAG &+= downAG[columns[n]]
                    n += 1
                }
                line[4 * i] = Column(sumRB & 0xFFFF)
                line[4 * i + 1] = Column(sumAG & 0xFFFF)
                line[4 * i + 2] = Column(sumRB >> 16)
                line[4 * i + 3] = Column(sumAG >> 16)
            }
        }

        // 1b. The luminance curve on the box averages: each sample's luminance, of its straight
        //     colour (the sums over the alpha sum; `LuminanceCurve.weights` in 65536ths), picks
        //     its gray from `curve`, which the sums move `curveAmount` of the way to (the gray
        //     times the alpha sum, as the sums are premultiplied), staying within alpha.
        if let curve {
            let amount = curveAmount, w = LuminanceCurve.weights
            let wr = Int64((w.red * 65536).rounded()), wg = Int64((w.green * 65536).rounded())
            let wb = Int64((w.blue * 65536).rounded())
            curve.withUnsafeBufferPointer { levels in
                // Every value here is small — a sample's sums at most taps² · 255 < 2¹⁴, their luma
                // under 2³¹, the level at most 4097 — so the arithmetic wraps nowhere: it is
                // written with the wrapping operators, which need no overflow checks.
                for j in 0..<lh {
                    let line = grid + j * lanes
                    // A repeated row (step 1) comes out as the row before did; so does a sample
                    // equal to the one before it (the columns past the canvas's sides, a plain background).
                    if repeats[j] {
                        line.update(from: line - lanes, count: lanes)
                        continue
                    }
                    var before = SIMD4<Column>(repeating: 0), after = SIMD4<Column>(repeating: 0), known = false
                    for i in 0..<lw {
                        let sample = line + 4 * i
                        let input = SIMD4(sample[0], sample[1], sample[2], sample[3])
                        if known, input == before {
                            sample[0] = after[0]; sample[1] = after[1]; sample[2] = after[2]; sample[3] = after[3]
                            continue
                        }
                        before = input
                        known = true
                        let a = Int64(sample[3])
                        if a > 0 {
                            let luma = wr &* Int64(sample[2]) &+ wg &* Int64(sample[1]) &+ wb &* Int64(sample[0])
                            // The rounded level, (luma · 4096 + 32768 a) / (65536 a) truncated, divided in doubles: both
                            // are exact (under 2⁴³ and 2³¹), and a quotient that is no integer lies at least
                            // 1/(65536 a) > 2⁻³¹ from one, far beyond the division's rounding (under 2⁻⁴⁰ at
                            // most 4097), so truncating it gives the integer division's result, in a fraction of the time.
                            let level = Int(Double(luma &* 4096 &+ 32768 &* a) / Double(65536 &* a))
                            let gray = (levels[min(level, 4096)] &* a &+ 2048) &>> 12
                            let r = Int64(sample[2]), g = Int64(sample[1]), b = Int64(sample[0])
                            sample[0] = Column(truncatingIfNeeded: min(max(b &+ ((amount &* (gray &- b) &+ 2048) &>> 12), 0), a))
                            sample[1] = Column(truncatingIfNeeded: min(max(g &+ ((amount &* (gray &- g) &+ 2048) &>> 12), 0), a))
                            sample[2] = Column(truncatingIfNeeded: min(max(r &+ ((amount &* (gray &- r) &+ 2048) &>> 12), 0), a))
                        }
                        after = SIMD4(sample[0], sample[1], sample[2], sample[3])
                    }
                }
            }
        }

        // 2. Three box blurs along each axis, as exact sums, from one buffer into the other:
        //    the passes down the columns first, then those along the rows. Each pass is linear
        //    along one axis (its edges repeated along that axis), so the order does not change
        //    the sums. Each pass sums only what the passes after it read: step 3 reads the used
        //    rows and columns, and a pass of width w reads w / 2 more on either side (the
        //    grid's edge standing for those past it), so the first passes sum a few more.
        let passes = boxes.filter { $0 > 1 }
        func widened(_ range: ClosedRange<Int>, _ radius: Int, _ count: Int) -> ClosedRange<Int> {
            max(range.lowerBound - radius, 0)...min(range.upperBound + radius, count - 1)
        }
        var rowsSummed = [used.rows], columnsSummed = [used.columns]
        for box in passes.reversed().dropLast() {
            rowsSummed.insert(widened(rowsSummed[0], box / 2, lh), at: 0)
            columnsSummed.insert(widened(columnsSummed[0], box / 2, lw), at: 0)
        }
        var columnValues = grid, columnNext = spare
        for (box, rows) in zip(passes, rowsSummed) {
            Self.boxColumns(columnValues, into: columnNext, lanes: lanes, count: lh, rows: rows, width: box, sums: sums)
            swap(&columnValues, &columnNext)
        }
        // The rows the passes along them read, in their lanes.
        var values: UnsafeMutablePointer<Lane>, next: UnsafeMutablePointer<Lane>
        if Column.self == Lane.self {
            values = UnsafeMutableRawPointer(columnValues).assumingMemoryBound(to: Lane.self)
            next = UnsafeMutableRawPointer(columnNext).assumingMemoryBound(to: Lane.self)
        } else {
            values = scratch.buffer(10, count: lanes * lh, of: Lane.self)
            next = scratch.buffer(11, count: lanes * lh, of: Lane.self)
            for j in used.rows {
                let from = columnValues + j * lanes, to = values + j * lanes
                for c in 0..<lanes { to[c] = Lane(from[c]) }
            }
        }
        for (box, columns) in zip(passes, columnsSummed) {
            for j in used.rows {
                Self.boxRow(values + j * lanes, into: next + j * lanes, count: lw, columns: columns, width: box)
            }
            swap(&values, &next)
        }

        // 3. One division, as a multiplication by the reciprocal in 46 fractional bits: the
        //    quotients are at most 65280 (8.8), so the product stays under 2⁶², and it is off by
        //    under 1/256 of a code value. Then saturation, brightness and tint, in 8.8 fixed point,
        //    colour channels kept within alpha; then rounded to 8 bits, premultiplied ARGB as the canvas.
        let reciprocal = (1 << 46) / divisor + 1, half = divisor / 2
        let m = saturation, tint = self.tint, keep = self.keep, brightness = self.brightness
        let m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8]
        // Whether every sample is opaque: then so is every pixel interpolated between them, and
        // compositing the result over the output is replacing it.
        var opaque = true
        for j in used.rows { for i in used.columns {
            let index = j * lw + i
            let sample = values + 4 * index
            let sum = SIMD4(Int64(sample[0]), Int64(sample[1]), Int64(sample[2]), Int64(sample[3]))
            let v = ((sum &* 256 &+ half) &* reciprocal) &>> 46
            let b = v[0], g = v[1], r = v[2], a = v[3]
            let lift = brightness * a
            let sr = min(max((m0 * r + m1 * g + m2 * b + lift + 2048) >> 12, 0), a)
            let sg = min(max((m3 * r + m4 * g + m5 * b + lift + 2048) >> 12, 0), a)
            let sb = min(max((m6 * r + m7 * g + m8 * b + lift + 2048) >> 12, 0), a)
            let out = (tint &+ ((SIMD4(sb, sg, sr, a) &* keep &+ 2048) &>> 12) &+ 128) &>> 8
            low[index] = UInt32(truncatingIfNeeded: out[0]) | UInt32(truncatingIfNeeded: out[1]) << 8
                | UInt32(truncatingIfNeeded: out[2]) << 16 | UInt32(truncatingIfNeeded: out[3]) << 24
            opaque = opaque && out[3] == 255
        } }
        let blends = overOutput && !opaque

        // 4. Bilinear back to full resolution over the area, each axis in turn: sample (i, j)
        //    is centred on the grid's pixel (i + 1/2)·f, weights in 1/256, each pass rounded.
        // Along the rows, eight pixels at a time as down the columns below, each pixel with its
        // own two samples and weight: the weights in 16-bit lanes, two per pixel (`mix`'s halves).
        let keeps = scratch.buffer(12, count: 2 * width, of: UInt16.self)
        let takes = scratch.buffer(13, count: 2 * width, of: UInt16.self)
        for x in 0..<width {
            (columns[x], weights[x]) = place(x + reach)
            keeps[2 * x] = UInt16(256 - weights[x]); keeps[2 * x + 1] = keeps[2 * x]
            takes[2 * x] = UInt16(weights[x]); takes[2 * x + 1] = takes[2 * x]
        }
        for j in used.rows {
            let line = low + j * lw, out = rows + j * width
            var x = 0
            while x + 8 <= width {
                var a = SIMD8<UInt32>(), b = SIMD8<UInt32>()
                for k in 0..<8 {
                    let i = columns[x + k]
                    a[k] = line[i]
                    b[k] = line[min(i + 1, lw - 1)]
                }
                let keep = UnsafeRawPointer(keeps + 2 * x).loadUnaligned(as: SIMD16<UInt16>.self)
                let take = UnsafeRawPointer(takes + 2 * x).loadUnaligned(as: SIMD16<UInt16>.self)
                let mixed = Self.mix8(unsafeBitCast(a, to: SIMD16<UInt16>.self), unsafeBitCast(b, to: SIMD16<UInt16>.self),
                                      keep: keep, take: take)
                UnsafeMutableRawPointer(out + x).storeBytes(of: mixed, as: SIMD8<UInt32>.self)
                x += 8
            }
            while x < width {
                let i = columns[x]
                out[x] = Self.mix(line[i], line[min(i + 1, lw - 1)], weights[x])
                x += 1
            }
        }
        for y in 0..<height {
            let (j, w) = place(y + reach)
            let top = rows + j * width, bottom = rows + min(j + 1, lh - 1) * width
            let out = output + y * outputStride
            // Eight pixels at a time (`mix8`); the rest one by one.
            let keep16 = SIMD16<UInt16>(repeating: UInt16(256 - w)), w16 = SIMD16<UInt16>(repeating: UInt16(w))
            var x = 0
            while x + 8 <= width {
                let a = UnsafeRawPointer(top + x).loadUnaligned(as: SIMD16<UInt16>.self)
                let b = UnsafeRawPointer(bottom + x).loadUnaligned(as: SIMD16<UInt16>.self)
                let mixed = Self.mix8(a, b, keep: keep16, take: w16)
                if blends {
                    for k in 0..<8 { out[x + k] = Self.over(mixed[k], out[x + k]) }
                } else {
                    UnsafeMutableRawPointer(out + x).storeBytes(of: mixed, as: SIMD8<UInt32>.self)
                }
                x += 8
            }
            while x < width {
                let mixed = Self.mix(top[x], bottom[x], w)
                out[x] = blends ? Self.over(mixed, out[x]) : mixed
                x += 1
            }
        }
    }

    /// Premultiplied `source` over `destination` as pixman composites `PIXMAN_OP_OVER` (what
    /// Cairo's paint does): each channel of the destination times 255 − the source's alpha,
    /// divided by 255 rounded (t = c·ia + 128, (t + t/256) / 256), plus the source's, saturated.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let inverse = 255 - (source >> 24), mask: UInt32 = 0x00FF_00FF
        if inverse == 0 { return source }
        var rb = (destination & mask) &* inverse &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & mask)) >> 8) & mask
        var ag = ((destination >> 8) & mask) &* inverse &+ 0x0080_0080
        ag = ((ag &+ ((ag >> 8) & mask)) >> 8) & mask
        // Saturating adds, two channels at a time.
        var sumRB = rb &+ (source & mask)
        sumRB = (sumRB | (0x1000_0100 &- ((sumRB >> 8) & mask))) & mask
        var sumAG = ag &+ ((source >> 8) & mask)
        sumAG = (sumAG | (0x1000_0100 &- ((sumAG >> 8) & mask))) & mask
        return sumRB | sumAG << 8
    }

    /// Eight pixels of `a` and `b` (as 16-bit lanes, two per pixel) mixed as `mix` does, pixel
    /// by pixel, with `keep` = 256 − w and `take` = w in both lanes of each pixel: each channel in
    /// a 16-bit lane of its own, which multiply natively on every x86-64 (SSE2's pmullw).
    @inline(__always)
    private static func mix8(_ a: SIMD16<UInt16>, _ b: SIMD16<UInt16>, keep: SIMD16<UInt16>,
                             take: SIMD16<UInt16>) -> SIMD8<UInt32> {
        let low = SIMD16<UInt16>(repeating: 0x00FF), high = SIMD16<UInt16>(repeating: 0xFF00)
        let half = SIMD16<UInt16>(repeating: 0x0080)
        let rb = ((a & low) &* keep &+ (b & low) &* take &+ half) &>> 8
        let ag = ((a &>> 8) &* keep &+ (b &>> 8) &* take &+ half) & high
        return unsafeBitCast(rb | ag, to: SIMD8<UInt32>.self)
    }

    /// `a` and `b` (four 8-bit channels each) mixed `b` by `w`/256, each channel rounded: the
    /// channels two at a time in 16-bit lanes, where a·(256 − w) + b·w + 128 stays below 2¹⁶.
    @inline(__always)
    private static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let keep = 256 - w, mask: UInt32 = 0x00FF_00FF
        let rb = (((a & mask) &* keep &+ (b & mask) &* w &+ 0x0080_0080) >> 8) & mask
        let ag = (((a >> 8) & mask) &* keep &+ ((b >> 8) & mask) &* w &+ 0x0080_0080) & ~mask
        return rb | ag
    }

    /// The canvas rows the filter reads for an area of rows `rows`: what must be repainted
    /// together for the area to come out the same whichever rows a frame repaints.
    func readRows(_ rows: Range<Int>, canvasHeight: Int) -> Range<Int> {
        let f = factor
        let lh = (rows.count + 2 * reach + f - 1) / f
        let lower = max(rows.lowerBound - reach, 0), upper = min(rows.lowerBound - reach + lh * f, canvasHeight)
        return lower < upper ? lower..<upper : rows
    }

    /// The `count` samples (four lanes each) of `row` summed over a centred window of `width`
    /// samples, the ends repeated past the edges, into `out`: the sums of samples `columns` alone.
    @inline(__always)
    private static func boxRow<Lane: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
        _ row: UnsafeMutablePointer<Lane>, into out: UnsafeMutablePointer<Lane>, count: Int, columns: ClosedRange<Int>,
        width: Int
    ) {
        let r = width / 2, last = count - 1
        func sample(_ k: Int) -> SIMD4<Lane> {
            let p = row + 4 * min(max(k, 0), last)
            return SIMD4(p[0], p[1], p[2], p[3])
        }
        let first = columns.lowerBound
        var sum = SIMD4<Lane>(repeating: 0)
        for k in (first - r)...(first + r) { sum &+= sample(k) }
        for k in columns {
            let p = out + 4 * k
            p[0] = sum[0]
            p[1] = sum[1]
            p[2] = sum[2]
            p[3] = sum[3]
            sum &+= sample(k + r + 1) &- sample(k - r)
        }
    }

    /// The `count` rows (`lanes` lanes each) of `rows` summed, lane by lane, over a centred window
    /// of `width` rows, the first and last repeated past the edges, into `out`: whole rows at a
    /// time, with the running sums of all columns in `sums`; the sums of rows `summed` alone.
    @inline(__always)
    private static func boxColumns<Lane: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
        _ rows: UnsafeMutablePointer<Lane>, into out: UnsafeMutablePointer<Lane>, lanes: Int, count: Int,
        rows summed: ClosedRange<Int>, width: Int, sums: UnsafeMutablePointer<Lane>
    ) {
        let r = width / 2, last = count - 1
        func row(_ k: Int) -> UnsafeMutablePointer<Lane> { rows + min(max(k, 0), last) * lanes }
        let first = summed.lowerBound
        sums.update(repeating: 0, count: lanes)
        for k in (first - r)...(first + r) {
            let line = row(k)
            for c in 0..<lanes { sums[c] &+= line[c] }
        }
        for k in summed {
            let line = out + k * lanes, add = row(k + r + 1), drop = row(k - r)
            for c in 0..<lanes {
                let sum = sums[c]
                line[c] = sum
                sums[c] = sum &+ add[c] &- drop[c]
            }
        }
    }
}

/// The working memory of `BackdropFilter.apply`: buffers kept between calls and grown when a
/// call needs more, so a compositor filtering every frame allocates (and, under the heap's
/// fill pattern, clears) nothing after its first frames. One per compositor: not shared between threads.
final class BackdropScratch {
    private var buffers: [(memory: UnsafeMutableRawPointer, bytes: Int)] = []

    /// Buffer `index`, with room for at least `count` values of `T`; what it held is not kept.
    func buffer<T>(_ index: Int, count: Int, of _: T.Type) -> UnsafeMutablePointer<T> {
        let bytes = max(count, 1) * MemoryLayout<T>.stride
        while buffers.count <= index { buffers.append((UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64), 64)) }
        if buffers[index].bytes < bytes {
            buffers[index].memory.deallocate()
            buffers[index] = (UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64), bytes)
        }
        return buffers[index].memory.bindMemory(to: T.self, capacity: count)
    }

    deinit {
        for buffer in buffers { buffer.memory.deallocate() }
    }
}
