internal import CCairo
import Foundation
import Synchronization
import Geometry
import Scene
import Memory
import Workers

/// One screen part's pixels at device scale: drawn once (whole, or band by band as frames need
/// its rows), then read-only.
///
/// The pixels live in plain memory rather than a Cairo surface, so each `Canvas` wraps them
/// in its own surface and no Cairo or pixman object is shared between threads.
final class ScreenImage: Sendable {
    /// The pixels, for an image drawn whole or band by band; nil for one held in strips (`tiles`).
    let pixelImage: PixelImage?
    /// A scroll view's content too large to keep whole, in strips drawn and let go as frames need them.
    let tiles: ImageTiles?
    let pixelWidth: Int
    let pixelHeight: Int
    let format: cairo_format_t
    /// RGB24 (no alpha channel) when every pixel is opaque, so painting it is a copy rather than a blend.
    var isOpaque: Bool { format == CAIRO_FORMAT_RGB24 }

    /// Drawing left for later, band by band (see `init(size:scale:opaque:bandHeight:draw:)`);
    /// nil when the image was drawn whole at once.
    let bands: Bands?
    /// `uniformRuns`, once found.
    private let runs = LockedValueBox<[Range<Int>]?>(nil)
    /// `inkedAreas`, once found.
    private let inked = LockedValueBox<[(rows: Range<Int>, columns: Range<Int>)]?>(nil)

    /// The rows of an image drawn band by band: which bands are drawn, and how to draw one.
    /// Threads needing the same rows share the work: each draws a band no other has begun,
    /// then waits for those being drawn by others.
    /// Unchecked: `draw` is not declared `@Sendable`, but it is only ever called, from any thread,
    /// and draws with per-use fonts and each use's own image surfaces (`ScreenCache`); the rest
    /// is immutable or behind `claims`' lock and an atomic.
    final class Bands: @unchecked Sendable {
        let height: Int
        fileprivate let claims: DrawClaims
        /// Set once every band is drawn, and read without the lock: then nothing is left to draw.
        /// An atomic rather than a `LockedValueBox`: every frame that shows the image reads it,
        /// from every drawing thread, long after the last band is drawn.
        private let whole = Atomic<Bool>(false)
        var complete: Bool { whole.load(ordering: .acquiring) }
        fileprivate let draw: (CairoContext, ImageLibrary) throws -> Void
        /// The user-space scale of the image's drawing (pixels per point, per axis).
        fileprivate let scale: (x: Double, y: Double)

        fileprivate init(height: Int, count: Int, scale: (x: Double, y: Double),
                         draw: @escaping (CairoContext, ImageLibrary) throws -> Void) {
            self.height = height
            claims = DrawClaims(count: count)
            self.draw = draw
            self.scale = scale
        }

        /// Ends the caller's drawing of `band` (`DrawClaims.finish`); once every band is drawn,
        /// nothing is left to draw.
        fileprivate func finish(_ band: Int, drawn: Bool) {
            let all = claims.finish(band, drawn: drawn) { states in drawn && states.allSatisfy { $0 == .drawn } }
            if all { whole.store(true, ordering: .releasing) }
        }
    }

    /// An image of `size` points x `scale` pixels, drawn by `draw` in a context whose user
    /// space is in points.
    /// `mirrored`: drawn mirrored left to right, as a right-to-left screen's parts are
    /// (`CairoContext.mirror(width:)`; text, photos and icons turn back in their boxes).
    convenience init(size: Size, scale: Double, opaque: Bool, mirrored: Bool = false, draw: (CairoContext) throws -> Void) throws {
        try self.init(size: size, scale: scale, opaque: opaque, bands: nil)
        guard let pixelImage else { return }
        let surface = try pixelImage.makeSurface()
        let cairo = try CairoContext(surface: surface)
        cairo_scale(cairo.pointer, Double(pixelWidth) / size.width, Double(pixelHeight) / size.height)
        if mirrored { cairo.mirror(width: size.width) }
        try draw(cairo)
        try cairo.checkStatus("drawing a screen")
        surface.flush()
    }

