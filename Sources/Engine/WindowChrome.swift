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

    public init(screens: some Sequence<ScreenSpec>, device: Device, background: Color, appearance: Appearance = .light) {
        var looks: [String: Look] = [:]
        for screen in screens {
            looks[screen.name] = Self.look(of: screen, on: device, appearance: appearance)
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
    /// area). `automatic` under a navigation bar is the bar's style, as the navigation controller
    /// answers for its top view controller: `barStyle: black` light content, `default` the
    /// appearance's default (dark content in light, light in dark), whatever the screen's
    /// background; without a bar it picks the tone from the screen's background
    /// (docs/uikit-semantics.md#status-bar-over-a-moving-screen).
    static func look(of screen: ScreenSpec, on device: Device, appearance: Appearance = .light) -> Look {
        let tone = ChromeTone(over: screen.background)
        var look = Look()
        switch screen.statusBar ?? (device.isPreset ? .automatic : .hidden) {
        case .automatic:
            look.statusBar = screen.navigationBar.map { bar in
                bar.style == .black || appearance == .dark ? .light : .dark
            } ?? tone
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
    ///
    /// `mix`, where given, sets the status bar's tones and their opacities instead (a page sheet's
    /// presenter handing the status bar over, `statusBarTone(over:)`, fading).
    public func nodes(over nodes: [RenderNode], statusBar mix: [ChromeTone: Double]? = nil) -> [RenderNode] {
        let layers = Self.bodies(in: nodes)
        var out: [RenderNode] = []
        var shares: [ChromeTone: Double] = [:]
        if let mix {
            shares = mix
        } else {
            for probe in statusBarProbes {
                if let tone = tone(at: probe, in: layers) { shares[tone, default: 0] += 1 / Double(statusBarProbes.count) }
            }
        }
        if let node = statusBarNode(shares) { out.append(node) }
        if let name = Self.topScreen(in: layers, at: homeIndicatorProbe), let tone = looks[name]?.homeIndicator {
            out.append(RenderNode(id: "homeIndicator", content: .homeIndicator(tone), size: homeIndicatorFrame.size,
                                  transform: AffineTransform(translationX: homeIndicatorFrame.x, y: homeIndicatorFrame.y)))
        }
        return out
    }

    /// The status bar's tone where the screen under `point` decides it; the frame's background's
    /// where none lies there but the frontmost screen shows a status bar.
    private func tone(at point: Point, in layers: [Body]) -> ChromeTone? {
        if let screen = Self.topScreen(in: layers, at: point) { return looks[screen]?.statusBar }
        guard background.alpha >= 0.5, let front = Self.frontScreen(in: layers), looks[front]?.statusBar != nil else { return nil }
        return ChromeTone(over: background)
    }

    /// The `statusBar` node showing each tone at its opacity; nil when none shows.
    func statusBarNode(_ shares: [ChromeTone: Double]) -> RenderNode? {
        let tones = ChromeTone.allCases.compactMap { tone in
            shares[tone].flatMap { share in
                share > 0 ? RenderNode(id: "statusBar/\(tone.rawValue)", content: .statusBar(tone), size: statusBarFrame.size, alpha: share) : nil
            }
        }
        guard !tones.isEmpty else { return nil }
        return RenderNode(id: "statusBar", size: statusBarFrame.size,
                          transform: AffineTransform(translationX: statusBarFrame.x, y: statusBarFrame.y), children: tones)
    }

    /// How long the status bar fades from one style to the next when a page sheet's presenter
    /// hands it over: `UIStatusBarStyleAnimationParameters`' default fade, 0.35 s (published
    /// decompilations of UIKitCore, iOS 18.2; docs/uikit-semantics.md#status-bar-over-a-moving-screen).
    static let handOverFade = 0.35

    /// The tone the status bar takes over `nodes` while a page sheet moves: the screen whose
    /// frame covers half the status bar's height controls it (`-[_UISheetLayoutInfo
    /// _shouldPresentedViewControllerControlStatusBarAppearance]`: the receded presenter keeps it
    /// while its top edge is at or above half the default status bar height); below it nothing
    /// does, and the window's root presentation controller's style shows, light content over
    /// the black behind (`_UIRootPresentationController.preferredStatusBarStyle`), as the
    /// frame's background gives it here.
    func statusBarTone(over nodes: [RenderNode]) -> ChromeTone? {
        tone(at: Point(x: statusBarFrame.midX, y: statusBarFrame.height / 2), in: Self.bodies(in: nodes))
    }

    /// A screen's body as the frame shows it: its name, the part of its frame no clipping
    /// ancestor cuts away (a zoom's card clips the screen growing inside it), and its opacity.
    struct Body {
        var screen: String
        var visible: Rect
        var alpha: Double
    }

    /// Every screen body in the tree, back to front.
    static func bodies(in nodes: [RenderNode]) -> [Body] {
        var out: [Body] = []
        func visit(_ node: RenderNode, _ parent: AffineTransform, _ parentAlpha: Double, _ clip: Rect?) {
            let world = node.transform.concatenating(parent), alpha = node.alpha * parentAlpha
            let frame = world.boundingBox(of: node.bounds)
            if case .part(let part) = node.content, part.kind == .body, let visible = clip.map({ frame.intersection($0) }) ?? frame {
                out.append(Body(screen: part.screen, visible: visible, alpha: alpha))
            }
            let inner = node.clipsToBounds ? (clip.map { frame.intersection($0) ?? Rect(x: frame.minX, y: frame.minY, width: 0, height: 0) } ?? frame) : clip
            for child in node.children { visit(child, world, alpha, inner) }
        }
        for node in nodes { visit(node, .identity, 1, nil) }
        return out
    }

    /// The name of the frontmost mostly opaque screen anywhere in the frame.
    private static func frontScreen(in bodies: [Body]) -> String? {
        bodies.last { $0.alpha >= 0.5 }?.screen
    }

    /// The name of the frontmost mostly opaque screen showing at `point` (points).
    /// Only screen bodies are looked at: a screen of a grid has a layer for each cell.
    private static func topScreen(in bodies: [Body], at point: Point) -> String? {
        bodies.last { $0.alpha >= 0.5 && $0.visible.contains(point) }?.screen
    }
}
