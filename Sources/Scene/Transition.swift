import Geometry
import Motion

/// The transition styles Segue reproduces, by their scene-file names.
public enum TransitionStyle: String, Sendable, Codable, CaseIterable {
    case slideUpModal = "slide-up-modal"
}

/// How an animator's fraction advances in time: a cubic curve over a duration, or a spring.
public enum TimingSpec: Hashable, Sendable {
    case cubic(CubicTimingCurve, duration: Double)
    /// A spring whose own settling duration is the animation's length
    /// (`UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`).
    case spring(Spring)
}

/// A transition between two screens and every constant it runs with.
///
/// Each field defaults to the value the style's seed article uses; a scene overrides any of them.
public struct TransitionSpec: Sendable {
    public var from: String
    public var to: String
    public var style: TransitionStyle
    public var location: SourceLocation
    public var parameters: SlideUpModalParameters

    public init(from: String, to: String, style: TransitionStyle, location: SourceLocation,
                parameters: SlideUpModalParameters = .init()) {
        self.from = from
        self.to = to
        self.style = style
        self.location = location
        self.parameters = parameters
    }
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
    /// The transition animator's duration; nil means the frame spring's settling duration
    /// (the seed asks the spring-timed animator for its duration).
    public var duration: Double?
    /// `UIColor.black.withAlphaComponent(0.66)`.
    public var dimmingColor = Color.black.withAlpha(0.66)
    /// progress step = dy / (container height × `progressScale`).
    public var progressScale = 1.1
    /// A release faster than this (pt/s) decides by its direction.
    public var flickVelocity = 1200.0
    /// Without a flick, a fraction above this finishes.
    public var completionThreshold = 0.2
    /// Corner radius of the sheet while it is off its resting place, interpolated to 0 when presented.
    public var cornerRadius = 16.0
    public var releaseVelocity = ReleaseVelocity.inherit

    public init() {}
}