    /// An image of `size` points x `scale` pixels, not drawn yet: `drawRows` draws the bands of
    /// `bandHeight` pixel rows a frame needs, the first time one does, each by `draw` (as the
    /// whole image would be drawn) into a surface of that band's rows alone. A tall scroll
    /// view's content is drawn this way, so a frame waits only for the rows it shows and the
    /// rest is drawn as the content scrolls into view, beside the encoder. The bands are the
    /// same whichever frames or threads draw them, so the pixels are too.
    convenience init(size: Size, scale: Double, opaque: Bool, bandHeight: Int,
                     draw: @escaping (CairoContext, ImageLibrary) throws -> Void) throws {
        let height = max(bandHeight, 1)
        try self.init(size: size, scale: scale, opaque: opaque, bands: { width, rows in
            Bands(height: height, count: (rows + height - 1) / height,
                  scale: (Double(width) / size.width, Double(rows) / size.height), draw: draw)
        })
    }

    /// A scroll view's content of `size` points x `scale` pixels, scrolling along `axis`: drawn band
    /// by band (as above) while it fits one surface and `Limits.scrollContentWhole`, else held in
    /// strips along its axis, of `bandHeight` rows or `bandWidth` columns, drawn and let go as
    /// frames need them (`ImageTiles`).
    convenience init(content size: Size, scale: Double, vertical: Bool, bandHeight: Int, bandWidth: Int, mirrored: Bool = false,
                     draw given: @escaping (CairoContext, ImageLibrary) throws -> Void) throws {
        let draw: (CairoContext, ImageLibrary) throws -> Void = mirrored ? { cairo, images in
            cairo.mirror(width: size.width)
            try given(cairo, images)
        } : given
        if Limits.keepsContentWhole(width: size.width * scale, height: size.height * scale) {
            try self.init(size: size, scale: scale, opaque: false, bandHeight: bandHeight, draw: draw)
            return
        }
        try self.init(size: size, scale: scale, opaque: false, bands: nil, tiled: { width, height in
            ImageTiles(axis: vertical ? .rows : .columns, extent: vertical ? bandHeight : bandWidth, width: width, height: height,
                       format: CAIRO_FORMAT_ARGB32, scale: (Double(width) / size.width, Double(height) / size.height), draw: draw)
        })
    }

    private init(size: Size, scale: Double, opaque: Bool, bands: ((Int, Int) -> Bands)?,
                 tiled: ((Int, Int) -> ImageTiles)? = nil) throws {
        let w = size.width * scale, h = size.height * scale
        // One surface holds an image whole; strips hold it along their axis, each one a surface across.
        let (longest, across) = tiled == nil ? (Double(cairoMaximumSide), Double(cairoMaximumSide)) : (Double(Int32.max / 4), Double(cairoMaximumSide))
        guard scale > 0, scale.isFinite, w.isFinite, h.isFinite, w >= 0.5, h >= 0.5,
              max(w, h) < longest + 1, min(w, h) < across + 1 else {
            throw RasterError.invalidSize(width: w.isFinite ? Int(min(w, 1e9)) : 0, height: h.isFinite ? Int(min(h, 1e9)) : 0,
                                          scale: scale)
        }
        let width = max(Int(w.rounded()), 1), height = max(Int(h.rounded()), 1)
        pixelWidth = width
        pixelHeight = height
        format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        if let tiled {
            pixelImage = nil
            tiles = tiled(width, height)
        } else {
            pixelImage = PixelImage(width: width, height: height, format: format)
            tiles = nil
        }
        self.bands = bands?(width, height)
    }

    /// Draws the bands holding `rows` (all rows when nil) that are not drawn yet, with `images`,
    /// sharing them with any other thread drawing rows of this image; returns when they are all drawn.
    func drawRows(_ rows: Range<Int>?, images: ImageLibrary) throws {
        guard let bands, !bands.complete else { return }
        let wanted = rows.map { $0.clamped(to: 0..<pixelHeight) } ?? 0..<pixelHeight
        guard !wanted.isEmpty else { return }
        while let band = bands.claims.claim((wanted.lowerBound / bands.height)...((wanted.upperBound - 1) / bands.height)) {
            do {
                try drawBand(band, of: bands, images: images)
            } catch {
                bands.finish(band, drawn: false)
                throw error
            }
            bands.finish(band, drawn: true)
        }
    }

