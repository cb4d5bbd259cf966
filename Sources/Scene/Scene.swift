import Geometry
import Motion

/// A place in a scene file, for diagnostics.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A scene file, decoded and validated: immutable values only.
public struct Scene: Sendable {
    /// The scene's name (its file name without extension), used for default output names.
    public var name: String
    /// Where the scene file is; image paths are relative to its folder.
    public var file: String
    public var device: Device
    public var appearance: Appearance
    public var fps: Int
    /// Total length in seconds; when absent, the end of the last action plus `tail`.
    public var duration: Double?
    /// Seconds of stillness kept after the last motion when `duration` is absent.
    public var tail: Double
    /// Draws the translucent finger circle of a screen recording.
    public var showsTouches: Bool
    public var screens: [String: ScreenSpec]
    /// Screen names in the order the file declares them.
    public var screenOrder: [String]
    public var root: String
    public var transitions: [TransitionSpec]
    public var timeline: [TimelineEntry]

    public init(name: String, file: String, device: Device, appearance: Appearance = .light, fps: Int,
                duration: Double? = nil, tail: Double = 0.5, showsTouches: Bool = true,
                screens: [String: ScreenSpec], screenOrder: [String], root: String,
                transitions: [TransitionSpec], timeline: [TimelineEntry]) {
        self.name = name
        self.file = file
        self.device = device
        self.appearance = appearance
        self.fps = fps
        self.duration = duration
        self.tail = tail
        self.showsTouches = showsTouches
        self.screens = screens
        self.screenOrder = screenOrder
        self.root = root
        self.transitions = transitions
        self.timeline = timeline
    }
}

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

/// One screen: a background and the views drawn on it, back to front.
public struct ScreenSpec: Sendable {
    public var name: String
    public var background: Color
    public var views: [ViewSpec]

    public init(name: String, background: Color, views: [ViewSpec]) {
        self.name = name
        self.background = background
        self.views = views
    }
}

/// A view a screen can hold.
public indirect enum ViewSpec: Sendable {
    case rect(RectView)
    case label(LabelView)
}

/// A filled, optionally bordered and rounded rectangle, which may hold (and clip) subviews.
public struct RectView: Sendable {
    public var frame: Rect
    public var fill: Color
    public var cornerRadius: Double
    public var borderColor: Color?
    public var borderWidth: Double
    public var clipsToBounds: Bool
    public var subviews: [ViewSpec]

    public init(frame: Rect, fill: Color, cornerRadius: Double = 0, borderColor: Color? = nil,
                borderWidth: Double = 0, clipsToBounds: Bool = false, subviews: [ViewSpec] = []) {
        self.frame = frame
        self.fill = fill
        self.cornerRadius = cornerRadius
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.clipsToBounds = clipsToBounds
        self.subviews = subviews
    }
}

/// Text drawn with the bundled font.
public struct LabelView: Sendable {
    public enum Alignment: String, Sendable, Codable, CaseIterable { case left, center, right }
    public enum Weight: String, Sendable, Codable, CaseIterable {
        case ultralight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    public var text: String
    public var frame: Rect
    public var fontSize: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment
    /// 0 means as many lines as fit.
    public var lines: Int

    public init(text: String, frame: Rect, fontSize: Double = 17, weight: Weight = .regular,
                color: Color = .black, alignment: Alignment = .left, lines: Int = 1) {
        self.text = text
        self.frame = frame
        self.fontSize = fontSize
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.lines = lines
    }

    /// UIKit's Dynamic Type text styles at the default size: (point size, weight).
    public static let textStyles: [String: (size: Double, weight: Weight)] = [
        "largeTitle": (34, .bold), "title1": (28, .regular), "title2": (22, .regular),
        "title3": (20, .regular), "headline": (17, .semibold), "body": (17, .regular),
        "callout": (16, .regular), "subheadline": (15, .regular), "footnote": (13, .regular),
        "caption1": (12, .regular), "caption2": (11, .regular),
    ]
}
