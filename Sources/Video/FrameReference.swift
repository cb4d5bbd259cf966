internal import CFFmpeg

/// An owned AVFrame header that encoders fill with borrowed planes for one call at a time.
final class FrameReference {
    /// The frame header; owned, freed in deinit. It never owns pixel buffers.
    let pointer: UnsafeMutablePointer<AVFrame>

    /// Allocates an empty frame header.
    init() throws {
        guard let pointer = av_frame_alloc() else {
            throw VideoError.ffmpeg(operation: "av_frame_alloc", code: segue_averror_enomem(),
                                    message: ffmpegErrorText(segue_averror_enomem()))
        }
        self.pointer = pointer
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// Points `frame` at `yuv`'s planes (yuv420p, BT.709 limited range), lent through a
    /// reference-counted buffer that never frees, so libavcodec uses them as they are instead of
    /// copying them into a fresh buffer whose row padding would be uninitialized memory. Send it
    /// with `sendLentFrame`, which checks that the encoder kept no reference.
    static func lend(_ yuv: YUVFrame, into frame: UnsafeMutablePointer<AVFrame>) throws {
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(yuv.width)
        frame.pointee.height = Int32(yuv.height)
        frame.pointee.data.0 = yuv.y
        frame.pointee.data.1 = yuv.u
        frame.pointee.data.2 = yuv.v
        frame.pointee.linesize.0 = Int32(yuv.lumaStride)
        frame.pointee.linesize.1 = Int32(yuv.chromaStride)
        frame.pointee.linesize.2 = Int32(yuv.chromaStride)
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.chroma_location = AVCHROMA_LOC_LEFT
        frame.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        guard let buffer = lentBuffer(yuv.storage, byteCount: yuv.byteCount) else {
            throw VideoError.ffmpeg(operation: "av_buffer_create", code: segue_averror_enomem(),
                                    message: ffmpegErrorText(segue_averror_enomem()))
        }
        frame.pointee.buf.0 = buffer
    }
}
