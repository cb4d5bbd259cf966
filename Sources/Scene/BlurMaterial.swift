import Geometry

/// A `UIBlurEffect.Style` of the system materials (iOS 13 and later), as bars and sheets use
/// them: what lies behind is blurred and its colours remapped by the material's Core Material
/// recipe.
///
/// `UIBarAppearance.configureWithDefaultBackground()` gives bars `systemChromeMaterial`; the
/// others are the thickness ladder Apple's HIG names ("Materials"). The numbers, their sources
/// and how sure each is: docs/uikit-semantics.md#blur-materials.
public enum BlurMaterial: String, Hashable, Sendable, CaseIterable {
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial

    /// What the material does in `appearance`: the `materialFiltering` of the Core Material
    /// recipe UIKit and WebKit give the style (`platformContentUltraThin`, `platformContentThin`,
    /// `platformContent`, `platformContentThick`, `platformChrome`, each `Light` or `Dark`):
    /// `blurRadius`, `luminanceAmount`, `luminanceValues`, `saturation`, `brightness` [RE]. A
    /// `blurRadius` of 30 is drawn at 29.5, the radius Core Material puts on the layer for it.
    public func look(_ appearance: Appearance) -> MaterialLook {
        func recipe(_ blur: Double, _ amount: Double, _ values: [Double], _ saturation: Double, _ brightness: Double) -> MaterialLook {
            MaterialLook(blurRadius: blur, luminance: LuminanceCurve(amount: amount, values: values),
                         saturation: saturation, brightness: brightness)
        }
        return switch (self, appearance == .dark) {
        case (.systemUltraThinMaterial, false): recipe(22.5, 0.5, [0.45, 0.55, 0.65, 0.68], 1.1, 0.12)
        case (.systemUltraThinMaterial, true): recipe(22.5, 0.5, [0.24, 0.24, 0.3, 0.39], 1.1, 0)
        case (.systemThinMaterial, false): recipe(29.5, 0.6, [0.725, 0.825, 0.76, 0.73], 1.35, 0.12)
        case (.systemThinMaterial, true): recipe(29.5, 0.6, [0.2, 0.21, 0.1, 0.15], 1.35, 0)
        case (.systemMaterial, false): recipe(29.5, 0.75, [0.9, 0.83, 0.925, 0.815], 1.5, 0.1)
        case (.systemMaterial, true): recipe(29.5, 0.75, [0.16, 0.26, 0.1, 0.1], 1.5, 0)
        case (.systemThickMaterial, false): recipe(45, 0.88, [0.99, 0.95, 0.98, 0.905], 1.5, 0.045)
        case (.systemThickMaterial, true): recipe(45, 0.88, [0.14, 0.16, 0.1, 0.03], 1.5, 0)
        case (.systemChromeMaterial, false): recipe(22.5, 0.75, [0.8, 0.9, 1.1, 0.825], 1.1, 0.1)
        case (.systemChromeMaterial, true): recipe(22.5, 0.75, [0.23, 0.52, 0.27, 0.255], 2.0, -0.1)
        }
    }
}

/// Core Animation's `luminanceCurveMap` filter: each pixel's luminance (straight colour,
/// weights 0.2125 / 0.7154 / 0.0721) is mapped through the cubic Bézier curve with control
/// values `values` (v0 at black … v3 at white), clamped to 0…1, and the colour moved `amount`
/// of the way to that gray.
public struct LuminanceCurve: Hashable, Sendable {
    public var amount: Double
    /// v0, v1, v2, v3: the curve's four control values.
    public var values: [Double]

    /// The luminance weights the filter uses (R, G, B).
    public static let weights = (red: 0.2125, green: 0.7154, blue: 0.0721)

    public init(amount: Double, values: [Double]) {
        precondition(values.count == 4, "a luminance curve has four control values")
        self.amount = amount
        self.values = values
    }

