import Foundation

/// Where a render's time went, for `segue render --stats` and `scripts/bench`.
///
/// Compositing and converting run on the workers in parallel with the encoder: their figures
/// are CPU time summed over the workers, while the encoder's are wall time on its thread.
public struct RenderStatistics: Sendable {
    /// Frames in the video.
    public var frames = 0
    /// Frames composited and converted; the others repeat the frame before.
    public var compositedFrames = 0
    /// Worker threads and frame buffers between them and the encoder.
    public var workers = 0
    public var framesInFlight = 0
    /// Encoded width and height.
    public var width = 0
    public var height = 0
    /// Evaluating the timeline and rasterizing the screens, before the first frame.
    public var setupSeconds = 0.0
    /// CPU time compositing layers into the canvas (including the edge padding), all workers together.
    public var compositeSeconds = 0.0
    /// CPU time converting ARGB -> yuv420p, all workers together (slice threads, if any, not counted).
    public var convertSeconds = 0.0
    /// Rows the workers repainted, summed over the composited frames; the rest of each frame's
    /// rows were kept from the frame its worker painted before (`FrameWorker`).
    public var repaintedRows = 0
    /// Rows the workers converted into the frame ring's buffers, summed over the composited
    /// frames; the rest were kept from the frame the buffer held before (`ConvertedFrame`).
    public var convertedRows = 0
    /// Rows moved whole in the frame ring's buffers instead of converted (a scroll,
    /// `RowMove`), summed over the composited frames.
    public var movedRows = 0
    /// libx264 and the muxer, on the encoder thread.
    public var encodeSeconds = 0.0
    /// The encoder thread waiting for a worker to deliver the next frame.
    public var encoderWaitSeconds = 0.0
    /// From the start of the render to the file in place.
    public var wallSeconds = 0.0
    /// Peak resident memory of the whole process so far (VmHWM), in bytes; nil where unknown.
    public var peakMemoryBytes: Int?

    public init() {}

    /// Video frames per second of wall time.
    public var framesPerSecond: Double { wallSeconds > 0 ? Double(frames) / wallSeconds : 0 }

    /// A few lines for a terminal, one figure per line, `name: value` with fixed names.
    public var report: String {
        func perFrame(_ seconds: Double, _ count: Int) -> String {
            String(format: "%.2f ms/frame", count > 0 ? seconds * 1000 / Double(count) : 0)
        }
        func share(_ rows: Int) -> Double {
            compositedFrames > 0 && height > 0 ? Double(rows) * 100 / Double(compositedFrames * height) : 0
        }
        var lines = [
            "frames: \(frames) at \(width)x\(height), \(compositedFrames) composited, \(frames - compositedFrames) repeated",
            "threads: \(workers) workers, \(framesInFlight) frames in flight",
            String(format: "setup: %.1f ms (timeline, screens)", setupSeconds * 1000),
            "composite: \(perFrame(compositeSeconds, compositedFrames)) CPU (per composited frame, on the workers)",
            "convert: \(perFrame(convertSeconds, compositedFrames)) CPU (per composited frame, on the workers)",
            String(format: "repainted: %.1f%% of the composited frames' rows (the rest kept or moved from the worker's frame before)",
                   share(repaintedRows)),
            String(format: "converted: %.1f%% of the composited frames' rows (the rest kept or moved from the buffer's frame before)",
                   share(convertedRows)),
            String(format: "moved: %.1f%% of the composited frames' rows (a scroll's, in the buffer's frame before)",
                   share(movedRows)),
            "encode: \(perFrame(encodeSeconds, frames)) (libx264 + mux, encoder thread)",
            String(format: "encoder waited: %.1f ms in all", encoderWaitSeconds * 1000),
            String(format: "total: %.3f s, %.1f fps", wallSeconds, framesPerSecond),
        ]
        if let peakMemoryBytes {
            lines.append(String(format: "peak memory: %.1f MB", Double(peakMemoryBytes) / 1_048_576))
        }
        return lines.joined(separator: "\n")
    }
}

/// The process's memory high-water mark and a monotonic clock, for statistics.
enum ProcessMeter {
    /// VmHWM from /proc/self/status, in bytes; nil where /proc is not available.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }

    /// Seconds on a monotonic clock, for measuring intervals.
    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Seconds of CPU the calling thread has used: unlike wall time, not inflated while the
    /// thread waits for a core that the encoder's threads hold.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
