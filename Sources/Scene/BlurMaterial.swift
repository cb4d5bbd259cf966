import Geometry

/// A `UIBlurEffect.Style` of the system materials (iOS 13 and later), as bars and sheets use
/// them: what lies behind is blurred, saturated, then covered by a tint.
///
/// `UIBarAppearance.configureWithDefaultBackground()` gives bars `systemChromeMaterial`; the
/// others are the thickness ladder Apple's HIG names ("Materials"). The numbers, their sources
/// and how sure each is: docs/uikit-semantics.md#blur-materials.
public enum BlurMaterial: String, Hashable, Sendable, CaseIterable {
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial

    /// What the material does in `appearance`.
    public func look(_ appearance: Appearance) -> MaterialLook {
        let dark = appearance == .dark
        // Tints: white-ish in light mode, near-black in dark mode, more opaque as the material thickens.
        let alpha: Double = switch self {
        case .systemUltraThinMaterial: 0.36
        case .systemThinMaterial: 0.56
        case .systemMaterial: 0.72
        case .systemThickMaterial: 0.86
        case .systemChromeMaterial: 0.94
        }
        let tint = dark ? Color(r8: 29, g8: 29, b8: 29, alpha: alpha) : Color(r8: 249, g8: 249, b8: 249, alpha: alpha)
        return MaterialLook(blurRadius: MaterialLook.barBlurRadius, saturation: MaterialLook.barSaturation, tint: tint)
    }
}

/// A material's numbers: a Gaussian blur of standard deviation `blurRadius` points, then the
/// saturation matrix of the W3C Filter Effects `saturate` with `saturation`, then `tint` laid
/// over (straight alpha, source-over).
public struct MaterialLook: Hashable, Sendable {
    /// The blur's standard deviation, in points.
    public var blurRadius: Double
    /// 1 leaves colours as they are, 0 makes them gray, above 1 makes them more vivid.
    public var saturation: Double
    public var tint: Color

    public init(blurRadius: Double, saturation: Double, tint: Color) {
        self.blurRadius = blurRadius
        self.saturation = saturation
        self.tint = tint
    }

    /// σ = 10 pt: Flutter's `CupertinoNavigationBar` and `CupertinoTabBar` blur (`ImageFilter.blur(sigmaX: 10, sigmaY: 10)`).
    public static let barBlurRadius = 10.0
    /// 1.8: `saturationDeltaFactor` of UIKit's backdrop settings (`_UIBackdropViewSettings`, published decompilations).
    public static let barSaturation = 1.8

}
