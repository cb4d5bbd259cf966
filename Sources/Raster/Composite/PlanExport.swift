internal import CCairo
import Geometry
import RenderTree
import Scene

/// One step of a frame's paint plan as `segue export` hands it to a page (docs/export.md): what
/// `PaintPlan` decides, with each screen part and window-chrome image referred to by its index
/// in `PlanExporter.images`.
public enum ExportedStep: Equatable, Sendable {
    case clear(Color)
    /// The shadow of the node's rounded bounds; `world` maps its points to canvas points.
    case shadow(Shadow, bounds: Rect, cornerRadius: Double, world: AffineTransform, alpha: Double)
    /// `device` maps the node's points to canvas pixels.
    case fill(Color, alpha: Double, bounds: Rect, cornerRadius: Double, device: AffineTransform)
    case image(Int, alpha: Double, bounds: Rect, cornerRadius: Double, device: AffineTransform)
    case backdrop(MaterialLook, alpha: Double, bounds: Rect, cornerRadius: Double, device: AffineTransform)
    /// A window-chrome image drawn unscaled with its top-left corner at pixel (`x`, `y`).
    case overlay(Int, alpha: Double, x: Int, y: Int)
    case beginChildren(clip: (bounds: Rect, cornerRadius: Double, device: AffineTransform)?)
    case endChildren

    public static func == (a: ExportedStep, b: ExportedStep) -> Bool {
        switch (a, b) {
        case let (.beginChildren(x), .beginChildren(y)):
            return x?.bounds == y?.bounds && x?.cornerRadius == y?.cornerRadius && x?.device == y?.device
        case let (.clear(x), .clear(y)): return x == y
        case let (.shadow(s1, b1, r1, w1, a1), .shadow(s2, b2, r2, w2, a2)): return s1 == s2 && b1 == b2 && r1 == r2 && w1 == w2 && a1 == a2
        case let (.fill(c1, a1, b1, r1, d1), .fill(c2, a2, b2, r2, d2)): return c1 == c2 && a1 == a2 && b1 == b2 && r1 == r2 && d1 == d2
        case let (.image(i1, a1, b1, r1, d1), .image(i2, a2, b2, r2, d2)): return i1 == i2 && a1 == a2 && b1 == b2 && r1 == r2 && d1 == d2
        case let (.backdrop(l1, a1, b1, r1, d1), .backdrop(l2, a2, b2, r2, d2)): return l1 == l2 && a1 == a2 && b1 == b2 && r1 == r2 && d1 == d2
        case let (.overlay(i1, a1, x1, y1), .overlay(i2, a2, x2, y2)): return i1 == i2 && a1 == a2 && x1 == x2 && y1 == y2
        case (.endChildren, .endChildren): return true
        default: return false
        }
    }
}

/// Turns frames into the paint plans the compositor would execute, as `ExportedStep`s, and
/// keeps the PNG of every image they draw, each drawn once by the screen cache's painter.
public final class PlanExporter {
    private let cache: ScreenCache
    private let canvas: CanvasGeometry
    private let options: CompositorOptions
    private var indices: [ScreenPart: Int] = [:]
    private var overlays: [String: Int] = [:]
    /// The images the plans refer to, by index: PNG files' bytes.
    public private(set) var images: [[UInt8]] = []
    /// The largest part the exporter embeds, in pixels: a scroll view's whole content can be
    /// taller than any page should carry.
    public static let largestImage = 40_000_000

    /// Plans on the device's canvas at the cache's scale; `background` where nothing covers it.
    public init(cache: ScreenCache, background: Color) {
        self.cache = cache
        let size = cache.device.size, scale = cache.device.scale
        canvas = CanvasGeometry(pixelWidth: Int((size.width * scale).rounded()), pixelHeight: Int((size.height * scale).rounded()),
                                scale: scale)
        options = CompositorOptions(showsTouches: false, background: background)
    }

    /// The steps that paint `state` (touches left out).
    public func steps(_ state: FrameState) throws -> [ExportedStep] {
        try plan(state).steps
    }

