/// The colors of a whole clip, counted exactly: the input of `GIFPalette`.
///
/// Reads Cairo ARGB32 pixels (B,G,R,A bytes on little-endian) and ignores alpha, so translucent
/// pixels count as composited over black, as every format without alpha shows them. Counts are
/// sums, so histograms filled on several threads and merged give the same palette in any order.
public struct ColorHistogram: Sendable {
    /// Pixel count per 0xRRGGBB color.
    private(set) var counts: [UInt32: Int] = [:]

    public init() {}

    /// Adds every pixel of a `width` x `height` frame `weight` times (the frames it is shown for).
    public mutating func add(bgra: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, weight: Int = 1) {
        for y in 0..<height {
            let row = bgra + y * stride
            // Runs of one color (most of a UI frame) cost one dictionary update.
            var run = 0
            var current: UInt32 = 0
            for x in 0..<width {
                let i = x * 4
                let color = UInt32(row[i + 2]) << 16 | UInt32(row[i + 1]) << 8 | UInt32(row[i])
                if run > 0, color == current {
                    run += 1
                    continue
                }
                if run > 0 { counts[current, default: 0] += run * weight }
                current = color
                run = 1
            }
            if run > 0 { counts[current, default: 0] += run * weight }
        }
    }

    /// Adds `other`'s counts.
    public mutating func merge(_ other: ColorHistogram) {
        counts.merge(other.counts, uniquingKeysWith: +)
    }

    /// The number of distinct colors seen.
    public var colorCount: Int { counts.count }
}

/// At most 256 colors for a whole GIF, chosen by median cut over a `ColorHistogram`.
///
/// A clip with 256 colors or fewer keeps them exactly. Otherwise the color cube is split, box by
/// box, where the pixels' squared error is largest, at the weighted median of the box's widest
/// channel, until there are 256 boxes. Each box becomes its weighted mean color, unless one
/// color holds at least half of the box's pixels: then that color itself, so the large flat
/// areas of a UI (backgrounds, bars, cards) are matched exactly and never dithered.
public struct GIFPalette: Sendable, Equatable {
    /// 0xRRGGBB colors, at most 256, sorted.
    public let colors: [UInt32]

    public static let maximumCount = 256

    public init(colors: [UInt32]) {
        precondition(!colors.isEmpty && colors.count <= Self.maximumCount, "a GIF palette has 1...256 colors")
        self.colors = colors
    }

    /// The palette for `histogram`.
    public init(histogram: ColorHistogram) {
        // Sorted, so the result never depends on the dictionary's order.
        let entries = histogram.counts.map { (color: $0.key, count: $0.value) }.sorted { $0.color < $1.color }
        guard entries.count > Self.maximumCount else {
            self.init(colors: entries.isEmpty ? [0] : entries.map(\.color))
            return
        }
        var boxes = [Box(entries[...])]
        while boxes.count < Self.maximumCount {
            guard let index = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }), boxes[index].error > 0,
                  let (low, high) = boxes[index].split() else { break }
            boxes[index] = low
            boxes.append(high)
        }
        self.init(colors: Array(Set(boxes.map(\.representative))).sorted())
    }

    /// A box of the color cube: some colors with their counts.
    private struct Box {
        var entries: [(color: UInt32, count: Int)]
        let total: Double
        let mean: (Double, Double, Double)
        /// Sum over pixels of the squared distance to the mean.
        let error: Double
        /// The channel (0 red, 1 green, 2 blue) with the largest spread.
        let widest: Int

        init(_ entries: ArraySlice<(color: UInt32, count: Int)>) {
            self.entries = Array(entries)
            var n = 0.0, sum = (0.0, 0.0, 0.0), squares = (0.0, 0.0, 0.0)
            for entry in entries {
                let w = Double(entry.count)
                let (r, g, b) = Self.channels(entry.color)
                n += w
                sum.0 += w * r; sum.1 += w * g; sum.2 += w * b
                squares.0 += w * r * r; squares.1 += w * g * g; squares.2 += w * b * b
            }
            total = n
            mean = (sum.0 / n, sum.1 / n, sum.2 / n)
            let variance = (squares.0 - sum.0 * mean.0, squares.1 - sum.1 * mean.1, squares.2 - sum.2 * mean.2)
            error = entries.count > 1 ? max(variance.0 + variance.1 + variance.2, 0) : 0
            widest = variance.0 >= variance.1 && variance.0 >= variance.2 ? 0 : (variance.1 >= variance.2 ? 1 : 2)
        }

        static func channels(_ color: UInt32) -> (Double, Double, Double) {
            (Double(color >> 16 & 0xFF), Double(color >> 8 & 0xFF), Double(color & 0xFF))
        }

        /// The two halves at the weighted median of the widest channel; nil for a single color.
        func split() -> (Box, Box)? {
            guard entries.count > 1 else { return nil }
            let shift = UInt32(16 - 8 * widest)
            let sorted = entries.sorted { ($0.color >> shift & 0xFF, $0.color) < ($1.color >> shift & 0xFF, $1.color) }
            var seen = 0.0
            var cut = 1
            for (index, entry) in sorted.enumerated().dropLast() {
                seen += Double(entry.count)
                cut = index + 1
                if seen >= total / 2 { break }
            }
            return (Box(sorted[..<cut]), Box(sorted[cut...]))
        }

        var representative: UInt32 {
            if let top = entries.max(by: { ($0.count, $1.color) < ($1.count, $0.color) }), Double(top.count) * 2 >= total {
                return top.color
            }
            func channel(_ value: Double) -> UInt32 { UInt32(min(max(value.rounded(), 0), 255)) }
            return channel(mean.0) << 16 | channel(mean.1) << 8 | channel(mean.2)
        }
    }
}

