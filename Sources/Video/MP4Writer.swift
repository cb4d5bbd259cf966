import Foundation
internal import CFFmpeg

/// Encodes frames to an H.264 or HEVC MP4 file (`VideoSettings.codec`): libx264 or libx265,
/// yuv420p, BT.709 limited range, constant frame rate.
///
/// The file is written to a hidden temporary file beside `destination` and
/// renamed into place only by `finish()`, so a crash or an error never leaves
/// a half-written video behind. The output is deterministic: the same frames
/// and settings give the same bytes on every run and machine (fixed thread
/// count, bit-exact flags, no timestamps in the file). The moov atom is at the
/// front (`movflags=+faststart`) and the sample entry is tagged `avc1` (H.264) or `hvc1` (HEVC).
///
/// A writer is not synchronized; use it from one thread at a time.
public final class MP4Writer {
    /// Where `finish()` puts the video.
    public let destination: URL
    /// The settings the writer was created with (already validated).
    public let settings: VideoSettings
    /// How many frames the encoder has accepted so far.
    public private(set) var framesWritten = 0

    /// The temporary file and its final rename.
    private let stagedFile: StagedFile
    /// The libx264 encoder.
    private let codec: CodecContext
    /// The MP4 muxer writing to `stagedFile`.
    private let format: FormatContext
    /// Reused for every encoded packet.
    private let packet: Packet
    /// Reused to hand `YUVFrame`s to the encoder.
    private let input: FrameReference
    /// Converts frames passed to `append(bgra:stride:)`; made on its first use, so a writer fed
    /// only `append(yuv:)` (the parallel pipeline) holds no conversion state or 4:2:0 frame.
    private var bgraPath: (converter: YUVConverter, scratch: YUVFrame)?
    /// Whether the writer still accepts calls.
    private var state = State.open

    /// The writer's life cycle.
    private enum State {
        /// Accepting frames.
        case open
        /// `finish()` succeeded.
        case finished
        /// An encoder or file error ended the writer; the temporary file is gone.
        case failed(String)
    }

    /// Validates `settings`, opens the encoder and starts a temporary file beside `destination`.
    ///
    /// Throws `VideoError` (and leaves nothing on disk) if the settings are
    /// invalid, the destination folder does not exist or the encoder cannot open.
    public init(destination: URL, settings: VideoSettings) throws {
        FFmpegLogging.errorsOnly
        try settings.validate()
        let stagedFile = try StagedFile(destination: destination)
        // Open the encoder before creating any file, so a bad preset leaves nothing behind.
        let codec = try CodecContext(settings: settings)
        let packet = try Packet()
        let input = try FrameReference()
        let tag = settings.codec == .hevc ? segue_codec_tag_hvc1() : segue_codec_tag_avc1()
        let format = try FormatContext(path: "file:" + stagedFile.temporaryPath, codec: codec, codecTag: tag, fps: settings.fps)
        try format.writeHeader()

        self.destination = stagedFile.destination
        self.settings = settings
        self.stagedFile = stagedFile
        self.codec = codec
        self.format = format
        self.packet = packet
        self.input = input
    }

    deinit {
        // Without finish(): close the file, then remove it (the members' own deinits would also do this).
        format.abandon()
        stagedFile.discard()
    }

    /// Encodes one frame of Cairo ARGB32 pixels.
    ///
    /// The pixels are premultiplied and stored B,G,R,A in memory on
    /// little-endian; `stride` bytes separate rows, and the frame is exactly
    /// `settings.width` x `settings.height`. Alpha is ignored (composited over black).
    public func append(bgra: UnsafePointer<UInt8>, stride: Int) throws {
        try ensureOpen()
        let path = try bgraPath ?? (try YUVConverter(width: settings.width, height: settings.height),
                                     YUVFrame(width: settings.width, height: settings.height))
        bgraPath = path
        try path.converter.convert(bgra: bgra, stride: stride, into: path.scratch)
        try append(yuv: path.scratch)
    }

    /// Encodes one frame already converted to yuv420p, e.g. by a `YUVConverter` on a worker thread.
    ///
    /// The pixels are copied; `frame` may be reused once this returns.
    public func append(yuv frame: YUVFrame) throws {
        try ensureOpen()
        guard frame.width == settings.width, frame.height == settings.height else {
            throw VideoError.invalidFrame(
                "YUVFrame is \(frame.width)x\(frame.height) but the video is \(settings.width)x\(settings.height)")
        }
        do {
            try input.borrowing(frame, pts: Int64(framesWritten)) { avFrame in
                try check(avcodec_send_frame(codec.pointer, avFrame), "avcodec_send_frame")
            }
            try writeEncodedPackets()
            framesWritten += 1
        } catch {
            abandon(because: error)
            throw error
        }
    }

    /// Flushes the encoder, writes the moov atom at the front, closes the file and renames it into place.
    ///
    /// Must be called once after the last frame; at least one frame is required.
    /// After an error the temporary file is removed and nothing is written.
    public func finish() throws {
        try ensureOpen()
        do {
            guard framesWritten > 0 else {
                throw VideoError.invalidFrame("finish() was called before any frame was appended")
            }
            try check(avcodec_send_frame(codec.pointer, nil), "flushing the encoder")
            try writeEncodedPackets()
            try format.writeTrailerAndClose()
            try stagedFile.commit()
            state = .finished
        } catch {
            abandon(because: error)
            throw error
        }
    }

    /// Moves every packet the encoder has ready into the file.
    private func writeEncodedPackets() throws {
        let timeBase = codec.pointer.pointee.time_base
        while true {
            let status = avcodec_receive_packet(codec.pointer, packet.pointer)
            if status == segue_averror_eagain() || status == segue_averror_eof() {
                return
            }
            try check(status, "avcodec_receive_packet")
            // libx264 leaves durations unset; every frame lasts exactly one tick of 1/fps.
            if packet.pointer.pointee.duration == 0 {
                packet.pointer.pointee.duration = 1
            }
            try format.write(packet, timeBase: timeBase)
        }
    }

    /// Throws `VideoError.writerClosed` unless the writer still accepts calls.
    private func ensureOpen() throws {
        switch state {
        case .open:
            return
        case .finished:
            throw VideoError.writerClosed("finish() was already called for \(destination.path)")
        case .failed(let reason):
            throw VideoError.writerClosed("an earlier error stopped the writer for \(destination.path): \(reason)")
        }
    }

    /// Ends the writer after `error`: closes and removes the temporary file.
    private func abandon(because error: Error) {
        state = .failed(String(describing: error))
        format.abandon()
        stagedFile.discard()
    }
}
