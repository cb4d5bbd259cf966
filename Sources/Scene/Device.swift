import Geometry

/// A device: its screen in points, the pixel scale, its display's corner radius and safe area.
public struct Device: Hashable, Sendable, Codable {
    /// The preset's scene-file name, or `custom`.
    public var name: String
    public var size: Size
    /// Pixels per point (`UIScreen.scale`).
    public var scale: Double
    /// The display's corner radius in points (drawn as a continuous corner).
    public var cornerRadius: Double
    /// Height of the status bar area (`safeAreaInsets.top` in portrait).
    public var safeAreaTop: Double
    /// Height of the home indicator area (`safeAreaInsets.bottom`); 0 on devices with a home button.
    public var safeAreaBottom: Double
    /// Whether a view laid out for this device is a sheet's (a page or form sheet, whose frame
    /// never reaches the status bar): its navigation bar is 56 pt tall instead of 44
    /// (`NavigationBarView.barHeight(on:)`).
    public var isSheet = false
    /// The design the system chrome laid out on it follows (`Scene.design`): where bars, the tab
    /// bar and toolbars sit and how large they are (`chrome`). Set on the scene's device as it is
    /// decoded, so every layout made for the device — a sheet's, a drawer's — follows it.
    public var design: InterfaceDesign = .classic

    /// The design's chrome metrics.
    public var chrome: any ChromeDesign { design.chrome }

    public init(name: String, size: Size, scale: Double, cornerRadius: Double = 0,
                safeAreaTop: Double = 0, safeAreaBottom: Double = 0) {
        self.name = name
        self.size = size
        self.scale = scale
        self.cornerRadius = cornerRadius
        self.safeAreaTop = safeAreaTop
        self.safeAreaBottom = safeAreaBottom
    }

    /// Presets by scene-file name: portrait, values as UIKit reports them (`UIScreen.bounds`,
    /// `UIScreen.scale`, the root view's `safeAreaInsets`, the display's corner radius).
    ///
    /// Sizes and scales: Apple HIG, Layout, device screen dimensions
    /// (https://developer.apple.com/design/human-interface-guidelines/layout#iOS-iPadOS-device-screen-dimensions).
    /// Safe areas and corner radii are what iOS reports in the simulator (`safeAreaInsets`, the
    /// private `_displayCornerRadius`) as published by developers; see docs/scene-format.md#device-presets
    /// for how sure each is.
    /// The preset a scene without `device:` shows.
    public static let defaultPresetName = "iphone-15"

    public static let presets: [String: Device] = {
        func phone(_ name: String, _ width: Double, _ height: Double, radius: Double, top: Double) -> Device {
            Device(name: name, size: Size(width: width, height: height), scale: 3, cornerRadius: radius, safeAreaTop: top,
                   safeAreaBottom: 34)
        }
        func pad(_ name: String, _ width: Double, _ height: Double, radius: Double) -> Device {
            Device(name: name, size: Size(width: width, height: height), scale: 2, cornerRadius: radius, safeAreaTop: 24,
                   safeAreaBottom: 20)
        }
        let devices = [
            Device(name: "iphone-se", size: Size(width: 375, height: 667), scale: 2, cornerRadius: 0, safeAreaTop: 20, safeAreaBottom: 0),
            phone("iphone-15", 393, 852, radius: 55, top: 59),
            phone("iphone-15-pro", 393, 852, radius: 55, top: 59),
            phone("iphone-15-pro-max", 430, 932, radius: 55, top: 59),
            phone("iphone-16", 393, 852, radius: 55, top: 59),
            phone("iphone-16-plus", 430, 932, radius: 55, top: 59),
            phone("iphone-16-pro", 402, 874, radius: 62, top: 62),
            phone("iphone-16-pro-max", 440, 956, radius: 62, top: 62),
            pad("ipad", 820, 1180, radius: 18),
            pad("ipad-air", 820, 1180, radius: 18),
            pad("ipad-air-13", 1024, 1366, radius: 18),
            pad("ipad-mini", 744, 1133, radius: 21.5),
            pad("ipad-pro-11", 834, 1210, radius: 30),
            pad("ipad-pro-13", 1032, 1376, radius: 30),
        ]
        return Dictionary(uniqueKeysWithValues: devices.map { ($0.name, $0) })
    }()

    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The device as a view shown at `frame` on it sees itself: `frame`'s size, and the safe
    /// area's edges in the view's own coordinates (`safeAreaTop` negative once the view starts
    /// below it). What a screen is laid out for when it is shown at another size.
    public func laidOut(in frame: Rect) -> Device {
        guard frame != bounds else { return self }
        var device = self
        device.size = frame.size
        device.safeAreaTop = safeAreaTop - frame.minY
        device.safeAreaBottom = frame.maxY - (size.height - safeAreaBottom)
        return device
    }

    /// Whether this is one of the `presets` (possibly with a different scale): such devices
    /// show a status bar and, with a bottom safe area, a home indicator unless a screen hides them.
    public var isPreset: Bool { Self.presets[name] != nil }

    /// How the status bar is arranged on this device.
    public var statusBarLayout: StatusBarLayout {
        if size.width >= 600 { return .pad }
        return safeAreaTop >= 44 ? .dynamicIsland : .classic
    }
}

/// The arrangement of the status bar's time, signal and battery.
public enum StatusBarLayout: String, Hashable, Sendable, Codable {
    /// 20 pt tall; time centered, signal left, battery right (iPhone SE).
    case classic
    /// The time in the left ear, signal, Wi-Fi and battery in the right ear (iPhone 14 Pro and later).
    case dynamicIsland
    /// 24 pt tall; time and date left, Wi-Fi and battery right (iPad).
    case pad
}
