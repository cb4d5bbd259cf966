import Geometry
import Scene

/// The color of the window chrome's content (status bar glyphs, home indicator): dark over
/// light screens, light over dark ones.
public enum ChromeTone: String, Hashable, Sendable, CaseIterable {
    case dark, light

    /// The tone that shows over `color`: light where its relative luminance (Rec. 709 weights,
    /// over the canvas's black) is under one half, dark otherwise.
    public init(over color: Color) {
        let luminance = (0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue) * color.alpha
        self = luminance < 0.5 ? .light : .dark
    }

    public var color: Color { self == .dark ? .black : .white }
}

extension Device {
    /// The status bar's area: the top safe area (20 pt on iPhone SE, 24 pt on iPad, 54 pt of
    /// the 59 pt on Dynamic Island phones).
    public var statusBarFrame: Rect {
        Rect(x: 0, y: 0, width: size.width, height: max(min(safeAreaTop, 54), 20))
    }

    /// The band the status bar's time and symbols fill, top to bottom, in points: their center
    /// line ± half the tallest glyph (the 17 pt time's cap height, 12 pt, on a Dynamic Island phone).
    public var statusBarGlyphBand: (top: Double, bottom: Double) {
        let half = switch statusBarLayout {
        case .dynamicIsland: 6.5
        case .classic: 5.5
        case .pad: 6.0
        }
        return (statusBarCenterY - half, statusBarCenterY + half)
    }

    /// The line the status bar's time and symbols are centred on, in points from the top: the
    /// Dynamic Island's center line (30), or the middle of the classic (10) or iPad (12) bar.
    /// The painter draws there and the engine's probes look there.
    public var statusBarCenterY: Double {
        switch statusBarLayout {
        case .dynamicIsland: 30
        case .classic: 10
        case .pad: 12
        }
    }

    /// The home indicator: 5 pt tall, 8 pt above the bottom edge; 134 pt wide on iPhones up to
    /// 400 pt wide, 148 pt on the larger ones, 315 pt on iPad (6 pt above the edge).
    public var homeIndicatorFrame: Rect {
        let width = size.width
        let length = width < 400 ? 134.0 : width < 600 ? 148 : 315
        let gap = width < 600 ? 8.0 : 6
        return Rect(x: (width - length) / 2, y: size.height - gap - 5, width: length, height: 5)
    }
}
