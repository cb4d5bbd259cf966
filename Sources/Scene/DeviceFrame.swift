import Geometry

/// A device drawn around the screen (`deviceFrame:` or `render --device-frame`): the body, its
/// sensor housing and buttons, on a background with padding. For videos shown on a website, in
/// a pitch or a review: an App Store app preview may show captures of the app itself only (App
/// Review Guideline 2.3.4), so it is off unless asked for, and snapshots never draw it.
public struct DeviceFrameSpec: Hashable, Sendable {
    /// The body's colour: a dark band and black glass, or a light (silver) band.
    public enum Finish: String, CaseIterable, SettingChoice, Sendable {
        case dark, light
    }

    /// What shows around the device.
    public enum Background: Hashable, Sendable {
        case color(Color)
        /// Top to bottom.
        case gradient(Color, Color)
        /// A PNG covering the whole picture (scaled to fill it, centered, cropped).
        case image(ImageFile)
    }

    public var finish: Finish
    public var background: Background
    /// Points between the body (its buttons included) and the picture's edges.
    public var padding: Double

    public static let defaultBackground = Color(r8: 0xF2, g8: 0xF2, b8: 0xF7)
    public static let defaultPadding = 40.0

    public init(finish: Finish = .dark, background: Background = .color(Self.defaultBackground),
                padding: Double = Self.defaultPadding) {
        self.finish = finish
        self.background = background
        self.padding = padding
    }

    /// The background a frame has unless the scene gives one: transparent when the scene's own
    /// `background` is (its PNG frames and ProRes keep their alpha around the device), else #F2F2F7.
    public static func standardBackground(sceneBackground: Color) -> Background {
        .color(sceneBackground.alpha == 0 ? .clear : defaultBackground)
    }

    /// The PNG it reads, if any.
    public var imageFile: ImageFile? {
        if case .image(let file) = background { return file }
        return nil
    }
}

/// The hardware around a device's display, in points from the display's own edges: what a
/// device frame draws. Estimated from Apple's published outer dimensions (Tech Specs, "Size
/// and Weight") and the display's pixel size and density: each side's border is half the
/// difference between the two, so a frame is as wide around the screen as the device is; the
/// body's corner is concentric with the display's. See docs/scene-format.md#device-frames.
public struct DeviceBody: Hashable, Sendable {
    /// A button on the body's edge.
    public struct Button: Hashable, Sendable {
        public enum Edge: String, Hashable, Sendable { case left, right, top }
        public var edge: Edge
        /// Where it starts and ends along its edge, as fractions of the body's height (left and
        /// right edges) or width (the top edge), from the top or left.
        public var from: Double
        public var to: Double
    }

    /// Border beyond the display on the left and right, above and below it.
    public var side: Double
    public var top: Double
    public var bottom: Double
    /// The body's outline's corner radius.
    public var cornerRadius: Double
    /// The metal band's width seen from the front, inside the outline.
    public var band: Double
    /// The Dynamic Island, in display coordinates; nil on a device without one.
    public var island: Rect?
    /// The home button's diameter (centered in the border below the display); nil without one.
    public var homeButton: Double?
    public var buttons: [Button]
    /// How far buttons stand out of the outline.
    public var buttonDepth: Double

    /// The body of `device`: a preset's, or a plain border for a custom device.
    public static func of(_ device: Device) -> DeviceBody {
        if let body = presets[device.name] { return body }
        // A custom device: a 16 pt border (a recent iPhone's), no sensor housing, no buttons.
        let border = device.size.width >= 600 ? 44.0 : 16
        return DeviceBody(side: border, top: border, bottom: border, cornerRadius: device.cornerRadius + border, band: 3,
                          island: nil, homeButton: nil, buttons: [], buttonDepth: 0)
    }

    /// The Dynamic Island: 126 × 37.33 pt, centered, 11 pt below the display's top edge (14 on
    /// the iPhone 16 Pro models, whose border is thinner); estimated from the simulators'
    /// sensor-housing exclusion as developers publish it.
    private static func island(width: Double, top: Double) -> Rect {
        Rect(x: (width - 126) / 2, y: top, width: 126, height: 37.33)
    }

