import Engine
import Raster
import Scene

/// Draws single frames of one scene: its timeline evaluated and its screens rasterized once,
/// then any instant composited on demand at the device's pixel size (no video padding).
public final class SnapshotRenderer {
    public let scene: Scene
    public let timeline: Timeline
    private let screens: ScreenCache
    private let canvas: Canvas
    private let options: CompositorOptions

    public init(scene: Scene) throws {
        self.scene = scene
        timeline = try Timeline(scene: scene)
        let geometry = FrameGeometry(scene: scene)
        screens = try ScreenCache(screens: scene.screenOrder.compactMap { scene.screens[$0] }, device: scene.device)
        canvas = try Canvas(pixelWidth: geometry.contentWidth, pixelHeight: geometry.contentHeight, scale: geometry.scale)
        options = CompositorOptions(showsTouches: scene.showsTouches)
    }

    /// The picture at `point`.
    public func image(at point: SnapshotPoint) -> RGBAImage {
        image(of: timeline.state(at: point.time, frame: point.frame))
    }

    /// The picture of `state`.
    public func image(of state: FrameState) -> RGBAImage {
        canvas.draw(state, screens: screens, options: options)
        return canvas.rgbaImage()
    }
}
