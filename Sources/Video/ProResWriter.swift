import Foundation
internal import CFFmpeg
import Workers

/// Encodes `AlphaFrame`s to a ProRes 4444 QuickTime movie with alpha: `prores_ks`, profile 4444,
/// yuva444p10le, 16-bit alpha, BT.709, vendor `apl0` so Apple's tools treat it as their own.
///
/// Staged like `MP4Writer`: nothing appears at `destination` until `finish()` succeeds. The
/// encoder's slice threads are fixed at `threads`; slices are coded independently, so the
/// bytes do not depend on them or on the machine. Not synchronized.
public final class ProResWriter {
    public let destination: URL
    public let width: Int
    public let height: Int
    public let fps: Int
    public var framesWritten: Int { file.framesWritten }

    private let file: EncodedFile

    /// Opens the encoder and starts a temporary `.mov` beside `destination`.
    public init(destination: URL, width: Int, height: Int, fps: Int, threads: Int = 2) throws {
        guard (2...16384).contains(width), (2...16384).contains(height), width.isMultiple(of: 2) else {
            throw VideoError.invalidSettings("ProRes frame size \(width)x\(height) must be even in width and between 2 and 16384")
        }
        guard (1...1000).contains(fps), WorkerPool.threadRange.contains(threads) else {
            throw VideoError.invalidSettings("fps \(fps) or threads \(threads) out of range")
        }
        let codec = try CodecContext(encoder: "prores_ks", options: ["profile": "4444", "vendor": "apl0", "alpha_bits": "16"]) {
            context in
            context.pointee.width = Int32(width)
            context.pointee.height = Int32(height)
            context.pointee.pix_fmt = AV_PIX_FMT_YUVA444P10LE
            context.pointee.time_base = AVRational(num: 1, den: Int32(fps))
            context.pointee.framerate = AVRational(num: Int32(fps), den: 1)
            context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
            context.pointee.color_primaries = AVCOL_PRI_BT709
            context.pointee.color_trc = AVCOL_TRC_BT709
            context.pointee.colorspace = AVCOL_SPC_BT709
            context.pointee.color_range = AVCOL_RANGE_MPEG
            context.pointee.thread_count = Int32(threads)
            context.pointee.thread_type = FF_THREAD_SLICE
            context.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        }
        // The encoder's own tag ('ap4h' for 4444) goes into the sample entry. No faststart: a
        // ProRes movie is for editing, not streaming, and moving its index would copy the file.
        file = try EncodedFile(destination: destination, codec: codec, muxer: "mov", codecTag: nil, fps: fps, options: [:])
        self.destination = file.destination
        self.width = width
        self.height = height
        self.fps = fps
    }

    /// Encodes one frame; `frame` may be reused once this returns.
    public func append(_ frame: AlphaFrame) throws {
        guard frame.width == width, frame.height == height else {
            throw VideoError.invalidFrame("AlphaFrame is \(frame.width)x\(frame.height) but the movie is \(width)x\(height)")
        }
        try file.send { avFrame in
            guard let buffer = lentBuffer(frame.storage, byteCount: frame.byteCount) else {
                throw VideoError.ffmpeg(operation: "av_buffer_create", code: segue_averror_enomem(),
                                        message: ffmpegErrorText(segue_averror_enomem()))
            }
            avFrame.pointee.buf.0 = buffer
            avFrame.pointee.format = AV_PIX_FMT_YUVA444P10LE.rawValue
            avFrame.pointee.width = Int32(width)
            avFrame.pointee.height = Int32(height)
            avFrame.pointee.data.0 = frame.planes[0]
            avFrame.pointee.data.1 = frame.planes[1]
            avFrame.pointee.data.2 = frame.planes[2]
            avFrame.pointee.data.3 = frame.planes[3]
            avFrame.pointee.linesize.0 = Int32(frame.stride)
            avFrame.pointee.linesize.1 = Int32(frame.stride)
            avFrame.pointee.linesize.2 = Int32(frame.stride)
            avFrame.pointee.linesize.3 = Int32(frame.stride)
            avFrame.pointee.color_primaries = AVCOL_PRI_BT709
            avFrame.pointee.color_trc = AVCOL_TRC_BT709
            avFrame.pointee.colorspace = AVCOL_SPC_BT709
            avFrame.pointee.color_range = AVCOL_RANGE_MPEG
            avFrame.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        }
    }

    /// Flushes the encoder, writes the index and renames the movie into place.
    public func finish() throws {
        try file.finish()
    }
}