    /// Draws band `band`'s rows alone, as the whole image would draw them.
    private func drawBand(_ band: Int, of bands: Bands, images: ImageLibrary) throws {
        guard let pixelImage else { return }
        let top = band * bands.height, rows = min(bands.height, pixelHeight - top)
        let surface = try CairoSurface(wrapping: pixelImage.pixels, offset: top * pixelImage.stride, width: pixelWidth, height: rows,
                                       stride: pixelImage.stride, format: pixelImage.format)
        let cairo = try CairoContext(surface: surface)
        cairo_translate(cairo.pointer, 0, -Double(top))
        cairo_scale(cairo.pointer, bands.scale.x, bands.scale.y)
        try bands.draw(cairo, images)
        try cairo.checkStatus("drawing a screen")
        surface.flush()
    }

    /// The runs of rows, top to bottom, in which every row is the row above it byte for byte —
    /// a background's still rows — found the first time they are asked for; none for an image
    /// drawn band by band. A frame that scrolls over this image may move the rows in one run
    /// (`Compositor.changes(from:to:)`).
    var uniformRuns: [Range<Int>] {
        guard bands == nil, let pixelImage else { return [] }
        return runs.withLockedValue { runs in
            if let runs { return runs }
            var found: [Range<Int>] = []
            var start = 0
            let bytes = pixelImage.pixels.bytes, stride = pixelImage.stride, rowBytes = pixelWidth * 4
            for row in 1...pixelHeight {
                if row == pixelHeight || memcmp(bytes + row * stride, bytes + (row - 1) * stride, rowBytes) != 0 {
                    found.append(start..<row)
                    start = row
                }
            }
            runs = found
            return found
        }
    }

    /// Where an image with transparency has any pixel that is not fully transparent: each run
    /// of rows holding one, with the columns from its leftmost such pixel to its rightmost; found
    /// the first time they are asked for. Painting a translucent image over something leaves
    /// it as it was where the image is transparent (source-over adds nothing, and keeps all of
    /// what is under it), so an image copied to a frame need be painted over these alone: a
    /// bar's title or items are a few glyphs in a mostly clear strip as wide as the screen.
    /// Nil for an opaque image or one drawn band by band (all of it, then, is painted).
    var inkedAreas: [(rows: Range<Int>, columns: Range<Int>)]? {
        guard !isOpaque, bands == nil, let pixelImage else { return nil }
        let pixels = pixelImage.pixels, stride = pixelImage.stride
        return inked.withLockedValue { inked in
            if let inked { return inked }
            var found: [(rows: Range<Int>, columns: Range<Int>)] = []
            var run: (rows: Range<Int>, columns: Range<Int>)?
            for y in 0..<pixelHeight {
                let row = (pixels.bytes + y * stride).assumingMemoryBound(to: UInt32.self)
                var first = 0
                while first < pixelWidth, row[first] == 0 { first += 1 }
                guard first < pixelWidth else {
                    if let done = run { found.append(done) }
                    run = nil
                    continue
                }
                var last = pixelWidth - 1
                while row[last] == 0 { last -= 1 }
                if let current = run {
                    run = (current.rows.lowerBound..<y + 1,
                           min(current.columns.lowerBound, first)..<max(current.columns.upperBound, last + 1))
                } else {
                    run = (y..<y + 1, first..<last + 1)
                }
            }
            if let done = run { found.append(done) }
            inked = found
            return found
        }
    }

    /// A Cairo surface reading these pixels, for one canvas's exclusive use; nil for an image in strips.
    func makeSurface() throws -> CairoSurface? {
        try pixelImage?.makeSurface()
    }
}
