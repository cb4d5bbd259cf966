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
    /// Shadow opacity where the layer casts one; nil where it casts none.
    public var shadowOpacity: Double?

    public init(id: String, content: LayerContent, frame: Rect, alpha: Double = 1, cornerRadius: Double = 0,
                shadowOpacity: Double? = nil) {
        self.id = id
        self.content = content
        self.frame = frame
        self.alpha = alpha
        self.cornerRadius = cornerRadius
        self.shadowOpacity = shadowOpacity
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
