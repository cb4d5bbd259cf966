internal import CCairo
import Engine
import Geometry
import Scene

/// Paints a frame's layers, back to front, into one canvas's Cairo context, in device pixels.
///
/// Each layer kind has one `paint` method chosen in `paint(_ layer:)`; a new `LayerContent`
/// case slots in there. Shadows get their own pass before each layer's content. Over the
/// layers come the status bar and home indicator (window-level, not part of the layer tree),
/// then the touches.
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
    private let shadows = ShadowCache()

    /// The touch indicator of an iOS screen recording: a mid-gray translucent disc whose rim
    /// darkens and then fades out, so it shows on white and on black. Points, straight alpha.
    enum Touch {
        static let diameter = 40.0
        /// (fraction of the radius, gray level, alpha), a radial gradient from the center out.
        static let stops: [(offset: Double, gray: Double, alpha: Double)] = [
            (0, 0.62, 0.42), (0.68, 0.62, 0.42), (0.84, 0.33, 0.58), (0.93, 0.30, 0.40), (1, 0.30, 0),
        ]
    }

    /// Shown where a layer names a screen the cache does not hold, so the mistake is visible in the video.
    static let missingScreenColor = Color(red: 1, green: 0, blue: 1)

    init(cairo: CairoContext, scale: Double) {
        self.cairo = cairo
        self.scale = scale
        pixelWidth = cairo.surface.width
        pixelHeight = cairo.surface.height
    }

    /// Clears to `options.background` (opaque black by default), paints every layer, the status bar and home indicator, then the
    /// touches when `options.showsTouches`.
    ///
    /// Layers beneath one that hides every pixel of the canvas (opaque, unrounded where it
    /// matters, whole pixels) are not painted, and neither is the background: painted over
    /// anything, an opaque pixel comes out as itself, so the bytes are the same, one or two
    /// full-canvas passes sooner.
    func composite(_ state: FrameState, screens: ScreenCache, options: CompositorOptions) {
        let cr = cairo.pointer
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        let sources = self.sources(for: screens)
        let canvas = Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        let bottom = state.layers.lastIndex { coveredPixels(of: $0, sources: sources) == canvas }
        if bottom == nil {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            let background = options.background
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
            cairo_paint(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)

        for layer in state.layers[(bottom ?? 0)...] {
            paint(layer, sources: sources)
        }
        if let sources {
            paintChrome(over: state.layers, sources: sources)
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
        if let shadow = layer.shadow {
            paintShadow(shadow, of: layer, covered: coveredPixels(of: layer, sources: sources))
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

    /// The shadow a layer casts beneath itself, as Core Animation draws `shadowRadius`,
    /// `shadowOffset`, `shadowColor` and `shadowOpacity` without a `shadowPath`: the layer's
    /// rounded shape blurred with standard deviation radius / 2, offset, tinted, at
    /// opacity x the color's alpha x the layer's alpha. The blurred shape comes from `shadows`.
    /// Pixels in `covered` (the opaque layer will hide them) are skipped, which leaves only a
    /// band around the layer to blend.
    private func paintShadow(_ shadow: Shadow, of layer: Layer, covered: Rect?) {
        let alpha = shadow.color.alpha * shadow.opacity * layer.alpha
        guard alpha > 0 else { return }
        let frame = deviceRect(layer.frame.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
        let width = Int(saturating: frame.width.rounded()), height = Int(saturating: frame.height.rounded())
        guard width > 0, height > 0, frame.x.isFinite, frame.y.isFinite,
              let mask = try? shadows.mask(width: width, height: height, sigma: shadow.radius / 2 * scale,
                                           cornerRadius: layer.cornerRadius * scale) else { return }
        let sx = frame.width / Double(width), sy = frame.height / Double(height)
        let padding = Double(mask.padding)
        let extent = Rect(x: frame.x - padding * sx, y: frame.y - padding * sy,
                          width: frame.width + 2 * padding * sx, height: frame.height + 2 * padding * sy)
        guard let bounds = pixelBounds(of: extent) else { return }
        let cr = cairo.pointer
        // Whole-pixel boxes around the covered part keep Cairo on its region-clip fast path.
        cairo_new_path(cr)
        if let covered {
            let boxes = [
                Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: covered.minY - bounds.minY),
                Rect(x: bounds.minX, y: covered.maxY, width: bounds.width, height: bounds.maxY - covered.maxY),
                Rect(x: bounds.minX, y: covered.minY, width: covered.minX - bounds.minX, height: covered.height),
                Rect(x: covered.maxX, y: covered.minY, width: bounds.maxX - covered.maxX, height: covered.height),
            ]
            for box in boxes where box.width > 0 && box.height > 0 {
                cairo_rectangle(cr, box.x, box.y, box.width, box.height)
            }
        } else {
            cairo_rectangle(cr, bounds.x, bounds.y, bounds.width, bounds.height)
        }
        cairo_clip(cr)
        mask.pattern.place(x: extent.x, y: extent.y, sx: sx, sy: sy, filter: CAIRO_FILTER_GOOD, extend: CAIRO_EXTEND_NONE)
        cairo.setSource(shadow.color, alpha: shadow.opacity * layer.alpha)
        cairo_mask(cr, mask.pattern.pointer)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_reset_clip(cr)
    }

    /// The whole canvas pixels an opaque layer certainly covers — its frame inset past its
    /// rounded corners — clamped to the canvas; nil when the layer lets anything through.
    private func coveredPixels(of layer: Layer, sources: ScreenSources?) -> Rect? {
        guard layer.alpha >= 1 else { return nil }
        switch layer.content {
        case .fill(let color):
            guard color.alpha >= 1 else { return nil }
        case .screen(let name):
            // A missing screen is painted opaque magenta.
            if let source = sources?[name] {
                guard source.isOpaque, layer.contentMode != .topLeft else { return nil }
            }
        }
        let frame = deviceRect(layer.frame)
        let inset = layer.cornerRadius * scale * CornerCurve.continuousExtent
        let covered = clampToCanvas(minX: (frame.minX + inset).rounded(.up), minY: (frame.minY + inset).rounded(.up),
                                    maxX: (frame.maxX - inset).rounded(.down), maxY: (frame.maxY - inset).rounded(.down))
        return covered
    }

    /// The status bar and home indicator in the look of the screen on top at each, over everything but the touches.
    private func paintChrome(over layers: [Layer], sources: ScreenSources) {
        guard let chrome = sources.cache.chrome else { return }
        if let name = topScreen(in: layers, at: chrome.statusBarProbe), let tone = chrome.looks[name]?.statusBar,
           let overlay = sources.statusBar[tone] {
            paint(overlay)
        }
        if let name = topScreen(in: layers, at: chrome.homeIndicatorProbe), let tone = chrome.looks[name]?.homeIndicator,
           let overlay = sources.homeIndicator[tone] {
            paint(overlay)
        }
    }

    /// The name of the frontmost mostly opaque screen layer covering `point` (points).
    private func topScreen(in layers: [Layer], at point: Point) -> String? {
        for layer in layers.reversed() where layer.alpha >= 0.5 && layer.frame.contains(point) {
            if case .screen(let name) = layer.content { return name }
        }
        return nil
    }

    private func paint(_ overlay: ScreenSources.Overlay) {
        let cr = cairo.pointer
        let image = overlay.image
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(image.pixelX), Double(image.pixelY), Double(image.pixelWidth), Double(image.pixelHeight))
        cairo_set_source(cr, overlay.pattern.pointer)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
    }

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
        let content = contentRect(of: source, in: frame, mode: layer.contentMode)
        let sx = content.width / Double(source.pixelWidth)
        let sy = content.height / Double(source.pixelHeight)
        guard sx.isFinite, sy.isFinite, content.x.isFinite, content.y.isFinite,
              let bounds = pixelBounds(of: frame) else { return }
        let radius = layer.cornerRadius * scale
        let pattern = source.pattern

        let x = content.x.rounded(), y = content.y.rounded()
        let isPixelAligned = abs(sx - 1) < 1e-9 && abs(sy - 1) < 1e-9
            && abs(content.x - x) < 1e-6 && abs(content.y - y) < 1e-6
        if isPixelAligned {
            pattern.place(x: x, y: y, sx: 1, sy: 1, filter: CAIRO_FILTER_FAST, extend: CAIRO_EXTEND_NONE)
            if radius > 0 || content != frame {
                cairo.setPath(frame, cornerRadius: radius, curve: .continuous)
                cairo_clip(cr)
            }
            paint(pattern, alpha: layer.alpha, on: cairo)
            cairo_reset_clip(cr)
            return
        }

        pattern.place(x: content.x, y: content.y, sx: sx, sy: sy, filter: CAIRO_FILTER_GOOD, extend: CAIRO_EXTEND_PAD)
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

    /// Where the whole screen image goes for `mode`, in device pixels; the layer is clipped to `frame`.
    private func contentRect(of source: ScreenSources.Source, in frame: Rect, mode: ContentMode) -> Rect {
        let width = Double(source.pixelWidth), height = Double(source.pixelHeight)
        switch mode {
        case .scaleToFill:
            return frame
        case .aspectFill:
            let s = max(frame.width / width, frame.height / height)
            return Rect(x: frame.midX - width * s / 2, y: frame.midY - height * s / 2, width: width * s, height: height * s)
        case .topLeft:
            return Rect(x: frame.x, y: frame.y, width: width, height: height)
        }
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

    /// The finger's translucent gray disc with its soft darker rim, centered on `point`.
    private func paintTouch(at point: Point) {
        let cr = cairo.pointer
        let center = Point(x: point.x * scale, y: point.y * scale)
        let radius = Touch.diameter / 2 * scale
        guard center.x.isFinite, center.y.isFinite,
              let gradient = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius) else { return }
        defer { cairo_pattern_destroy(gradient) }
        for stop in Touch.stops {
            cairo_pattern_add_color_stop_rgba(gradient, stop.offset, stop.gray, stop.gray, stop.gray, stop.alpha)
        }
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
    }

    private func deviceRect(_ rect: Rect) -> Rect {
        Rect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
    }
}