    /// The left edge's Ring/Silent switch or Action button and volume buttons, the right edge's
    /// side button (and, on the iPhone 16 models, Camera Control): fractions of the body's
    /// height estimated from Apple's product images.
    private static func phoneButtons(cameraControl: Bool) -> [Button] {
        var buttons = [Button(edge: .left, from: 0.185, to: 0.232), Button(edge: .left, from: 0.285, to: 0.362),
                       Button(edge: .left, from: 0.392, to: 0.469), Button(edge: .right, from: 0.300, to: 0.435)]
        if cameraControl { buttons.append(Button(edge: .right, from: 0.600, to: 0.668)) }
        return buttons
    }

    /// An iPad's top button (top edge, right) and volume buttons (right edge, top).
    private static let padButtons = [Button(edge: .top, from: 0.78, to: 0.86), Button(edge: .right, from: 0.08, to: 0.13),
                                     Button(edge: .right, from: 0.145, to: 0.195)]

    /// Borders from Apple's Tech Specs (body width × height in mm) and each display's pixels at
    /// its density (points = pixels / scale; mm per point = 25.4 × scale / ppi):
    /// iPhone 15 and 16 147.6 × 71.6, 15 Pro 146.6 × 70.6, 15 Pro Max 159.9 × 76.7, 16 Plus
    /// 160.9 × 77.8, 16 Pro 149.6 × 71.5, 16 Pro Max 163.0 × 77.6 (460 ppi); iPhone SE 138.4 ×
    /// 67.3 (326 ppi); iPad 248.6 × 179.5, iPad Air 11 247.6 × 178.5, Air 13 280.6 × 214.9, Pro 11
    /// 249.7 × 177.5, Pro 13 281.6 × 215.5 (264 ppi); iPad mini 195.4 × 134.8 (326 ppi).
    static let presets: [String: DeviceBody] = {
        func phone(side: Double, vertical: Double, radius: Double, islandTop: Double, width: Double,
                   cameraControl: Bool) -> DeviceBody {
            DeviceBody(side: side, top: vertical, bottom: vertical, cornerRadius: radius + side, band: 4,
                       island: island(width: width, top: islandTop), homeButton: nil,
                       buttons: phoneButtons(cameraControl: cameraControl), buttonDepth: 3)
        }
        func pad(side: Double, vertical: Double, radius: Double) -> DeviceBody {
            DeviceBody(side: side, top: vertical, bottom: vertical, cornerRadius: radius + side * 0.6, band: 4, island: nil,
                       homeButton: nil, buttons: padButtons, buttonDepth: 2.5)
        }
        return [
            "iphone-se": DeviceBody(side: 28.4, top: 110.6, bottom: 110.6, cornerRadius: 57, band: 4, island: nil,
                                    homeButton: 70, buttons: phoneButtons(cameraControl: false), buttonDepth: 3),
            "iphone-15": phone(side: 19.6, vertical: 19.5, radius: 55, islandTop: 11, width: 393, cameraControl: false),
            "iphone-15-pro": phone(side: 16.6, vertical: 16.6, radius: 55, islandTop: 11, width: 393, cameraControl: false),
            "iphone-15-pro-max": phone(side: 16.5, vertical: 16.6, radius: 55, islandTop: 11, width: 430, cameraControl: false),
            "iphone-16": phone(side: 19.6, vertical: 19.5, radius: 55, islandTop: 11, width: 393, cameraControl: true),
            "iphone-16-plus": phone(side: 19.8, vertical: 19.6, radius: 55, islandTop: 11, width: 430, cameraControl: true),
            "iphone-16-pro": phone(side: 14.8, vertical: 14.5, radius: 62, islandTop: 14, width: 402, cameraControl: true),
            "iphone-16-pro-max": phone(side: 14.2, vertical: 14.0, radius: 62, islandTop: 14, width: 440, cameraControl: true),
            "ipad": pad(side: 56.4, vertical: 56.0, radius: 18),
            "ipad-air": pad(side: 53.8, vertical: 53.4, radius: 18),
            "ipad-air-13": pad(side: 46.4, vertical: 46.1, radius: 18),
            "ipad-mini": pad(side: 60.5, vertical: 60.5, radius: 21.5),
            "ipad-pro-11": pad(side: 44.2, vertical: 43.8, radius: 30),
            "ipad-pro-13": pad(side: 44.0, vertical: 43.7, radius: 30),
        ]
    }()
}
