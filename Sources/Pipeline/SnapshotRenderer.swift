import Engine
import Raster
import Scene

/// Draws single frames of one scene: its session made once, then any instant composited on
/// demand at the device's pixel size (no video padding).
public final class SnapshotRenderer {
    public let session: RenderSession
    public var scene: Scene { session.scene }
    public var timeline: Timeline { session.timeline }
    private let canvas: Canvas

    public init(scene: Scene) throws {
        session = try RenderSession(scene: scene)
        canvas = try session.canvas()
    }

    /// The picture at `point`.
    public func image(at point: SnapshotPoint) -> RGBAImage {
        image(of: timeline.state(at: point.time, frame: point.frame))
    }

    /// The picture of `state`.
    public func image(of state: FrameState) -> RGBAImage {
        session.draw(state, on: canvas)
        return canvas.rgbaImage()
    }
}
