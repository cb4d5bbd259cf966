internal import CCairo
import Geometry
import RenderTree
import Scene

/// Filters for backdrop nodes (`NodeContent.backdrop`): the material's filter of what the canvas
/// holds beneath the node's whole pixels, which the compositor draws over them at the node's
/// opacity. One per compositor; keeps its filters and its output image between frames.
final class BackdropFilters {
    private var filters: [MaterialLook: BackdropFilter] = [:]
    private var glassFilters: [MaterialLook: GlassFilter] = [:]
    /// The glass's blurred backdrop, kept between frames.
    private let blurred = BackdropScratch()
    /// Each glass shape's geometry by look and size in pixels (a few at a time: a shape whose size
    /// animates would otherwise keep one for every frame).
    private var shapeMaps: [ShapeMapKey: GlassFilter.ShapeMap] = [:]

    private struct ShapeMapKey: Hashable {
        var look: MaterialLook
        var width: Int, height: Int
        var cornerRadius: Double
    }
    /// Output images by size (a frame's bars differ in size): made once, reused every frame.
    private var outputs: [Int: (surface: CairoSurface, pattern: CairoPattern)] = [:]
    /// The filters' working memory, kept between frames.
    private let scratch = BackdropScratch()
    /// The canvas's pixels the scene paints, from its top-left corner: the filters read no
    /// further, the edge pixels standing for those past them — not into edge padding
    /// (`Canvas.padEdges`), which is not the scene's and holds, while a frame is composited,
    /// whatever the frame before left there.
    private let sceneWidth: Int, sceneHeight: Int

    init(sceneWidth: Int = .max, sceneHeight: Int = .max) {
        self.sceneWidth = sceneWidth
        self.sceneHeight = sceneHeight
    }

    /// The filter of `look` on a canvas of `scale` pixels per point.
    func filter(_ look: MaterialLook, scale: Double) -> BackdropFilter {
        if let filter = filters[look] { return filter }
        let filter = BackdropFilter(look, scale: scale)
        filters[look] = filter
        return filter
    }

    /// The glass filter of `look` (`look.glass` set) on a canvas of `scale` pixels per point.
    func glassFilter(_ look: MaterialLook, scale: Double) -> GlassFilter {
        if let filter = glassFilters[look] { return filter }
        let filter = GlassFilter(look, scale: scale)
        glassFilters[look] = filter
        return filter
    }

    /// The canvas rows a backdrop of `look` over `rows` reads.
    func readRows(_ look: MaterialLook, scale: Double, rows: Range<Int>, canvasHeight: Int) -> Range<Int> {
        look.glass != nil ? glassFilter(look, scale: scale).readRows(rows, canvasHeight: canvasHeight)
            : filter(look, scale: scale).readRows(rows, canvasHeight: canvasHeight)
    }

