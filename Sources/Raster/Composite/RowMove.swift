import Foundation

/// What a copy of an earlier frame's pixels takes to become a later frame's: some rows moved
/// (`move`), then the rows of `damage` redrawn. Together they give the later frame byte for byte.
public struct FrameChanges: Equatable, Sendable {
    /// The rows to redraw, after the move; apart from the moved rows.
    public var damage: Damage
    /// Rows that are the earlier frame's rows moved whole; nil when none are.
    public var move: RowMove?

    public init(damage: Damage, move: RowMove? = nil) {
        self.damage = damage
        self.move = move
    }

    /// Whether the later frame is the earlier one.
    public var isEmpty: Bool { damage.isEmpty && move == nil }
}

/// Rows of a later frame that are rows of an earlier one moved `dy` pixels down (up when
/// negative), every byte of them: a scroll view's content under a still clip. What the
/// window server's copy-area did for scrolling windows: a frame that scrolls copies the rows
/// it shows already and redraws only what comes into view and what lies over it.
public struct RowMove: Equatable, Sendable {
    /// How far the rows move, in pixels; never 0.
    public let dy: Int
    /// The rows where they land, in the later frame; rows `rows - dy` of the earlier frame.
    public let rows: Damage

    /// A move of `rows` by `dy`; nil when there is nothing to move.
    public init?(dy: Int, rows: Damage) {
        guard dy != 0, !rows.isEmpty else { return nil }
        self.dy = dy
        self.rows = rows
    }

    /// Moves the rows of a buffer of `height` rows of `rowBytes` bytes, `stride` bytes apart
    /// (a canvas, or a yuv420p frame's luma plane): each band's rows become the rows `dy`
    /// above them. Bands are taken in the order that reads every source row before any band
    /// overwrites it.
    public func apply(to base: UnsafeMutableRawPointer, stride: Int, rowBytes: Int, height: Int) {
        Self.move(rows.bands, by: dy, base: base, stride: stride, rowBytes: rowBytes, height: height)
    }

    /// The row pairs of a 4:2:0 frame whose chroma moves with the rows: both rows of each pair
    /// moved, by an even `dy` (pair `p` then comes from pair `p - dy / 2`); none for an odd one.
    public var chromaPairs: [Range<Int>] {
        guard dy % 2 == 0 else { return [] }
        return rows.bands.compactMap { band in
            let pairs = ((band.lowerBound + 1) / 2)..<(band.upperBound / 2)
            return pairs.isEmpty ? nil : pairs
        }
    }

    /// Moves a chroma plane's rows for `chromaPairs` (one chroma row per row pair).
    public func applyToChroma(_ base: UnsafeMutableRawPointer, stride: Int, rowBytes: Int, height: Int) {
        Self.move(chromaPairs, by: dy / 2, base: base, stride: stride, rowBytes: rowBytes, height: height)
    }

    private static func move(_ bands: [Range<Int>], by dy: Int, base: UnsafeMutableRawPointer, stride: Int, rowBytes: Int,
                             height: Int) {
        // Moving down, the lowest band goes first: its sources lie above it and below every
        // band still to move, whose destinations lie above those sources (and up, the reverse).
        for band in dy > 0 ? bands.reversed() : bands {
            precondition(band.lowerBound - dy >= 0 && band.upperBound - dy <= height && band.upperBound <= height,
                         "a moved band comes from inside the buffer")
            let count = (band.count - 1) * stride + rowBytes
            memmove(base + band.lowerBound * stride, base + (band.lowerBound - dy) * stride, count)
        }
    }
}
