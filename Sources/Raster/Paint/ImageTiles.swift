internal import CCairo
import Foundation
import Geometry
import Scene

/// A scroll view's content too large to keep whole — longer than one Cairo surface's side, or
/// larger than `Limits.scrollContentWhole` — held as strips along its scroll axis (rows of
/// `extent` pixels for vertical content, columns for horizontal), each its own buffer, drawn
/// when a frame first needs it and let go again, least recently used first, so that no more
/// than `keep` are drawn (more only while painters hold more). Room is made before a strip is
/// drawn, not after: a frame that jumps far along the content does not hold the strips it
/// left and the ones it reaches at once. The memory a render spends on it is then bounded by
/// what frames show, not by how long the content is.
///
/// A strip is drawn as the whole content would be (`draw` in a context translated to the
/// strip), so a strip drawn again after it was let go has the same pixels; which strips are
/// kept changes only the time a frame takes. A row strip has exactly the pixels the whole image
/// would have there (Cairo's scan converter steps row by row); a column strip's left edge cuts
/// the shapes across it, whose antialiased pixels just past it may differ by a few levels. Threads share the drawing: each draws a strip no
/// other has begun, then waits for those others are drawing.
///
/// Unchecked Sendable: the strips' buffers, holds and uses are read and written only in `claims`'
/// lock, and `draw` (not declared `@Sendable`) is only called, as `ScreenImage.Bands` calls its own.
final class ImageTiles: @unchecked Sendable {
    enum Axis: Sendable { case rows, columns }

    let axis: Axis
    /// Pixels per strip along the axis (the last may be shorter).
    let extent: Int
    let width: Int
    let height: Int
    let format: cairo_format_t
    /// How many strips stay drawn, held ones included (held ones are never let go).
    let keep: Int
    private let draw: (CairoContext, ImageLibrary) throws -> Void
    /// Pixels per point, per axis.
    private let scale: (x: Double, y: Double)

    /// Which strips are drawn; the fields below are read and written in its `withLock`.
    private let claims: DrawClaims
    private var buffers: [PixelImage?]
    private var holds: [Int]
    private var lastUse: [UInt64]
    private var clock: UInt64 = 0

    /// `keep`: how many strips stay drawn; by default as many as `Limits.scrollContentResident` holds, two at least.
    init(axis: Axis, extent: Int, width: Int, height: Int, format: cairo_format_t, scale: (x: Double, y: Double),
         keep: Int? = nil, draw: @escaping (CairoContext, ImageLibrary) throws -> Void) {
        self.axis = axis
        self.extent = max(extent, 1)
        self.width = width
        self.height = height
        self.format = format
        self.scale = scale
        self.draw = draw
        let count = ((axis == .rows ? height : width) + self.extent - 1) / self.extent
        let stripBytes = Int(cairo_format_stride_for_width(format, Int32(axis == .rows ? width : min(self.extent, width))))
            * (axis == .rows ? min(self.extent, height) : height)
        self.keep = keep ?? max(Limits.scrollContentResident / max(stripBytes, 1), 2)
        claims = DrawClaims(count: count)
        buffers = Array(repeating: nil, count: count)
        holds = Array(repeating: 0, count: count)
        lastUse = Array(repeating: 0, count: count)
    }

    /// A drawn strip held for painting: where it lies in the content, in pixels.
    struct Strip {
        let index: Int
        let x: Int
        let y: Int
        let image: PixelImage
    }

    /// Strip `index`'s place in the content.
    func frame(of index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let start = index * extent
        switch axis {
        case .rows: return (0, start, width, min(extent, height - start))
        case .columns: return (start, 0, min(extent, width - start), height)
        }
    }

    /// How many strips are drawn now (for tests: at most `keep` plus those held).
    var drawnCount: Int {
        claims.withLock { _ in buffers.count(where: { $0 != nil }) }
    }

