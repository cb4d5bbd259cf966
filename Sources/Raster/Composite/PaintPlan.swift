import Geometry
import RenderTree
import Scene

/// What compositing a frame paints, in order, decided without Cairo: the pure half of the
/// compositor (`Compositor` is the painter that executes it).
///
/// The plan walks the render tree back to front: a node's shadow, then its content, then its
/// children (inside a clip to its rounded bounds when it clips them), then the touches. It
/// leaves out what cannot show: nodes without area or opacity, and top-level nodes beneath one
/// that hides every pixel of the canvas (opaque, unrounded where it matters, whole pixels) —
/// and then the background too: painted over anything, an opaque pixel comes out as itself,
/// so the bytes are the same, one or two full-canvas passes sooner.
struct PaintPlan: Equatable {
    /// One thing to paint. Transforms named `device` map a node's points to device pixels;
    /// `world` ones map them to the canvas's points.
    enum Step: Equatable {
        /// The whole canvas set to `color` (nothing covers all of it).
        case clear(Color)
        /// The shadow a node of `bounds` and `cornerRadius` casts, at the node's `alpha`;
        /// `covered`, the whole pixels the opaque node will hide, is skipped.
        case shadow(Shadow, bounds: Rect, cornerRadius: Double, world: AffineTransform, alpha: Double, covered: Rect?)
        /// `color` over the rounded bounds.
        case fill(Color, alpha: Double, bounds: Rect, cornerRadius: Double, device: AffineTransform)
        /// A screen part's image scaled to the rounded bounds.
        case image(ScreenPart, alpha: Double, bounds: Rect, cornerRadius: Double, device: AffineTransform)
        /// What is beneath the rounded bounds, filtered by the material (`BackdropFilters`).
        case backdrop(MaterialLook, alpha: Double, bounds: Rect, cornerRadius: Double, device: AffineTransform)
        /// The status bar in `tone` where the device puts it.
        case statusBar(ChromeTone, alpha: Double)
        /// The home indicator in `tone` where the device puts it.
        case homeIndicator(ChromeTone, alpha: Double)
        /// The start of a node's children; with `clip`, clipped to those rounded bounds.
        case beginChildren(clip: Clip?)
        /// The end of the children begun last.
        case endChildren
        /// The translucent finger circle at a touch (points).
        case touch(Point)
    }

    /// A node's rounded bounds clipping its children.
    struct Clip: Equatable {
        var bounds: Rect
        var cornerRadius: Double
        var device: AffineTransform
    }

    var steps: [Step] = []
    /// The steps each top-level node of the tree painted (its shadow, content and children), by
    /// its id; recorded for a plan that does not cull (`PlanExporter`'s), empty otherwise.
    var topLevel: [(id: String, steps: Range<Int>)] = []

    static func == (a: PaintPlan, b: PaintPlan) -> Bool { a.steps == b.steps }

    /// The plan for `state` on `canvas` with `options`; `isOpaque` says whether a part's image
    /// hides everything beneath it (a part that cannot be drawn shows opaque magenta).
    /// `culls`: leave out what an opaque node hides (false keeps every node: a page that moves
    /// nodes after the plan was made shows what is beneath them).
    init(_ state: FrameState, on canvas: CanvasGeometry, options: CompositorOptions, culls: Bool = true,
         isOpaque: (ScreenPart) -> Bool) {
        let nodes = state.nodes
        let bottom = culls ? nodes.lastIndex {
            canvas.coveredPixels(of: $0, transform: $0.transform, alpha: $0.alpha, isOpaque: isOpaque) == canvas.bounds
        } : nil
        if bottom == nil { steps.append(.clear(options.background)) }
        for node in nodes[(bottom ?? 0)...] {
            let first = steps.count
            add(node, parent: .identity, parentAlpha: 1, canvas: canvas, isOpaque: isOpaque)
            // Only a plan for a page (one that keeps every node) says whose steps are whose: a
            // video's frames need not pay for it.
            if !culls { topLevel.append((node.id, first..<steps.count)) }
        }
        if options.showsTouches {
            steps += state.touches.map(Step.touch)
        }
    }

    /// How many steps `a` and `b` share at their beginning, and then at their end (not
    /// counting any twice): what differs between them lies in the middle.
    static func commonEnds(_ a: PaintPlan, _ b: PaintPlan) -> (prefix: Int, suffix: Int) {
        let a = a.steps, b = b.steps
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        return (prefix, suffix)
    }

    private mutating func add(_ node: RenderNode, parent: AffineTransform, parentAlpha: Double, canvas: CanvasGeometry,
                              isOpaque: (ScreenPart) -> Bool) {
        let world = node.transform.concatenating(parent)
        let alpha = node.alpha * parentAlpha
        guard alpha > 0, node.size.width > 0, node.size.height > 0 else { return }
        let device = world.concatenating(AffineTransform(scaleX: canvas.scale, y: canvas.scale))
        if let shadow = node.shadow {
            steps.append(.shadow(shadow, bounds: node.bounds, cornerRadius: node.cornerRadius, world: world, alpha: alpha,
                                 covered: canvas.coveredPixels(of: node, transform: world, alpha: alpha, isOpaque: isOpaque)))
        }
        switch node.content {
        case .none:
            break
        case .fill(let color):
            if color.alpha > 0 {
                steps.append(.fill(color, alpha: alpha, bounds: node.bounds, cornerRadius: node.cornerRadius, device: device))
            }
        case .part(let part):
            steps.append(.image(part, alpha: alpha, bounds: node.bounds, cornerRadius: node.cornerRadius, device: device))
        case .statusBar(let tone):
            steps.append(.statusBar(tone, alpha: alpha))
        case .homeIndicator(let tone):
            steps.append(.homeIndicator(tone, alpha: alpha))
        case .backdrop(let look):
            steps.append(.backdrop(look, alpha: alpha, bounds: node.bounds, cornerRadius: node.cornerRadius, device: device))
        }
        guard !node.children.isEmpty else { return }
        let clip = Clip(bounds: node.bounds, cornerRadius: node.cornerRadius, device: device)
        steps.append(.beginChildren(clip: node.clipsToBounds ? clip : nil))
        for child in node.children {
            add(child, parent: world, parentAlpha: alpha, canvas: canvas, isOpaque: isOpaque)
        }
        steps.append(.endChildren)
    }
}

