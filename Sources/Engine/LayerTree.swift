import Geometry

/// What a layer shows.
public enum LayerContent: Hashable, Sendable {
    /// A screen's cached contents, scaled to the layer's frame.
    case screen(String)
    /// A solid fill over the layer's frame (dimming views).
    case fill(Color)
}

/// One layer of a frame, as the renderer composites it.
public struct Layer: Hashable, Sendable {
    /// Screen name, or `dimming` / `shadow`.
    public var id: String
    public var content: LayerContent
    /// The layer's on-screen rectangle in points after its transform, origin top-left.
    public var frame: Rect
    public var alpha: Double
    public var cornerRadius: Double
    /// The shadow the layer casts, nil where it casts none.
    public var shadow: Shadow?
    /// How a screen's content fills a frame of another size.
    public var contentMode: ContentMode

    public init(id: String, content: LayerContent, frame: Rect, alpha: Double = 1, cornerRadius: Double = 0,
                shadow: Shadow? = nil, contentMode: ContentMode = .scaleToFill) {
        self.id = id
        self.content = content
        self.frame = frame
        self.alpha = alpha
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.contentMode = contentMode
    }

    /// The shadow's opacity where the layer casts one (the trace's `shadowOpacity`).
    public var shadowOpacity: Double? { shadow?.opacity }
}

/// How a screen's content fills a layer frame of another size (`UIView.ContentMode`).
public enum ContentMode: String, Hashable, Sendable {
    /// Stretched to the frame (a view under a scale transform).
    case scaleToFill
    /// Scaled uniformly to cover the frame, centered, and clipped to it.
    case aspectFill
    /// Unscaled, anchored at the frame's top-left corner and clipped to it (a view laid out at a
    /// narrower width, like seed 003's 320 pt drawer).
    case topLeft
}

/// A `CALayer` shadow: the layer's shape, blurred, offset and tinted.
public struct Shadow: Hashable, Sendable {
    /// `shadowColor`, straight alpha.
    public var color: Color
    /// `shadowOpacity`, multiplied with the color's alpha and the layer's alpha.
    public var opacity: Double
    /// `shadowRadius` in points: the blur's standard deviation is radius / 2, as Core Animation draws it.
    public var radius: Double
    /// `shadowOffset` in points.
    public var offset: Point

    public init(color: Color = .black, opacity: Double, radius: Double, offset: Point = Point(x: 0, y: -3)) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }
}

/// The phase of the timeline at a frame.
public enum Phase: String, Hashable, Sendable, Codable {
    case idle, interactive, animating
}

/// Everything on screen at one instant: the evaluated timeline for one frame.
public struct FrameState: Hashable, Sendable {
    public var frame: Int
    public var time: Double
    /// The style of the transition in progress, nil when idle.
    public var transition: String?
    public var phase: Phase
    /// The transition's fraction complete (0 = from-state, 1 = to-state); nil when idle.
    public var progress: Double?
    /// Fingers down, in points.
    public var touches: [Point]
    /// Back to front.
    public var layers: [Layer]

    public init(frame: Int, time: Double, transition: String?, phase: Phase, progress: Double?,
                touches: [Point], layers: [Layer]) {
        self.frame = frame
        self.time = time
        self.transition = transition
        self.phase = phase
        self.progress = progress
        self.touches = touches
        self.layers = layers
    }
}
