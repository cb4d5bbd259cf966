import Foundation
import Geometry
import Scene

/// Liquid Glass (`MaterialLook.glass`) over pixels already composited: what an `UIGlassEffect`
/// view shows of what lies beneath its rounded shape, in Core Animation's `glassBackground` order
/// (docs/uikit-semantics.md#liquid-glass):
///
/// 1. What lies behind the shape is blurred lightly by the material's own `BackdropFilter`.
/// 2. Refraction: a pixel `e` pixels inside the edge, within the band `refractionHeight` deep,
///    shows the blurred backdrop `refractionAmount · (1 − √(t(2 − t)))` pixels further in along
///    the edge's normal, t = e / height — a quarter-circle profile, strongest at the rim, where
///    the glass shows what lies well inside it, magnified outward [RE: QuartzCore's
///    `glass_background_base`].
/// 3. Clear glass dims what it shows; the face's luminance is remapped (`Grade`: black and white
///    levels, chroma kept) and its fill laid over — the light grade or the dark one, adaptive
///    glass by the mean luminance behind it; the tint over that. Reduce Transparency frosts it.
/// 4. The specular rim: a band `rimHeight` deep lit from the top (key) and the bottom (fill),
///    falling off round the sides over `rimSpread`, moves the colour towards Core Animation's
///    vibrant highlight (0.91 · saturate(1.29) + 0.147), with a diffuse band 8 times as deep at
///    0.15 [RE: `CASDFKeyFillHighlightEffect`].
/// Plain `Double` arithmetic per pixel, the same on every thread and for any rows repainted:
/// each output pixel depends only on the canvas's pixels and its place in the shape.
struct GlassFilter {
    let optics: GlassOptics
    let blur: BackdropFilter
    /// Pixels read beyond the shape's bounds.
    let margin = 1
    let refractionAmount: Double, refractionHeight: Double, rimHeight: Double

    init(_ look: MaterialLook, scale: Double) {
        var plain = look
        plain.glass = nil
        blur = BackdropFilter(plain, scale: scale)
        let grade = GlassOptics.Grade(black: 0, white: 1, fill: .clear)
        optics = look.glass ?? GlassOptics(style: .regular, tone: .light, light: grade, dark: grade, refractionAmount: 0, refractionHeight: 0)
        refractionAmount = max(optics.refractionAmount * scale, 0)
        refractionHeight = max(optics.refractionHeight * scale, 0)
        rimHeight = max(optics.rimHeight * scale, 0)
    }

    /// The canvas rows filtering `rows` reads.
    func readRows(_ rows: Range<Int>, canvasHeight: Int) -> Range<Int> {
        blur.readRows(max(rows.lowerBound - margin, 0)..<min(rows.upperBound + margin, canvasHeight), canvasHeight: canvasHeight)
    }

    /// Where each pixel of a shape `width` × `height` pixels, rounded by `cornerRadius`, samples
    /// the blurred backdrop and how much rim it shows: the geometry of steps 2 and 4, the same in
    /// every frame the shape keeps its size (`BackdropFilters` keeps it).
    final class ShapeMap {
        let width: Int, height: Int
        /// Per pixel, row by row: where it samples (in the shape's pixels, centres at whole
        /// numbers; NaN for a pixel that samples its own place) and its rim's weight.
        let sampleX: [Float], sampleY: [Float], rim: [Float]

        init(_ filter: GlassFilter, width: Int, height: Int, cornerRadius: Double) {
            self.width = width
            self.height = height
            let optics = filter.optics
            let r = min(max(cornerRadius, 0), Double(min(width, height)) / 2)
            let hw = Double(width) / 2, hh = Double(height) / 2
            let cosSpread = cos(optics.rimSpread), curvature = optics.rimCurvature
            let rimHeight = optics.opaque ? 0 : filter.rimHeight
            let refraction = optics.opaque ? 0 : filter.refractionHeight
            var sampleX = [Float](repeating: .nan, count: width * height)
            var sampleY = [Float](repeating: .nan, count: width * height)
            var rim = [Float](repeating: 0, count: width * height)
            for j in 0..<height {
                let py = Double(j) + 0.5
                for i in 0..<width {
                    let px = Double(i) + 0.5
                    // Signed distance to the rounded rectangle's edge (e: depth inside) and the outward normal.
                    let qx = abs(px - hw) - (hw - r), qy = abs(py - hh) - (hh - r)
                    let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                    let e = max(-(outside + min(max(qx, qy), 0) - r), 0)
                    guard e < max(refraction, 8 * rimHeight) else { continue }
                    var nx = 0.0, ny = 0.0
                    let sx = px - hw < 0 ? -1.0 : 1.0, sy = py - hh < 0 ? -1.0 : 1.0
                    if qx > 0, qy > 0, outside > 0 {
                        nx = sx * qx / outside; ny = sy * qy / outside
                    } else if qx > qy {
                        nx = sx
                    } else {
                        ny = sy
                    }
                    var shift = 0.0
                    if e < refraction {
                        let t = e / refraction
                        shift = filter.refractionAmount * (1 - (t * (2 - t)).squareRoot())
                    }
                    let n = j * width + i
                    if shift > 0 {
                        sampleX[n] = Float(px - nx * shift - 0.5)
                        sampleY[n] = Float(py - ny * shift - 0.5)
                    }
                    if e < 8 * rimHeight, rimHeight > 0 {
                        // Key light from the top, fill light from the bottom, each falling off round the sides.
                        let angular = min(max((abs(ny) - cosSpread) / (1 - cosSpread), 0), 1)
                        let t = min(e / rimHeight, 1)
                        let main = e < rimHeight ? (1 - curvature) + (1 - t) * curvature : 0
                        let diffuse = 0.15 * (1 - e / (8 * rimHeight))
                        rim[n] = Float(min((main + diffuse) * angular, 1))
                    }
                }
            }
            self.sampleX = sampleX
            self.sampleY = sampleY
            self.rim = rim
        }
    }

