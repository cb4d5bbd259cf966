/// A value that can be blended linearly between two ends.
///
/// `fraction` is deliberately unclamped: springs and overshooting curves produce
/// fractions below 0 and above 1, and the value follows them past its ends.
public protocol Interpolatable {
    func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    public func interpolated(to other: Double, fraction: Double) -> Double {
        self + (other - self) * fraction
    }
}

extension Point: Interpolatable {
    public func interpolated(to other: Point, fraction: Double) -> Point {
        Point(x: x.interpolated(to: other.x, fraction: fraction), y: y.interpolated(to: other.y, fraction: fraction))
    }
}

extension Size: Interpolatable {
    public func interpolated(to other: Size, fraction: Double) -> Size {
        Size(
            width: width.interpolated(to: other.width, fraction: fraction),
            height: height.interpolated(to: other.height, fraction: fraction))
    }
}

extension Rect: Interpolatable {
    public func interpolated(to other: Rect, fraction: Double) -> Rect {
        Rect(origin: origin.interpolated(to: other.origin, fraction: fraction),
             size: size.interpolated(to: other.size, fraction: fraction))
    }
}

extension Color: Interpolatable {
    public func interpolated(to other: Color, fraction: Double) -> Color {
        Color(red: red.interpolated(to: other.red, fraction: fraction),
              green: green.interpolated(to: other.green, fraction: fraction),
              blue: blue.interpolated(to: other.blue, fraction: fraction),
              alpha: alpha.interpolated(to: other.alpha, fraction: fraction))
    }
}
