import Engine
import Foundation
import Raster
import Scene

/// What every format's render shares: the scene evaluated and rasterized once, the plan of
/// which frames to composite, and the statistics those fix before the first frame.
struct RenderJob {
    let scene: Scene
    let timeline: Timeline
    let screens: ScreenCache
    let geometry: FrameGeometry
    let plan: FramePlan
    let options: VideoRenderOptions
    let compositor: CompositorOptions
    let start: Double

    /// Evaluates and rasterizes `scene`; `start` is when the render began, for its statistics.
    init(scene: Scene, options: VideoRenderOptions, start: Double = ProcessMeter.now()) throws {
        self.start = start
        self.scene = scene
        timeline = try Timeline(scene: scene)
        geometry = FrameGeometry(scene: scene)
        screens = try options.screenCaches?.screens(for: scene) ?? ScreenCacheStore.rasterize(scene)
        plan = options.compositesEveryFrame ? FramePlan(compositingEveryFrameOf: timeline) : FramePlan(timeline: timeline)
        self.options = options
        compositor = CompositorOptions(scene: scene)
    }

    /// A canvas of the device's own pixel size, or padded to even numbers for an encoder that needs them.
    func canvas(padded: Bool) throws -> Canvas {
        try Canvas(pixelWidth: padded ? geometry.width : geometry.contentWidth,
                   pixelHeight: padded ? geometry.height : geometry.contentHeight, scale: geometry.scale)
    }

    /// The figures known before the first frame: sizes (padded to even or not), plan, threads, setup time.
    func statistics(padded: Bool) -> RenderStatistics {
        var statistics = RenderStatistics()
        statistics.frames = plan.frameCount
        statistics.compositedFrames = plan.compositedFrames.count
        statistics.width = padded ? geometry.width : geometry.contentWidth
        statistics.height = padded ? geometry.height : geometry.contentHeight
        statistics.workers = min(options.resolvedWorkers, plan.compositedFrames.count)
        statistics.framesInFlight = min(options.resolvedFramesInFlight, plan.compositedFrames.count)
        statistics.setupSeconds = ProcessMeter.now() - start
        return statistics
    }
}
