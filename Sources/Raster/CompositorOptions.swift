import Geometry

/// Choices that change how a frame is composited, fixed for a whole render.
public struct CompositorOptions: Sendable {
    /// Draws the translucent finger circle of an iOS screen recording at each touch.
    public var showsTouches: Bool = true
    /// What the frame is cleared to before the layers: opaque black by default, `Color.clear`
    /// for a transparent frame (where no screen covers it, and where screens are clear).
    public var background: Color = .black

    public init(showsTouches: Bool = true, background: Color = .black) {
        self.showsTouches = showsTouches
        self.background = background
    }
}
