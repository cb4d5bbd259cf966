import Geometry

/// One screen (a view controller's view): a background, the views drawn on it back to front,
/// an optional navigation bar over them, and how the system's status bar and home indicator
/// look while it is on top.
public struct ScreenSpec: Sendable {
    public var name: String
    public var background: Color
    public var views: [ViewSpec]
    /// Drawn over `views` at the top of the safe area; lists and grids without a frame start below it.
    public var navigationBar: NavigationBarView?
    /// A tab bar at the bottom, over `views` (drawn with the screen's body).
    public var tabBar: TabBarView?
    /// A toolbar at the bottom, over `views` (drawn with the screen's body).
    public var toolbar: ToolbarView?
    /// `UIViewController.hidesBottomBarWhenPushed`: pushed inside a tab of the scene's `tabs`,
    /// the screen hides the tab bar, which leaves with the covered screen and comes back on the pop.
    public var hidesBottomBarWhenPushed = false
    /// What the scene's tab bar controller adds to the screen's bottom safe area: the tab bar's
    /// 49 pt for a screen shown inside a tab (a tab's root, or pushed inside one without
    /// `hidesBottomBarWhenPushed`), 0 otherwise. Set by the engine from `Scene.tabs` and the
    /// transitions (`Scene.withTabBarSafeArea()`), never written in a scene file.
    public var tabBarInset = 0.0
    /// nil: the device's default (shown on preset devices, hidden on custom ones).
    public var statusBar: StatusBarStyle?
    /// nil: the device's default (shown on preset devices with a bottom safe area).
    public var homeIndicator: Bool?
    /// In the dark appearance, the screen with its system colours at the elevated level, as a
    /// sheet shows it (`InterfaceLevel`); nil in the light appearance, where no colour changes.
    public var elevated: ElevatedScreen?

    public init(name: String, background: Color, views: [ViewSpec], navigationBar: NavigationBarView? = nil,
                statusBar: StatusBarStyle? = nil, homeIndicator: Bool? = nil) {
        self.name = name
        self.background = background
        self.views = views
        self.navigationBar = navigationBar
        self.statusBar = statusBar
        self.homeIndicator = homeIndicator
    }

    /// The screen as shown on `layout`: its elevated colours in a sheet (`Device.isSheet`, which
    /// page and form sheets and the stacks pushed inside them lay their screens out for).
    public func shown(on layout: Device) -> ScreenSpec {
        guard layout.isSheet, var spec = elevated?.spec else { return self }
        // What the engine sets on the screen after reading it holds for both levels.
        spec.tabBarInset = tabBarInset
        spec.hidesBottomBarWhenPushed = hidesBottomBarWhenPushed
        return spec
    }
}

/// A screen read again with its system colours at the elevated level (`ScreenSpec.elevated`); a
/// class because a screen holds it.
public final class ElevatedScreen: Sendable {
    public let spec: ScreenSpec

    public init(_ spec: ScreenSpec) {
        self.spec = spec
    }
}

/// A view a screen can hold.
public indirect enum ViewSpec: Sendable {
    case rect(RectView)
    case label(LabelView)
    case image(ImageView)
    case list(ListView)
    case grid(GridView)
    case control(ControlView)
    case icon(IconView)

    /// The key a scene file gives this kind of view (`rect`, `scroll`, `label`, … `switch`).
    public var sceneKind: String {
        switch self {
        case .rect(let rect): (rect.scrolling == nil ? ViewKeys.rect : ViewKeys.scroll).key
        case .label: ViewKeys.label.key
        case .image: ViewKeys.image.key
        case .icon: ViewKeys.icon.key
        case .list: ViewKeys.list.key
        case .grid: ViewKeys.grid.key
        case .control(let control): control.sceneKind
        }
    }
}

/// The shape of a rounded corner (`CALayer.cornerCurve`).
public enum CornerCurve: String, Hashable, Sendable, Codable, CaseIterable {
    /// Quarter circles: `CALayerCornerCurve.circular`.
    case circular
    /// Apple's continuous-curvature corner (`CALayerCornerCurve.continuous`), as system
    /// controls, cells and sheets use it.
    case continuous
}

