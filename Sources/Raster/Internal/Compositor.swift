internal import CCairo
import Engine
import Geometry

/// Paints a frame's layers, back to front, into one canvas's Cairo context, in device pixels.
///
/// Each layer kind has one `paint` method chosen in `paint(_ layer:)`; a new `LayerContent`
/// case slots in there. Shadows get their own pass before each layer's content.
final class Compositor {
    private let cairo: CairoContext
    private let scale: Double
    private let pixelWidth: Int
    private let pixelHeight: Int
    private var sources: ScreenSources?
    /// Where translucent filtered layers are drawn before being faded in; see `paintScreen`.
    private var scratch: ScratchCanvas?
    /// Whether translucent filtered layers go through `scratch`; off only to test that it matches painting directly.
    var fadesThroughScratch = true

    /// The touch indicator of an iOS screen recording, in points and straight-alpha colors.
    enum Touch {
        static let diameter = 38.0
        static let fill = Color(red: 1, green: 1, blue: 1, alpha: 0.45)
        static let borderWidth = 1.5
        static let border = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.35)
    }

    /// Shown where a layer names a screen the cache does not hold, so the mistake is visible in the video.
    static let missingScreenColor = Color(red: 1, green: 0, blue: 1)

    init(cairo: CairoContext, scale: Double) {
        self.cairo = cairo
        self.scale = scale
        pixelWidth = cairo.surface.width
        pixelHeight = cairo.surface.height
    }

    /// Clears to opaque black, paints every layer, then the touches when `options.showsTouches`.
    func composite(_ state: FrameState, screens: ScreenCache, options: CompositorOptions) {
        let cr = cairo.pointer
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)

        let sources = self.sources(for: screens)
        for layer in state.layers {
            paint(layer, sources: sources)
        }
        if options.showsTouches {
            for touch in state.touches {
                paintTouch(at: touch)
            }
        }
        cairo_new_path(cr)
        cairo.surface.flush()
    }

    /// This canvas's wrappers for `screens`, built on first use and kept while the same cache is drawn.
    private func sources(for screens: ScreenCache) -> ScreenSources? {
        if let sources, sources.cache === screens { return sources }
        // Wrapping memory that is already allocated fails only when Cairo is out of memory;
        // layers then show the missing-screen color.
        sources = try? ScreenSources(cache: screens)
        return sources
    }

    private func paint(_ layer: Layer, sources: ScreenSources?) {
        guard layer.alpha > 0, layer.frame.width > 0, layer.frame.height > 0 else { return }
        if let shadowOpacity = layer.shadowOpacity {
            paintShadow(of: layer, opacity: shadowOpacity)
        }
        switch layer.content {
        case .screen(let name):
            if let source = sources?[name] {
                paintScreen(source, in: layer)
            } else {
                paintFill(Self.missingScreenColor, in: layer)
            }
        case .fill(let color):
            paintFill(color, in: layer)
        }
    }

    /// The shadow a layer casts beneath itself. Not drawn yet: a later change renders it here,
    /// before the layer's content, from `layer.frame`, `cornerRadius` and `opacity`.
    private func paintShadow(of layer: Layer, opacity: Double) {}

    /// The screen's image scaled to the layer's frame, clipped to its rounded corners, at its alpha.
    ///
    /// An unscaled image at a whole-pixel offset is copied. Anything else is filtered
    /// (bilinear, or a box filter when shrunk below 3/4) with its edge pixels repeated outwards,
    /// so the clip alone draws the antialiased edge, and Cairo stays on its fast paths, which
    /// a transparent surround would leave. Filtering and fading at once has no fast path: a
    /// translucent filtered layer is filtered into the scratch image, then faded in from there.
    private func paintScreen(_ source: ScreenSources.Source, in layer: Layer) {
        let cr = cairo.pointer
        let frame = deviceRect(layer.frame)
        let sx = frame.width / Double(source.pixelWidth)
        let sy = frame.height / Double(source.pixelHeight)
        guard sx.isFinite, sy.isFinite, frame.x.isFinite, frame.y.isFinite,
              let bounds = pixelBounds(of: frame) else { return }
        let radius = layer.cornerRadius * scale
        let pattern = source.pattern

        let x = frame.x.rounded(), y = frame.y.rounded()
        let isPixelAligned = abs(sx - 1) < 1e-9 && abs(sy - 1) < 1e-9
            && abs(frame.x - x) < 1e-6 && abs(frame.y - y) < 1e-6
        if isPixelAligned {
            pattern.place(x: x, y: y, sx: 1, sy: 1, filter: CAIRO_FILTER_FAST, extend: CAIRO_EXTEND_NONE)
            if radius > 0 {
                cairo.setPath(frame, cornerRadius: radius, curve: .continuous)
                cairo_clip(cr)
            }
            paint(pattern, alpha: layer.alpha, on: cairo)
            cairo_reset_clip(cr)
            return
        }

        pattern.place(x: frame.x, y: frame.y, sx: sx, sy: sy, filter: CAIRO_FILTER_GOOD, extend: CAIRO_EXTEND_PAD)
        if layer.alpha < 1, fadesThroughScratch, let scratch = scratchCanvas() {
            scratch.clear(bounds)
            scratch.cairo.setPath(frame, cornerRadius: radius, curve: .continuous)
            cairo_clip(scratch.cairo.pointer)
            paint(pattern, alpha: 1, on: scratch.cairo)
            cairo_reset_clip(scratch.cairo.pointer)
            scratch.cairo.surface.flush()

            cairo_new_path(cr)
            cairo_rectangle(cr, bounds.x, bounds.y, bounds.width, bounds.height)
            cairo_clip(cr)
            paint(scratch.pattern, alpha: layer.alpha, on: cairo)
        } else {
            cairo.setPath(frame, cornerRadius: radius, curve: .continuous)
            cairo_clip(cr)
            paint(pattern, alpha: layer.alpha, on: cairo)
        }
        cairo_reset_clip(cr)
    }

    /// Sets `pattern` as the source, paints through the current clip at `alpha`, then lets go of the pattern.
    private func paint(_ pattern: CairoPattern, alpha: Double, on target: CairoContext) {
        cairo_set_source(target.pointer, pattern.pointer)
        if alpha >= 1 {
            cairo_paint(target.pointer)
        } else {
            cairo_paint_with_alpha(target.pointer, alpha)
        }
        // Drop the pattern so it may move for the next layer or frame.
        cairo_set_source_rgb(target.pointer, 0, 0, 0)
    }

    /// The whole canvas pixels `frame` touches; nil when it is off the canvas.
    private func pixelBounds(of frame: Rect) -> Rect? {
        clampToCanvas(minX: frame.minX.rounded(.down), minY: frame.minY.rounded(.down),
                      maxX: frame.maxX.rounded(.up), maxY: frame.maxY.rounded(.up))
    }

    private func clampToCanvas(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Rect? {
        let x0 = max(minX, 0), y0 = max(minY, 0)
        let x1 = min(maxX, Double(pixelWidth)), y1 = min(maxY, Double(pixelHeight))
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The canvas-sized scratch image, made on first need and kept; nil when Cairo cannot allocate it.
    private func scratchCanvas() -> ScratchCanvas? {
        if let scratch { return scratch }
        scratch = try? ScratchCanvas(width: pixelWidth, height: pixelHeight)
        return scratch
    }

    /// `color` over the layer's frame, rounded by its corner radius, at `color.alpha` x `layer.alpha`.
    private func paintFill(_ color: Color, in layer: Layer) {
        guard color.alpha > 0 else { return }
        cairo.setPath(deviceRect(layer.frame), cornerRadius: layer.cornerRadius * scale, curve: .continuous)
        cairo.setSource(color, alpha: layer.alpha)
        cairo_fill(cairo.pointer)
    }

    /// The translucent white finger circle with a faint gray rim, centered on `point`.
    private func paintTouch(at point: Point) {
        let cr = cairo.pointer
        let center = Point(x: point.x * scale, y: point.y * scale)
        let radius = Touch.diameter / 2 * scale
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo.setSource(Touch.fill)
        cairo_fill(cr)
        let borderWidth = Touch.borderWidth * scale
        cairo_arc(cr, center.x, center.y, radius - borderWidth / 2, 0, 2 * Double.pi)
        cairo_set_line_width(cr, borderWidth)
        cairo.setSource(Touch.border)
        cairo_stroke(cr)
    }

    private func deviceRect(_ rect: Rect) -> Rect {
        Rect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
    }
}
