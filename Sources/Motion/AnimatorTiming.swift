/// How an animator advances: a cubic curve over a duration, or a spring lasting its settling duration.
///
/// `UICubicTimingParameters` with `UIViewPropertyAnimator(duration:…)`, or
/// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`, whose animator
/// duration UIKit ignores.
public enum AnimatorTiming: Hashable, Sendable {
    case cubic(CubicTimingCurve, duration: Double)
    case spring(Spring)

    /// How long an uninterrupted run from one end to the other takes.
    public var duration: Double {
        switch self {
        case .cubic(_, let duration): return duration
        case .spring(let spring): return spring.honouredDuration ?? spring.settlingDuration()
        }
    }
}
