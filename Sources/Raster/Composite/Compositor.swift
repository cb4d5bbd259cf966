internal import CCairo
import RenderTree
import Geometry
import Scene

/// Paints a frame's render tree into one canvas's Cairo context, in device pixels: the Cairo
/// half of the compositor, executing the `PaintPlan` that decides what to paint.
///
/// Each plan step has one `paint` method chosen in `composite`; a new `NodeContent` case adds
/// a step there and in the plan. The tree ends with the window chrome the engine decided (the
/// status bar's and home indicator's nodes, each naming its tone); over it come the touches.
final class Compositor {
    private let cairo: CairoContext
    let canvas: CanvasGeometry
    /// The columns and rows the scene paints; any right of and below them, up to the canvas's
    /// size, are edge padding (`Canvas.padEdges`).
    let contentWidth: Int, contentHeight: Int
    private var scale: Double { canvas.scale }
    private var sources: ScreenSources?
    /// Where translucent filtered layers are drawn before being faded in; see `paintImage`.
    private var scratch: ScratchCanvas?
    /// Whether translucent filtered layers go through `scratch`; off only to test that it matches painting directly.
    var fadesThroughScratch = true
    private let shadows = ShadowCache()
    private let backdrops: BackdropFilters
    /// The plan painted last and the screens it was painted from, for `compositeChanges`.
    private(set) var painted: PaintedFrame?

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

    init(cairo: CairoContext, scale: Double, contentWidth: Int? = nil, contentHeight: Int? = nil) {
        self.cairo = cairo
        canvas = CanvasGeometry(pixelWidth: cairo.surface.width, pixelHeight: cairo.surface.height, scale: scale)
        self.contentWidth = min(contentWidth ?? canvas.pixelWidth, canvas.pixelWidth)
        self.contentHeight = min(contentHeight ?? canvas.pixelHeight, canvas.pixelHeight)
        backdrops = BackdropFilters(sceneWidth: self.contentWidth, sceneHeight: self.contentHeight)
    }

    /// Paints the plan of `state`: cleared to `options.background` (opaque black by default)
    /// where nothing covers the whole canvas, the render tree (the status bar and home
    /// indicator included), then the touches when `options.showsTouches`.
    func composite(_ state: FrameState, screens: ScreenCache, options: CompositorOptions) {
        let plan = self.plan(state, screens: screens, options: options)
        paint(plan, sources: sources(for: screens), rows: nil)
        painted = PaintedFrame(plan: plan, screens: screens, geometry: canvas)
    }

    /// Paints the plan of `state` as `composite` does, but only where it may differ from the
    /// plan this compositor painted last, and returns what it did: the rows it moved (a scroll
    /// view's content, `changes(from:to:)`), then the rows it repainted. The canvas must hold
    /// what that plan painted (edge padding aside, which is a function of it); the first call,
    /// or one with another screen cache, repaints every row.
    ///
    /// Every pixel of a repainted row comes out as `composite` would paint it: the plan's first
    /// step replaces every pixel (a clear, or a node that hides the whole canvas), and each
    /// later step's result at a pixel depends only on that pixel, the step and the clip, which
    /// only ever adds whole rows — except where an image is resampled (`resamples`): a plan
    /// with one repaints every row. A moved row is the earlier frame's row byte for byte
    /// (`ScrollMoves`). `DamagedRowsTests` compares the two on the example scenes.
    func compositeChanges(_ state: FrameState, screens: ScreenCache, options: CompositorOptions) -> FrameChanges {
        let frame = PaintedFrame(plan: self.plan(state, screens: screens, options: options), screens: screens, geometry: canvas)
        let changes = changes(from: painted, to: frame)
        if let move = changes.move {
            cairo.surface.withMutableData { data in
                move.apply(to: UnsafeMutableRawPointer(data), stride: cairo.surface.stride, rowBytes: canvas.pixelWidth * 4,
                           height: canvas.pixelHeight)
            }
        }
        let damage = changes.damage
        if !damage.isEmpty {
            paint(frame.plan, sources: sources(for: screens),
                  rows: damage.bands.count == 1 && damage.rowCount == canvas.pixelHeight ? nil : damage)
        }
        painted = frame
        return changes
    }

