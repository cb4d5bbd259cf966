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
    public var framesWritten: Int { file.framesWritten }

    /// The encoder, the muxer and the staged file.
    private let file: EncodedFile
    /// Made on the first `append(bgra:stride:)`: callers that convert on their own threads never need it.
    private var bgraPath: (converter: YUVConverter, scratch: YUVFrame)?

    /// Validates `settings`, opens the encoder and starts a temporary file beside `destination`.
    ///
    /// Throws `VideoError` (and leaves nothing on disk) if the settings are
    /// invalid, the destination folder does not exist or the encoder cannot open.
    public init(destination: URL, settings: VideoSettings) throws {
        FFmpegLogging.errorsOnly
        try settings.validate()
        // Open the encoder before creating any file, so a bad preset leaves nothing behind.
        let codec = try CodecContext(settings: settings)
        let tag = settings.codec == .hevc ? segue_codec_tag_hvc1() : segue_codec_tag_avc1()
        file = try EncodedFile(destination: destination, codec: codec, muxer: "mp4", codecTag: tag, fps: settings.fps,
                               options: ["movflags": "+faststart"])
        self.destination = file.destination
        self.settings = settings
    }

    /// Encodes one frame of Cairo ARGB32 pixels.
    ///
    /// The pixels are premultiplied and stored B,G,R,A in memory on
    /// little-endian; `stride` bytes separate rows, and the frame is exactly
    /// `settings.width` x `settings.height`. Alpha is ignored (composited over black).
    public func append(bgra: UnsafePointer<UInt8>, stride: Int) throws {
        try file.checkOpen()
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
        try file.checkOpen()
        guard frame.width == settings.width, frame.height == settings.height else {
            throw VideoError.invalidFrame(
                "YUVFrame is \(frame.width)x\(frame.height) but the video is \(settings.width)x\(settings.height)")
        }
        try file.send { try FrameReference.lend(frame, into: $0) }
    }

    /// Flushes the encoder, writes the moov atom at the front, closes the file and renames it into place.
    ///
    /// Must be called once after the last frame; at least one frame is required.
    /// After an error the temporary file is removed and nothing is written.
    public func finish() throws {
        try file.finish()
    }

    /// Gives up on the video: closes the file and removes the temporary now, rather than when
    /// the last reference to the writer goes (which may be on another thread, after the process
    /// has exited). Every later call throws; after `finish()` it does nothing.
    public func discard() {
        file.discard()
    }
}
