import Scene

/// What UIKit plays instead of a system transition when Reduce Motion is on
/// (docs/uikit-semantics.md#reduce-motion). Only the zoom changes: UIKit's own push and pop
/// (`_UINavigationParallaxTransition`) and its sheets, covers and dissolves check neither
/// setting, and a tutorial's or custom style keeps its code's motion unless the scene names a
/// style to play instead (`reduceMotionStyle`, `crossFadeStyle`).
enum ReducedMotion {
    /// The style that plays instead of `style` under Reduce Motion (either Motion setting that
    /// turns it on), in a push (`pushed`) or a presentation; nil: `style` itself.
    ///
    /// The zoom "automatically falls back to a standard navigation transition" [reported from
    /// observation]: a pushed zoom plays UIKit's push and pop; a presented one, whose standard
    /// transition is not reported, dissolves [EST].
    static func instead(of style: any TransitionStyleDefinition, pushed: Bool) -> (any TransitionStyleDefinition)? {
        guard style is Zoom else { return nil }
        if pushed { return SystemPush() }
        return CrossDissolve()
    }

    /// "`push` / `pop`" or "`present` / `dismiss`", for messages.
    static func verbs(_ presentations: [Presentation]) -> String {
        presentations.map { $0 == .navigation ? "push / pop" : "present / dismiss" }.joined(separator: " or ")
    }
}
