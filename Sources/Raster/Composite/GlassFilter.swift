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

    /// Writes the glass over the area `x0..<x0+width`, `y0..<y0+height` of `source` (its shape
    /// those bounds rounded by `cornerRadius` pixels) into `output` (`width` × `height`).
    func apply(source: UnsafePointer<UInt32>, sourceStride: Int, canvasWidth: Int, canvasHeight: Int,
               x0: Int, y0: Int, width: Int, height: Int, cornerRadius: Double,
               output: UnsafeMutablePointer<UInt32>, outputStride: Int, scratch: BackdropScratch, blurred: BackdropScratch) {
        guard width > 0, height > 0 else { return }
        let m = margin, bw = width + 2 * m, bh = height + 2 * m
        let behind = blurred.buffer(0, count: bw * bh, of: UInt32.self)
        blur.apply(source: source, sourceStride: sourceStride, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                   x0: x0 - m, y0: y0 - m, width: bw, height: bh, output: behind, outputStride: bw, scratch: scratch)
        let isDark = showsDark(behind: behind, stride: bw, width: width, height: height)
        let grade = isDark ? optics.dark : optics.light
        let frosted = isDark ? GlassOptics.frostedDark : GlassOptics.frostedLight
        let fill = optics.opaque ? frosted : grade.fill
        let fillAlpha = min(max(fill.alpha, 0), 1)
        let tint = optics.tint, tintAlpha = min(max(tint.alpha, 0), 1)
        let keep = 1 - min(max(optics.dimming, 0), 1)
        let r = min(max(cornerRadius, 0), Double(min(width, height)) / 2)
        let hw = Double(width) / 2, hh = Double(height) / 2
        let cosSpread = cos(optics.rimSpread), curvature = optics.rimCurvature
        let band = optics.opaque ? 0 : max(refractionHeight, 8 * rimHeight)
        let w = LuminanceCurve.weights
        for j in 0..<height {
            let py = Double(j) + 0.5
            let out = output + j * outputStride
            for i in 0..<width {
                let px = Double(i) + 0.5
                // Signed distance to the rounded rectangle's edge (e: depth inside) and the outward normal.
                let qx = abs(px - hw) - (hw - r), qy = abs(py - hh) - (hh - r)
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let e = max(-(outside + min(max(qx, qy), 0) - r), 0)
                var c: (b: Double, g: Double, r: Double, a: Double)
                var nx = 0.0, ny = 0.0
                if e >= band {
                    c = Self.unpack(behind[(j + m) * bw + i + m])
                } else {
                    let sx = px - hw < 0 ? -1.0 : 1.0, sy = py - hh < 0 ? -1.0 : 1.0
                    if qx > 0, qy > 0, outside > 0 {
                        nx = sx * qx / outside; ny = sy * qy / outside
                    } else if qx > qy {
                        nx = sx
                    } else {
                        ny = sy
                    }
                    var shift = 0.0
                    if e < refractionHeight, refractionHeight > 0 {
                        let t = e / refractionHeight
                        shift = refractionAmount * (1 - (t * (2 - t)).squareRoot())
                    }
                    c = Self.sample(behind, stride: bw, width: bw, height: bh,
                                    x: px + Double(m) - nx * shift - 0.5, y: py + Double(m) - ny * shift - 0.5)
                }
                c = (c.b * keep, c.g * keep, c.r * keep, c.a)
                if !optics.opaque {
                    // The grade: luminance to black + (white − black) · Y, the chroma kept.
                    let y = w.red * c.r + w.green * c.g + w.blue * c.b
                    let lift = (grade.black * c.a + (grade.white - grade.black) * y) - y
                    c = (c.b + lift, c.g + lift, c.r + lift, c.a)
                }
                c = Self.over(c, (fill.blue, fill.green, fill.red), fillAlpha)
                if tintAlpha > 0 { c = Self.over(c, (tint.blue, tint.green, tint.red), tintAlpha) }
                if e < 8 * rimHeight, rimHeight > 0, !optics.opaque {
                    // Key light from the top, fill light from the bottom, each falling off round the sides.
                    let facing = max(-ny, ny)
                    let angular = min(max((facing - cosSpread) / (1 - cosSpread), 0), 1)
                    let t = min(e / rimHeight, 1)
                    let main = e < rimHeight ? (1 - curvature) + (1 - t) * curvature : 0
                    let diffuse = 0.15 * (1 - e / (8 * rimHeight))
                    let k = min((main + diffuse) * angular, 1)
                    if k > 0 {
                        let vibrant = Self.vibrant(c)
                        c = (c.b + (vibrant.b - c.b) * k, c.g + (vibrant.g - c.g) * k, c.r + (vibrant.r - c.r) * k, c.a)
                    }
                }
                out[i] = Self.pack(c)
            }
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

    /// `color` (premultiplied) with the opaque `top` laid over at `alpha`.
    @inline(__always)
    private static func over(_ color: (b: Double, g: Double, r: Double, a: Double), _ top: (b: Double, g: Double, r: Double),
                             _ alpha: Double) -> (b: Double, g: Double, r: Double, a: Double) {
        let k = 1 - alpha
        return (color.b * k + top.b * alpha, color.g * k + top.g * alpha, color.r * k + top.r * alpha, color.a * k + alpha)
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
