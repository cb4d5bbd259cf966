import Engine
import Foundation
import Raster
import Scene
import Stills
import Video
import Workers

/// The formats that are not encoded from yuv420p: GIF, PNG sequence and ProRes 4444.
///
/// Like the MP4 path, workers (`VideoRenderOptions.workers`), each with its own canvas,
/// composite frames in parallel; every step is a function of the frame alone, and the encoder
/// takes frames in order, so the bytes never depend on the number of workers.
enum FrameSequenceRenderer {
    static func render(_ scene: Scene, to destination: URL, format: OutputFormat, options: VideoRenderOptions,
                       progress: ProgressHandler?) throws -> RenderStatistics {
        let job = try RenderJob(scene: scene, options: options)
        return try AtomicFile.writing(destination) {
            var statistics: RenderStatistics
            switch format {
            case .png: statistics = try renderPNGs(job, to: destination, progress: progress)
            case .gif: statistics = try renderGIF(job, to: destination, progress: progress)
            case .prores: statistics = try renderProRes(job, to: destination, progress: progress)
            case .mp4, .hevc: preconditionFailure("\(format) is rendered by VideoRenderer")
            }
            statistics.wallSeconds = ProcessMeter.now() - job.start
            statistics.peakMemoryBytes = ProcessMeter.peakResidentBytes()
            return statistics
        }
    }

    // MARK: PNG

    /// Every frame as `frame-00000.png`… in a folder staged beside `destination`; the workers
    /// encode the PNGs themselves, in any order.
    private static func renderPNGs(_ job: RenderJob, to destination: URL, progress: ProgressHandler?) throws -> RenderStatistics {
        var statistics = job.statistics(padded: false, bytesPerPixel: 4) // the workers' canvases; no ring
        statistics.compositedFrames = job.plan.frameCount
        let folder = try StagedFolder(destination: destination)
        let total = job.plan.frameCount
        let finished = LockedValueBox(0)
        let temporary = folder.temporary
        try WorkerPool(threads: statistics.workers, name: "segue-frames").start(count: total, makeWorker: { _ in
            try job.surface(padded: false)
        }, work: { surface, index in
            surface.draw(job.timeline.state(frame: index))
            try surface.writePNG(to: temporary.appendingPathComponent(pngName(index)))
            finished.withLockedValue {
                $0 += 1
                progress?($0, total)
            }
        }).wait()
        try folder.commit()
        return statistics
    }

    /// The file name of frame `index` in a PNG sequence.
    static func pngName(_ index: Int) -> String {
        "frame-" + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index) + ".png"
    }

    // MARK: GIF

    /// Two passes over the composited frames: one counts the clip's colors for its palette,
    /// the next dithers each frame to it ahead of the encoder.
    private static func renderGIF(_ job: RenderJob, to destination: URL, progress: ProgressHandler?) throws -> RenderStatistics {
        let statistics = job.statistics(padded: false, bytesPerPixel: 1) // palette indices
        let plan = job.plan
        let width = statistics.width, height = statistics.height

        // Pass 1: each composited frame weighted by the frames that show it.
        let histograms = LockedValueBox(ColorHistogram())
        try WorkerPool(threads: statistics.workers, name: "segue-frames").start(count: plan.compositedFrames.count, makeWorker: { _ in
            (surface: try job.surface(padded: false), histogram: ColorHistogram())
        }, work: { worker, item in
            let index = plan.compositedFrames[item]
            let shown = (item + 1 < plan.compositedFrames.count ? plan.compositedFrames[item + 1] : plan.frameCount) - index
            let surface = worker.surface
            surface.drawChanges(job.timeline.state(frame: index))
            surface.withPixels { worker.histogram.add(bgra: $0, stride: surface.stride, width: width, height: height, weight: shown) }
        }, finished: { worker in
            histograms.withLockedValue { $0.merge(worker.histogram) }
        }).wait()
        let palette = GIFPalette(histogram: histograms.withLockedValue { $0 })

        // Pass 2: dither on the workers, encode in order.
        let writer = try GIFWriter(destination: destination, width: width, height: height, fps: job.scene.fps, palette: palette)
        try encodeInOrder(job, workers: statistics.workers, capacity: statistics.framesInFlight,
                          makeBuffer: { IndexedFrame(width: width, height: height) },
                          makeWorker: {
                              let surface = try job.surface(padded: false)
                              let ditherer = PaletteDitherer(palette: palette)
                              return { index, frame in
                                  surface.drawChanges(job.timeline.state(frame: index))
                                  surface.withPixels { ditherer.dither(bgra: $0, stride: surface.stride, into: frame) }
                              }
                          },
                          encode: { try writer.append($0) }, progress: progress)
        try writer.finish()
        return statistics
    }

    // MARK: ProRes

    private static func renderProRes(_ job: RenderJob, to destination: URL, progress: ProgressHandler?) throws -> RenderStatistics {
        let statistics = job.statistics(padded: true, bytesPerPixel: 8) // four 16-bit planes
        let (width, height) = (statistics.width, statistics.height)
        let writer = try ProResWriter(destination: destination, width: width, height: height, fps: job.scene.fps)
        try encodeInOrder(job, workers: statistics.workers, capacity: statistics.framesInFlight,
                          makeBuffer: { AlphaFrame(width: width, height: height) },
                          makeWorker: {
                              let surface = try job.surface(padded: true)
                              let converter = try AlphaConverter(width: width, height: height)
                              return { index, frame in
                                  surface.drawChanges(job.timeline.state(frame: index))
                                  try surface.withPixels { try converter.convert(premultipliedBGRA: $0, stride: surface.stride, into: frame) }
                              }
                          },
                          encode: { try writer.append($0) }, progress: progress)
        try writer.finish()
        return statistics
    }

    // MARK: In order

    /// The composited frames made into buffers by workers through a `FrameRing`, and every
    /// frame of the plan handed to `encode` in order (a repeated frame encodes its buffer again).
    private static func encodeInOrder<Buffer: Sendable>(
        _ job: RenderJob, workers: Int, capacity: Int, makeBuffer: @escaping @Sendable () -> Buffer,
        makeWorker: @escaping @Sendable () throws -> (Int, Buffer) throws -> Void,
        encode: (Buffer) throws -> Void, progress: ProgressHandler?
    ) throws {
        let ring = FrameRing(frames: job.plan.compositedFrames, capacity: capacity,
                             pool: WorkerPool(threads: workers, name: "segue-frames"), makeBuffer: makeBuffer,
                             makeWorker: makeWorker, fill: { work, frame, buffer in try work(frame, buffer) })
        try ring.drain(job.plan, progress: progress, encode)
    }
}

