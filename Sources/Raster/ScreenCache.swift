import Geometry
import Scene

/// Screen contents rasterized once at device scale, immutable afterwards, safe to share across threads.
///
/// Each screen becomes one image of the device's size in points x `scale` pixels (its
/// background, its views back to front, its navigation bar); `Canvas.draw` composites them per
/// frame, then the status bar and home indicator the screen on top asks for. Text is set in
/// the bundled Inter font only and images are decoded from their PNG files once, so the pixels
/// are the same on every machine with the same library versions.
public final class ScreenCache: Sendable {
    /// The size every screen was drawn at, in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The screens' names, in the order given.
    public let names: [String]
    let images: [String: ScreenImage]
    /// The status bar and home indicator; nil when no screen shows them.
    let chrome: SystemChrome?

    /// Rasterizes every screen for `device`: its size, scale and safe area (where navigation
    /// bars and lists go), and its status bar and home indicator.
    ///
    /// Throws `RasterError.fontsMissing` when the Inter font is not installed,
    /// `.duplicateScreen` when two screens share a name, `.invalidSize` for an empty or
    /// oversized image and `.png` for an image file that cannot be decoded.
    public init(screens: [ScreenSpec], device: Device) throws {
        let fonts = try FontLibrary.shared.get()
        var images: [String: ScreenImage] = [:]
        var chrome: SystemChrome?
        let library = ImageLibrary()
        try fonts.withTextContext { text in
            for screen in screens {
                guard images[screen.name] == nil else { throw RasterError.duplicateScreen(screen.name) }
                images[screen.name] = try ScreenImage(screen, device: device, scale: device.scale, text: text, images: library)
            }
            chrome = try SystemChrome(screens: screens, device: device, text: text)
        }
        self.size = device.size
        self.scale = device.scale
        self.names = screens.map(\.name)
        self.images = images
        self.chrome = chrome
    }

    /// Rasterizes every screen at `size` points x `scale` on a custom device: no safe area, and
    /// no status bar or home indicator unless a screen asks for them.
    public convenience init(screens: [ScreenSpec], size: Size, scale: Double) throws {
        try self.init(screens: screens, device: Device(name: "custom", size: size, scale: scale))
    }

    /// Whether a screen named `name` was rasterized.
    public func contains(_ name: String) -> Bool {
        images[name] != nil
    }

    /// The screen `name`'s pixels, un-premultiplied RGBA; nil for an unknown name.
    public func rgbaImage(of name: String) -> RGBAImage? {
        guard let image = images[name] else { return nil }
        return RGBAImage(cairoPixels: UnsafeRawPointer(image.pixels.bytes), width: image.pixelWidth,
                         height: image.pixelHeight, stride: image.stride, hasAlpha: !image.isOpaque)
    }
}
