import Geometry

/// A PNG file a scene shows, found and checked when the scene is loaded.
public struct ImageFile: Hashable, Sendable {
    /// The file's path: the scene file's folder joined with the path the scene gives.
    public var path: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Pixels per point of the image: 2 or 3 for names ending in `@2x` / `@3x` (as `UIImage(named:)`
    /// reads them), else 1.
    public var scale: Double

    public init(path: String, pixelWidth: Int, pixelHeight: Int, scale: Double = 1) {
        self.path = path
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
    }

    /// The image's size in points.
    public var pointSize: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }
}

/// An image (`UIImageView`): a PNG drawn into a frame, clipped to its rounded bounds.
public struct ImageView: Sendable {
    /// How an image fills its frame (`UIView.ContentMode`).
    public enum ContentMode: String, Hashable, Sendable, Codable, CaseIterable {
        /// `.scaleAspectFill`: covers the frame, cropped to it.
        case fill
        /// `.scaleAspectFit`: fits inside the frame, letterboxed.
        case fit
        /// `.center`: at its own point size, centered, cropped to the frame.
        case center
    }

    public var image: ImageFile
    public var frame: Rect
    /// Makes the view its own render-tree node, `<screen>/<id>` (see `ViewSpec.id`).
    public var id: String?
    /// How the frame follows a container of another size (`UIView.autoresizingMask`).
    public var autoresizing: Autoresizing = []
    /// `UIView.alpha`.
    public var opacity: Double = 1
    public var contentMode: ContentMode
    public var cornerRadius: Double
    public var cornerCurve: CornerCurve
    /// Drawn under the image, over the whole frame (shows around a `fit` or `center` image).
    public var background: Color

    public init(image: ImageFile, frame: Rect, contentMode: ContentMode = .fill, cornerRadius: Double = 0,
                cornerCurve: CornerCurve = .continuous, background: Color = .clear) {
        self.image = image
        self.frame = frame
        self.contentMode = contentMode
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
        self.background = background
    }

    /// Where `image` is drawn for `contentMode` in `frame`, in the same coordinates as `frame`;
    /// may extend past `frame` (the drawing is clipped to it).
    public static func placement(of image: Size, in frame: Rect, contentMode: ContentMode) -> Rect {
        guard image.width > 0, image.height > 0 else { return frame }
        let size: Size
        switch contentMode {
        case .fill, .fit:
            let sx = frame.width / image.width, sy = frame.height / image.height
            let s = contentMode == .fill ? max(sx, sy) : min(sx, sy)
            size = Size(width: image.width * s, height: image.height * s)
        case .center:
            size = image
        }
        return Rect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2, width: size.width, height: size.height)
    }
}