/// A filled, optionally bordered and rounded rectangle, which may hold (and clip) subviews.
public struct RectView: Sendable {
    public var frame: Rect
    public var fill: Color
    public var cornerRadius: Double
    public var cornerCurve: CornerCurve
    public var borderColor: Color?
    public var borderWidth: Double
    public var clipsToBounds: Bool
    public var subviews: [ViewSpec]
    /// Makes the view its own render-tree node, `<screen>/<id>` (see `ViewSpec.id`).
    public var id: String?
    /// How the frame follows a container of another size (`UIView.autoresizingMask`).
    public var autoresizing: Autoresizing = []
    /// `UIView.alpha`: the view and its subviews drawn as one, then faded.
    public var opacity: Double = 1
    /// A linear gradient drawn over `fill` (`CAGradientLayer`).
    public var gradient: Gradient?
    /// A blurred shadow of the rounded shape under it (`CALayer.shadow…`).
    public var shadow: ViewShadow?
    /// A `scroll`: a `UIScrollView` whose content is the subviews (framed from the content's
    /// top-left), as large as they reach, clipped to the frame; nil for a plain `rect`.
    public var scrolling: ScrollBehavior?

    public init(frame: Rect, fill: Color, cornerRadius: Double = 0, cornerCurve: CornerCurve = .continuous,
                borderColor: Color? = nil, borderWidth: Double = 0, clipsToBounds: Bool = false, subviews: [ViewSpec] = []) {
        self.frame = frame
        self.fill = fill
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.clipsToBounds = clipsToBounds
        self.subviews = subviews
    }
}

/// Text drawn with the bundled font.
public struct LabelView: Sendable {
    public enum Alignment: String, Sendable, Codable, CaseIterable { case left, center, right }
    public enum Weight: String, Sendable, Codable, CaseIterable {
        case ultralight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    public var text: String
    public var frame: Rect
    public var fontSize: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment
    /// 0 means as many lines as fit.
    public var lines: Int
    /// Makes the view its own render-tree node, `<screen>/<id>` (see `ViewSpec.id`).
    public var id: String?
    /// How the frame follows a container of another size (`UIView.autoresizingMask`).
    public var autoresizing: Autoresizing = []
    /// `UIView.alpha`.
    public var opacity: Double = 1
    /// The family the label names (`family:`); nil: the scene's system font (`SceneFonts`, Inter by default).
    public var customFont: CustomFont?

    public init(text: String, frame: Rect, fontSize: Double = 17, weight: Weight = .regular,
                color: Color = .black, alignment: Alignment = .left, lines: Int = 1) {
        self.text = text
        self.frame = frame
        self.fontSize = fontSize
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.lines = lines
    }

}

/// How the status bar is drawn while a screen is on top (`preferredStatusBarStyle`, `prefersStatusBarHidden`).
public enum StatusBarStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Dark content over a light background, light over a dark one, judged by the screen's background.
    case automatic = "default"
    /// Black text and symbols (`UIStatusBarStyle.darkContent`).
    case darkContent
    /// White text and symbols (`UIStatusBarStyle.lightContent`).
    case lightContent
    /// No status bar (`prefersStatusBarHidden`).
    case hidden
}

/// A `CAGradientLayer` (axial): colors spread evenly from `start` to `end`, points in unit
/// coordinates of the view's bounds ([0, 0] top-left, [1, 1] bottom-right).
public struct Gradient: Hashable, Sendable {
    public var colors: [Color]
    public var start: Point
    public var end: Point

    public init(colors: [Color], start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1)) {
        self.colors = colors
        self.start = start
        self.end = end
    }
}

/// A view's drop shadow (`CALayer.shadowColor`, `shadowOpacity`, `shadowRadius`, `shadowOffset`).
public struct ViewShadow: Hashable, Sendable {
    public var color: Color
    public var opacity: Double
    /// The blur radius in points, as Core Animation uses it (about twice the Gaussian sigma).
    public var radius: Double
    public var offset: Point

    public init(color: Color = .black, opacity: Double, radius: Double = 3, offset: Point = Point(x: 0, y: -3)) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }
}
