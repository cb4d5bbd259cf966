/// The user's motion settings a scene plays at (`motion:`), as UIKit reports them: Settings ›
/// Accessibility › Motion's Reduce Motion switch and, under it, Prefer Cross-Fade Transitions.
/// UIKit's `prefersCrossFadeTransitions` is true only when both are on ([DOC] "whether the Reduce
/// Motion and the Prefer Cross-Fade Transitions settings are in an enabled state"), so the three
/// values are every pair of answers an app can read. What each changes:
/// docs/uikit-semantics.md#reduce-motion.
public enum MotionPreference: String, CaseIterable, SettingChoice, Sendable, Codable {
    /// Both off: `isReduceMotionEnabled` and `prefersCrossFadeTransitions` are false.
    case standard
    /// Reduce Motion on, Prefer Cross-Fade Transitions off: `isReduceMotionEnabled` true,
    /// `prefersCrossFadeTransitions` false.
    case reduceMotion
    /// Both on: `isReduceMotionEnabled` and `prefersCrossFadeTransitions` true.
    case crossFade

    /// `UIAccessibility.isReduceMotionEnabled`.
    public var isReduceMotionEnabled: Bool { self != .standard }
    /// `UIAccessibility.prefersCrossFadeTransitions`.
    public var prefersCrossFadeTransitions: Bool { self == .crossFade }
}
