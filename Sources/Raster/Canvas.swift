import RenderTree
import Foundation
import Geometry

/// Composites one FrameState into pixels. One Canvas per thread; reuse it across frames.
///
/// Holds one Cairo ARGB32 image and its drawing context for its whole life, so drawing a
/// frame allocates no pixel memory. Not thread-safe: each rendering thread owns its canvas;
/// many canvases may share one `ScreenCache`.
public final class Canvas {
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per point.
    public let scale: Double
    private let surface: CairoSurface
    let compositor: Compositor

    /// A canvas of `pixelWidth` x `pixelHeight` pixels, where one point is `scale` pixels; the
    /// columns from `contentWidth` and rows from `contentHeight` on (when given) are edge
    /// padding (`padEdges`): never moved, never read by a backdrop.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double, contentWidth: Int? = nil, contentHeight: Int? = nil) throws {
        guard scale > 0, scale.isFinite, (1...cairoMaximumSide).contains(pixelWidth),
              (1...cairoMaximumSide).contains(pixelHeight) else {
            throw RasterError.invalidSize(width: pixelWidth, height: pixelHeight, scale: scale)
        }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        surface = try CairoSurface(width: pixelWidth, height: pixelHeight)
        compositor = Compositor(cairo: try CairoContext(surface: surface), scale: scale, contentWidth: contentWidth,
                                contentHeight: contentHeight)
    }

    /// Bytes from one row to the next. Cairo ARGB32: premultiplied, B,G,R,A bytes in memory (little-endian).
    /// Valid until the next draw.
    public var stride: Int { surface.stride }

    /// Calls `body` with the first byte of the top row: `stride * pixelHeight` bytes, valid only inside `body`.
    public func withPixels<R>(_ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        surface.flush()
        guard let data = surface.data else {
            // A successfully created image surface always has data.
            preconditionFailure("Cairo image surface without pixels")
        }
        return try body(UnsafePointer(data))
    }

    /// Calls `body` with writable pixels, then tells Cairo they changed.
    func withMutablePixels(_ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        surface.withMutableData(body)
    }

    /// Replaces the pixels with `state`: opaque black, then its layers back to front, then
    /// (when `options.showsTouches`) a finger circle at each touch.
    public func draw(_ state: FrameState, screens: ScreenCache, options: CompositorOptions) {
        compositor.composite(state, screens: screens, options: options)
    }

    /// Makes the pixels `state`'s, as `draw` does, but only where they may differ from the
    /// frame this canvas drew last: moving the rows a scroll moves whole, then repainting the
    /// rows that need it; returns both (every row repainted the first time, or when `screens`
    /// is another cache). The pixels come out byte for byte as `draw` paints them, whichever
    /// frame was drawn before, as long as nothing but `draw`, `drawChanges` and `padEdges`
    /// wrote to them.
    public func drawChanges(_ state: FrameState, screens: ScreenCache, options: CompositorOptions) -> FrameChanges {
        compositor.compositeChanges(state, screens: screens, options: options)
    }

    /// What the canvas holds now (nil before the first draw): keep it with a copy of the pixels
    /// (or their conversion) to learn later, with `changes(since:)`, which rows of that copy
    /// are out of date.
    public var painted: PaintedFrame? { compositor.painted }

    /// How a copy of the pixels the canvas held when `painted` was `earlier` becomes a copy of
    /// those it holds now: rows moved, then rows brought up to date from the canvas (every row
    /// when `earlier` is nil, or was painted from another screen cache or on another canvas's
    /// geometry). The result is byte for byte a copy of the pixels now, whichever worker's
    /// canvas painted them (`Damage.between`, `ScrollMoves`).
    public func changes(since earlier: PaintedFrame?) -> FrameChanges {
        guard let now = painted, let earlier, earlier.geometry == now.geometry else {
            return FrameChanges(damage: .all(height: pixelHeight))
        }
        return compositor.changes(from: earlier, to: now)
    }

    /// The current pixels, un-premultiplied RGBA.
    public func rgbaImage() -> RGBAImage {
        withPixels { data in
            RGBAImage(cairoPixels: UnsafeRawPointer(data), width: pixelWidth, height: pixelHeight, stride: stride,
                      hasAlpha: true)
        }
    }

    /// Encodes the current pixels as PNG at `url`, atomically (temporary file, then rename).
    public func writePNG(to url: URL) throws {
        try writePNGAtomically(surface, to: url)
    }

    /// Encodes the current pixels as PNG in memory, favouring speed over size (for serving
    /// frames as they are drawn).
    public func pngData() throws -> [UInt8] {
        try rgbaImage().pngData()
    }
}