    /// Draws the strips covering pixel rows `rows` and columns `columns` that are not drawn,
    /// and holds them all until `release`: none is let go while a painter reads it.
    func hold(rows: Range<Int>, columns: Range<Int>, images: ImageLibrary) throws -> [Strip] {
        let span = axis == .rows ? rows.clamped(to: 0..<height) : columns.clamped(to: 0..<width)
        guard !span.isEmpty, !rows.clamped(to: 0..<height).isEmpty, !columns.clamped(to: 0..<width).isEmpty else { return [] }
        let needed = (span.lowerBound / extent)...((span.upperBound - 1) / extent)
        claims.withLock { states in
            for index in needed { holds[index] += 1 }
            let missing = needed.count(where: { buffers[$0] == nil })
            letGo(&states, toMake: missing)
        }
        do {
            while let index = claims.claim(needed) {
                let frame = frame(of: index)
                let image = PixelImage(width: frame.width, height: frame.height, format: format)
                do {
                    try drawStrip(frame, into: image, images: images)
                } catch {
                    finish(index, image: nil)
                    throw error
                }
                finish(index, image: image)
            }
        } catch {
            release(indices: Array(needed))
            throw error
        }
        return claims.withLock { _ in
            needed.compactMap { index in
                guard let image = buffers[index] else { return nil }
                let frame = frame(of: index)
                return Strip(index: index, x: frame.x, y: frame.y, image: image)
            }
        }
    }

    /// Lets go of strips `hold` gave; the least recently used unheld ones past `keep` are freed.
    func release(_ strips: [Strip]) {
        release(indices: strips.map(\.index))
    }

    private func release(indices: [Int]) {
        claims.withLock { states in
            for index in indices {
                holds[index] -= 1
                clock += 1
                lastUse[index] = clock
            }
            letGo(&states, toMake: 0)
        }
    }

    /// Lets go of the least recently used unheld strips until `room` more would keep the drawn
    /// ones within `keep` (or none unheld is left). Called in `claims`' lock.
    private func letGo(_ states: inout [DrawClaims.State], toMake room: Int) {
        let drawn = buffers.indices.filter { buffers[$0] != nil }
        let excess = drawn.count + room - keep
        guard excess > 0 else { return }
        let unheld = drawn.filter { holds[$0] == 0 }.sorted { lastUse[$0] < lastUse[$1] }
        for index in unheld.prefix(excess) {
            buffers[index] = nil
            states[index] = .waiting
        }
    }

    /// Ends the drawing of strip `index`: drawn into `image`, or (nil) left for the next frame.
    private func finish(_ index: Int, image: PixelImage?) {
        claims.finish(index, drawn: image != nil) { _ in buffers[index] = image }
    }

    /// Draws the content's pixels in `frame` into `image`, as the whole content would draw them.
    private func drawStrip(_ frame: (x: Int, y: Int, width: Int, height: Int), into image: PixelImage, images: ImageLibrary) throws {
        let surface = try image.makeSurface()
        let cairo = try CairoContext(surface: surface)
        cairo_translate(cairo.pointer, -Double(frame.x), -Double(frame.y))
        cairo_scale(cairo.pointer, scale.x, scale.y)
        try draw(cairo, images)
        try cairo.checkStatus("drawing a screen")
        surface.flush()
    }

    /// The content's pixels in rows `rows` and columns `columns`, copied from the strips into one
    /// image of their own (for painting scaled or rotated, which reads across strips).
    func window(rows: Range<Int>, columns: Range<Int>, images: ImageLibrary) throws -> PixelImage? {
        let rows = rows.clamped(to: 0..<height), columns = columns.clamped(to: 0..<width)
        guard !rows.isEmpty, !columns.isEmpty else { return nil }
        let strips = try hold(rows: rows, columns: columns, images: images)
        defer { release(strips) }
        let window = PixelImage(width: columns.count, height: rows.count, format: format)
        for strip in strips {
            let image = strip.image
            let top = max(rows.lowerBound, strip.y), bottom = min(rows.upperBound, strip.y + image.height)
            let left = max(columns.lowerBound, strip.x), right = min(columns.upperBound, strip.x + image.width)
            guard top < bottom, left < right else { continue }
            for row in top..<bottom {
                let from = image.pixels.bytes + (row - strip.y) * image.stride + (left - strip.x) * 4
                let to = window.pixels.bytes + (row - rows.lowerBound) * window.stride + (left - columns.lowerBound) * 4
                to.copyMemory(from: from, byteCount: (right - left) * 4)
            }
        }
        return window
    }
}