    /// The steps that paint `state` (touches left out), and the steps of each top-level node of
    /// its tree by the node's id (the indices are the steps').
    public func plan(_ state: FrameState) throws -> (steps: [ExportedStep], nodes: [(id: String, steps: Range<Int>)]) {
        let plan = PaintPlan(state, on: canvas, options: options, culls: false) { self.cache.isOpaque($0) || !self.cache.contains($0.screen) }
        let steps = try plan.steps.compactMap { step -> ExportedStep? in
            switch step {
            case .clear(let color): return .clear(color)
            case let .shadow(shadow, bounds, cornerRadius, world, alpha, _):
                return .shadow(shadow, bounds: bounds, cornerRadius: cornerRadius, world: world, alpha: alpha)
            case let .fill(color, alpha, bounds, cornerRadius, device):
                return .fill(color, alpha: alpha, bounds: bounds, cornerRadius: cornerRadius, device: device)
            case let .image(part, alpha, bounds, cornerRadius, device):
                guard let index = try index(of: part) else {
                    return .fill(Compositor.missingScreenColor, alpha: alpha, bounds: bounds, cornerRadius: cornerRadius, device: device)
                }
                return .image(index, alpha: alpha, bounds: bounds, cornerRadius: cornerRadius, device: device)
            case let .backdrop(look, alpha, bounds, cornerRadius, device):
                return .backdrop(look, alpha: alpha, bounds: bounds, cornerRadius: cornerRadius, device: device)
            case let .statusBar(tone, alpha):
                return try overlay("statusBar-\(tone)", cache.chrome.statusBar[tone], alpha: alpha)
            case let .homeIndicator(tone, alpha):
                return try overlay("homeIndicator-\(tone)", cache.chrome.homeIndicator[tone], alpha: alpha)
            case .beginChildren(let clip):
                return .beginChildren(clip: clip.map { ($0.bounds, $0.cornerRadius, $0.device) })
            case .endChildren: return .endChildren
            case .touch: return nil
            }
        }
        return (steps, plan.topLevel)
    }

    private func overlay(_ key: String, _ image: OverlayImage?, alpha: Double) throws -> ExportedStep? {
        // Nothing to draw, but a step all the same: the plan's indices stay its nodes'.
        guard let image else { return .fill(.clear, alpha: 0, bounds: Rect(x: 0, y: 0, width: 0, height: 0), cornerRadius: 0, device: .identity) }
        if let index = overlays[key] { return .overlay(index, alpha: alpha, x: image.pixelX, y: image.pixelY) }
        images.append(try Self.png(image.pixelImage))
        overlays[key] = images.count - 1
        return .overlay(images.count - 1, alpha: alpha, x: image.pixelX, y: image.pixelY)
    }

    private func index(of part: ScreenPart) throws -> Int? {
        if let index = indices[part] { return index }
        guard let image = cache.image(for: part) else { return nil }
        guard image.pixelWidth * image.pixelHeight <= Self.largestImage else {
            throw RasterError.tooLarge("the part \(part.kind) of screen '\(part.screen)' is \(image.pixelWidth) × \(image.pixelHeight) pixels, over the \(Self.largestImage) pixels a page embeds; export at a lower --scale or shorten the list")
        }
        let pixels: PixelImage?
        if let tiles = image.tiles {
            pixels = cache.window(of: tiles, rows: 0..<image.pixelHeight, columns: 0..<image.pixelWidth)
        } else {
            cache.drawRows(nil, of: image)
            pixels = image.pixelImage
        }
        guard let pixels else { return nil }
        images.append(try Self.png(pixels))
        indices[part] = images.count - 1
        return images.count - 1
    }

    private static func png(_ image: PixelImage) throws -> [UInt8] {
        let rgba = RGBAImage(cairoPixels: UnsafeRawPointer(image.pixels.bytes), width: image.width, height: image.height,
                             stride: image.stride, hasAlpha: image.format == CAIRO_FORMAT_ARGB32)
        return try rgba.pixels.withUnsafeBufferPointer { buffer in
            try FastPNG.encode(buffer.baseAddress!, width: rgba.width, height: rgba.height, stride: rgba.width * 4)
        }
    }
}