    /// What turns `old`'s pixels into `new`'s, both painted by this compositor (whole or by
    /// `compositeChanges`, which come out the same): the rows `Damage.between` their plans, the
    /// backdrops that read them spread over (`spreading`) — less the rows a scroll moves whole
    /// (`ScrollMoves`), which move instead. Every row is damaged when `new` resamples an image
    /// (see `compositeChanges`), when there is no `old` or when it was painted from another
    /// screen cache.
    func changes(from old: PaintedFrame?, to new: PaintedFrame) -> FrameChanges {
        let height = canvas.pixelHeight
        guard let old, old.screens === new.screens else { return FrameChanges(damage: .all(height: height)) }
        let sources = self.sources(for: new.screens)
        let reads = backdropReads(new.plan)
        let ends = PaintPlan.commonEnds(old.plan, new.plan)
        let changed = Damage.between(old.plan, new.plan, ends: ends, height: height) { rows(of: $0, sources: sources) }
            .spreading(over: reads, height: height)
        guard !changed.isEmpty else { return FrameChanges(damage: changed) }
        guard !new.plan.steps.contains(where: { resamples($0, sources: sources) }) else {
            return FrameChanges(damage: .all(height: height))
        }
        // A backdrop whose reads changed is repainted whole (`spreading`) — its area; the rows it
        // reads around its area need not be, where they move: a moved row holds the content and
        // what lies beneath it alone, the pixels the backdrop reads there when painted whole.
        guard let moved = ScrollMoves(compositor: self).move(from: old.plan, to: new.plan, ends: ends, sources: sources),
              let move = RowMove(dy: moved.dy, rows: changed.intersection(moved.rows)) else {
            return FrameChanges(damage: changed)
        }
        return FrameChanges(damage: changed.subtracting(move.rows), move: move)
    }

    private func plan(_ state: FrameState, screens: ScreenCache, options: CompositorOptions) -> PaintPlan {
        PaintPlan(state, on: canvas, options: options) { screens.isOpaque($0) || !screens.contains($0.screen) }
    }

