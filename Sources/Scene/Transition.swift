import Geometry
import Motion

/// The transition styles Segue reproduces, by their scene-file names.
public enum TransitionStyle: String, Sendable, Codable, CaseIterable {
    /// Seed 000: modal sheet from the bottom over a dimming view, interruptible.
    case slideUpModal = "slide-up-modal"
    /// Seed 001: navigation pop with a parallax underlay and an edge shadow, pan anywhere.
    case parallaxBackSwipe = "parallax-back-swipe"
    /// Seed 002: the new screen covers the current one from the left, scrubbed by the finger.
    case coverFromLeft = "cover-from-left"
    /// Seed 003: a 320 pt drawer from the left pushing the presenting screen aside.
    case sideDrawer = "side-drawer"
    /// Seed 004: navigation push growing the detail screen out of a cell's image.
    case zoomFromCell = "zoom-from-cell"
    /// Seed 004: modal presented from scale 0.6, 200 pt up and transparent; edge pan dismisses.
    case scaleFadeModal = "scale-fade-modal"

    /// How a style brings its screen in: pushed on a navigation stack (inside the navigation
    /// controller, under its bar), presented modally (over everything, bar included), or either.
    public var presentations: [Presentation] {
        switch self {
        case .parallaxBackSwipe, .zoomFromCell: return [.navigation]
        case .coverFromLeft, .sideDrawer, .scaleFadeModal: return [.modal]
        // Seed 000 pushes (`UINavigationControllerDelegate`); a modal form is offered as well.
        case .slideUpModal: return [.navigation, .modal]
        }
    }

    /// Whether the style can be pushed (`push`/`pop`) on a navigation stack.
    public var isNavigation: Bool { presentations.contains(.navigation) }
    /// Whether the style can be presented (`present`/`dismiss`).
    public var isModal: Bool { presentations.contains(.modal) }

    /// The scene keys each style reads, beyond `from`, `to` and `style`.
    public var settings: [String] {
        let timing = ["duration", "curve", "completionCurve", "completionSpeed"]
        switch self {
        case .slideUpModal:
            return ["spring", "curve", "duration", "dimmingAlpha", "dimmingColor", "progressScale", "flickVelocity",
                    "completionThreshold", "cornerRadius", "releaseVelocity"]
        case .parallaxBackSwipe:
            return timing + ["completionThreshold", "flickVelocity", "parallaxRatio", "underlayAlpha", "shadowRadius",
                             "shadowOpacity", "shadowColor", "shadowOffset"]
        case .coverFromLeft:
            return timing + ["autoFinish"]
        case .sideDrawer:
            return timing + ["width", "dimmingAlpha", "dimmingColor", "completionThreshold"]
        case .zoomFromCell:
            return timing + ["cell", "detailContent"]
        case .scaleFadeModal:
            return ["spring", "completionCurve", "completionSpeed", "scale", "offset", "progressDistance",
                    "completionThreshold", "edgeZone"]
        }
    }
}

/// A cell of a list or grid, by the list's `id` and the cell's 0-based index.
public struct CellReference: Hashable, Sendable {
    public var list: String
    public var index: Int

    public init(list: String, index: Int) {
        self.list = list
        self.index = index
    }
}

/// The constants a scene overrides on a transition; nil keeps the style's seed default.
///
/// Every key is documented in docs/scene-format.md with its UIKit counterpart.
public struct TransitionOptions: Sendable, Hashable {
    public var duration: Double?
    public var curve: CubicTimingCurve?
    public var spring: Spring?
    /// `UIPercentDrivenInteractiveTransition.completionCurve`.
    public var completionCurve: CubicTimingCurve?
    /// `UIPercentDrivenInteractiveTransition.completionSpeed`.
    public var completionSpeed: Double?
    public var completionThreshold: Double?
    public var flickVelocity: Double?
    public var progressScale: Double?
    public var progressDistance: Double?
    public var autoFinish: Double?
    public var dimmingColor: Color?
    public var dimmingAlpha: Double?
    public var cornerRadius: Double?
    public var releaseVelocity: ReleaseVelocity?
    public var width: Double?
    public var parallaxRatio: Double?
    public var underlayAlpha: Double?
    public var shadowRadius: Double?
    /// Opacity at the start and at the end of the pop.
    public var shadowOpacity: [Double]?
    public var shadowColor: Color?
    public var shadowOffset: Point?
    public var scale: Double?
    public var offset: Point?
    public var edgeZone: Double?
    public var cell: CellReference?
    public var detailContent: DetailContent?