/// The canvas a frame is composited onto, in device pixels, and the pure geometry of placing
/// nodes on it that the plan and the painter share.
struct CanvasGeometry: Equatable {
    let pixelWidth: Int
    let pixelHeight: Int
    /// Pixels per point.
    let scale: Double

    /// The whole canvas, in device pixels.
    var bounds: Rect { Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight)) }

    /// The whole canvas pixels an opaque node certainly covers — its frame inset past its
    /// rounded corners — clamped to the canvas; nil when the node lets anything through or is
    /// rotated. `transform` maps the node's points to the canvas's points.
    func coveredPixels(of node: RenderNode, transform: AffineTransform, alpha: Double, isOpaque: (ScreenPart) -> Bool) -> Rect? {
        guard alpha >= 1, transform.isAxisAligned else { return nil }
        switch node.content {
        case .none, .statusBar, .homeIndicator, .backdrop:
            return nil
        case .fill(let color):
            guard color.alpha >= 1 else { return nil }
        case .part(let part):
            guard isOpaque(part) else { return nil }
        }
        let frame = deviceRect(transform.boundingBox(of: node.bounds))
        let inset = node.cornerRadius * Self.radiusScale(transform) * scale * CornerCurve.continuousExtent
        return clamp(minX: (frame.minX + inset).rounded(.up), minY: (frame.minY + inset).rounded(.up),
                     maxX: (frame.maxX - inset).rounded(.down), maxY: (frame.maxY - inset).rounded(.down))
    }

    /// How a part's image of `pixelWidth` x `pixelHeight` is carried onto `bounds` by `device`
    /// (node points to device pixels); nil when nothing of it lands on the canvas.
    ///
    /// An unscaled image at a whole-pixel offset is copied. Anything else axis-aligned is
    /// filtered (bilinear) at its fractional place, its edges whole pixels (`snapped`); a
    /// rotated one is carried by the transform.
    func placement(of bounds: Rect, device: AffineTransform, pixelWidth: Int, pixelHeight: Int) -> ImagePlacement? {
        let pw = Double(pixelWidth), ph = Double(pixelHeight)
        guard device.isAxisAligned else {
            return .rotated(imageToDevice: AffineTransform(scaleX: bounds.width / pw, y: bounds.height / ph).concatenating(device))
        }
        let frame = device.boundingBox(of: bounds)
        let sx = frame.width / pw, sy = frame.height / ph
        guard sx.isFinite, sy.isFinite, frame.x.isFinite, frame.y.isFinite, let pixels = pixelBounds(of: frame) else { return nil }
        let x = frame.x.rounded(), y = frame.y.rounded()
        if abs(sx - 1) < 1e-9 && abs(sy - 1) < 1e-9 && abs(frame.x - x) < 1e-6 && abs(frame.y - y) < 1e-6 {
            return .copied(x: x, y: y, frame: frame)
        }
        return .filtered(frame: frame, sx: sx, sy: sy, edges: Self.snapped(frame), pixels: pixels)
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
    static func radiusScale(_ transform: AffineTransform) -> Double {
        min(abs(transform.a), abs(transform.d))
    }

    /// The whole pixels a backdrop of `bounds` placed by `device` filters: its snapped frame
    /// (a rotated one's bounding box), on the canvas; nil when none.
    func backdropArea(of bounds: Rect, device: AffineTransform) -> Rect? {
        let frame = Self.snapped(device.boundingBox(of: bounds))
        return clamp(minX: frame.minX, minY: frame.minY, maxX: frame.maxX, maxY: frame.maxY)
    }

    /// The whole canvas pixels `frame` touches; nil when it is off the canvas.
    func pixelBounds(of frame: Rect) -> Rect? {
        clamp(minX: frame.minX.rounded(.down), minY: frame.minY.rounded(.down),
              maxX: frame.maxX.rounded(.up), maxY: frame.maxY.rounded(.up))
    }

    func clamp(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Rect? {
        let x0 = max(minX, 0), y0 = max(minY, 0)
        let x1 = min(maxX, Double(pixelWidth)), y1 = min(maxY, Double(pixelHeight))
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `rect` in points, in device pixels.
    func deviceRect(_ rect: Rect) -> Rect {
        Rect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
    }
}

/// How an image lands on the canvas (`CanvasGeometry.placement`).
enum ImagePlacement: Equatable {
    /// Unscaled at whole pixels `(x, y)`: copied, pixel for pixel. `frame` is where it lands.
    case copied(x: Double, y: Double, frame: Rect)
    /// Scaled or at a fractional place: filtered onto `frame` (`sx`, `sy` device pixels per
    /// image pixel), clipped to the whole-pixel `edges`; `pixels` bounds what it touches.
    case filtered(frame: Rect, sx: Double, sy: Double, edges: Rect, pixels: Rect)
    /// Rotated: the image's pixels carried onto the canvas by `imageToDevice`.
    case rotated(imageToDevice: AffineTransform)
}
