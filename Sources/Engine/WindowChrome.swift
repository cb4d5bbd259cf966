import Geometry
import RenderTree
import Scene

/// What iOS draws over every screen at window level — the status bar and the home indicator —
/// decided here, where the stacking of the frame's screens is known, and emitted as the
/// render tree's last nodes (`statusBar`, `statusBar/<tone>`, `homeIndicator`).
///
/// They are not part of any screen: they stay put while screens slide beneath them and take
/// the look the screen under them asks for (`ScreenSpec.statusBar` / `homeIndicator`), as
/// `UIViewController.preferredStatusBarStyle` of the controller covering the bar decides it.
/// Raster only paints the tones the nodes name.
public struct WindowChrome: Sendable {
    /// How one screen wants the chrome; nil hides that part.
    struct Look: Hashable, Sendable {
        var statusBar: ChromeTone?
        var homeIndicator: ChromeTone?
    }

    /// How many points down the status bar's glyphs decide its look.
    static let statusBarProbeCount = 8

    let looks: [String: Look]
    /// What the frame shows where no screen covers it (`Scene.background`).
    let background: Color
    let statusBarFrame: Rect
    let homeIndicatorFrame: Rect
    /// Points whose topmost screen decides each part's look: for the status bar, evenly down
    /// the band its glyphs fill, so that a screen edge passing under them shares the look out.
    let statusBarProbes: [Point]
    let homeIndicatorProbe: Point

    public init(screens: some Sequence<ScreenSpec>, device: Device, background: Color) {
        var looks: [String: Look] = [:]
        for screen in screens {
            looks[screen.name] = Self.look(of: screen, on: device)
        }
        self.looks = looks
        self.background = background
        statusBarFrame = device.statusBarFrame
        homeIndicatorFrame = device.homeIndicatorFrame
        let band = device.statusBarGlyphBand
        statusBarProbes = (0..<Self.statusBarProbeCount).map { i in
            Point(x: device.size.width / 2, y: band.top + (band.bottom - band.top) * (Double(i) + 0.5) / Double(Self.statusBarProbeCount))
        }
        homeIndicatorProbe = Point(x: homeIndicatorFrame.midX, y: homeIndicatorFrame.midY)
    }

    /// Shown by default on preset devices (the home indicator where there is a bottom safe
    /// area); `automatic` picks the tone from the screen's background, under a navigation bar
    /// of `barStyle: black` light content (docs/uikit-semantics.md#status-bar-over-a-moving-screen).
    static func look(of screen: ScreenSpec, on device: Device) -> Look {
        let tone = ChromeTone(over: screen.background)
        var look = Look()
        switch screen.statusBar ?? (device.isPreset ? .automatic : .hidden) {
        case .automatic: look.statusBar = screen.navigationBar?.style == .black ? .light : tone
        case .darkContent: look.statusBar = .dark
        case .lightContent: look.statusBar = .light
        case .hidden: look.statusBar = nil
        }
        if screen.homeIndicator ?? (device.isPreset && device.safeAreaBottom > 0) {
            look.homeIndicator = tone
        }
        return look
    }

    /// The chrome over `nodes` (the frame's screens, back to front): the status bar and home
    /// indicator in the look of the screen on top at each.
    ///
    /// Where no screen lies under the status bar, the frontmost screen still decides whether it
    /// shows, and its tone follows what shows there: the frame's background. The status bar's
    /// look is asked down the band of its glyphs (`statusBarProbes`): while a screen's edge
    /// crosses them (a page sheet's presenter shrinking away from the top), each tone shows at
    /// the share of the band it is asked for — a `statusBar/<tone>` child at that alpha — the two
    /// cross-fading as UIKit fades one status bar style into the next, rather than dark glyphs
    /// sitting over black.
    public func nodes(over nodes: [RenderNode]) -> [RenderNode] {
        let layers = nodes.flatMap { $0.flattened() }
        var out: [RenderNode] = []
        var shares: [ChromeTone: Int] = [:]
        lazy var backgroundTone: ChromeTone? = {
            guard background.alpha >= 0.5, let front = Self.frontScreen(in: layers), looks[front]?.statusBar != nil else { return nil }
            return ChromeTone(over: background)
        }()
        for probe in statusBarProbes {
            let tone = Self.topScreen(in: layers, at: probe).map { looks[$0]?.statusBar } ?? backgroundTone
            if let tone { shares[tone, default: 0] += 1 }
        }
        let tones = ChromeTone.allCases.compactMap { tone in
            shares[tone].map { share in
                RenderNode(id: "statusBar/\(tone.rawValue)", content: .statusBar(tone), size: statusBarFrame.size,
                           alpha: Double(share) / Double(statusBarProbes.count))
            }
        }
        if !tones.isEmpty {
            out.append(RenderNode(id: "statusBar", size: statusBarFrame.size,
                                  transform: AffineTransform(translationX: statusBarFrame.x, y: statusBarFrame.y), children: tones))
        }
        if let name = Self.topScreen(in: layers, at: homeIndicatorProbe), let tone = looks[name]?.homeIndicator {
            out.append(RenderNode(id: "homeIndicator", content: .homeIndicator(tone), size: homeIndicatorFrame.size,
                                  transform: AffineTransform(translationX: homeIndicatorFrame.x, y: homeIndicatorFrame.y)))
        }
        return out
    }

    /// The name of the frontmost mostly opaque screen anywhere in the frame.
    private static func frontScreen(in layers: [PlacedNode]) -> String? {
        for layer in layers.reversed() where layer.alpha >= 0.5 {
            if case .part(let part) = layer.content, part.kind == .body { return part.screen }
        }
        return nil
    }

    /// The name of the frontmost mostly opaque screen covering `point` (points).
    /// Only screen bodies are looked at: a layer's frame is a bounding box to compute, and a
    /// screen of a grid has a layer for each cell.
    private static func topScreen(in layers: [PlacedNode], at point: Point) -> String? {
        for layer in layers.reversed() {
            guard case .part(let part) = layer.content, part.kind == .body, layer.alpha >= 0.5,
                  layer.frame.contains(point) else { continue }
            return part.screen
        }
        return nil
    }
}
