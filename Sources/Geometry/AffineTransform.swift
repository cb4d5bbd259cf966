import Foundation

/// A 2-D affine transform, as `CGAffineTransform` writes it: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty). Points, origin top-left, y down.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians, clockwise on screen (y points down), as `CGAffineTransform(rotationAngle:)` appears.
    public init(rotation angle: Double) {
        let cos = Foundation.cos(angle), sin = Foundation.sin(angle)
        self.init(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    /// The transform that maps the rectangle `(0, 0, size)` onto `frame`: a scale and a translation.
    public init(mapping size: Size, onto frame: Rect) {
        let sx = size.width > 0 ? frame.width / size.width : 0
        let sy = size.height > 0 ? frame.height / size.height : 0
        self.init(a: sx, b: 0, c: 0, d: sy, tx: frame.x, ty: frame.y)
    }

    /// `self` applied first, then `other` (`CGAffineTransform.concatenating`).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                        c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                        tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The smallest axis-aligned rectangle holding `rect` transformed (`CGRect.applying`).
    public func boundingBox(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// The transform that undoes this one; nil where it flattens the plane (no inverse).
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return AffineTransform(a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                               tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// Only a translation: no scale, rotation or shear.
    public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// No rotation or shear: axis-aligned rectangles stay axis-aligned.
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// The six numbers `[a, b, c, d, tx, ty]`, the form the trace prints.
    public var components: [Double] { [a, b, c, d, tx, ty] }
}
