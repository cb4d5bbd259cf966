import Geometry
import Motion

/// A transition style declared in the scene file under `styles:`: its picture as keyframes over
/// how far the top screen is in, matched elements, timing and the gestures of each direction.
/// The engine's `CustomStyle` interprets it; docs/scene-format.md "Custom transitions" lists
/// every key.
public struct CustomStyleSpec: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation
    /// Pushed (`navigation`), presented (`modal`), or either.
    public var presentations: [Presentation]
    public var timing: Timing
    /// How a finger scrubs the animation.
    public var scrubbing: Scrubbing
    /// The picture, back to front, for both directions unless a direction has its own.
    public var layers: [LayerSpec]
    /// Present / push.
    public var forward: DirectionSpec
    /// Dismiss / pop.
    public var back: DirectionSpec
    /// What stays on screen once the style has brought its screen in.
    public var resting: Resting

    public init(name: String, location: SourceLocation, presentations: [Presentation], timing: Timing, scrubbing: Scrubbing,
                layers: [LayerSpec], forward: DirectionSpec = DirectionSpec(), back: DirectionSpec = DirectionSpec(),
                resting: Resting = .top) {
        self.name = name
        self.location = location
        self.presentations = presentations
        self.timing = timing
        self.scrubbing = scrubbing
        self.layers = layers
        self.forward = forward
        self.back = back
        self.resting = resting
    }

    /// The animation's timing: a cubic curve over a duration, or a spring.
    public enum Timing: Sendable, Hashable {
        case cubic(CubicTimingCurve, duration: Double)
        case spring(Spring)
    }

    /// How `UIPercentDrivenInteractiveTransition.update(_:)` shows a fraction.
    public enum Scrubbing: String, Sendable, Hashable, CaseIterable {
        /// An interruptible `UIViewPropertyAnimator`: the fraction shows linearly.
        case animator
        /// `UIView.animate` scrubbed in layer time: the animation's curve shapes the picture.
        case layer
    }

    /// What stays on screen after a present / push.
    public enum Resting: String, Sendable, Hashable, CaseIterable {
        /// The top screen alone (the presenter's view is removed).
        case top
        /// Every layer as it is at the end (a presentation that keeps the presenter on screen: a drawer).
        case all
    }

    /// Whether a frame reads the tapped cell (`cell`): then the transition takes a `cell`
    /// setting, a tap on one of its cells starts it, and a `push` names the cell.
    public var usesCell: Bool {
        (layers + (forward.layers ?? []) + (back.layers ?? [])).contains(where: \.usesCell)
    }

    /// The settings a transition of this style takes: `cell` when a layer flies from a cell.
    public var settings: [SettingDescriptor] {
        guard usesCell else { return [] }
        return [SettingDescriptor("cell", .cell, defaultText: "none",
                                  doc: "the list or grid whose cells a tap starts the transition from; `index` is the cell a `push:` or `present:` uses (default 0)")]
    }
}

/// One direction of a custom style: its own picture, if it has one, and its gesture.
public struct DirectionSpec: Sendable, Hashable {
    /// Who animates the direction: the style's layers, or UIKit's own navigation transition.
    public enum Animator: String, Sendable, Hashable, CaseIterable {
        /// The style's layers and gesture.
        case style
        /// UIKit's default push or pop (`system-push` with its defaults): what a navigation
        /// controller plays when its delegate returns no animator for the direction
        /// (`navigationController(_:animationControllerFor:from:to:)` returning nil), as the `parallax-back-swipe` tutorial
        /// does for its push.
        case system
    }

    /// nil: the style's `layers`.
    public var layers: [LayerSpec]?
    /// nil: no gesture starts this direction.
    public var gesture: GestureSpec?
    public var animator: Animator

    public init(layers: [LayerSpec]? = nil, gesture: GestureSpec? = nil, animator: Animator = .style) {
        self.layers = layers
        self.gesture = gesture
        self.animator = animator
    }
}

/// Which of a transition's two screens: `from` (underneath: presenting, or below on the stack)
/// or `to` (on top: presented, or pushed). `below` and `above` are the same screens.
public enum ScreenRole: String, Sendable, Hashable, CaseIterable {
    case from, to
}

/// A length in points, or a percentage of a reference (the container's width for x, its
/// height for y; a frame's shorter side for corner radii).
public enum Length: Sendable, Hashable {
    case points(Double)
    case percent(Double)

    public func resolve(_ reference: Double) -> Double {
        switch self {
        case .points(let v): return v
        case .percent(let v): return v / 100 * reference
        }
    }
}

