internal import CCairo
import RenderTree
import Geometry
import Scene

/// Paints a frame's render tree, back to front, into one canvas's Cairo context, in device pixels.
///
/// Each node's content kind has one `paint` method chosen in `paint(_ node:)`; a new
/// `NodeContent` case slots in there. A node's shadow is painted before its content, its
/// children after. The tree ends with the window chrome the engine decided (the status bar's
/// and home indicator's nodes, each naming its tone); over it come the touches.
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

    /// Clears to `options.background` (opaque black by default), paints the render tree (the
    /// status bar and home indicator included), then the touches when `options.showsTouches`.
    ///
    /// Top-level nodes beneath one that hides every pixel of the canvas (opaque, unrounded where
    /// it matters, whole pixels) are not painted, and neither is the background: painted over
    /// anything, an opaque pixel comes out as itself, so the bytes are the same, one or two
    /// full-canvas passes sooner.
    func composite(_ state: FrameState, screens: ScreenCache, options: CompositorOptions) {
        let cr = cairo.pointer
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        let sources = self.sources(for: screens)
        let canvas = Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight))
        let nodes = state.nodes
        let bottom = nodes.lastIndex { coveredPixels(of: $0, transform: $0.transform, alpha: $0.alpha, screens: screens) == canvas }
        if bottom == nil {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            let background = options.background
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
            cairo_paint(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)

        for node in nodes[(bottom ?? 0)...] {
            paint(node, parent: .identity, parentAlpha: 1, sources: sources, screens: screens)
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
        // nodes then show the missing-screen color.
        sources = try? ScreenSources(cache: screens)
        return sources
    }

    /// The node's shadow, content and children. `parent` maps the parent's points to the
    /// canvas's points; opacity multiplies down the tree; a node that clips its children clips
    /// them to its rounded bounds.
    private func paint(_ node: RenderNode, parent: AffineTransform, parentAlpha: Double, sources: ScreenSources?,
                       screens: ScreenCache) {
        let world = node.transform.concatenating(parent)
        let alpha = node.alpha * parentAlpha
        guard alpha > 0, node.size.width > 0, node.size.height > 0 else { return }
        let device = world.concatenating(AffineTransform(scaleX: scale, y: scale))
        if let shadow = node.shadow {
            paintShadow(shadow, of: node, transform: world, alpha: alpha,
                        covered: coveredPixels(of: node, transform: world, alpha: alpha, screens: screens))
        }
        switch node.content {
        case .none:
            break
        case .fill(let color):
            paintFill(color, alpha: alpha, bounds: node.bounds, cornerRadius: node.cornerRadius, transform: device)
        case .part(let part):
            if let source = sources?.source(for: part) {
                paintImage(source, alpha: alpha, bounds: node.bounds, cornerRadius: node.cornerRadius, transform: device)
            } else {
                paintFill(Self.missingScreenColor, alpha: alpha, bounds: node.bounds, cornerRadius: node.cornerRadius,
                          transform: device)
            }
        case .statusBar(let tone):
            if let overlay = sources?.statusBar[tone] { paint(overlay, alpha: alpha) }
        case .homeIndicator(let tone):
            if let overlay = sources?.homeIndicator[tone] { paint(overlay, alpha: alpha) }
        }
        guard !node.children.isEmpty else { return }
        cairo.withSavedState {
            if node.clipsToBounds {
                setPath(node.bounds, cornerRadius: node.cornerRadius, transform: device)
                cairo_clip(cairo.pointer)
            }
            for child in node.children {
                paint(child, parent: world, parentAlpha: alpha, sources: sources, screens: screens)
            }
        }
    }

    /// Makes `bounds` rounded by `cornerRadius` (both in a node's points), carried to the canvas
    /// by `transform` (node points to device pixels), the current path. An axis-aligned layer's
    /// edges are snapped to pixel edges (`snapped`); its rounded corners stay smooth.
    private func setPath(_ bounds: Rect, cornerRadius: Double, transform: AffineTransform) {
        if transform.isAxisAligned {
            cairo.setPath(Self.snapped(transform.boundingBox(of: bounds)), cornerRadius: cornerRadius * Self.radiusScale(transform),
                          curve: .continuous)
        } else {
            cairo.withSavedState {
                var matrix = cairo_matrix_t()
                cairo_matrix_init(&matrix, transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
                cairo_set_matrix(cairo.pointer, &matrix)
                cairo.setPath(bounds, cornerRadius: cornerRadius, curve: .continuous)
            }
        }
    }

    /// A layer's edges as Core Animation draws them: `CALayer.allowsEdgeAntialiasing` is false
    /// by default, so a layer covers exactly the pixels whose centers lie inside it, and two
    /// layers that abut at a fractional position share one pixel edge — no half-covered column
    /// lets the window behind them through as a seam. A pixel whose center lies on an edge
    /// belongs to the layer to its right (below), as GPU rasterization decides ties; the 1e-7
    /// keeps two edges computed by different arithmetic on the same side of that tie.
    /// `rect` is in device pixels. Sources: docs/uikit-semantics.md#layer-edges.
    static func snapped(_ rect: Rect) -> Rect {
        func edge(_ v: Double) -> Double { (v - 0.5 - 1e-7).rounded(.up) }
        guard rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite, rect.maxY.isFinite else { return rect }
        let x0 = edge(rect.minX), y0 = edge(rect.minY)
        return Rect(x: x0, y: y0, width: max(edge(rect.maxX) - x0, 0), height: max(edge(rect.maxY) - y0, 0))
    }

    /// How much an axis-aligned transform grows a corner radius: its smaller scale.
    private static func radiusScale(_ transform: AffineTransform) -> Double {
        min(abs(transform.a), abs(transform.d))
    }

    /// The shadow a node casts beneath itself, as Core Animation draws `shadowRadius`,
    /// `shadowOffset`, `shadowColor` and `shadowOpacity` without a `shadowPath`: the node's
    /// rounded shape blurred with standard deviation radius / 2, offset, tinted, at
    /// opacity x the color's alpha x the node's alpha. The blurred shape comes from `shadows`.
    /// Pixels in `covered` (the opaque node will hide them) are skipped, which leaves only a
    /// band around the node to blend.
    private func paintShadow(_ shadow: Shadow, of node: RenderNode, transform: AffineTransform, alpha nodeAlpha: Double,
                             covered: Rect?) {
        let alpha = shadow.color.alpha * shadow.opacity * nodeAlpha
        guard alpha > 0 else { return }
        let frame = deviceRect(transform.boundingBox(of: node.bounds).offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
        let width = Int(saturating: frame.width.rounded()), height = Int(saturating: frame.height.rounded())
        guard width > 0, height > 0, frame.x.isFinite, frame.y.isFinite,
              let mask = try? shadows.mask(width: width, height: height, sigma: shadow.radius / 2 * scale,
                                           cornerRadius: node.cornerRadius * scale) else { return }
        let sx = frame.width / Double(width), sy = frame.height / Double(height)
        let padding = Double(mask.padding)
        let extent = Rect(x: frame.x - padding * sx, y: frame.y - padding * sy,
                          width: frame.width + 2 * padding * sx, height: frame.height + 2 * padding * sy)
        guard let bounds = pixelBounds(of: extent) else { return }
        let cr = cairo.pointer
        cairo.withSavedState {
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
            cairo.setSource(shadow.color, alpha: shadow.opacity * nodeAlpha)
            cairo_mask(cr, mask.pattern.pointer)
            cairo_set_source_rgb(cr, 0, 0, 0)
        }
    }

    /// The whole canvas pixels an opaque node certainly covers — its frame inset past its
    /// rounded corners — clamped to the canvas; nil when the node lets anything through or is
    /// rotated. `transform` maps the node's points to the canvas's points.
    private func coveredPixels(of node: RenderNode, transform: AffineTransform, alpha: Double, screens: ScreenCache) -> Rect? {
        guard alpha >= 1, transform.isAxisAligned else { return nil }
        switch node.content {
        case .none, .statusBar, .homeIndicator:
            return nil
        case .fill(let color):
            guard color.alpha >= 1 else { return nil }
        case .part(let part):
            // A part that cannot be drawn is painted opaque magenta.
            guard screens.isOpaque(part) || !screens.contains(part.screen) else { return nil }
        }
        let frame = deviceRect(transform.boundingBox(of: node.bounds))
        let inset = node.cornerRadius * Self.radiusScale(transform) * scale * CornerCurve.continuousExtent
        let covered = clampToCanvas(minX: (frame.minX + inset).rounded(.up), minY: (frame.minY + inset).rounded(.up),
                                    maxX: (frame.maxX - inset).rounded(.down), maxY: (frame.maxY - inset).rounded(.down))
        return covered
    }

    /// A window-chrome image at the place the device gives it (drawn there once, in device pixels), at `alpha`.
    private func paint(_ overlay: ScreenSources.Overlay, alpha: Double) {
        let cr = cairo.pointer
        let image = overlay.image
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(image.pixelX), Double(image.pixelY), Double(image.pixelWidth), Double(image.pixelHeight))
        cairo_set_source(cr, overlay.pattern.pointer)
        if alpha >= 1 {
            cairo_fill(cr)
        } else {
            cairo.withSavedState {
                cairo_clip(cr)
                cairo_paint_with_alpha(cr, alpha)
            }
        }
        cairo_set_source_rgb(cr, 0, 0, 0)
    }

    /// A part's image scaled to the node's bounds, clipped to its rounded corners, at `alpha`.
    /// `transform` maps the node's points to device pixels.
    ///
    /// An unscaled image at a whole-pixel offset is copied. Anything else is filtered
    /// (bilinear) with its edge pixels repeated outwards, so the clip alone draws the
    /// antialiased edge, and Cairo stays on its fast paths, which a transparent surround would
    /// leave. Filtering and fading at once has no fast path: a translucent filtered node is
    /// filtered into the scratch image, then faded in from there.
    private func paintImage(_ source: ScreenSources.Source, alpha: Double, bounds: Rect, cornerRadius: Double,
                            transform: AffineTransform) {
        let cr = cairo.pointer
        let pattern = source.pattern
        let pw = Double(source.pixelWidth), ph = Double(source.pixelHeight)
        guard transform.isAxisAligned else {
            // Rotated: the image's pixels carried by the transform, clipped to the rounded bounds.
            let imageToDevice = AffineTransform(scaleX: bounds.width / pw, y: bounds.height / ph).concatenating(transform)
            cairo.withSavedState {
                setPath(bounds, cornerRadius: cornerRadius, transform: transform)
                cairo_clip(cr)
                pattern.place(imageToDevice, filter: CAIRO_FILTER_GOOD, extend: CAIRO_EXTEND_PAD)
                paint(pattern, alpha: alpha, on: cairo)
            }
            return
        }
        let frame = transform.boundingBox(of: bounds)
        let sx = frame.width / pw, sy = frame.height / ph
        guard sx.isFinite, sy.isFinite, frame.x.isFinite, frame.y.isFinite,
              let pixels = pixelBounds(of: frame) else { return }
        let radius = cornerRadius * Self.radiusScale(transform)

        let x = frame.x.rounded(), y = frame.y.rounded()
        let isPixelAligned = abs(sx - 1) < 1e-9 && abs(sy - 1) < 1e-9 && abs(frame.x - x) < 1e-6 && abs(frame.y - y) < 1e-6
        if isPixelAligned {
            pattern.place(x: x, y: y, sx: 1, sy: 1, filter: CAIRO_FILTER_FAST, extend: CAIRO_EXTEND_NONE)
            cairo.withSavedState {
                if radius > 0 {
                    cairo.setPath(frame, cornerRadius: radius, curve: .continuous)
                    cairo_clip(cr)
                }
                paint(pattern, alpha: alpha, on: cairo)
            }
            return
        }

        // The content keeps its fractional place; only the edges are whole pixels (`snapped`).
        let edges = Self.snapped(frame)
        pattern.place(x: frame.x, y: frame.y, sx: sx, sy: sy, filter: CAIRO_FILTER_GOOD, extend: CAIRO_EXTEND_PAD)
        cairo.withSavedState {
            if alpha < 1, fadesThroughScratch, let scratch = scratchCanvas() {
                scratch.clear(pixels)
                scratch.cairo.setPath(edges, cornerRadius: radius, curve: .continuous)
                cairo_clip(scratch.cairo.pointer)
                paint(pattern, alpha: 1, on: scratch.cairo)
                cairo_reset_clip(scratch.cairo.pointer)
                scratch.cairo.surface.flush()

                cairo_new_path(cr)
                cairo_rectangle(cr, pixels.x, pixels.y, pixels.width, pixels.height)
                cairo_clip(cr)
                paint(scratch.pattern, alpha: alpha, on: cairo)
            } else {
                cairo.setPath(edges, cornerRadius: radius, curve: .continuous)
                cairo_clip(cr)
                paint(pattern, alpha: alpha, on: cairo)
            }
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

    /// `color` over the node's rounded bounds, at `color.alpha` x `alpha`.
    private func paintFill(_ color: Color, alpha: Double, bounds: Rect, cornerRadius: Double, transform: AffineTransform) {
        guard color.alpha > 0 else { return }
        setPath(bounds, cornerRadius: cornerRadius, transform: transform)
        cairo.setSource(color, alpha: alpha)
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
