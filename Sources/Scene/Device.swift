import Geometry

/// A device: its screen in points, the pixel scale, and its display's corner radius.
public struct Device: Hashable, Sendable, Codable {
    public var name: String
    public var size: Size
    public var scale: Double
    public var cornerRadius: Double
    public var safeAreaTop: Double
    public var safeAreaBottom: Double

    public init(name: String, size: Size, scale: Double, cornerRadius: Double = 0,
                safeAreaTop: Double = 0, safeAreaBottom: Double = 0) {
        self.name = name
        self.size = size
        self.scale = scale
        self.cornerRadius = cornerRadius
        self.safeAreaTop = safeAreaTop
        self.safeAreaBottom = safeAreaBottom
    }

    /// Presets by scene-file name.
    public static let presets: [String: Device] = [
        "iphone-se": Device(name: "iphone-se", size: Size(width: 375, height: 667), scale: 2,
                            cornerRadius: 0, safeAreaTop: 20, safeAreaBottom: 0),
        "iphone-15": Device(name: "iphone-15", size: Size(width: 393, height: 852), scale: 3,
                            cornerRadius: 55, safeAreaTop: 59, safeAreaBottom: 34),
        "iphone-15-pro": Device(name: "iphone-15-pro", size: Size(width: 393, height: 852), scale: 3,
                                cornerRadius: 55, safeAreaTop: 59, safeAreaBottom: 34),
        "iphone-15-pro-max": Device(name: "iphone-15-pro-max", size: Size(width: 430, height: 932), scale: 3,
                                    cornerRadius: 55, safeAreaTop: 59, safeAreaBottom: 34),
        "ipad-air": Device(name: "ipad-air", size: Size(width: 820, height: 1180), scale: 2,
                           cornerRadius: 18, safeAreaTop: 24, safeAreaBottom: 20),
    ]

    public var bounds: Rect { Rect(origin: .zero, size: size) }
}
