import Geometry
import Engine
import Foundation
import Raster
import Scene
import Staging
import Stills
import Video
import Workers

/// Progress of a long job: frames done out of the total.
public typealias ProgressHandler = @Sendable (_ done: Int, _ total: Int) -> Void

/// Renders a scene to an H.264 MP4 at the encoder's speed (or HEVC; the other `OutputFormat`s
/// go through `FrameSequenceRenderer`).
///
/// The timeline is evaluated and the screens rasterized once, while the encoder opens on a
/// thread of its own. Worker threads (one per core by default, at the lowest priority so they
/// never hold a core the encoder wants), each with its own canvas and converter, composite
/// frames and convert them to yuv420p ahead of the encoder, into a fixed ring of frame buffers
/// (twice the workers by default), so memory does not grow with the clip. The calling thread
/// encodes the frames in order as they arrive. A frame that shows the same layers and touches as the frame before is
/// not composited again: its pixels are encoded once more. The output is byte-identical for any
/// number of workers (`DeterminismTests`), and libx264 keeps its own fixed thread count.
public enum VideoRenderer {
    /// Renders `scene` into `destination`; nothing appears at `destination` unless the whole render succeeds.
    ///
    /// `options.quality.scale` is not applied here: apply it to the scene first (the CLI does).
    @discardableResult
    public static func render(_ scene: Scene, to destination: URL, options: VideoRenderOptions = VideoRenderOptions(),
                              progress: ProgressHandler? = nil) throws -> RenderStatistics {
        try AtomicFile.check(destination, kind: options.format == .png ? .folder : .file)
        guard let codec = options.format.videoCodec else {
            return try FrameSequenceRenderer.render(scene, to: destination, format: options.format, options: options,
                                                    progress: progress)
        }
        return try AtomicFile.writing(destination) {
            let start = ProcessMeter.now()
            let size = try RenderJob.pictureSize(of: scene, padded: true)
            // The encoder opens on a thread of its own (libx264 allocates and fills its frame pool)
            // while the timeline is evaluated and the screens rasterized, so it is ready for frame 0.
            let settings = options.quality.videoSettings(width: size.width, height: size.height, fps: scene.fps,
                                                         codec: codec)
            let opening = BackgroundWork(name: "segue-encoder") { try MP4Writer(destination: destination, settings: settings) }
            do {
                return try encode(scene, options: options, start: start, opening: opening, progress: progress)
            } catch {
                // Whatever failed, the opening is waited for and its temporary removed here and now,
                // before the folder is: not left to the writer's deinit, which runs on whichever thread
                // lets go of it last — after the process has exited, as often as not.
                (try? opening.value())?.discard()
                throw error
            }
        }
    }

    private static func encode(_ scene: Scene, options: VideoRenderOptions, start: Double, opening: BackgroundWork<MP4Writer>,
                               progress: ProgressHandler?) throws -> RenderStatistics {
        let job = try RenderJob(scene: scene, options: options, start: start)
        var statistics = job.statistics(padded: true, bytesPerPixel: 1.5) // yuv420p
        let (width, height) = (statistics.width, statistics.height)

        let totals = LockedValueBox((composite: 0.0, convert: 0.0, rows: 0, converted: 0, moved: 0))
        let ring = FrameRing(frames: job.plan.compositedFrames, capacity: statistics.framesInFlight,
                             pool: WorkerPool(threads: statistics.workers, name: "segue-frames", lowestPriority: true),
                             makeBuffer: { ConvertedFrame(width: width, height: height) },
                             makeWorker: {
                                 try FrameWorker(session: job.session, plate: job.plate, converterThreads: options.converterThreads,
                                                 conversion: options.converter.path)
                             },
                             fill: { worker, frame, buffer in try worker.render(frame: frame, into: buffer) },
                             finished: { worker in
                                 totals.withLockedValue {
                                     $0.composite += worker.compositeSeconds
                                     $0.convert += worker.convertSeconds
                                     $0.rows += worker.repaintedRows
                                     $0.converted += worker.convertedRows
                                     $0.moved += worker.movedRows
                                 }
                             })

        let writer: MP4Writer, rawFrames: RawVideoFile?
        do {
            writer = try opening.value()
            rawFrames = try options.rawFrames.map { try RawVideoFile(path: $0.path) }
        } catch {
            ring.stop()
            throw error
        }
        statistics.encoderWaitSeconds = try ring.drain(job.plan, progress: progress) { frame in
            let encoding = ProcessMeter.now()
            try writer.append(yuv: frame.yuv)
            statistics.encodeSeconds += ProcessMeter.now() - encoding
            try rawFrames?.write(frame.yuv)
        }
        try rawFrames?.finish()
        let finishing = ProcessMeter.now()
        try writer.finish()
        statistics.encodeSeconds += ProcessMeter.now() - finishing
        (statistics.compositeSeconds, statistics.convertSeconds, statistics.repaintedRows, statistics.convertedRows,
         statistics.movedRows) =
            totals.withLockedValue { $0 }
        statistics.wallSeconds = ProcessMeter.now() - start
        statistics.peakMemoryBytes = ProcessMeter.peakResidentBytes()
        return statistics
    }

    /// Renders the picture at `time` (of the video: with `playback`, the scene time it shows) to
    /// a PNG at `destination`: inside the scene's device frame if it has one, or with `grid`
    /// drawn over the screen alone when given (a grid is for aiming at the screen's points).
    public static func still(_ scene: Scene, at time: Double, to destination: URL, grid: GridOverlay? = nil) throws {
        try AtomicFile.check(destination)
        let renderer = try StillRenderer(scene: scene)
        let duration = renderer.timeline.duration
        guard time <= duration else {
            throw PipelineError.pastEnd(time: time, duration: duration, played: !renderer.timeline.clock.isIdentity)
        }
        let frame = Int(saturating: (time * Double(scene.fps)).rounded())
        let state = renderer.timeline.state(video: time, frame: frame)
        if grid == nil, let plate = try RenderJob.plate(of: renderer.scene) {
            let surface = try FrameSurface(session: renderer.session, plate: plate, padded: false)
            surface.draw(state)
            try AtomicFile.writing(destination) { try surface.writePNG(to: destination) }
            return
        }
        var image = renderer.image(of: state)
        if let grid {
            image = try grid.draw(over: image, state: state, device: scene.device, scale: renderer.session.geometry.scale)
        }
        try AtomicFile.writing(destination) { try image.writePNG(to: destination) }
    }
}

