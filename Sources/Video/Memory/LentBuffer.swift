internal import CFFmpeg

/// Lends memory the caller owns to an AVFrame as a reference-counted buffer that never frees.
///
/// libavcodec then reads the planes where they are instead of copying them into a fresh buffer
/// whose row padding is uninitialized (which an encoder may read, making the output differ from
/// run to run). Returns nil when FFmpeg is out of memory.
func lentBuffer(_ storage: UnsafeMutableRawPointer, byteCount: Int) -> UnsafeMutablePointer<AVBufferRef>? {
    av_buffer_create(storage.assumingMemoryBound(to: UInt8.self), byteCount, { _, _ in }, nil, 0)
}

/// Sends `frame` (whose buffers were lent with `lentBuffer`) to `codec`, then clears it, and
/// checks that the encoder kept no reference to memory it was only lent for the call.
func sendLentFrame(_ frame: UnsafeMutablePointer<AVFrame>, to codec: CodecContext) throws {
    defer { av_frame_unref(frame) }
    try check(avcodec_send_frame(codec.pointer, frame), "avcodec_send_frame")
    let kept = withUnsafePointer(to: frame.pointee.buf) { buffers in
        buffers.withMemoryRebound(to: UnsafeMutablePointer<AVBufferRef>?.self, capacity: 8) { buffers in
            (0..<8).contains { index in buffers[index].map { av_buffer_get_ref_count($0) != 1 } ?? false }
        }
    }
    if kept {
        throw VideoError.writerClosed("the encoder kept a reference to a frame it was lent")
    }
}
