/// Choices that change how a frame is composited, fixed for a whole render.
public struct CompositorOptions: Sendable {
    /// Draws the translucent finger circle of an iOS screen recording at each touch.
    public var showsTouches: Bool = true

    public init(showsTouches: Bool = true) {
        self.showsTouches = showsTouches
    }
}