/// A frame a keyframe can name.
public enum FrameValue: Sendable, Hashable {
    /// `[x, y, width, height]`; x and width may be percentages of the container's width, y and height of its height.
    case rect([Length])
    /// The container's bounds.
    case full
    /// The tapped cell's image (the transition's `cell`).
    case cell
    /// Where a view with an id sits on its screen at full size.
    case view(ScreenRole, String)
}

/// One animated node of a custom style.
public struct LayerSpec: Sendable, Hashable {
    public enum Node: Sendable, Hashable {
        /// A screen, with its views.
        case screen(ScreenRole)
        /// A view with an id on one of the screens, moved inside its screen.
        case view(ScreenRole, String)
        /// A solid fill over the container (`dimming`, `shadow`, or another name).
        case fill(String, Color)
        /// A view drawn flying from one frame to another (a hero / zoom element).
        case match(MatchSpec)
    }

    /// How a screen (or matched view) fills its frame.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// Laid out at full size and scaled to the frame (a view under a scale transform).
        case scaled
        /// Laid out at the frame's size (a view whose frame is set), clipped.
        case frame
        /// Laid out at full size, scaled uniformly to cover the frame, clipped.
        case fill
    }

    public var node: Node
    public var layout: Layout
    public var keyframes: [Keyframe]
    /// The shadow the node casts (its opacity may be keyframed with `shadowOpacity`).
    public var shadow: ShadowSpec?
    /// The point scale and rotation keep in place, in unit coordinates of the node's frame
    /// (`CALayer.anchorPoint`): [0.5, 0.5] is its center.
    public var anchor: Point
    public var location: SourceLocation

    public init(node: Node, layout: Layout = .scaled, keyframes: [Keyframe] = [], shadow: ShadowSpec? = nil,
                anchor: Point = Point(x: 0.5, y: 0.5), location: SourceLocation) {
        self.node = node
        self.layout = layout
        self.keyframes = keyframes
        self.shadow = shadow
        self.anchor = anchor
        self.location = location
    }

    var usesCell: Bool {
        if case .match(let match) = node, match.from == .cell || match.to == .cell { return true }
        return keyframes.contains { $0.frame == .cell }
    }
}

/// A matched element: a view drawn flying from the frame of one view to the frame of another.
public struct MatchSpec: Sendable, Hashable {
    /// Where it starts (at progress 0) and ends (at 1): `cell` or `<screen>/<id>`.
    public var from: FrameValue
    public var to: FrameValue
    /// The view drawn in flight.
    public var draws: (role: ScreenRole, id: String)
    /// Whether the matched views are hidden on their screens while it flies.
    public var hidesViews: Bool
    /// The curve of its flight, over the transition's progress.
    public var curve: CubicTimingCurve

    public init(from: FrameValue, to: FrameValue, draws: (role: ScreenRole, id: String), hidesViews: Bool = true,
                curve: CubicTimingCurve = .linear) {
        self.from = from
        self.to = to
        self.draws = draws
        self.hidesViews = hidesViews
        self.curve = curve
    }

    public static func == (lhs: MatchSpec, rhs: MatchSpec) -> Bool {
        lhs.from == rhs.from && lhs.to == rhs.to && lhs.draws.role == rhs.draws.role && lhs.draws.id == rhs.draws.id
            && lhs.hidesViews == rhs.hidesViews && lhs.curve == rhs.curve
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(draws.role)
        hasher.combine(draws.id)
    }
}

/// A node's shadow: `CALayer.shadowColor`, `shadowRadius`, `shadowOffset`; its opacity is
/// keyframed (`shadowOpacity`, default `opacity`).
public struct ShadowSpec: Sendable, Hashable {
    public var color: Color
    public var radius: Double
    public var offset: Point
    public var opacity: Double

    public init(color: Color = .black, radius: Double = 3, offset: Point = Point(x: 0, y: -3), opacity: Double = 1) {
        self.color = color
        self.radius = radius
        self.offset = offset
        self.opacity = opacity
    }
}

/// A node's properties at one point of the transition's progress; each property is
/// interpolated between the keyframes that give it.
public struct Keyframe: Sendable, Hashable {
    /// Progress 0 … 1: how far the top screen is in.
    public var at: Double
    /// The easing of the segments that end at this keyframe.
    public var curve: CubicTimingCurve?
    public var frame: FrameValue?
    public var offset: [Length]?
    /// `[sx, sy]`, about the layer's anchor (the frame's center by default).
    public var scale: [Double]?
    /// Degrees, clockwise, about the layer's anchor.
    public var rotation: Double?
    public var alpha: Double?
    /// Points, or a percentage of the frame's shorter side.
    public var cornerRadius: Length?
    public var shadowOpacity: Double?
    public var location: SourceLocation

