internal import CFFmpeg

/// An owned libx264 encoder context configured from `VideoSettings`.
final class CodecContext {
    /// The context; owned, freed in deinit.
    let pointer: UnsafeMutablePointer<AVCodecContext>

    /// Finds libx264 and opens it for yuv420p BT.709 limited-range frames at a constant `settings.fps`.
    ///
    /// SPS and PPS go into extradata (a global header), as MP4's avcC box requires.
    init(settings: VideoSettings) throws {
        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw VideoError.unavailable("this FFmpeg build has no libx264 encoder")
        }
        guard let pointer = avcodec_alloc_context3(codec) else {
            throw VideoError.ffmpeg(operation: "avcodec_alloc_context3", code: segue_averror_enomem(),
                                    message: ffmpegErrorText(segue_averror_enomem()))
        }
        self.pointer = pointer

        let context = pointer
        context.pointee.width = Int32(settings.width)
        context.pointee.height = Int32(settings.height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: 1, den: Int32(settings.fps))
        context.pointee.framerate = AVRational(num: Int32(settings.fps), den: 1)
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = AVCOL_RANGE_MPEG
        context.pointee.chroma_sample_location = AVCHROMA_LOC_LEFT
        context.pointee.thread_count = Int32(settings.threads)
        context.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT) | Int32(AV_CODEC_FLAG_GLOBAL_HEADER)

        // No B-frames: with them, Debian's libx264 (core 164) gives a different first I-frame
        // (another QP) for the same input when several encoders run one after another in one
        // process, so outputs were not byte-identical across a batch. Measured: 16 sequential
        // encodes of one clip gave 2 distinct outputs with bframes=3 and 1 with bframes=0, at the
        // same size within 0.3 %. P-only streams also decode with no reordering delay.
        let options = try OptionsDictionary([
            "preset": settings.preset, "crf": String(settings.crf), "x264-params": "bframes=0",
        ])
        let opened = avcodec_open2(context, codec, &options.pointer)
        guard opened >= 0 else {
            throw VideoError.invalidSettings(
                "libx264 cannot open with preset \"\(settings.preset)\", crf \(settings.crf), "
                + "\(settings.width)x\(settings.height) at \(settings.fps) fps: \(ffmpegErrorText(opened))")
        }
        let unused = options.remainingKeys
        guard unused.isEmpty else {
            throw VideoError.unavailable("libx264 ignored the options \(unused.joined(separator: ", "))")
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }
}