    /// Writes the glass over the area `x0..<x0+width`, `y0..<y0+height` of `source` into `output`
    /// (`width` × `height`): the part of the shape `map` whose top-left corner is at
    /// (`x0 − shapeX`, `y0 − shapeY`) in it — the whole shape, or what of it lies on the canvas
    /// (a shape partly off the canvas keeps its rim and refraction where its edges are).
    func apply(source: UnsafePointer<UInt32>, sourceStride: Int, canvasWidth: Int, canvasHeight: Int,
               x0: Int, y0: Int, width: Int, height: Int, map: ShapeMap, shapeX: Int, shapeY: Int,
               output: UnsafeMutablePointer<UInt32>, outputStride: Int, scratch: BackdropScratch, blurred: BackdropScratch) {
        let ox = x0 - shapeX, oy = y0 - shapeY
        guard width > 0, height > 0, ox >= 0, oy >= 0, ox + width <= map.width, oy + height <= map.height else { return }
        let m = margin, bw = width + 2 * m, bh = height + 2 * m
        let behind = blurred.buffer(0, count: bw * bh, of: UInt32.self)
        blur.apply(source: source, sourceStride: sourceStride, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                   x0: x0 - m, y0: y0 - m, width: bw, height: bh, output: behind, outputStride: bw, scratch: scratch)
        let face = Face(optics, dark: showsDark(behind: behind, stride: bw, width: width, height: height))
        map.sampleX.withUnsafeBufferPointer { sampleX in
            map.sampleY.withUnsafeBufferPointer { sampleY in
                map.rim.withUnsafeBufferPointer { rim in
                    for j in 0..<height {
                        let out = output + j * outputStride, row = behind + (j + m) * bw + m
                        for i in 0..<width {
                            let n = (j + oy) * map.width + i + ox
                            let x = sampleX[n]
                            let c = x.isNaN ? Self.unpack(row[i])
                                : Self.sample(behind, stride: bw, width: bw, height: bh,
                                              x: Double(x) - Double(ox) + Double(m), y: Double(sampleY[n]) - Double(oy) + Double(m))
                            var f = face.apply(c)
                            let k = Double(rim[n])
                            if k > 0 {
                                let vibrant = Self.vibrant(f)
                                f = (f.b + (vibrant.b - f.b) * k, f.g + (vibrant.g - f.g) * k, f.r + (vibrant.r - f.r) * k, f.a)
                            }
                            out[i] = Self.pack(f)
                        }
                    }
                }
            }
        }
    }

    /// Step 3 as one affine map of a premultiplied colour: the dimming, the grade (luminance to
    /// black + (white − black) · Y, chroma kept), the fill over it and the tint over that — or,
    /// frosted, the frosted face over the dimmed backdrop.
    struct Face {
        /// Rows B, G, R of a 3 × 3 matrix over (b, g, r), then the alpha's coefficient per channel
        /// and the constant added per channel; the alpha's own scale and constant.
        var matrix: [Double], alphaTerm: [Double], constant: [Double], alphaScale: Double, alphaConstant: Double

        init(_ optics: GlassOptics, dark: Bool) {
            let keep = 1 - min(max(optics.dimming, 0), 1)
            let w = LuminanceCurve.weights, weights = [w.blue, w.green, w.red]
            let grade = dark ? optics.dark : optics.light
            // The grade after the dimming: c + b·a + (white − black − 1)·Y, Y of the dimmed colour.
            var matrix = [Double](repeating: 0, count: 9)
            var alphaTerm = [Double](repeating: 0, count: 3)
            for row in 0..<3 {
                for column in 0..<3 {
                    let identity = row == column ? 1.0 : 0
                    matrix[row * 3 + column] = optics.opaque ? keep * identity
                        : keep * (identity + (grade.white - grade.black - 1) * weights[column])
                }
                alphaTerm[row] = optics.opaque ? 0 : grade.black
            }
            var constant = [0.0, 0, 0], alphaScale = 1.0, alphaConstant = 0.0
            let frosted = dark ? GlassOptics.frostedDark : GlassOptics.frostedLight
            let fill = optics.opaque ? frosted : grade.fill
            // Source-over layers, each an affine map: c·(1 − α) + colour·α.
            for layer in [fill, optics.tint] where layer.alpha > 0 {
                let alpha = min(max(layer.alpha, 0), 1), top = [layer.blue, layer.green, layer.red]
                for row in 0..<3 {
                    for column in 0..<3 { matrix[row * 3 + column] *= 1 - alpha }
                    alphaTerm[row] *= 1 - alpha
                    constant[row] = constant[row] * (1 - alpha) + top[row] * alpha
                }
                alphaScale *= 1 - alpha
                alphaConstant = alphaConstant * (1 - alpha) + alpha
            }
            self.matrix = matrix
            self.alphaTerm = alphaTerm
            self.constant = constant
            self.alphaScale = alphaScale
            self.alphaConstant = alphaConstant
        }

