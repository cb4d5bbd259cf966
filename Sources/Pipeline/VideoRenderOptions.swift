import Foundation
import Stills
import Video

/// How `VideoRenderer` runs a render: format, quality, parallelism and diagnostics. None of
/// these but `format`, `quality` and `converter` changes the output bytes.
public struct VideoRenderOptions: Sendable {
    /// Encoder preset and CRF; its `scale` is applied to the scene by the caller (see `RenderQuality.scale`).
    public var quality: RenderQuality
    /// What is written: an MP4 (H.264 or HEVC), a GIF, a PNG sequence or a ProRes movie.
    public var format: OutputFormat
    /// Threads compositing and converting frames ahead of the encoder; nil means one per core.
    public var workers: Int?
    /// Frames composited but not yet encoded, at most; nil means as many as `ringBudgetBytes`
    /// holds, between two and eight per worker (`resolvedFramesInFlight(bytesPerFrame:)`).
    public var framesInFlight: Int?
    /// Slice threads per conversion; 1 converts each frame on its worker thread.
    public var converterThreads: Int
    /// Which RGB -> YUV conversion the workers use (libswscale only for comparing speeds).
    public var converter: ColorConversion
    /// Also writes every encoded frame, packed yuv420p, to this file (for `scripts/bench`).
    public var rawFrames: URL?
    /// Composites every frame even where it repeats the one before (for checking that reuse changes nothing).
    public var compositesEveryFrame: Bool
    /// Where screens rasterized by an earlier render can be reused (a batch); nil rasterizes afresh.
    public var screenCaches: ScreenCacheStore?

    public init(quality: RenderQuality = .standard, format: OutputFormat = .mp4, workers: Int? = nil, framesInFlight: Int? = nil,
                converterThreads: Int = 1, converter: ColorConversion = .simd, rawFrames: URL? = nil,
                compositesEveryFrame: Bool = false, screenCaches: ScreenCacheStore? = nil) {
        self.quality = quality
        self.format = format
        self.workers = workers
        self.framesInFlight = framesInFlight
        self.converterThreads = converterThreads
        self.converter = converter
        self.rawFrames = rawFrames
        self.compositesEveryFrame = compositesEveryFrame
        self.screenCaches = screenCaches
    }

    /// The number of worker threads this render uses.
    public var resolvedWorkers: Int {
        max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The memory the frame buffers between the workers and the encoder may take by default: four
    /// 1170 x 2532 frames for two workers. Measured against 32 MB (seven such frames): the 10 s
    /// render the same speed (5.8-5.9 s against 5.9-6.0 s) at 15 MB less peak memory, as the
    /// encoder, not the ring, sets the pace.
    public static let ringBudgetBytes = 18 << 20

    /// The number of frame buffers between the workers and the encoder, for buffers of
    /// `bytesPerFrame` bytes: `framesInFlight` when set, else as many as `ringBudgetBytes` holds,
    /// at least two per worker (one filling, one waiting) and at most eight.
    ///
    /// The encoder is not busy at an even pace: libx264's threads leave a core idle in bursts
    /// and take both in others. A deeper ring lets the workers, which run at the lowest priority,
    /// fill the idle bursts ahead of the busy ones, so the encoder waits less for frames. At
    /// 394 x 852 (0.5 MB a frame) the scroll benchmark's encoder waited 107 ms of 447 with 4
    /// buffers and 50 ms with 16 (`render --stats`); at 1170 x 2532 (4.4 MB) the budget's 7
    /// buffers keep a 10-second render under its memory target.
    public func resolvedFramesInFlight(bytesPerFrame: Int) -> Int {
        if let framesInFlight { return max(1, framesInFlight) }
        let workers = resolvedWorkers
        return min(max(Self.ringBudgetBytes / max(bytesPerFrame, 1), 2 * workers), 8 * workers)
    }
}

/// The RGB -> YUV conversions a render can use (`YUVConverter.Path`): Segue's SIMD kernel, or
/// libswscale's bit-exact path for comparison (`render --converter`, a hidden option for `scripts/bench`).
public enum ColorConversion: String, Sendable, CaseIterable {
    case simd
    case swscale

    var path: YUVConverter.Path {
        switch self {
        case .simd: .simd
        case .swscale: .swscale
        }
    }
}
