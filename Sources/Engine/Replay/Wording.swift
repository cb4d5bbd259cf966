import Foundation
import Geometry

/// Numbers, points and rectangles as the replay's messages write them: at most three decimals,
/// no trailing zeros.
enum Wording {
    static func number(_ value: Double) -> String {
        String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    static func point(_ p: Point) -> String { "[\(number(p.x)), \(number(p.y))]" }

    static func rect(_ r: Rect) -> String { "[\(number(r.x)), \(number(r.y)), \(number(r.width)), \(number(r.height))]" }
}
