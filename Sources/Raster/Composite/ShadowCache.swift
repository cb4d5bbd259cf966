internal import CCairo
import Foundation
import Geometry
import Scene

/// A layer's shadow shape: its rounded rectangle, blurred, as an alpha mask.
final class ShadowMask {
    let pattern: CairoPattern
    /// Transparent pixels around the shape on each side.
    let padding: Int
    let shapeWidth: Int
    let shapeHeight: Int

    init(pattern: CairoPattern, padding: Int, shapeWidth: Int, shapeHeight: Int) {
        self.pattern = pattern
        self.padding = padding
        self.shapeWidth = shapeWidth
        self.shapeHeight = shapeHeight
    }
}

/// Blurred shadow shapes, computed once per (size, blur, corner radius) and reused across frames.
///
/// Core Animation draws `shadowRadius` as a Gaussian blur of standard deviation radius / 2.
/// Blurring a whole screen-sized shape is slow, so only a small template is blurred — the
/// shape shrunk to just wider than its corners and the blur's reach — and larger shapes are
/// assembled from it by repeating its middle row and column: along a straight edge, more than
/// the blur's reach from any corner, the blurred value does not change. The result is the
/// same, and a shape whose size changes every frame costs a copy, not a blur.
///
/// One cache per compositor (per canvas, per thread); small, least recently used first out.
final class ShadowCache {
    struct Key: Hashable {
        var width: Int
        var height: Int
        /// The blur's standard deviation and the corner radius in quarter pixels.
        var sigma: Int
        var radius: Int
    }

    private struct Template {
        let width: Int
        let height: Int
        let bytes: [UInt8]
    }

    private var masks: [(key: Key, mask: ShadowMask)] = []
    private var templates: [(key: Key, template: Template)] = []
    private let capacity = 4

    /// The mask of a `width` x `height` pixel shape with corners of `cornerRadius` pixels,
    /// blurred with standard deviation `sigma` pixels.
    func mask(width: Int, height: Int, sigma: Double, cornerRadius: Double) throws -> ShadowMask {
        let key = Key(width: max(width, 1), height: max(height, 1), sigma: Int((max(sigma, 0) * 4).rounded()),
                      radius: Int((max(cornerRadius, 0) * 4).rounded()))
        if let index = masks.firstIndex(where: { $0.key == key }) {
            let entry = masks.remove(at: index)
            masks.append(entry)
            return entry.mask
        }
        let mask = try assemble(key)
        masks.append((key, mask))
        if masks.count > capacity { masks.removeFirst() }
        return mask
    }

    /// How far the blur reaches: 3 standard deviations, in whole pixels.
    static func reach(sigma: Int) -> Int { Int((Double(sigma) / 4 * 3).rounded(.up)) }

    private func assemble(_ key: Key) throws -> ShadowMask {
        let reach = Self.reach(sigma: key.sigma)
        let padding = reach + 1
        // Wide enough that each half of the template sees one corner only, and its middle neither.
        let limit = 2 * (Int((Double(key.radius) / 4 * CornerCurve.continuousExtent).rounded(.up)) + reach) + 2
        let templateKey = Key(width: min(key.width, limit), height: min(key.height, limit), sigma: key.sigma, radius: key.radius)
        let template = try self.template(templateKey, padding: padding)

        let width = key.width + 2 * padding, height = key.height + 2 * padding
        let surface = try CairoSurface(width: width, height: height, format: CAIRO_FORMAT_A8)
        surface.flush()
        guard let data = surface.data else {
            throw RasterError.cairo(operation: "making a shadow", status: "image has no pixels")
        }
        let stride = surface.stride
        // Output column/row → template column/row: the first half as is, the middle repeated, the last half shifted.
        let splitX = template.width / 2, tailX = template.width - splitX
        let splitY = template.height / 2, tailY = template.height - splitY
        template.bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for y in 0..<height {
                let ty = y < splitY ? y : y >= height - tailY ? y - (height - template.height) : splitY
                let from = base + ty * template.width
                let to = data + y * stride
                to.update(from: from, count: splitX)
                let middle = width - splitX - tailX
                if middle > 0 { to.advanced(by: splitX).update(repeating: from[splitX], count: middle) }
                to.advanced(by: width - tailX).update(from: from + splitX, count: tailX)
            }
        }
        surface.markDirty()
        return ShadowMask(pattern: try CairoPattern(surface: surface), padding: padding, shapeWidth: key.width,
                          shapeHeight: key.height)
    }

    /// The shape at the template's size, drawn and blurred.
    private func template(_ key: Key, padding: Int) throws -> Template {
        if let entry = templates.first(where: { $0.key == key }) { return entry.template }
        let shape = try Self.blurredShape(width: key.width, height: key.height, sigma: key.sigma, radius: key.radius, padding: padding)
        let template = Template(width: shape.width, height: shape.height, bytes: shape.bytes)
        templates.append((key, template))
        if templates.count > 2 * capacity { templates.removeFirst() }
        return template
    }

    /// A `width` x `height` pixel shape with continuous corners of `radius` quarter pixels,
    /// `padding` transparent pixels around it, drawn with Cairo's antialiasing and blurred with
    /// a standard deviation of `sigma` quarter pixels: rows of `width + 2 × padding` bytes.
    static func blurredShape(width: Int, height: Int, sigma: Int, radius: Int, padding: Int) throws
        -> (width: Int, height: Int, bytes: [UInt8]) {
        let fullWidth = width + 2 * padding, fullHeight = height + 2 * padding
        let surface = try CairoSurface(width: fullWidth, height: fullHeight, format: CAIRO_FORMAT_A8)
        let cairo = try CairoContext(surface: surface)
        cairo.setPath(Rect(x: Double(padding), y: Double(padding), width: Double(width), height: Double(height)),
                      cornerRadius: Double(radius) / 4, curve: .continuous)
        cairo_set_source_rgba(cairo.pointer, 0, 0, 0, 1)
        cairo_fill(cairo.pointer)
        surface.flush()
        guard let data = surface.data else {
            throw RasterError.cairo(operation: "making a shadow", status: "image has no pixels")
        }
        var values = [Float](repeating: 0, count: fullWidth * fullHeight)
        for y in 0..<fullHeight {
            for x in 0..<fullWidth {
                values[y * fullWidth + x] = Float(data[y * surface.stride + x]) / 255
            }
        }
        let blurred = gaussianBlur(values, width: fullWidth, height: fullHeight, sigma: Double(sigma) / 4, reach: reach(sigma: sigma))
        return (fullWidth, fullHeight, blurred.map { UInt8((min(max($0, 0), 1) * 255).rounded()) })
    }

    /// A separable Gaussian blur, outside the image taken as zero.
    static func gaussianBlur(_ values: [Float], width: Int, height: Int, sigma: Double, reach: Int) -> [Float] {
        guard sigma > 0, reach > 0 else { return values }
        var kernel = (-reach...reach).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        var horizontal = [Float](repeating: 0, count: values.count)
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                var total: Float = 0
                for k in max(-reach, -x)...min(reach, width - 1 - x) {
                    total += values[row + x + k] * kernel[k + reach]
                }
                horizontal[row + x] = total
            }
        }
        var result = [Float](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                var total: Float = 0
                for k in max(-reach, -y)...min(reach, height - 1 - y) {
                    total += horizontal[(y + k) * width + x] * kernel[k + reach]
                }
                result[y * width + x] = total
            }
        }
        return result
    }
}
