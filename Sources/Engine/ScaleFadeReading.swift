import Foundation

/// Seed 004's dismissal progress, read the way `translation(in: viewController.view)` reports it
/// while that view is being scaled down by the dismissal it drives.
///
/// `translation(in:)` is in the view's own coordinate space, transform included (`UIView.convert`
/// semantics): while the view is scaled by s, a finger travel of d screen points reads d / s. The
/// dismissal scales the view from 1 toward `endScale` as its (linearly scrubbed) progress p grows,
/// s(p) = 1 − (1 − endScale)·p, so the progress the seed computes, p = dx / (s(p) · distance),
/// depends on itself. With a = 1 − endScale, x = dx / distance and `base` the progress the gesture
/// started from (0, or where it caught a running animation), p solves
///
///     (p − base) · (1 − a·p) = x,   i.e.   a·p² − (1 + a·base)·p + (base + x) = 0.
///
/// Closed form: the smaller root, written 2C / (B + √(B² − 4aC)) with B = 1 + a·base and
/// C = base + x, which is exact for a = 0 (no scaling, p = base + x) and a < 0 (a view that
/// grows). (p − base)(1 − a·p) increases with p while the view keeps a positive scale, so this
/// root is the progress reached continuously as the finger moves out from the start. When no root
/// exists (the finger is past where the reading runs away to infinity) the progress is 1.
///
/// The finger travel is read against the scale that the progress being computed puts on screen
/// (the fixed point of the reading), not against the scale of the frame before it.
enum ScaleFadeReading {
    /// The progress (unclamped, except that a runaway reading gives 1) for a horizontal
    /// translation of `translation` screen points.
    static func progress(translation: Double, distance: Double, endScale: Double, base: Double = 0) -> Double {
        let a = 1 - endScale
        let x = translation / distance
        let b = 1 + a * base
        let c = base + x
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return 1 }
        let denominator = b + discriminant.squareRoot()
        guard denominator > 0 else { return 1 }
        return 2 * c / denominator
    }

    /// The view's scale at progress `p`: 1 at the start, `endScale` at the end.
    static func scale(at p: Double, endScale: Double) -> Double {
        1 - (1 - endScale) * p
    }
}
