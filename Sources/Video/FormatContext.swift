internal import CFFmpeg

/// An owned muxer context (MP4, MOV or GIF) with one video stream, writing to a file path.
final class FormatContext {
    /// The muxer context; owned, freed (and its file closed) in deinit.
    let pointer: UnsafeMutablePointer<AVFormatContext>
    /// The single video stream, owned by `pointer`.
    let stream: UnsafeMutablePointer<AVStream>

    /// Creates a `muxer` ("mp4", "mov", "gif") for `path` with one stream described by `codec`,
    /// tagged `codecTag` when given, and opens the file.
    ///
    /// The file exists on disk once this returns; closing and removing it are the caller's job.
    init(path: String, muxer: String = "mp4", codec: CodecContext, codecTag: UInt32? = segue_codec_tag_avc1(),
         fps: Int) throws {
        var allocated: UnsafeMutablePointer<AVFormatContext>? = nil
        try check(avformat_alloc_output_context2(&allocated, nil, muxer, path), "avformat_alloc_output_context2 \(muxer)")
        guard let pointer = allocated else {
            throw VideoError.unavailable("this FFmpeg build has no \(muxer) muxer")
        }
        guard let stream = avformat_new_stream(pointer, nil) else {
            avformat_free_context(pointer)
            throw VideoError.ffmpeg(operation: "avformat_new_stream", code: segue_averror_enomem(),
                                    message: ffmpegErrorText(segue_averror_enomem()))
        }
        self.pointer = pointer
        self.stream = stream
        // From here on `self` is fully initialized, so deinit frees the context if a step throws.

        // No library version strings or dates in the file.
        pointer.pointee.flags |= AVFMT_FLAG_BITEXACT
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec.pointer),
                  "avcodec_parameters_from_context")
        if let codecTag { stream.pointee.codecpar.pointee.codec_tag = codecTag }
        stream.pointee.time_base = AVRational(num: 1, den: Int32(fps))
        stream.pointee.avg_frame_rate = AVRational(num: Int32(fps), den: 1)
        stream.pointee.r_frame_rate = AVRational(num: Int32(fps), den: 1)

        try check(avio_open(&pointer.pointee.pb, path, AVIO_FLAG_WRITE), "opening \(path) for writing")
    }

    deinit {
        if pointer.pointee.pb != nil {
            avio_closep(&pointer.pointee.pb)
        }
        avformat_free_context(pointer)
    }

    /// Writes the file header with the muxer's `options`; the default, `movflags=+faststart`,
    /// moves an MP4's or MOV's moov atom to the front in `writeTrailerAndClose()`.
    func writeHeader(options entries: KeyValuePairs<String, String> = ["movflags": "+faststart"]) throws {
        let options = try OptionsDictionary(entries)
        try check(avformat_write_header(pointer, &options.pointer), "avformat_write_header")
        let unused = options.remainingKeys
        guard unused.isEmpty else {
            let name = String(cString: pointer.pointee.oformat.pointee.name)
            throw VideoError.unavailable("the \(name) muxer ignored the options \(unused.joined(separator: ", "))")
        }
    }

    /// Muxes one encoded packet (timestamps in `timeBase`), taking over its contents.
    func write(_ packet: Packet, timeBase: AVRational) throws {
        av_packet_rescale_ts(packet.pointer, timeBase, stream.pointee.time_base)
        packet.pointer.pointee.stream_index = stream.pointee.index
        try check(av_interleaved_write_frame(pointer, packet.pointer), "av_interleaved_write_frame")
    }

    /// Writes the trailer (the moov atom, moved to the front) and closes the file.
    func writeTrailerAndClose() throws {
        try check(av_write_trailer(pointer), "av_write_trailer")
        try check(avio_closep(&pointer.pointee.pb), "closing the video file")
    }

    /// Closes the file without finishing it; used when giving up.
    func abandon() {
        if pointer.pointee.pb != nil {
            avio_closep(&pointer.pointee.pb)
        }
    }
}
