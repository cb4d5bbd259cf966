import Engine
import Foundation
import Raster
import Scene
import Video

/// The formats that are not encoded from yuv420p: GIF, PNG sequence and ProRes 4444.
///
/// Like the MP4 path, workers (`VideoRenderOptions.workers`), each with its own canvas,
/// composite frames in parallel; every step is a function of the frame alone, and the encoder
/// takes frames in order, so the bytes never depend on the number of workers.
enum FrameSequenceRenderer {
    static func render(_ scene: Scene, to destination: URL, format: OutputFormat, options: VideoRenderOptions,
                       progress: ProgressHandler?) throws -> RenderStatistics {
        let job = try RenderJob(scene: scene, options: options)
        return try VideoRenderer.writing(destination) {
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
        var statistics = job.statistics(padded: false)
        statistics.compositedFrames = job.plan.frameCount
        let folder = try StagedFolder(destination: destination)
        let counter = FrameCounter(total: job.plan.frameCount, progress: progress)
        let temporary = folder.temporary
        try runWorkers(count: statistics.workers) {
            let canvas = try job.canvas(padded: false)
            return { () throws -> Bool in
                guard let index = counter.claim() else { return false }
                job.session.draw(job.timeline.state(frame: index), on: canvas)
                try canvas.writePNG(to: temporary.appendingPathComponent(pngName(index)))
                counter.done()
                return true
            }
        }
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
        let statistics = job.statistics(padded: false)
        let plan = job.plan
        let width = statistics.width, height = statistics.height

        // Pass 1: each composited frame weighted by the frames that show it.
        let histograms = HistogramTotals()
        let counter = FrameCounter(total: plan.compositedFrames.count, progress: nil)
        try runWorkers(count: statistics.workers) {
            let canvas = try job.canvas(padded: false)
            var histogram = ColorHistogram()
            return { () throws -> Bool in
                guard let item = counter.claim() else {
                    histograms.add(histogram)
                    return false
                }
                let index = plan.compositedFrames[item]
                let shown = (item + 1 < plan.compositedFrames.count ? plan.compositedFrames[item + 1] : plan.frameCount) - index
                job.session.draw(job.timeline.state(frame: index), on: canvas)
                canvas.withPixels { histogram.add(bgra: $0, stride: canvas.stride, width: width, height: height, weight: shown) }
                return true
            }
        }
        let palette = GIFPalette(histogram: histograms.total)

        // Pass 2: dither on the workers, encode in order.
        let writer = try GIFWriter(destination: destination, width: width, height: height, fps: job.scene.fps, palette: palette)
        try encodeInOrder(job, workers: statistics.workers, capacity: statistics.framesInFlight,
                          makeBuffer: { IndexedFrame(width: width, height: height) },
                          makeWorker: {
                              let canvas = try job.canvas(padded: false)
                              let ditherer = PaletteDitherer(palette: palette)
                              return { index, frame in
                                  job.session.draw(job.timeline.state(frame: index), on: canvas)
                                  canvas.withPixels { ditherer.dither(bgra: $0, stride: canvas.stride, into: frame) }
                              }
                          },
                          encode: { try writer.append($0) }, progress: progress)
        try writer.finish()
        return statistics
    }

    // MARK: ProRes

    private static func renderProRes(_ job: RenderJob, to destination: URL, progress: ProgressHandler?) throws -> RenderStatistics {
        let statistics = job.statistics(padded: true)
        let geometry = job.geometry
        let writer = try ProResWriter(destination: destination, width: geometry.width, height: geometry.height, fps: job.scene.fps)
        try encodeInOrder(job, workers: statistics.workers, capacity: statistics.framesInFlight,
                          makeBuffer: { AlphaFrame(width: geometry.width, height: geometry.height) },
                          makeWorker: {
                              let canvas = try job.canvas(padded: true)
                              let converter = try AlphaConverter(width: geometry.width, height: geometry.height)
                              return { index, frame in
                                  job.session.draw(job.timeline.state(frame: index), on: canvas)
                                  canvas.padEdges(contentWidth: geometry.contentWidth, contentHeight: geometry.contentHeight)
                                  try canvas.withPixels { try converter.convert(premultipliedBGRA: $0, stride: canvas.stride, into: frame) }
                              }
                          },
                          encode: { try writer.append($0) }, progress: progress)
        try writer.finish()
        return statistics
    }

    // MARK: Threads

    /// Starts `count` threads; each makes its step with `makeStep` and calls it until it returns
    /// false. Waits for all; throws the first error (the other threads stop at their next step).
    private static func runWorkers(count: Int, makeStep: @escaping @Sendable () throws -> () throws -> Bool) throws {
        let failure = FirstError()
        let group = DispatchGroup()
        for _ in 0..<max(count, 1) {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let step = try makeStep()
                    while failure.error == nil, try step() {}
                } catch {
                    failure.record(error)
                }
            }
            thread.name = "segue-frames"
            thread.start()
        }
        group.wait()
        if let error = failure.error { throw error }
    }

    /// The composited frames made into buffers by workers through a `FrameRing`, and every
    /// frame of the plan handed to `encode` in order (a repeated frame encodes its buffer again).
    private static func encodeInOrder<Buffer: Sendable>(
        _ job: RenderJob, workers: Int, capacity: Int, makeBuffer: @escaping @Sendable () -> Buffer,
        makeWorker: @escaping @Sendable () throws -> (Int, Buffer) throws -> Void,
        encode: (Buffer) throws -> Void, progress: ProgressHandler?
    ) throws {
        let ring = FrameRing(count: job.plan.compositedFrames.count, capacity: max(capacity, 1), makeBuffer: makeBuffer)
        ring.startWorkers(workers, frames: job.plan.compositedFrames, makeWorker: makeWorker,
                          fill: { work, frame, buffer in try work(frame, buffer) })
        try ring.drain(job.plan, progress: progress, encode)
    }
}

/// Hands out frame numbers to workers and reports progress as they finish.
private final class FrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let progress: ProgressHandler?
    /// Guarded by `lock`.
    private var next = 0
    private var finished = 0

    init(total: Int, progress: ProgressHandler?) {
        self.total = total
        self.progress = progress
    }

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < total else { return nil }
        next += 1
        return next - 1
    }

    func done() {
        lock.lock()
        defer { lock.unlock() }
        finished += 1
        progress?(finished, total)
    }
}

/// The histograms of every worker, summed.
private final class HistogramTotals: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var sum = ColorHistogram()

    func add(_ histogram: ColorHistogram) {
        lock.lock()
        sum.merge(histogram)
        lock.unlock()
    }

    var total: ColorHistogram {
        lock.lock()
        defer { lock.unlock() }
        return sum
    }
}

/// The first error any worker thread met.
private final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var first: Error?

    func record(_ error: Error) {
        lock.lock()
        if first == nil { first = error }
        lock.unlock()
    }

    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }
}
