import Geometry

/// What makes a backdrop Liquid Glass rather than a blur (`UIGlassEffect`): the shape refracts
/// what lies behind near its edges (lensing), the face's luminance is remapped and a fill laid
/// over it, and a specular rim catches the light from above and below. A `MaterialLook` with
/// `glass` set is drawn by Raster's `GlassFilter` over the node's rounded bounds; its
/// `blurRadius` is the blur of what lies behind.
///
/// Apple publishes no numbers for the glass. These are Core Animation's `glassBackground` and
/// `CASDFKeyFillHighlightEffect` settings as third parties dumped them from live layer trees of
/// iOS 26/27 and macOS 26/27 [RE], with estimates where none was found [EST]; each with its
/// source in docs/uikit-semantics.md#liquid-glass.
public struct GlassOptics: Hashable, Sendable {
    /// `UIGlassEffect.Style`.
    public enum Style: String, Hashable, Sendable, CaseIterable, SettingChoice {
        /// The default: a light blur, the face brightened (light) or darkened (dark), a fill.
        case regular
        /// Barely blurred, the face's levels widened, no fill, over a dimming of what lies behind.
        case clear
    }

    /// Which of the face's grades it shows.
    public enum Tone: Hashable, Sendable {
        /// Small glass: light over light content, dark over dark (the mean luminance of what lies
        /// behind it decides, `adaptiveThreshold`).
        case adaptive
        /// Large glass: the appearance's own.
        case light, dark
    }

    /// The face's grade: luminance remapped to `black + (white − black) · Y` (chroma kept), then
    /// `fill` laid over.
    public struct Grade: Hashable, Sendable {
        public var black: Double
        public var white: Double
        public var fill: Color

        public init(black: Double, white: Double, fill: Color) {
            self.black = black
            self.white = white
            self.fill = fill
        }
    }

    public var style: Style
    public var tone: Tone
    public var light: Grade
    public var dark: Grade
    /// How far the backdrop at the very rim is taken from, inward along the edge's normal, in
    /// points (`inputInnerRefractionAmount`, negative there: sampled toward the inside), and the
    /// depth of the band that refracts (`inputInnerRefractionHeight`).
    public var refractionAmount: Double
    public var refractionHeight: Double
    /// The specular rim: its band's height in points, its curvature and how far it spreads
    /// round from the light's direction (radians).
    public var rimHeight: Double
    public var rimCurvature: Double
    public var rimSpread: Double
    /// `UIGlassEffect.tintColor` (a prominent button's colour), at its own alpha.
    public var tint: Color
    /// The dimming under clear glass (black at this alpha).
    public var dimming: Double
    /// Reduce Transparency: the face frosted, near opaque (`reducedTransparency`), no refraction.
    public var opaque: Bool

    public init(style: Style, tone: Tone, light: Grade, dark: Grade, refractionAmount: Double, refractionHeight: Double,
                rimHeight: Double = 1, rimCurvature: Double = 0.75, rimSpread: Double = 1.5344, tint: Color = .clear,
                dimming: Double = 0, opaque: Bool = false) {
        self.style = style
        self.tone = tone
        self.light = light
        self.dark = dark
        self.refractionAmount = refractionAmount
        self.refractionHeight = refractionHeight
        self.rimHeight = rimHeight
        self.rimCurvature = rimCurvature
        self.rimSpread = rimSpread
        self.tint = tint
        self.dimming = dimming
        self.opaque = opaque
    }

    /// Below this mean luminance of what lies behind (0…1) adaptive glass shows its dark grade
    /// [EST: the middle of the 0.35…0.45 band a flip was observed in, without its hysteresis, so
    /// that every frame is a function of what it shows].
    public static let adaptiveThreshold = 0.4
    /// The largest shorter side, in points, of glass that adapts to what is behind: bar buttons,
    /// toolbar capsules and the tab bar flip; menus and sheets do not [DOC WWDC25 219; 64 pt OBS].
    public static let smallExtent = 64.0
    /// The frosted face Reduce Transparency shows, light and dark, at 0.97 [EST].
    public static let frostedLight = Color(r8: 0xF2, g8: 0xF2, b8: 0xF7, alpha: 0.97)
    public static let frostedDark = Color(r8: 0x1C, g8: 0x1C, b8: 0x1E, alpha: 0.97)
}

extension MaterialLook {
    /// Liquid Glass of `style` for a shape whose shorter side is `extent` points, in `appearance`:
    /// small shapes adapt their grade to what is behind them, larger ones take the appearance's.
    /// `tint` colours it (a prominent item); `reduceTransparency` frosts it.
    ///
    /// Regular: blur 4 pt, light grade 0.5…1.03 under white at 0.2, dark 0.2…0.6 under black at
    /// 0.2; clear: blur 1 pt, levels 0.05…0.8, no fill, over black at 0.35 (HIG "Materials": "a
    /// dark dimming layer of 35% opacity"). Refraction −min(60, extent / 2) pt over a band
    /// min(20, extent / 4) pt deep [RE].
    public static func glass(_ style: GlassOptics.Style = .regular, extent: Double, appearance: Appearance,
                             tint: Color = .clear, reduceTransparency: Bool = false) -> MaterialLook {
        let tone: GlassOptics.Tone = extent <= GlassOptics.smallExtent ? .adaptive : (appearance == .dark ? .dark : .light)
        let amount = min(60, extent / 2), height = min(20, extent / 4)
        switch style {
        case .regular:
            let optics = GlassOptics(style: .regular, tone: tone,
                                     light: .init(black: 0.5, white: 1.03, fill: Color(red: 1, green: 1, blue: 1, alpha: 0.2)),
                                     dark: .init(black: 0.2, white: 0.6, fill: Color(red: 0, green: 0, blue: 0, alpha: 0.2)),
                                     refractionAmount: amount, refractionHeight: height, tint: tint, opaque: reduceTransparency)
            return MaterialLook(blurRadius: 4, saturation: 1, glass: optics)
        case .clear:
            let grade = GlassOptics.Grade(black: 0.05, white: 0.8, fill: .clear)
            let optics = GlassOptics(style: .clear, tone: tone, light: grade, dark: grade, refractionAmount: amount,
                                     refractionHeight: height, tint: tint, dimming: 0.35, opaque: reduceTransparency)
            return MaterialLook(blurRadius: 1, saturation: 1, glass: optics)
        }
    }
}
