import Engine
import Raster
import Scene

/// The one place a scene becomes something to draw: its timeline evaluated, its screens ready
/// to rasterize (each part when a frame first shows it), and the compositing it asks for
/// (touches, background). Every sink — video in each format, still, snapshot, sheet, plot —
/// starts from a session, so they all draw the same frame the same way.
public final class RenderSession: Sendable {
    public let scene: Scene
    public let timeline: Timeline
    public let screens: ScreenCache
    public let compositor: CompositorOptions
    public let geometry: FrameGeometry

    /// The session of `scene`, at `scale` pixels per point when given (a contact sheet's
    /// tiles) instead of the device's; screens come from `store` when an earlier render of the
    /// same screens filled it.
    public init(scene: Scene, scale: Double? = nil, store: ScreenCacheStore? = nil) throws {
        var scene = scene.withTabBarSafeArea()
        if let scale { scene.device.scale = scale }
        self.scene = scene
        screens = try store?.screens(for: scene) ?? ScreenCacheStore.rasterize(scene)
        // The store's screens are the same value as the scene's (its key), so are their layouts.
        timeline = try Timeline(scene: scene, layouts: screens.layouts)
        compositor = CompositorOptions(showsTouches: scene.showsTouches, background: scene.background)
        geometry = FrameGeometry(scene: scene)
    }

    /// A canvas of the device's own pixel size, or padded to even numbers for an encoder that needs them.
    public func canvas(padded: Bool = false) throws -> Canvas {
        try Canvas(pixelWidth: padded ? geometry.width : geometry.contentWidth,
                   pixelHeight: padded ? geometry.height : geometry.contentHeight, scale: geometry.scale,
                   contentWidth: geometry.contentWidth, contentHeight: geometry.contentHeight)
    }

    /// Draws into the screen cache every part `state` shows, as compositing it would (on a
    /// canvas of its own, let go after): a frame composited later finds them drawn.
    package func drawParts(of state: FrameState) {
        guard let canvas = try? canvas(padded: false) else { return }
        draw(state, on: canvas)
    }

    /// Draws `state` on `canvas` with the scene's compositing.
    public func draw(_ state: FrameState, on canvas: Canvas) {
        canvas.draw(state, screens: screens, options: compositor)
    }

    /// Draws `state` on `canvas` where it differs from the frame the canvas drew last; the rows redrawn.
    public func drawChanges(_ state: FrameState, on canvas: Canvas) -> FrameChanges {
        canvas.drawChanges(state, screens: screens, options: compositor)
    }
}
