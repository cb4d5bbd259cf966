/// The rows of a canvas whose pixels may differ between two frames: whole rows, in bands
/// sorted top to bottom, apart and not touching. A frame whose bands are empty is the same
/// picture as the one before; one band of every row is a full repaint.
///
/// Rows rather than rectangles: the encoder converts whole rows (two at a time, for 4:2:0
/// chroma), and the frames this is for (a sheet, a scroll, a finger) change whole widths or
/// short bands, so finer shapes would buy little.
public struct Damage: Equatable, Sendable {
    /// Row ranges `lower..<upper`, sorted, disjoint and not adjacent.
    public private(set) var bands: [Range<Int>]

    /// Nothing changed.
    public static let none = Damage(bands: [])

    /// Every row of a canvas `height` pixels high.
    public static func all(height: Int) -> Damage {
        Damage(bands: height > 0 ? [0..<height] : [])
    }

    /// The union of `rows`, merged into sorted bands and clamped to `0..<height`.
    public init(_ rows: [Range<Int>], height: Int) {
        let clamped = rows.compactMap { rows -> Range<Int>? in
            let lower = max(rows.lowerBound, 0), upper = min(rows.upperBound, height)
            return lower < upper ? lower..<upper : nil
        }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for band in clamped {
            if let last = merged.last, band.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, band.upperBound)
            } else {
                merged.append(band)
            }
        }
        bands = merged
    }

    private init(bands: [Range<Int>]) {
        self.bands = bands
    }

    /// Whether no row changed.
    public var isEmpty: Bool { bands.isEmpty }

    /// Rows changed, counting each once.
    public var rowCount: Int { bands.reduce(0) { $0 + $1.count } }

    /// This damage with `rows` added.
    public func union(_ rows: Range<Int>, height: Int) -> Damage {
        Damage(bands + [rows], height: height)
    }

    /// The rows of this damage that are not in `other`.
    public func subtracting(_ other: Damage) -> Damage {
        var result: [Range<Int>] = []
        var others = other.bands[...]
        for band in bands {
            var lower = band.lowerBound
            while let cut = others.first, cut.lowerBound < band.upperBound {
                if cut.upperBound <= lower {
                    others = others.dropFirst()
                    continue
                }
                if cut.lowerBound > lower { result.append(lower..<cut.lowerBound) }
                lower = max(lower, cut.upperBound)
                if cut.upperBound <= band.upperBound { others = others.dropFirst() } else { break }
            }
            if lower < band.upperBound { result.append(lower..<band.upperBound) }
        }
        return Damage(bands: result)
    }

    /// The rows in both this damage and `other`.
    public func intersection(_ other: Damage) -> Damage {
        subtracting(subtracting(other))
    }

    /// The rows of this damage inside `rows`.
    public func clamped(to rows: Range<Int>) -> Damage {
        Damage(bands: bands.compactMap { band in
            let clamped = band.clamped(to: rows)
            return clamped.isEmpty ? nil : clamped
        })
    }

    /// The row pairs (pair `p` is rows `2p` and `2p + 1`) that hold a changed row: what a 4:2:0
    /// conversion must redo, sorted and disjoint.
    public var rowPairs: [Range<Int>] {
        var pairs: [Range<Int>] = []
        for band in bands {
            let pair = (band.lowerBound / 2)..<((band.upperBound + 1) / 2)
            if let last = pairs.last, pair.lowerBound <= last.upperBound {
                pairs[pairs.count - 1] = last.lowerBound..<max(last.upperBound, pair.upperBound)
            } else {
                pairs.append(pair)
            }
        }
        return pairs
    }

    /// The rows where `new` may paint other pixels than `old` on the same canvas, given each
    /// step's `rows` — the rows it can change (nil: it may reach anywhere) — for a canvas
    /// `height` rows high.
    ///
    /// The plans are compared step by step from both ends: outside the rows of the steps
    /// between their common beginning and common end, both plans do the same thing to every
    /// pixel, so those pixels come out the same. That holds only when the differing middles
    /// open and close their children alike (a clip begun there would reach the common end);
    /// otherwise, and for a step that may reach anywhere, every row is damaged.
    /// `ends` are the plans' `PaintPlan.commonEnds`.
    static func between(_ old: PaintPlan, _ new: PaintPlan, ends: (prefix: Int, suffix: Int), height: Int,
                        rows: (PaintPlan.Step) -> Range<Int>?) -> Damage {
        let a = old.steps, b = new.steps
        let (prefix, suffix) = ends
        let middles = [a[prefix..<(a.count - suffix)], b[prefix..<(b.count - suffix)]]
        var changed: [Range<Int>] = []
        for middle in middles {
            var depth = 0
            for step in middle {
                switch step {
                case .beginChildren:
                    depth += 1
                case .endChildren:
                    depth -= 1
                    if depth < 0 { return .all(height: height) }
                default:
                    guard let reach = rows(step) else { return .all(height: height) }
                    changed.append(reach)
                }
            }
            if depth != 0 { return .all(height: height) }
        }
        return Damage(changed, height: height)
    }
}
