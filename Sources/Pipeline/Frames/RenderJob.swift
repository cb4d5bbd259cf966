import Engine
import Foundation
import Raster
import Scene
import Stills
import Workers

/// What every format's render shares: the scene's session (timeline, screens, compositing),
/// the plan of which frames to composite, and the statistics those fix before the first frame.
struct RenderJob {
    let session: RenderSession
    let plan: FramePlan
    let options: VideoRenderOptions
    let start: Double
    /// The device frame drawn around the screen, when the scene asks for one.
    let plate: DeviceFramePlate?
    /// Frame 0's parts being drawn (nobody waits for it: a frame that needs a part draws it or
    /// waits for it in the cache).
    private let warming: BackgroundWork<Void>

    var scene: Scene { session.scene }
    var timeline: Timeline { session.timeline }
    var geometry: FrameGeometry { session.geometry }

    /// Evaluates `scene` and readies its screens; `start` is when the render began, for its statistics.
    init(scene: Scene, options: VideoRenderOptions, start: Double = ProcessMeter.now()) throws {
        self.start = start
        session = try RenderSession(scene: scene, store: options.screenCaches)
        plate = try Self.plate(of: session.scene)
        // Frame 0 is always composited, and the first the encoder waits for: the parts it shows
        // (screens, a scroll view's first bands, bars) start being drawn into the cache on a
        // thread of their own while every frame of the timeline is compared for the plan; the
        // workers then share what is left of them (`ScreenImage.drawRows`).
        let session = session
        warming = BackgroundWork(name: "segue-warm") { session.drawParts(of: session.timeline.state(frame: 0)) }
        plan = options.compositesEveryFrame ? FramePlan(compositingEveryFrameOf: session.timeline)
            : FramePlan(timeline: session.timeline)
        self.options = options
    }

    /// A worker's surface: the device's own pixel size, or padded to even numbers for an encoder
    /// that needs them; the frame's picture when the scene has a device frame.
    func surface(padded: Bool) throws -> FrameSurface {
        try FrameSurface(session: session, plate: plate, padded: padded)
    }

    /// Where the device frame of `scene` puts everything, when it has one: around the screen,
    /// and its captions beside the device.
    static func frameLayout(of scene: Scene) throws -> DeviceFrameLayout? {
        try framing(of: scene)?.layout
    }

    /// `scene`'s device frame drawn, ready for its workers, when it has one.
    static func plate(of scene: Scene) throws -> DeviceFramePlate? {
        guard let framing = try framing(of: scene) else { return nil }
        return try DeviceFramePlate(layout: framing.layout, captions: framing.captions)
    }

    /// The frame's layout, and the captions beside the device (their nodes' ids, box sizes and sides).
    private static func framing(of scene: Scene) throws -> (layout: DeviceFrameLayout, captions: [DeviceFramePlate.BesideCaption])? {
        guard let spec = scene.deviceFrame else { return nil }
        let geometry = FrameGeometry(scene: scene)
        let boxes = try scene.captions.contains(where: \.position.isBesideTheDevice) ? Timeline.captionBoxes(of: scene) : []
        let captions = boxes.enumerated().filter { $0.element.spec.position.isBesideTheDevice }.map {
            DeviceFramePlate.BesideCaption(id: "caption/\($0.offset)", size: $0.element.size, above: $0.element.spec.position == .above)
        }
        func tallest(above: Bool) -> Double { captions.filter { $0.above == above }.map(\.size.height).max() ?? 0 }
        let layout = DeviceFrameLayout(spec: spec, device: scene.device, screenWidth: geometry.contentWidth,
                                       screenHeight: geometry.contentHeight, captionsAbove: tallest(above: true),
                                       captionsBelow: tallest(above: false))
        return (layout, captions)
    }

    /// The pictures' pixel size: the frame's, else the device's (padded to even numbers when `padded`).
    static func pictureSize(of scene: Scene, padded: Bool) throws -> (width: Int, height: Int) {
        pictureSize(layout: try frameLayout(of: scene), geometry: FrameGeometry(scene: scene), padded: padded)
    }

    private static func pictureSize(layout: DeviceFrameLayout?, geometry: FrameGeometry, padded: Bool) -> (width: Int, height: Int) {
        if let layout { return (layout.width, layout.height) }
        return padded ? (geometry.width, geometry.height) : (geometry.contentWidth, geometry.contentHeight)
    }

    /// The figures known before the first frame: sizes (padded to even or not), plan, threads
    /// (for ring buffers of `bytesPerPixel` bytes a pixel), setup time.
    func statistics(padded: Bool, bytesPerPixel: Double) -> RenderStatistics {
        var statistics = RenderStatistics()
        statistics.frames = plan.frameCount
        statistics.compositedFrames = plan.compositedFrames.count
        (statistics.width, statistics.height) = Self.pictureSize(layout: plate?.layout, geometry: geometry, padded: padded)
        statistics.workers = min(options.resolvedWorkers, plan.compositedFrames.count)
        let bytesPerFrame = Int(Double(statistics.width * statistics.height) * bytesPerPixel)
        statistics.framesInFlight = min(options.resolvedFramesInFlight(bytesPerFrame: bytesPerFrame), plan.compositedFrames.count)
        statistics.setupSeconds = ProcessMeter.now() - start
        return statistics
    }
}
