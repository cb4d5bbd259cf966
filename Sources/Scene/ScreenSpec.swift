import Geometry

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
