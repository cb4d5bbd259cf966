import Foundation
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
    /// Frames composited but not yet encoded, at most; nil means twice the workers.
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

    /// The number of frame buffers between the workers and the encoder.
    public var resolvedFramesInFlight: Int {
        max(1, framesInFlight ?? 2 * resolvedWorkers)
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
