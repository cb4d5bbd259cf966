import Geometry

/// Where everything of a framed picture sits, in the picture's pixels: the screen at whole,
/// even pixel offsets (so its pixels are copied, never resampled, and its rows pair as the
/// encoder's 4:2:0 chroma pairs them), the body around it, and the picture's even size.
public struct DeviceFrameLayout: Hashable, Sendable {
    public let spec: DeviceFrameSpec
    public let body: DeviceBody
    /// Pixels per point.
    public let scale: Double
    /// The picture's size in pixels, even in both directions.
    public let width: Int
    public let height: Int
    /// The screen's top-left pixel in the picture, and its size in pixels (the unframed render's).
    public let screenX: Int
    public let screenY: Int
    public let screenWidth: Int
    public let screenHeight: Int
    /// The display's corner radius in points.
    public let displayCornerRadius: Double
    /// The tallest caption above the device and below it, in points (0: none), which the
    /// margins make room for (`captionGap` from the device).
    public let captionsAbove: Double
    public let captionsBelow: Double

    /// Points between a caption beside the device and the device.
    public static let captionGap = 16.0

    /// The layout of `spec` around `device` at the device's scale; `screenWidth` × `screenHeight`
    /// are the unframed render's pixels; `captionsAbove` and `captionsBelow` the heights of
    /// the tallest captions beside the device (0 for none).
    public init(spec: DeviceFrameSpec, device: Device, screenWidth: Int, screenHeight: Int, captionsAbove: Double = 0,
                captionsBelow: Double = 0) {
        self.spec = spec
        self.captionsAbove = captionsAbove
        self.captionsBelow = captionsBelow
        body = DeviceBody.of(device)
        scale = device.scale
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        displayCornerRadius = device.cornerRadius
        var margins = Self.margins(of: spec, body: body)
        if captionsAbove > 0 { margins.top += captionsAbove + Self.captionGap }
        if captionsBelow > 0 { margins.bottom += captionsBelow + Self.captionGap }
        func pixels(_ points: Double) -> Int { Int(saturating: (points * device.scale).rounded(.up)) }
        // Even offsets; the far margins take what makes the picture even.
        let left = pixels(margins.left), top = pixels(margins.top)
        screenX = left + left % 2
        screenY = top + top % 2
        let right = screenX + screenWidth + pixels(margins.right), bottom = screenY + screenHeight + pixels(margins.bottom)
        width = right + right % 2
        height = bottom + bottom % 2
    }

    /// The picture's size in points around `device` (for checking it against the canvas limit).
    public static func pointSize(of spec: DeviceFrameSpec, around device: Device) -> Size {
        let margins = margins(of: spec, body: DeviceBody.of(device))
        return Size(width: device.size.width + margins.left + margins.right, height: device.size.height + margins.top + margins.bottom)
    }

    /// Points from the screen's edges to the picture's: the body's border, its buttons' depth on
    /// the edges that have buttons, and the padding.
    private static func margins(of spec: DeviceFrameSpec, body: DeviceBody) -> (left: Double, right: Double, top: Double, bottom: Double) {
        func depth(_ edge: DeviceBody.Button.Edge) -> Double { body.buttons.contains { $0.edge == edge } ? body.buttonDepth : 0 }
        return (body.side + depth(.left) + spec.padding, body.side + depth(.right) + spec.padding,
                body.top + depth(.top) + spec.padding, body.bottom + spec.padding)
    }

    /// The screen in the picture, in points.
    public var screenRect: Rect {
        Rect(x: Double(screenX) / scale, y: Double(screenY) / scale, width: Double(screenWidth) / scale,
             height: Double(screenHeight) / scale)
    }

    /// The body's outline in the picture, in points.
    public var bodyRect: Rect {
        let screen = screenRect
        return Rect(x: screen.minX - body.side, y: screen.minY - body.top, width: screen.width + 2 * body.side,
                    height: screen.height + body.top + body.bottom)
    }

    /// The Dynamic Island in the picture, in points.
    public var islandRect: Rect? {
        body.island.map { Rect(x: screenRect.minX + $0.minX, y: screenRect.minY + $0.minY, width: $0.width, height: $0.height) }
    }

    /// Where a caption of `size` beside the device goes, in the picture's points: centered on
    /// the device, `captionGap` above it (its top buttons included) or below it.
    public func captionRect(_ size: Size, above: Bool) -> Rect {
        let body = bodyRect
        let topDepth = body.minY - (buttonRects.map(\.minY).min() ?? body.minY)
        let y = above ? body.minY - max(topDepth, 0) - Self.captionGap - size.height : body.maxY + Self.captionGap
        return Rect(x: (body.midX - size.width / 2).rounded(), y: y.rounded(), width: size.width, height: size.height)
    }

    /// Each button's rectangle in the picture, in points: standing `buttonDepth` out of the outline.
    public var buttonRects: [Rect] {
        let outline = bodyRect, depth = body.buttonDepth
        return body.buttons.map { button in
            switch button.edge {
            case .left:
                Rect(x: outline.minX - depth, y: outline.minY + outline.height * button.from, width: depth + 1,
                     height: outline.height * (button.to - button.from))
            case .right:
                Rect(x: outline.maxX - 1, y: outline.minY + outline.height * button.from, width: depth + 1,
                     height: outline.height * (button.to - button.from))
            case .top:
                Rect(x: outline.minX + outline.width * button.from, y: outline.minY - depth, width: outline.width * (button.to - button.from),
                     height: depth + 1)
            }
        }
    }
}
