internal import CFFmpeg

/// An owned AVFrame that borrows a `YUVFrame`'s planes for the length of one encoder call.
///
/// The frame lends the planes through a reference-counted buffer that never frees; the
/// `YUVFrame` is free again as soon as the call returns.
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

    /// Points the frame at `yuv`'s planes with presentation time `pts`, runs `body`, then clears it.
    func borrowing(_ yuv: YUVFrame, pts: Int64, _ body: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        let frame = pointer
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(yuv.width)
        frame.pointee.height = Int32(yuv.height)
        frame.pointee.data.0 = yuv.y
        frame.pointee.data.1 = yuv.u
        frame.pointee.data.2 = yuv.v
        frame.pointee.linesize.0 = Int32(yuv.lumaStride)
        frame.pointee.linesize.1 = Int32(yuv.chromaStride)
        frame.pointee.linesize.2 = Int32(yuv.chromaStride)
        frame.pointee.pts = pts
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.chroma_location = AVCHROMA_LOC_LEFT
        frame.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        // Hand libavcodec a reference-counted view of the planes, so it uses them as they are
        // instead of copying them into a fresh buffer whose row padding is uninitialized memory
        // (which the encoder may read, making the output differ from run to run). The buffer
        // never frees: the YUVFrame owns the memory.
        guard let buffer = av_buffer_create(yuv.storage.assumingMemoryBound(to: UInt8.self), yuv.byteCount,
                                            { _, _ in }, nil, 0) else {
            throw VideoError.ffmpeg(operation: "av_buffer_create", code: segue_averror_enomem(),
                                    message: ffmpegErrorText(segue_averror_enomem()))
        }
        frame.pointee.buf.0 = buffer
        defer { av_frame_unref(frame) }
        try body(frame)
        // libx264 copies the picture during the call; a reference kept beyond it would see the
        // planes change under it.
        if av_buffer_get_ref_count(buffer) != 1 {
            throw VideoError.writerClosed("the encoder kept a reference to a frame it was lent")
        }
    }
}
