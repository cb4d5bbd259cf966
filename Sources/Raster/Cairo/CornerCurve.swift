import Scene

/// The continuous corner's geometry (`Scene.CornerCurve.continuous`).
extension CornerCurve {
    /// How far from the corner, in units of the radius, a continuous corner's curve begins.
    static let continuousExtent = 1.547302

    /// One continuous corner: the point where the straight edge ends, then three cubic Béziers
    /// (two control points and an end point each), as (a, b) in units of the radius, `a` measured
    /// back along the arriving edge and `b` along the leaving edge.
    ///
    /// A fit to CoreAnimation's `.continuous` renders (within a few levels of 255 at 2x), which differs
    /// slightly from the widely quoted iOS 7 `UIBezierPath` constants (extent 1.52866483).
    static let continuousPoints: [(a: Double, b: Double)] = [
        (continuousExtent, 0),
        (1.084498, 0), (0.882045, 0), (0.644148, 0.070748),
        (0.376057, 0.163004), (0.163004, 0.376057), (0.070748, 0.644148),
        (0, 0.882045), (0, 1.084498), (0, continuousExtent),
    ]
}
