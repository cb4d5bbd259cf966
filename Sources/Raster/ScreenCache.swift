import Geometry
import Scene

/// Screen contents rasterized once at device scale, immutable afterwards, safe to share across threads.
///
/// Each screen becomes one image of `size` points x `scale` pixels (its background, then
/// its views back to front); `Canvas.draw` composites them per frame. Text is set in the
/// bundled Inter font only, so the pixels are the same on every machine with the same
/// library versions.
public final class ScreenCache: Sendable {
    /// The size every screen was drawn at, in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The screens' names, in the order given.
    public let names: [String]
    let images: [String: ScreenImage]

    /// Rasterizes every screen at `size` points (the device's screen size) x `scale`.
    ///
    /// Throws `RasterError.fontsMissing` when the Inter font is not installed,
    /// `.duplicateScreen` when two screens share a name and `.invalidSize` for an empty or
    /// oversized image.
    public init(screens: [ScreenSpec], size: Size, scale: Double) throws {
        let fonts = try FontLibrary.shared.get()
        var images: [String: ScreenImage] = [:]
        try fonts.withTextContext { text in
            for screen in screens {
                guard images[screen.name] == nil else { throw RasterError.duplicateScreen(screen.name) }
                images[screen.name] = try ScreenImage(screen, size: size, scale: scale, text: text)
            }
        }
        self.size = size
        self.scale = scale
        self.names = screens.map(\.name)
        self.images = images
    }

    /// Rasterizes every screen at the device's size and scale.
    public convenience init(screens: [ScreenSpec], device: Device) throws {
        try self.init(screens: screens, size: device.size, scale: device.scale)
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