        @inline(__always)
        func apply(_ c: (b: Double, g: Double, r: Double, a: Double)) -> (b: Double, g: Double, r: Double, a: Double) {
            let m = matrix
            return (m[0] * c.b + m[1] * c.g + m[2] * c.r + alphaTerm[0] * c.a + constant[0],
                    m[3] * c.b + m[4] * c.g + m[5] * c.r + alphaTerm[1] * c.a + constant[1],
                    m[6] * c.b + m[7] * c.g + m[8] * c.r + alphaTerm[2] * c.a + constant[2],
                    c.a * alphaScale + alphaConstant)
        }
    }

    /// Whether the glass shows its dark grade: as the optics say, adaptive glass by the mean
    /// luminance of what lies behind the area (every third pixel of every third row).
    private func showsDark(behind: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int) -> Bool {
        switch optics.tone {
        case .light: return false
        case .dark: return true
        case .adaptive:
            var sum = 0.0, count = 0.0
            let w = LuminanceCurve.weights
            for j in Swift.stride(from: 0, to: height, by: 3) {
                for i in Swift.stride(from: 0, to: width, by: 3) {
                    let c = Self.unpack(behind[(j + margin) * stride + i + margin])
                    // Premultiplied over black: what the pixel shows on an opaque canvas.
                    sum += w.red * c.r + w.green * c.g + w.blue * c.b
                    count += 1
                }
            }
            return count > 0 && sum / count < GlassOptics.adaptiveThreshold
        }
    }

    /// Core Animation's vibrant highlight of a premultiplied colour: saturated by 1.29, times 0.91, plus 0.147.
    @inline(__always)
    private static func vibrant(_ c: (b: Double, g: Double, r: Double, a: Double)) -> (b: Double, g: Double, r: Double) {
        let (lr, lg, lb) = (0.2126, 0.7152, 0.0722), s = 1.29
        let r = (lr + (1 - lr) * s) * c.r + (lg - lg * s) * c.g + (lb - lb * s) * c.b
        let g = (lr - lr * s) * c.r + (lg + (1 - lg) * s) * c.g + (lb - lb * s) * c.b
        let b = (lr - lr * s) * c.r + (lg - lg * s) * c.g + (lb + (1 - lb) * s) * c.b
        return (0.91 * b + 0.147 * c.a, 0.91 * g + 0.147 * c.a, 0.91 * r + 0.147 * c.a)
    }

    @inline(__always)
    private static func unpack(_ p: UInt32) -> (b: Double, g: Double, r: Double, a: Double) {
        (Double(p & 0xFF) / 255, Double((p >> 8) & 0xFF) / 255, Double((p >> 16) & 0xFF) / 255, Double(p >> 24) / 255)
    }

    @inline(__always)
    private static func pack(_ c: (b: Double, g: Double, r: Double, a: Double)) -> UInt32 {
        let a = min(max(c.a, 0), 1)
        func channel(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), a) * 255).rounded()) }
        return channel(c.b) | channel(c.g) << 8 | channel(c.r) << 16 | UInt32((a * 255).rounded()) << 24
    }

    /// The blurred backdrop at (`x`, `y`) (pixel centres at whole numbers), bilinearly, clamped to its edges.
    @inline(__always)
    private static func sample(_ pixels: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int, x: Double, y: Double)
        -> (b: Double, g: Double, r: Double, a: Double) {
        let cx = min(max(x, 0), Double(width - 1)), cy = min(max(y, 0), Double(height - 1))
        let x0 = Int(cx), y0 = Int(cy), x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = cx - Double(x0), fy = cy - Double(y0)
        let p00 = unpack(pixels[y0 * stride + x0]), p10 = unpack(pixels[y0 * stride + x1])
        let p01 = unpack(pixels[y1 * stride + x0]), p11 = unpack(pixels[y1 * stride + x1])
        func mix(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
        }
        return (mix(p00.b, p10.b, p01.b, p11.b), mix(p00.g, p10.g, p01.g, p11.g), mix(p00.r, p10.r, p01.r, p11.r),
                mix(p00.a, p10.a, p01.a, p11.a))
    }
}
