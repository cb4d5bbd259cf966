/// An sRGB color with straight (not premultiplied) alpha, components in 0...1.
public struct Color: Hashable, Sendable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A color from 8-bit components.
    public init(r8: Int, g8: Int, b8: Int, alpha: Double = 1) {
        self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255, alpha: alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The same color with its alpha multiplied by `factor`.
    public func withAlpha(_ value: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: value)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil when the text is not one of those.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = Array(hex.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8,
              let value = UInt64(String(digits), radix: 16) else { return nil }
        let hasAlpha = digits.count == 8
        let r = Int((value >> (hasAlpha ? 24 : 16)) & 0xFF)
        let g = Int((value >> (hasAlpha ? 16 : 8)) & 0xFF)
        let b = Int((value >> (hasAlpha ? 8 : 0)) & 0xFF)
        let a = hasAlpha ? Double(value & 0xFF) / 255 : 1
        self.init(r8: r, g8: g, b8: b, alpha: a)
    }

    /// `#RRGGBB` when opaque, otherwise `#RRGGBBAA`: as a scene writes it.
    public var shortHexString: String { alpha >= 1 ? String(hexString.prefix(7)) : hexString }

    /// `#RRGGBBAA`, the canonical text form.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let s = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }
}
