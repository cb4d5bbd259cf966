import Geometry
import Scene

/// What iOS draws over every screen at window level: the status bar and the home indicator.
///
/// They are not part of any screen: they stay put while screens slide beneath them, and take
/// the look the screen on top asks for (`ScreenSpec.statusBar` / `homeIndicator`). Each look
/// is drawn once, when the cache is built; a frame only composites the right image.
final class SystemChrome: Sendable {
    /// The color of the chrome's content: dark over light screens, light over dark ones.
    enum Tone: Hashable, Sendable {
        case dark, light

        var color: Color { self == .dark ? .black : .white }
    }

    /// How one screen wants the chrome; nil hides that part.
    struct Look: Sendable {
        var statusBar: Tone?
        var homeIndicator: Tone?
    }

    let statusBar: [Tone: OverlayImage]
    let homeIndicator: [Tone: OverlayImage]
    /// Points whose topmost screen decides each part's look: for the status bar, evenly down
    /// the band its glyphs fill, so that a screen edge passing under them shares the look out.
    let statusBarProbes: [Point]
    let homeIndicatorProbe: Point
    let looks: [String: Look]

    /// How many points down the status bar's glyphs decide its look.
    static let statusBarProbeCount = 8

    /// nil when no screen shows either part on `device`.
    init?(screens: [ScreenSpec], device: Device, text: TextContext) throws {
        var looks: [String: Look] = [:]
        for screen in screens {
            looks[screen.name] = Self.look(of: screen, on: device)
        }
        guard looks.values.contains(where: { $0.statusBar != nil || $0.homeIndicator != nil }) else { return nil }
        let tones: [Tone] = [.dark, .light]
        let bar = StatusBarPainter(device: device)
        var statusBar: [Tone: OverlayImage] = [:]
        var homeIndicator: [Tone: OverlayImage] = [:]
        // Both tones once any screen shows a status bar: where no screen lies under it (the black
        // behind a page sheet's scaled presenter) it takes the tone of what shows there instead.
        let showsStatusBar = looks.values.contains { $0.statusBar != nil }
        for tone in tones where showsStatusBar {
            statusBar[tone] = try OverlayImage(frame: bar.frame, scale: device.scale) { cairo in
                try bar.draw(tone: tone, on: cairo, text: text)
            }
        }
        let indicator = Self.homeIndicatorFrame(on: device)
        for tone in tones where looks.values.contains(where: { $0.homeIndicator == tone }) {
            homeIndicator[tone] = try OverlayImage(frame: indicator.insetBy(-1), scale: device.scale) { cairo in
                cairo.fill(indicator, cornerRadius: indicator.height / 2, curve: .circular, color: tone.color)
            }
        }
        self.statusBar = statusBar
        self.homeIndicator = homeIndicator
        self.looks = looks
        let band = bar.glyphBand
        statusBarProbes = (0..<Self.statusBarProbeCount).map { i in
            Point(x: device.size.width / 2, y: band.top + (band.bottom - band.top) * (Double(i) + 0.5) / Double(Self.statusBarProbeCount))
        }
        homeIndicatorProbe = Point(x: indicator.midX, y: indicator.midY)
    }

    /// Shown by default on preset devices (the home indicator where there is a bottom safe
    /// area); `automatic` picks the tone from the screen's background.
    static func look(of screen: ScreenSpec, on device: Device) -> Look {
        let tone: Tone = luminance(of: screen.background) < 0.5 ? .light : .dark
        var look = Look()
        switch screen.statusBar ?? (device.isPreset ? .automatic : .hidden) {
        case .automatic: look.statusBar = tone
        case .darkContent: look.statusBar = .dark
        case .lightContent: look.statusBar = .light
        case .hidden: look.statusBar = nil
        }
        if screen.homeIndicator ?? (device.isPreset && device.safeAreaBottom > 0) {
            look.homeIndicator = tone
        }
        return look
    }

    /// Relative luminance (Rec. 709 weights) of `color` over the canvas's black.
    static func luminance(of color: Color) -> Double {
        (0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue) * color.alpha
    }

    /// The home indicator: 5 pt tall, 8 pt above the bottom edge; 134 pt wide on iPhones up to
    /// 400 pt wide, 148 pt on the larger ones, 315 pt on iPad (6 pt above the edge).
    static func homeIndicatorFrame(on device: Device) -> Rect {
        let width = device.size.width
        let length = width < 400 ? 134.0 : width < 600 ? 148 : 315
        let gap = width < 600 ? 8.0 : 6
        return Rect(x: (width - length) / 2, y: device.size.height - gap - 5, width: length, height: 5)
    }
}

extension Rect {
    /// The rectangle grown by `amount` on every side (shrunk for a negative amount).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0))
    }
}