    public init() {}

    /// The dimming color: `dimmingColor` (black by default) at `dimmingAlpha`, or at the color's
    /// own alpha when it gives one and `dimmingAlpha` is absent.
    public func resolvedDimming(defaultAlpha: Double) -> Color {
        if let alpha = dimmingAlpha { return (dimmingColor ?? .black).withAlpha(alpha) }
        if let color = dimmingColor { return color.alpha < 1 ? color : color.withAlpha(defaultAlpha) }
        return Color.black.withAlpha(defaultAlpha)
    }
}

/// A transition between two screens and the constants it runs with.
public struct TransitionSpec: Sendable {
    public var from: String
    public var to: String
    public var style: TransitionStyle
    public var location: SourceLocation
    public var options: TransitionOptions

    public init(from: String, to: String, style: TransitionStyle, location: SourceLocation,
                options: TransitionOptions = .init()) {
        self.from = from
        self.to = to
        self.style = style
        self.location = location
        self.options = options
    }

    /// The slide-up modal's constants with this transition's overrides.
    public var parameters: SlideUpModalParameters {
        var p = SlideUpModalParameters()
        let o = options
        if let v = o.spring { p.spring = v }
        if let v = o.curve { p.curve = v }
        if let v = o.duration { p.duration = v }
        p.dimmingColor = o.resolvedDimming(defaultAlpha: 0.66)
        if let v = o.progressScale { p.progressScale = v }
        if let v = o.flickVelocity { p.flickVelocity = v }
        if let v = o.completionThreshold { p.completionThreshold = v }
        if let v = o.cornerRadius { p.cornerRadius = v }
        if let v = o.releaseVelocity { p.releaseVelocity = v }
        return p
    }
}

/// How a transition shows a screen at a size other than its own (zoom-from-cell's detail).
public enum DetailContent: String, Sendable, Codable, CaseIterable {
    /// Laid out at each size the frame takes and clipped to it, as a view whose frame animates.
    case layout
    /// Laid out once at full size and scaled to cover the frame (a magnified snapshot).
    case scale
}

/// How a screen comes on screen, and so where it sits relative to a navigation bar.
public enum Presentation: String, Sendable, Codable, CaseIterable {
    /// `push` / `pop`: inside the navigation controller's container, under its bar.
    case navigation
    /// `present` / `dismiss`: over everything, the presenter's bar included.
    case modal
}

/// What the release velocity does to the completion spring.
public enum ReleaseVelocity: String, Sendable, Codable, CaseIterable {
    /// The finger's velocity along the transition's axis, in units of the remaining distance
    /// per second, becomes the spring's initial velocity (UIKit's documented use).
    case inherit
    /// The spring starts at rest, as seed 000's `timingCurveVelocity()` returns `.zero`.
    case zero
}

/// Constants of `slide-up-modal` (seed 000, `InteractiveModalTransitionDriver`).
public struct SlideUpModalParameters: Sendable, Hashable {
    /// The frame animator's spring: `UISpringTimingParameters(mass: 2.5, stiffness: 2000, damping: 95)`.
    public var spring = Spring(mass: 2.5, stiffness: 2000, damping: 95)
    /// The transition animator's curve: `.easeOut`.
    public var curve = CubicTimingCurve.easeOut
    /// The transition animator's duration; nil means the frame animator's `duration`: the
    /// spring's honoured duration, else `hideShowBarDuration` (the seed asks the frame animator,
    /// created with that duration, for its `duration`).
    public var duration: Double?
    /// `UINavigationController.hideShowBarDuration`, the duration the seed creates its frame
    /// animator with.
    public static let hideShowBarDuration = 0.2
    /// `UIColor.black.withAlphaComponent(0.66)`.
    public var dimmingColor = Color.black.withAlpha(0.66)
    /// progress step = dy / (container height × `progressScale`).
    public var progressScale = 1.1
    /// A release faster than this (pt/s) decides by its direction.
    public var flickVelocity = 1200.0
    /// Without a flick, a fraction above this finishes.
    public var completionThreshold = 0.2
    /// Corner radius of the sheet while it is off its resting place, interpolated to 0 when
    /// presented. 0 by default: the seed rounds no corners.
    public var cornerRadius = 0.0
    public var releaseVelocity = ReleaseVelocity.inherit

    public init() {}
}
