import Engine
import Foundation
import Raster
import Scene
import Video

/// Progress of a long job: frames done out of the total.
public typealias ProgressHandler = @Sendable (_ done: Int, _ total: Int) -> Void

/// Renders a scene to an H.264 MP4: the timeline evaluated per frame, screens rasterized once,
/// each frame composited from the cached screens and encoded in order.
public enum VideoRenderer {
    /// Renders `scene` into `destination`; nothing appears at `destination` unless the whole render succeeds.
    public static func render(_ scene: Scene, to destination: URL, progress: ProgressHandler? = nil) throws {
        let timeline = try Timeline(scene: scene)
        let geometry = FrameGeometry(scene: scene)
        let screens = try ScreenCache(screens: scene.screenOrder.compactMap { scene.screens[$0] }, device: scene.device)
        let canvas = try Canvas(pixelWidth: geometry.width, pixelHeight: geometry.height, scale: geometry.scale)
        let options = CompositorOptions(showsTouches: scene.showsTouches)

        try createFolder(for: destination)
        let writer = try MP4Writer(destination: destination,
                                   settings: VideoSettings(width: geometry.width, height: geometry.height, fps: scene.fps))
        for index in 0..<timeline.frameCount {
            canvas.draw(timeline.state(frame: index), screens: screens, options: options)
            canvas.padEdges(contentWidth: geometry.contentWidth, contentHeight: geometry.contentHeight)
            try canvas.withPixels { try writer.append(bgra: $0, stride: canvas.stride) }
            progress?(index + 1, timeline.frameCount)
        }
        try writer.finish()
    }

    /// Renders frame `index`'s picture to a PNG at `destination`.
    public static func still(_ scene: Scene, at time: Double, to destination: URL) throws {
        let timeline = try Timeline(scene: scene)
        let geometry = FrameGeometry(scene: scene)
        let screens = try ScreenCache(screens: scene.screenOrder.compactMap { scene.screens[$0] }, device: scene.device)
        let canvas = try Canvas(pixelWidth: geometry.contentWidth, pixelHeight: geometry.contentHeight, scale: geometry.scale)
        canvas.draw(timeline.state(at: time, frame: Int((time * Double(scene.fps)).rounded())), screens: screens,
                    options: CompositorOptions(showsTouches: scene.showsTouches))
        try createFolder(for: destination)
        try canvas.writePNG(to: destination)
    }

    static func createFolder(for file: URL) throws {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw PipelineError.outputFolder(folder.path, underlying: error.localizedDescription)
        }
    }
}