    /// The canvas under `area` (whole pixels on `cairo`'s canvas) filtered with `look`'s filter,
    /// as a pattern placed over the area; nil when it cannot be made. Glass (`look.glass`) is
    /// shaped by `shape` (whole pixels, the area's when nil; the area its part on the canvas)
    /// rounded by `cornerRadius` pixels.
    func filtered(_ look: MaterialLook, area: Rect, scale: Double, shape: Rect? = nil, cornerRadius: Double = 0,
                  on cairo: CairoContext) -> CairoPattern? {
        guard area.width >= 1, area.height >= 1,
              let target = try? outputImage(width: Int(area.width), height: Int(area.height)) else { return nil }
        target.surface.flush()
        guard let out = target.surface.data else { return nil }
        let output = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt32.self), outputStride = target.surface.stride / 4
        if look.glass != nil {
            let canvas = cairo.surface
            canvas.flush()
            guard let data = canvas.data else { return nil }
            let pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
            let filter = glassFilter(look, scale: scale)
            let shape = shape ?? area
            let key = ShapeMapKey(look: look, width: Int(shape.width), height: Int(shape.height), cornerRadius: cornerRadius)
            let map: GlassFilter.ShapeMap
            if let kept = shapeMaps[key] {
                map = kept
            } else {
                if shapeMaps.count >= 16 { shapeMaps.removeAll() }
                map = GlassFilter.ShapeMap(filter, width: key.width, height: key.height, cornerRadius: cornerRadius)
                shapeMaps[key] = map
            }
            filter.apply(source: UnsafePointer(pixels), sourceStride: canvas.stride / 4, canvasWidth: min(sceneWidth, canvas.width),
                         canvasHeight: min(sceneHeight, canvas.height), x0: Int(area.x), y0: Int(area.y), width: Int(area.width),
                         height: Int(area.height), map: map, shapeX: Int(shape.x), shapeY: Int(shape.y),
                         output: output, outputStride: outputStride, scratch: scratch, blurred: blurred)
        } else {
            guard apply(look, area: area, scale: scale, on: cairo, output: { _ in (output, outputStride) }, over: false) else { return nil }
        }
        target.surface.markDirty()
        target.pattern.place(x: area.x, y: area.y, sx: 1, sy: 1, filter: CAIRO_FILTER_FAST, extend: CAIRO_EXTEND_NONE)
        return target.pattern
    }

    /// The canvas under `area` (whole pixels on `cairo`'s canvas) filtered with `look`'s filter
    /// and composited straight over the area, as painting `filtered`'s pattern over it with
    /// `CAIRO_OPERATOR_OVER` at full opacity, unclipped, gives: no image between. False when
    /// the canvas's pixels cannot be reached (nothing is done).
    func compositeFiltered(_ look: MaterialLook, area: Rect, scale: Double, on cairo: CairoContext) -> Bool {
        let done = apply(look, area: area, scale: scale, on: cairo, output: { canvas in
            (canvas.pixels + Int(area.y) * canvas.stride + Int(area.x), canvas.stride)
        }, over: true)
        if done { cairo.surface.markDirty() }
        return done
    }

    /// `look`'s filter of the canvas under `area` written to where `output` says (given the
    /// canvas's pixels and stride in pixels), over it or replacing it; false when the canvas's
    /// pixels cannot be reached.
    private func apply(_ look: MaterialLook, area: Rect, scale: Double, on cairo: CairoContext,
                       output: ((pixels: UnsafeMutablePointer<UInt32>, stride: Int)) -> (UnsafeMutablePointer<UInt32>, Int),
                       over: Bool) -> Bool {
        let canvas = cairo.surface
        canvas.flush()
        guard let data = canvas.data else { return false }
        let pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), stride = canvas.stride / 4
        let (out, outStride) = output((pixels, stride))
        filter(look, scale: scale).apply(
            source: UnsafePointer(pixels), sourceStride: stride, canvasWidth: min(sceneWidth, canvas.width),
            canvasHeight: min(sceneHeight, canvas.height),
            x0: Int(area.x), y0: Int(area.y), width: Int(area.width), height: Int(area.height),
            output: out, outputStride: outStride, over: over, scratch: scratch)
        return true
    }

    /// An image exactly `width` x `height`, kept for the next call of that size (a few sizes at
    /// a time: a backdrop whose size animates would otherwise keep one for every frame).
    private func outputImage(width: Int, height: Int) throws -> (surface: CairoSurface, pattern: CairoPattern) {
        let key = width << 32 | height
        if let output = outputs[key] { return output }
        if outputs.count >= 8 { outputs.removeAll() }
        let surface = try CairoSurface(width: width, height: height)
        let made = (surface: surface, pattern: try CairoPattern(surface: surface))
        outputs[key] = made
        return made
    }
}

extension Damage {
    /// This damage grown so that every backdrop whose reads it touches is repainted with all it
    /// reads: `reads` gives, per backdrop of the plan, the rows it reads (its area grown by its
    /// filter's reach). Repeated until nothing more grows, as one backdrop's rows may reach another's.
    func spreading(over reads: [Range<Int>], height: Int) -> Damage {
        var damage = self
        var grown = true
        while grown {
            grown = false
            for rows in reads where !rows.isEmpty {
                let touched = damage.bands.contains { $0.overlaps(rows) }
                let covered = damage.bands.contains { $0.lowerBound <= rows.lowerBound && rows.upperBound <= $0.upperBound }
                if touched, !covered {
                    damage = damage.union(rows, height: height)
                    grown = true
                }
            }
        }
        return damage
    }
}
