internal import CFFmpeg

/// An owned, opened libavcodec encoder context: libx264 or libx265 from `VideoSettings`, or any
/// encoder configured by the caller (ProRes, GIF).
final class CodecContext {
    /// The context; owned, freed in deinit.
    let pointer: UnsafeMutablePointer<AVCodecContext>

    /// Finds the encoder `name`, lets `configure` set the context's fields, then opens it with
    /// `options`; throws if any option is left unused.
    init(encoder name: String, options: KeyValuePairs<String, String>,
         configure: (UnsafeMutablePointer<AVCodecContext>) -> Void) throws {
        DeterministicAllocations.ensure()
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw VideoError.unavailable("this FFmpeg build has no \(name) encoder")
        }
        guard let pointer = avcodec_alloc_context3(codec) else {
            throw VideoError.ffmpeg(operation: "avcodec_alloc_context3", code: segue_averror_enomem(),
                                    message: ffmpegErrorText(segue_averror_enomem()))
        }
        self.pointer = pointer
        configure(pointer)
        let dictionary = try OptionsDictionary(options)
        let opened = avcodec_open2(pointer, codec, &dictionary.pointer)
        guard opened >= 0 else {
            let settings = options.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
            throw VideoError.invalidSettings(
                "\(name) cannot open with \(settings), \(pointer.pointee.width)x\(pointer.pointee.height): "
                + ffmpegErrorText(opened))
        }
        let unused = dictionary.remainingKeys
        guard unused.isEmpty else {
            throw VideoError.unavailable("\(name) ignored the options \(unused.joined(separator: ", "))")
        }
    }

    /// Opens libx264 or libx265 (`settings.codec`) for yuv420p BT.709 limited-range frames at a
    /// constant `settings.fps`.
    ///
    /// The parameter sets go into extradata (a global header), as MP4's avcC and hvcC boxes require.
    convenience init(settings: VideoSettings) throws {
        try self.init(encoder: settings.codec.encoderName, options: Self.options(for: settings)) { context in
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
        }
    }

    /// The encoder's private options for `settings`.
    private static func options(for settings: VideoSettings) -> KeyValuePairs<String, String> {
        switch settings.codec {
        case .h264:
            // No B-frames: with them, Debian's libx264 (core 164) gives a different first I-frame
            // (another QP) for the same input when several encoders run one after another in one
            // process, so outputs were not byte-identical across a batch. Measured: 16 sequential
            // encodes of one clip gave 2 distinct outputs with bframes=3 and 1 with bframes=0, at the
            // same size within 0.3 %. P-only streams also decode with no reordering delay.
            //
            // At the standard preset, a lookahead of 5 frames (veryfast's is 10; `high`'s slow preset
            // keeps its 50, as quality is what it is chosen for), and at every preset no extra
            // threaded lookahead: every frame
            // in libx264's lookahead is a full copy of its planes with a quarter-size copy for the
            // motion search, about 10 MB at 1170 x 2532, and memory for what frames show is the
            // budget a long scene must stay within. Measured on 1180 x 2556 renders: peak memory
            // 53 MB lower (`sync-lookahead=0` alone, 17 MB, gives byte-identical streams); the
            // streams of three app flows 6-9 % smaller at 0.6-1.0 dB lower PSNR (48-50 dB) and
            // SSIM within 0.0003; a 10 s still-heavy clip the same size and SSIM.
            let lookahead = settings.preset == "veryfast" ? ":rc-lookahead=5" : ""
            return ["preset": settings.preset, "crf": String(settings.crf),
                    "x264-params": "bframes=0:sync-lookahead=0" + lookahead]
        case .hevc:
            // libx265 ignores thread_count: its own thread pool (`pools`) and frame threads are
            // fixed here, so the bytes never depend on the machine's cores. `info=0` leaves out the
            // SEI that records the encoder's build and options; `log-level=error` silences its own
            // logger, which does not go through av_log.
            let params = "pools=\(settings.threads):frame-threads=\(settings.threads):info=0:log-level=error"
            return ["preset": settings.preset, "crf": String(settings.crf), "x265-params": params]
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }
}
