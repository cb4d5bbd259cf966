import Foundation
internal import CFFmpeg

/// One encoder feeding one muxer that writes a staged file: what `MP4Writer`, `ProResWriter` and `GIFWriter` share.
///
/// Frames go in through `send(_:)`, whose closure fills a lent frame header; `finish()` drains
/// the encoder, writes the trailer and renames the file into place. After any error the
/// temporary file is removed and every later call throws `VideoError.writerClosed`.
final class EncodedFile {
    let destination: URL
    let codec: CodecContext
    private(set) var framesWritten = 0

    private let stagedFile: StagedFile
    private let format: FormatContext
    private let packet: Packet
    private let frame: FrameReference
    private var failure: String?
    private var isFinished = false

    /// Opens `codec`'s output as a `muxer` file staged beside `destination`, with the muxer's `options`.
    init(destination: URL, codec: CodecContext, muxer: String, codecTag: UInt32?, fps: Int,
         options: KeyValuePairs<String, String>) throws {
        FFmpegLogging.errorsOnly
        let stagedFile = try StagedFile(destination: destination)
        let format = try FormatContext(path: "file:" + stagedFile.temporaryPath, muxer: muxer, codec: codec,
                                       codecTag: codecTag, fps: fps)
        try format.writeHeader(options: options)
        self.destination = stagedFile.destination
        self.codec = codec
        self.stagedFile = stagedFile
        self.format = format
        packet = try Packet()
        frame = try FrameReference()
    }

    deinit {
        format.abandon()
        stagedFile.discard()
    }

    /// Lets `fill` set up the frame, stamps it with the next presentation time and encodes it.
    ///
    /// With `lent`, `fill` points the frame at planes it lends (see `lentBuffer`), and the
    /// encoder must not keep them; otherwise `fill` gives the frame buffers of its own (for
    /// encoders that keep the previous frame, like GIF's), which the encoder may keep.
    func send(lent: Bool = true, _ fill: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        try ensureOpen()
        do {
            try fill(frame.pointer)
            frame.pointer.pointee.pts = Int64(framesWritten)
            if lent {
                try sendLentFrame(frame.pointer, to: codec)
            } else {
                defer { av_frame_unref(frame.pointer) }
                try check(avcodec_send_frame(codec.pointer, frame.pointer), "avcodec_send_frame")
            }
            try writeEncodedPackets()
            framesWritten += 1
        } catch {
            abandon(because: error)
            throw error
        }
    }

    /// Flushes the encoder, writes the trailer, closes the file and renames it into place.
    func finish() throws {
        try ensureOpen()
        do {
            guard framesWritten > 0 else {
                throw VideoError.invalidFrame("finish() was called before any frame was appended")
            }
            try check(avcodec_send_frame(codec.pointer, nil), "flushing the encoder")
            try writeEncodedPackets()
            try format.writeTrailerAndClose()
            try stagedFile.commit()
            isFinished = true
        } catch {
            abandon(because: error)
            throw error
        }
    }

    private func writeEncodedPackets() throws {
        let timeBase = codec.pointer.pointee.time_base
        while true {
            let status = avcodec_receive_packet(codec.pointer, packet.pointer)
            if status == segue_averror_eagain() || status == segue_averror_eof() { return }
            try check(status, "avcodec_receive_packet")
            // Every frame lasts exactly one tick of 1/fps.
            if packet.pointer.pointee.duration == 0 { packet.pointer.pointee.duration = 1 }
            try format.write(packet, timeBase: timeBase)
        }
    }

    /// Throws `VideoError.writerClosed` unless the file still accepts frames.
    func checkOpen() throws {
        try ensureOpen()
    }

    private func ensureOpen() throws {
        if isFinished { throw VideoError.writerClosed("finish() was already called for \(destination.path)") }
        if let failure {
            throw VideoError.writerClosed("an earlier error stopped the writer for \(destination.path): \(failure)")
        }
    }

    /// Stops the file unfinished and removes the temporary now; every later call throws.
    func discard() {
        guard !isFinished, failure == nil else { return }
        abandon(because: VideoError.writerClosed("discarded"))
    }

    private func abandon(because error: Error) {
        failure = String(describing: error)
        format.abandon()
        stagedFile.discard()
    }
}