/// One GIF frame: a palette index per pixel, rows `width` bytes apart.
///
/// Unchecked Sendable: like `YUVFrame`, it may move between threads, but only one uses it at a time.
public final class IndexedFrame: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// `width * height` indices, row after row.
    let storage: UnsafeMutableRawPointer
    var indices: UnsafeMutablePointer<UInt8> { storage.assumingMemoryBound(to: UInt8.self) }

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "IndexedFrame needs a positive size, got \(width)x\(height)")
        self.width = width
        self.height = height
        storage = UnsafeMutableRawPointer.allocate(byteCount: width * height, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: width * height)
    }

    deinit {
        storage.deallocate()
    }

    /// The index at pixel (`x`, `y`).
    public subscript(x: Int, y: Int) -> UInt8 { indices[y * width + x] }
}

/// Maps frames to a `GIFPalette` with Floyd–Steinberg error diffusion.
///
/// Each pixel takes the palette color nearest to it plus the error carried from its neighbours
/// (7/16 right, 3/16, 5/16 and 1/16 on the row below), ties to the lowest index; a pixel whose
/// color is in the palette and carries no error keeps it exactly. A function of the frame
/// alone, so any thread gives the same indices. Not synchronized: one per worker thread (it
/// keeps a 32 MB cache of nearest colors).
///
/// Unchecked Sendable: a worker's ditherer moves to that worker's thread once and stays there.
public final class PaletteDitherer: @unchecked Sendable {
    public let palette: GIFPalette
    private let red: [Int32], green: [Int32], blue: [Int32]
    /// Nearest palette index per 0xRRGGBB color, 0xFFFF while unknown.
    private var nearest: [UInt16]
    /// Carried errors in 1/16 units for the current and the next row: 3 channels x (width + 2).
    private var current: [Int32] = [], next: [Int32] = []

    public init(palette: GIFPalette) {
        self.palette = palette
        red = palette.colors.map { Int32($0 >> 16 & 0xFF) }
        green = palette.colors.map { Int32($0 >> 8 & 0xFF) }
        blue = palette.colors.map { Int32($0 & 0xFF) }
        nearest = [UInt16](repeating: 0xFFFF, count: 1 << 24)
    }

    /// Dithers a frame of Cairo ARGB32 pixels (alpha ignored: composited over black) into `frame`.
    public func dither(bgra: UnsafePointer<UInt8>, stride: Int, into frame: IndexedFrame) {
        let width = frame.width, height = frame.height
        let count = 3 * (width + 2)
        if current.count != count {
            current = [Int32](repeating: 0, count: count)
            next = current
        } else {
            for i in 0..<count { current[i] = 0 }
        }
        let out = frame.indices
        for y in 0..<height {
            for i in 0..<count { next[i] = 0 }
            let row = bgra + y * stride
            for x in 0..<width {
                let e = 3 * (x + 1)
                let r = Self.clamp(Int32(row[x * 4 + 2]) + (current[e] + 8) >> 4)
                let g = Self.clamp(Int32(row[x * 4 + 1]) + (current[e + 1] + 8) >> 4)
                let b = Self.clamp(Int32(row[x * 4]) + (current[e + 2] + 8) >> 4)
                let index = nearestIndex(r: r, g: g, b: b)
                out[y * width + x] = UInt8(index)
                diffuse(r - red[index], at: e)
                diffuse(g - green[index], at: e + 1)
                diffuse(b - blue[index], at: e + 2)
            }
            swap(&current, &next)
        }
    }

    /// Carries `error` of the channel at `e` in the current row to its neighbours.
    @inline(__always)
    private func diffuse(_ error: Int32, at e: Int) {
        guard error != 0 else { return }
        current[e + 3] += error * 7
        next[e - 3] += error * 3
        next[e] += error * 5
        next[e + 3] += error
    }

    private static func clamp(_ value: Int32) -> Int32 { min(max(value, 0), 255) }

    private func nearestIndex(r: Int32, g: Int32, b: Int32) -> Int {
        let key = Int(r) << 16 | Int(g) << 8 | Int(b)
        let cached = nearest[key]
        if cached != 0xFFFF { return Int(cached) }
        var best = 0
        var bestDistance = Int32.max
        for index in red.indices {
            let dr = r - red[index], dg = g - green[index], db = b - blue[index]
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        nearest[key] = UInt16(best)
        return best
    }
}