    /// The gray the curve gives luminance `l` (0…1): v0·(1−l)³ + 3·v1·(1−l)²·l + 3·v2·(1−l)·l² + v3·l³, clamped.
    public func level(_ l: Double) -> Double {
        let u = 1 - l, v = values
        return min(max(v[0] * u * u * u + 3 * v[1] * u * u * l + 3 * v[2] * u * l * l + v[3] * l * l * l, 0), 1)
    }

    /// `color` (straight, 0…1) moved `amount` of the way to the gray of its luminance.
    public func apply(_ color: (red: Double, green: Double, blue: Double)) -> (red: Double, green: Double, blue: Double) {
        let w = Self.weights
        let y = level(min(max(w.red * color.red + w.green * color.green + w.blue * color.blue, 0), 1))
        return (color.red + amount * (y - color.red), color.green + amount * (y - color.green),
                color.blue + amount * (y - color.blue))
    }
}

/// A material's numbers, applied in Core Material's filter order: the luminance curve, the
/// Gaussian blur of standard deviation `blurRadius` points, the saturation matrix with
/// `saturation`, `brightness` added to each channel, then `tint` laid over (straight alpha,
/// source-over; no system recipe has one).
public struct MaterialLook: Hashable, Sendable {
    /// The blur's standard deviation, in points (Core Animation's `gaussianBlur` `inputRadius`).
    public var blurRadius: Double
    /// The colour remapping before the blur, if any.
    public var luminance: LuminanceCurve?
    /// 1 leaves colours as they are, 0 makes them gray, above 1 makes them more vivid.
    public var saturation: Double
    /// Added to each colour channel (0…1) after the saturation.
    public var brightness: Double
    public var tint: Color
    /// Set for Liquid Glass: the shape refracts, rims and tones what the blur gives
    /// (`GlassOptics`); nil for a `UIBlurEffect`.
    public var glass: GlassOptics?

    public init(blurRadius: Double, luminance: LuminanceCurve? = nil, saturation: Double, brightness: Double = 0,
                tint: Color = .clear, glass: GlassOptics? = nil) {
        self.glass = glass
        self.blurRadius = blurRadius
        self.luminance = luminance
        self.saturation = saturation
        self.brightness = brightness
        self.tint = tint
    }

    /// The saturation matrix, rows R, G, B: the W3C Filter Effects `saturate` matrix
    /// (<https://www.w3.org/TR/filter-effects-1/#feColorMatrixElement>) with the ITU-R BT.709
    /// luma weights 0.2126 / 0.7152 / 0.0722 that Core Animation's `colorSaturate` uses (the
    /// W3C rounds them to 0.213 / 0.715 / 0.072).
    public var saturationMatrix: [Double] {
        let (r, g, b) = (0.2126, 0.7152, 0.0722), s = saturation
        return [r + (1 - r) * s, g - g * s, b - b * s,
                r - r * s, g + (1 - g) * s, b - b * s,
                r - r * s, g - g * s, b + (1 - b) * s]
    }

    /// What the material shows over a uniform `color` (the blur of a uniform colour is that
    /// colour): opaque when `color` is.
    public func over(_ color: Color) -> Color {
        var c = (red: color.red, green: color.green, blue: color.blue)
        if let luminance { c = luminance.apply(c) }
        let m = saturationMatrix
        func channel(_ row: Int) -> Double {
            min(max(m[3 * row] * c.red + m[3 * row + 1] * c.green + m[3 * row + 2] * c.blue + brightness, 0), 1)
        }
        let t = tint, a = min(max(t.alpha, 0), 1)
        let out = [channel(0), channel(1), channel(2)]
        let alpha = a + color.alpha * (1 - a)
        guard alpha > 0 else { return .clear }
        func blend(_ base: Double, _ top: Double) -> Double { (top * a + base * color.alpha * (1 - a)) / alpha }
        return Color(red: blend(out[0], t.red), green: blend(out[1], t.green), blue: blend(out[2], t.blue), alpha: alpha)
    }
}