    public init(at: Double, curve: CubicTimingCurve? = nil, frame: FrameValue? = nil, offset: [Length]? = nil,
                scale: [Double]? = nil, rotation: Double? = nil, alpha: Double? = nil, cornerRadius: Length? = nil,
                shadowOpacity: Double? = nil, location: SourceLocation) {
        self.at = at
        self.curve = curve
        self.frame = frame
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
        self.alpha = alpha
        self.cornerRadius = cornerRadius
        self.shadowOpacity = shadowOpacity
        self.location = location
    }
}

/// An edge of the container.
public enum Edge: String, Sendable, Hashable, CaseIterable {
    case left, right, top, bottom
}

/// The gesture that drives one direction of a custom style.
public struct GestureSpec: Sendable, Hashable {
    public enum Recognizer: Sendable, Hashable {
        /// `UIPanGestureRecognizer`.
        case pan
        /// `UIScreenEdgePanGestureRecognizer` from `edge`, the touch going down within `zone` points of it.
        case edgePan(Edge, zone: Double)

        /// The name a scene gives each (`recognizer:`).
        public enum Kind: String, Sendable, CaseIterable, SettingChoice {
            case pan, edgePan
        }
    }

    /// Where the touch must go down for the gesture to begin.
    public enum Region: Sendable, Hashable {
        case anywhere
        case half(Edge)
        case rect(Rect)
    }

    public enum Axis: String, Sendable, Hashable, CaseIterable {
        case x, y
    }

    /// Which way of the axis counts.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// Rightward / downward; moving back the other way takes progress back.
        case positive
        /// Leftward / upward; moving back takes progress back.
        case negative
        /// Either way, its magnitude.
        case either
    }

    /// How progress follows the finger.
    public enum Progress: Sendable, Hashable {
        /// The pan's translation along `axis` over `distance`, added to where the gesture caught
        /// the transition; `readIn` a screen: read in that screen's coordinates through its model
        /// transform, already its scale at the gesture's far end (`translation(in: view)`).
        case translation(Axis, distance: Length, direction: Direction, readIn: ScreenRole?)
        /// The touch's location along `axis` over the container's width or height (absolute).
        case location(Axis)
    }

    /// When a release finishes the transition (otherwise it cancels).
    public struct Finish: Sendable, Hashable {
        /// Progress above which (or at and above which, with `inclusive`) a release finishes.
        public var threshold: Double?
        public var inclusive: Bool
        /// A release faster than this along the progress direction finishes.
        public var velocity: Double?
        /// A release faster than this (any direction) decides by its direction alone.
        public var flick: Double?

        public init(threshold: Double? = 0.5, inclusive: Bool = false, velocity: Double? = nil, flick: Double? = nil) {
            self.threshold = threshold
            self.inclusive = inclusive
            self.velocity = velocity
            self.flick = flick
        }
    }

    /// A node that follows the finger 1:1 along the progress axis and is then carried by a
    /// spring (a second, frame animator), while the transition animator runs the other layers.
    public struct Follow: Sendable, Hashable {
        public var role: ScreenRole
        public var spring: Spring
        /// The finger's release velocity starts the spring (`inherit`), or it starts at rest.
        public var inheritsVelocity: Bool

        public init(role: ScreenRole, spring: Spring, inheritsVelocity: Bool = true) {
            self.role = role
            self.spring = spring
            self.inheritsVelocity = inheritsVelocity
        }
    }

    public var recognizer: Recognizer
    public var region: Region
    /// The direction the touch must be moving in (mostly) when the pan is recognized.
    public var beginsMoving: Edge?
    public var progress: Progress
    public var finish: Finish
    /// Past this progress the transition finishes at once, the finger still down.
    public var autoFinish: Double?
    public var completionCurve: CubicTimingCurve
    public var completionSpeed: Double
    public var interruptible: Bool
    public var follow: Follow?
    public var location: SourceLocation

    public init(recognizer: Recognizer = .pan, region: Region = .anywhere, beginsMoving: Edge? = nil,
                progress: Progress = .translation(.x, distance: .percent(100), direction: .positive, readIn: nil),
                finish: Finish = Finish(), autoFinish: Double? = nil,
                completionCurve: CubicTimingCurve = GestureKeys.completionCurve.defaultValue,
                completionSpeed: Double = GestureKeys.completionSpeed.defaultValue,
                interruptible: Bool = GestureKeys.interruptible.defaultValue, follow: Follow? = nil, location: SourceLocation) {
        self.recognizer = recognizer
        self.region = region
        self.beginsMoving = beginsMoving
        self.progress = progress
        self.finish = finish
        self.autoFinish = autoFinish
        self.completionCurve = completionCurve
        self.completionSpeed = completionSpeed
        self.interruptible = interruptible
        self.follow = follow
        self.location = location
    }
}
