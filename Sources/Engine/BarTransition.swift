import Geometry

/// How a navigation controller's bar changes its items during a push or pop, as a value the
/// style provides (docs/uikit-semantics.md#navigation-controllers-and-the-bar).
///
/// `crossFade` is what UIKit does under a custom animator: the two screens' title, back button
/// and items fade into each other in place. `slide` is UINavigationController's own push: the
/// new title comes in from the right, the old title moves toward the leading edge where it
/// becomes the back button's label, the back chevron stays put, and a large title leaves with the
/// covered screen.
enum BarTransition: Hashable, Sendable {
    case crossFade
    case slide(BarSlide)
}

/// The distances of UINavigationController's bar slide, in points, for a bar `width` wide.
struct BarSlide: Hashable, Sendable {
    /// How far the covered screen moves left, as a fraction of the width (its large title goes with it).
    var coveredOffset = 0.3
    /// The incoming title starts this fraction of the width to the right of its place.
    var titleEntry = 0.5
    /// The outgoing back label leaves this fraction of the width to the left.
    var backExit = 0.3

    /// How far the old title travels left to become the back label: from the bar's middle to the
    /// back label's place, its estimated half width short (about half the 17 pt type size per character).
    static func titleToBack(width: Double, title: String, backTitleX: Double) -> Double {
        let halfWidth = min(Double(title.count) * 4.6, width * 0.3)
        return max(width / 2 - halfWidth - backTitleX, 0)
    }
}