    /// Executes `plan`, clipped to the whole rows of `rows` when given.
    private func paint(_ plan: PaintPlan, sources: ScreenSources?, rows: Damage?) {
        let cr = cairo.pointer
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        if let rows {
            cairo_new_path(cr)
            for band in rows.bands {
                cairo_rectangle(cr, 0, Double(band.lowerBound), Double(canvas.pixelWidth), Double(band.count))
            }
            cairo_clip(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        // Which of the children opened so far clip theirs.
        var clipStack: [Bool] = []
        for step in plan.steps {
            switch step {
            case .clear(let background):
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            case let .shadow(shadow, bounds, cornerRadius, world, alpha, covered):
                paintShadow(shadow, bounds: bounds, cornerRadius: cornerRadius, transform: world, alpha: alpha, covered: covered)
            case let .fill(color, alpha, bounds, cornerRadius, device):
                paintFill(color, alpha: alpha, bounds: bounds, cornerRadius: cornerRadius, transform: device)
            case let .image(part, alpha, bounds, cornerRadius, device):
                if let sources, let source = sources.source(for: part) {
                    paintImage(source, from: sources, alpha: alpha, bounds: bounds, cornerRadius: cornerRadius, transform: device)
                } else {
                    paintFill(Self.missingScreenColor, alpha: alpha, bounds: bounds, cornerRadius: cornerRadius, transform: device)
                }
            case let .backdrop(look, alpha, bounds, cornerRadius, device):
                guard let area = canvas.backdropArea(of: bounds, device: device) else { break }
                // Not repainted: its rows are all outside the damage (`spreading` makes it all or nothing).
                if let rows, !rows.bands.contains(where: { $0.overlaps(Int(area.minY)..<Int(area.maxY)) }) { break }
                // Unclipped, opaque and square: filtered straight onto the canvas, which is the same.
                if !clipStack.contains(true), alpha >= 1, cornerRadius == 0, device.isAxisAligned, look.glass == nil,
                   backdrops.compositeFiltered(look, area: area, scale: scale, on: cairo) { break }
                // The glass's shape in pixels: the corner radius under the node's scale.
                let pixelRadius = cornerRadius * abs(device.a * device.d - device.b * device.c).squareRoot()
                let shape = look.glass == nil ? nil : CanvasGeometry.snapped(device.boundingBox(of: bounds))
                guard let pattern = backdrops.filtered(look, area: area, scale: scale, shape: shape, cornerRadius: pixelRadius,
                                                       on: cairo) else { break }
                cairo.withSavedState {
                    setPath(bounds, cornerRadius: cornerRadius, transform: device)
                    cairo_clip(cairo.pointer)
                    paint(pattern, alpha: alpha, on: cairo)
                }
            case let .statusBar(tone, alpha):
                if let overlay = sources?.statusBar[tone] { paint(overlay, alpha: alpha) }
            case let .homeIndicator(tone, alpha):
                if let overlay = sources?.homeIndicator[tone] { paint(overlay, alpha: alpha) }
            case .beginChildren(let clip):
                cairo_save(cr)
                clipStack.append(clip != nil)
                if let clip {
                    setPath(clip.bounds, cornerRadius: clip.cornerRadius, transform: clip.device)
                    cairo_clip(cr)
                }
            case .endChildren:
                cairo_restore(cr)
                _ = clipStack.popLast()
            case .touch(let point):
                paintTouch(at: point)
            }
        }
        cairo_new_path(cr)
        cairo_reset_clip(cr)
        cairo.surface.flush()
    }

    /// The rows `step` can change on this canvas, generously: its device bounds grown by a
    /// pixel for antialiasing (a shadow's by its blur's reach); nil when not finite. Steps that
    /// open or close children paint nothing themselves.
    func rows(of step: PaintPlan.Step, sources: ScreenSources?) -> Range<Int>? {
        func rows(_ minY: Double, _ maxY: Double) -> Range<Int>? {
            guard minY.isFinite, maxY.isFinite else { return nil }
            let lower = max(Int(saturating: minY.rounded(.down)) - 1, 0)
            let upper = min(Int(saturating: maxY.rounded(.up)) + 1, canvas.pixelHeight)
            return lower < upper ? lower..<upper : 0..<0
        }
        switch step {
        case .clear:
            return 0..<canvas.pixelHeight
        case let .shadow(shadow, bounds, _, world, _, _):
            let frame = canvas.deviceRect(world.boundingBox(of: bounds).offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
            // The mask's padding is the blur's reach (3 standard deviations) and a pixel, stretched
            // as the mask is to the frame; twice that and two pixels more bounds it whatever the stretch.
            let reach = 2 * (3 * max(shadow.radius / 2 * scale, 0) + 3) + 2
            return rows(frame.minY - reach, frame.maxY + reach)
        case let .fill(_, _, bounds, _, device), let .image(_, _, bounds, _, device):
            let frame = device.boundingBox(of: bounds)
            return rows(frame.minY, frame.maxY)
        case let .backdrop(_, _, bounds, _, device):
            guard let area = canvas.backdropArea(of: bounds, device: device) else { return 0..<0 }
            return Int(area.minY)..<Int(area.maxY)
        case .statusBar(let tone, _):
            return overlayRows(sources?.statusBar[tone])
        case .homeIndicator(let tone, _):
            return overlayRows(sources?.homeIndicator[tone])
        case .touch(let point):
            let radius = Touch.diameter / 2 * scale
            return rows(point.y * scale - radius, point.y * scale + radius)
        case .beginChildren, .endChildren:
            return 0..<0
        }
    }

    /// The rows each backdrop of `plan` reads: its area's rows grown by its filter's reach.
    func backdropReads(_ plan: PaintPlan) -> [Range<Int>] {
        plan.steps.compactMap { step in
            guard case let .backdrop(look, _, bounds, _, device) = step,
                  let area = canvas.backdropArea(of: bounds, device: device) else { return nil }
            return backdrops.readRows(look, scale: scale, rows: Int(area.minY)..<Int(area.maxY), canvasHeight: contentHeight)
        }
    }

    /// Whether `step` resamples an image at another size or angle (a scaled or rotated part,
    /// a shadow's stretched mask). Pixman may take another path for those when a clip is set,
    /// and round a channel the other way (seen on a zoom's scaled screen, one code value), so a
    /// plan holding one is repainted whole whenever anything in it changed. Unscaled parts,
    /// copied or at a fractional place, and everything else paint the same clipped or not.
    func resamples(_ step: PaintPlan.Step, sources: ScreenSources?) -> Bool {
        switch step {
        case .shadow:
            return true
        case let .image(part, _, bounds, _, device):
            // A part laid out at a passing size is drawn for one use: not drawn again to find out.
            guard let sources, part.layout == sources.cache.device else { return true }
            guard let source = sources.source(for: part) else { return false }
            switch canvas.placement(of: bounds, device: device, pixelWidth: source.pixelWidth, pixelHeight: source.pixelHeight) {
            case nil, .copied: return false
            case .rotated: return true
            case let .filtered(_, sx, sy, _, _): return abs(sx - 1) >= 1e-9 || abs(sy - 1) >= 1e-9
            }
        default:
            return false
        }
    }

    /// The rows of a window-chrome image; none when the cache has none (nothing is painted).
    private func overlayRows(_ overlay: ScreenSources.Overlay?) -> Range<Int> {
        guard let image = overlay?.image else { return 0..<0 }
        return image.pixelY..<(image.pixelY + image.pixelHeight)
    }

    /// This canvas's wrappers for `screens`, built on first use and kept while the same cache is drawn.
    func sources(for screens: ScreenCache) -> ScreenSources? {
        if let sources, sources.cache === screens { return sources }
        // Wrapping memory that is already allocated fails only when Cairo is out of memory;
        // nodes then show the missing-screen color.
        sources = try? ScreenSources(cache: screens)
        return sources
    }

    /// Makes `bounds` rounded by `cornerRadius` (both in a node's points), carried to the canvas
    /// by `transform` (node points to device pixels), the current path. An axis-aligned layer's
    /// edges are snapped to pixel edges (`CanvasGeometry.snapped`); its rounded corners stay smooth.
    private func setPath(_ bounds: Rect, cornerRadius: Double, transform: AffineTransform) {
        if transform.isAxisAligned {
            cairo.setPath(CanvasGeometry.snapped(transform.boundingBox(of: bounds)),
                          cornerRadius: cornerRadius * CanvasGeometry.radiusScale(transform), curve: .continuous)
        } else {
            cairo.withSavedState {
                var matrix = cairo_matrix_t()
                cairo_matrix_init(&matrix, transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
                cairo_set_matrix(cairo.pointer, &matrix)
                cairo.setPath(bounds, cornerRadius: cornerRadius, curve: .continuous)
            }
        }
    }

    /// The shadow a node casts beneath itself, as Core Animation draws `shadowRadius`,
    /// `shadowOffset`, `shadowColor` and `shadowOpacity` without a `shadowPath`: the node's
    /// rounded shape blurred with standard deviation radius / 2, offset, tinted, at
    /// opacity x the color's alpha x the node's alpha. The blurred shape comes from `shadows`.
    /// Pixels in `covered` (the opaque node will hide them) are skipped, which leaves only a
    /// band around the node to blend.
    private func paintShadow(_ shadow: Shadow, bounds nodeBounds: Rect, cornerRadius: Double, transform: AffineTransform,
                             alpha nodeAlpha: Double, covered: Rect?) {
        let alpha = shadow.color.alpha * shadow.opacity * nodeAlpha
        guard alpha > 0 else { return }
        let frame = canvas.deviceRect(transform.boundingBox(of: nodeBounds).offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
        let width = Int(saturating: frame.width.rounded()), height = Int(saturating: frame.height.rounded())
        guard width > 0, height > 0, frame.x.isFinite, frame.y.isFinite,
              let mask = try? shadows.mask(width: width, height: height, sigma: shadow.radius / 2 * scale,
                                           cornerRadius: cornerRadius * scale) else { return }
        let sx = frame.width / Double(width), sy = frame.height / Double(height)
        let padding = Double(mask.padding)
        let extent = Rect(x: frame.x - padding * sx, y: frame.y - padding * sy,
                          width: frame.width + 2 * padding * sx, height: frame.height + 2 * padding * sy)
        guard let bounds = canvas.pixelBounds(of: extent) else { return }
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

    /// A part's image scaled to the node's bounds, clipped to its rounded corners, at `alpha`,
    /// placed as `CanvasGeometry.placement` decides. `transform` maps the node's points to device pixels.
    ///
    /// A filtered image (bilinear) has its edge pixels repeated outwards, so the clip alone
    /// draws the antialiased edge, and Cairo stays on its fast paths, which a transparent
    /// surround would leave. Filtering and fading at once has no fast path: a translucent
    /// filtered node is filtered into the scratch image, then faded in from there.
    private func paintImage(_ source: ScreenSources.Source, from sources: ScreenSources, alpha: Double, bounds: Rect,
                            cornerRadius: Double, transform: AffineTransform) {
        let cr = cairo.pointer
        let radius = cornerRadius * CanvasGeometry.radiusScale(transform)
        guard let placement = canvas.placement(of: bounds, device: transform, pixelWidth: source.pixelWidth,
                                               pixelHeight: source.pixelHeight) else { return }
        // An image in strips: a copy paints them at their places; scaled or rotated, a window copied
        // out of them is the pattern, its first pixel `window` pixels into the image.
        var window = (column: 0, row: 0)
        let pattern: CairoPattern
        if let whole = source.pattern {
            pattern = whole
        } else if let tiles = source.image.tiles {
            if case let .copied(x, y, frame) = placement {
                paintStrips(tiles, x: x, y: y, frame: frame, radius: radius, alpha: alpha, from: sources)
                return
            }
            guard let part = windowPattern(tiles, placement: placement, from: sources) else { return }
            (pattern, window) = (part.pattern, (part.column, part.row))
        } else {
            return
        }
        // A copy reads exactly the image rows under the canvas's; anything else, all of them.
        if case let .copied(_, y, frame) = placement {
            let top = Int(max(frame.minY, 0) - y), bottom = Int(min(frame.maxY, Double(canvas.pixelHeight)) - y)
            sources.prepare(source, rows: top..<max(bottom, top))
        } else {
            sources.prepare(source, rows: nil)
        }
        switch placement {
        case .rotated(let imageToDevice):
            cairo.withSavedState {
                setPath(bounds, cornerRadius: cornerRadius, transform: transform)
                cairo_clip(cr)
                let placed = window == (0, 0) ? imageToDevice
                    : AffineTransform(translationX: Double(window.column), y: Double(window.row)).concatenating(imageToDevice)
                pattern.place(placed, filter: CairoPattern.contentsFilter, extend: CAIRO_EXTEND_PAD)
                paint(pattern, alpha: alpha, on: cairo)
            }
        case let .copied(x, y, frame):
            pattern.place(x: x, y: y, sx: 1, sy: 1, filter: CAIRO_FILTER_FAST, extend: CAIRO_EXTEND_NONE)
            let inked = source.image.inkedAreas
            if inked?.isEmpty == true { return }
            cairo.withSavedState {
                if radius > 0 {
                    cairo.setPath(frame, cornerRadius: radius, curve: .continuous)
                    cairo_clip(cr)
                }
                // Only where the image is not clear (the same pixels: it adds nothing elsewhere).
                if let inked {
                    cairo_new_path(cr)
                    for area in inked {
                        cairo_rectangle(cr, x + Double(area.columns.lowerBound), y + Double(area.rows.lowerBound),
                                        Double(area.columns.count), Double(area.rows.count))
                    }
                    cairo_clip(cr)
                }
                paint(pattern, alpha: alpha, on: cairo)
            }
        case let .filtered(frame, sx, sy, edges, pixels):
            // The content keeps its fractional place; only the edges are whole pixels.
            pattern.place(x: frame.x, y: frame.y, sx: sx, sy: sy, filter: CairoPattern.contentsFilter, extend: CAIRO_EXTEND_PAD,
                          column: window.column, row: window.row)
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
    }

    /// The part of the canvas the current clip lets through, in device pixels; nil when none.
    private func shownArea() -> Rect? {
        var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        cairo_clip_extents(cairo.pointer, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
        let x1 = max(clip.x1, 0), y1 = max(clip.y1, 0)
        let shown = Rect(x: x1, y: y1, width: min(clip.x2, Double(canvas.pixelWidth)) - x1, height: min(clip.y2, Double(canvas.pixelHeight)) - y1)
        return shown.width > 0 && shown.height > 0 ? shown : nil
    }

    /// An image held in strips (`ImageTiles`, a scroll view's content too large to keep whole),
    /// copied with its pixel (0, 0) at (`x`, `y`): each strip under the clip painted at its place, as
    /// the whole image would be (a copy at whole pixels reads one pixel of one strip for each pixel it paints).
    private func paintStrips(_ tiles: ImageTiles, x: Double, y: Double, frame: Rect, radius: Double, alpha: Double,
                             from sources: ScreenSources) {
        guard let shown = shownArea() else { return }
        let top = Int((shown.minY - y).rounded(.down)), bottom = Int((shown.maxY - y).rounded(.up))
        let left = Int((shown.minX - x).rounded(.down)), right = Int((shown.maxX - x).rounded(.up))
        guard top < bottom, left < right else { return }
        let strips = sources.cache.hold(tiles, rows: top..<bottom, columns: left..<right)
        defer { sources.cache.release(strips, of: tiles) }
        cairo.withSavedState {
            if radius > 0 {
                cairo.setPath(frame, cornerRadius: radius, curve: .continuous)
                cairo_clip(cairo.pointer)
            }
            for strip in strips {
                guard let surface = try? strip.image.makeSurface(), let pattern = try? CairoPattern(surface: surface) else { continue }
                pattern.place(x: x + Double(strip.x), y: y + Double(strip.y), sx: 1, sy: 1, filter: CAIRO_FILTER_FAST, extend: CAIRO_EXTEND_NONE)
                paint(pattern, alpha: alpha, on: cairo)
            }
        }
    }

    /// For an image held in strips, scaled or rotated: an unplaced pattern over the image pixels it
    /// can read under the clip, with two more all round for the bilinear filter, copied out of the
    /// strips, with its first column and row in the image.
    private func windowPattern(_ tiles: ImageTiles, placement: ImagePlacement, from sources: ScreenSources)
        -> (pattern: CairoPattern, column: Int, row: Int)? {
        guard let shown = shownArea() else { return nil }
        let area: Rect
        switch placement {
        case .copied: return nil
        case let .filtered(frame, sx, sy, _, _):
            area = Rect(x: (shown.minX - frame.x) / sx, y: (shown.minY - frame.y) / sy, width: shown.width / sx, height: shown.height / sy)
        case let .rotated(imageToDevice):
            guard let deviceToImage = imageToDevice.inverted else { return nil }
            area = deviceToImage.boundingBox(of: shown)
        }
        guard area.minX.isFinite, area.minY.isFinite, area.maxX.isFinite, area.maxY.isFinite,
              abs(area.minX) < 1e9, abs(area.minY) < 1e9, abs(area.maxX) < 1e9, abs(area.maxY) < 1e9 else { return nil }
        let left = max(Int(area.minX.rounded(.down)) - 2, 0), right = min(Int(area.maxX.rounded(.up)) + 2, tiles.width)
        let top = max(Int(area.minY.rounded(.down)) - 2, 0), bottom = min(Int(area.maxY.rounded(.up)) + 2, tiles.height)
        guard left < right, top < bottom,
              let window = sources.cache.window(of: tiles, rows: top..<bottom, columns: left..<right),
              let surface = try? window.makeSurface(), let pattern = try? CairoPattern(surface: surface) else { return nil }
        return (pattern, left, top)
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

    /// The canvas-sized scratch image, made on first need and kept; nil when Cairo cannot allocate it.
    private func scratchCanvas() -> ScratchCanvas? {
        if let scratch { return scratch }
        scratch = try? ScratchCanvas(width: canvas.pixelWidth, height: canvas.pixelHeight)
        return scratch
    }

    /// `color` over the node's rounded bounds, at `color.alpha` x `alpha`.
    private func paintFill(_ color: Color, alpha: Double, bounds: Rect, cornerRadius: Double, transform: AffineTransform) {
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
}
