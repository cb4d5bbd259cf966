/// The `scale-fade-modal` tutorial's dismissal progress, read the way `translation(in: viewController.view)` reports it
/// while that view is being scaled down by the dismissal it drives.
///
/// `translation(in:)` converts the finger's travel into the view's own coordinate space through
/// the view's **model** transform (`UIView.convert` uses the model layer). A property animator
/// runs its animation block at once — the model values become the end values and only the
/// presentation layer animates — so from the moment the paused dismissal animator exists the
/// view's model transform is the end scale (0.6 in the tutorial), whatever is on screen. A finger
/// travel of dx screen points reads dx / endScale, and the tutorial's progress is
/// dx / (endScale · distance): dx / 120 for 0.6 × 200, 0.5 at 60 pt
/// (docs/uikit-semantics.md#translation-in-a-scaled-view). `base` is the progress the gesture
/// started from (0, or where it caught a running animation).
enum ScaleFadeReading {
    /// The progress (unclamped) for a translation of `translation` screen points.
    static func progress(translation: Double, distance: Double, endScale: Double, base: Double = 0) -> Double {
        base + translation / (endScale * distance)
    }
}
