import Engine
import Raster
import Scene

/// Draws single frames of one scene: its session made once, then any instant composited on
/// demand at the device's pixel size (no video padding). `segue still` draws one; the Snapshots
/// module draws each snapshot point with it.
public final class StillRenderer {
    public let session: RenderSession
    public var scene: Scene { session.scene }
    public var timeline: Timeline { session.timeline }
    private let canvas: Canvas

    public init(scene: Scene) throws {
        session = try RenderSession(scene: scene)
        canvas = try session.canvas()
    }

    /// The picture of `state`.
    public func image(of state: FrameState) -> RGBAImage {
        session.draw(state, on: canvas)
        return canvas.rgbaImage()
    }
}
