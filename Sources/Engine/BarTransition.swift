import Geometry

/// How a navigation controller's bar changes its items during a push or pop, as a value the
/// style provides (docs/uikit-semantics.md#navigation-controllers-and-the-bar).
///
/// `crossFade` is what UIKit does under a custom animator: the two screens' title, back button
/// and items fade into each other in place. `slide` is UINavigationController's own push: the
/// new title comes in from the right, the old title moves toward the leading edge where it
/// becomes the back button's label, the back chevron stays put, and a
/// covered screen's large title becomes the back button's label (`largeTitleToBack`).
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

    /// The bar's title and back label type size: 17 pt (Body; the title semibold).
    static let titleSize = 17.0

    /// How far the old title travels left to become the back label: its leading edge, half its
    /// measured width left of the bar's middle (at most 30 % of the bar, where the painter's
    /// centered title box would cut it), lands on the back label's leading edge.
    static func titleToBack(width: Double, titleWidth: Double, backTitleX: Double) -> Double {
        let halfWidth = min(titleWidth / 2, width * 0.3)
        return max(width / 2 - halfWidth - backTitleX, 0)
    }

    /// The covered screen's large title and the pushed screen's back label as one label at
    /// `amount` a of a push: both travel from the large title's place (its leading edge, the
    /// middle of its line) to the back label's (its leading edge, the middle of the bar),
    /// shrinking from 34 pt (`titleSize`, the large title's at the scene's text size) to 17 pt type, the title fading out over the first 60 % of the way
    /// and the label in over the last 60 %, so "Settings" never shows twice side by side. Each
    /// transform maps its part (laid out in the bar's points) onto the bar.
    static func largeTitleToBack(amount a: Double, largeTitle: Rect, backTitleX: Double, bar: Rect, titleSize: Double = 34)
        -> (title: (transform: AffineTransform, alpha: Double), backLabel: (transform: AffineTransform, alpha: Double)) {
        let scale = 17 / titleSize
        let from = Point(x: largeTitle.minX, y: largeTitle.midY), to = Point(x: backTitleX, y: bar.midY)
        let pivot = Point(x: from.x + (to.x - from.x) * a, y: from.y + (to.y - from.y) * a)
        // The title is drawn at `titleSize` about `from`, the label at 17 pt about `to`: both show at this size.
        let size = 1 + (scale - 1) * a
        func placed(_ s: Double, _ origin: Point) -> AffineTransform {
            AffineTransform(a: s, b: 0, c: 0, d: s, tx: pivot.x - s * origin.x, ty: pivot.y - s * origin.y)
        }
        let fade = 0.6
        return ((placed(size, from), min(max((fade - a) / fade, 0), 1)),
                (placed(size / scale, to), min(max((a - (1 - fade)) / fade, 0), 1)))
    }
}
