import Workers
/// The size, frame rate and encoder knobs of one H.264 or HEVC MP4 file.
///
/// The initializer accepts any values; `MP4Writer` validates them and throws
/// `VideoError.invalidSettings` for values it cannot encode (odd or tiny
/// dimensions, a non-positive frame rate, a CRF outside 0...51, ...).
public struct VideoSettings: Sendable, Hashable {
    /// Frame width in pixels; must be even and at least `minimumDimension`.
    public var width: Int
    /// Frame height in pixels; must be even and at least `minimumDimension`.
    public var height: Int
    /// Frames per second; the file has a constant frame rate of exactly this.
    public var fps: Int
    /// Constant rate factor, 0 (lossless) ... 51 (worst); default 18.
    public var crf: Int
    /// Speed preset, e.g. "ultrafast", "veryfast", "medium" (x264 and x265 share the names); default "veryfast".
    public var preset: String
    /// H.264 (the default) or HEVC.
    public var codec: VideoCodec
    /// Encoder threads; fixed (never "auto") so the output bytes do not depend on the machine.
    public var threads: Int

    /// The smallest width or height the writer accepts.
    public static let minimumDimension = 16

    /// Creates settings; nothing is validated until an `MP4Writer` uses them.
    public init(width: Int, height: Int, fps: Int, crf: Int = 18, preset: String = "veryfast", threads: Int = 2,
                codec: VideoCodec = .h264) {
        self.width = width
        self.height = height
        self.fps = fps
        self.crf = crf
        self.preset = preset
        self.threads = threads
        self.codec = codec
    }

    /// Throws `VideoError.invalidSettings` describing the first value that cannot be encoded.
    func validate() throws {
        func fail(_ message: String) -> VideoError { .invalidSettings(message) }
        let minimum = Self.minimumDimension
        guard width >= minimum, height >= minimum else {
            throw fail("frame size \(width)x\(height) is too small; width and height must be at least \(minimum)")
        }
        guard width <= 16384, height <= 16384 else {
            throw fail("frame size \(width)x\(height) is too large; width and height must be at most 16384")
        }
        guard width.isMultiple(of: 2), height.isMultiple(of: 2) else {
            throw fail("frame size \(width)x\(height) has an odd dimension; yuv420p needs even width and height")
        }
        guard (1...1000).contains(fps) else {
            throw fail("fps \(fps) is out of range 1...1000")
        }
        guard (0...51).contains(crf) else {
            throw fail("crf \(crf) is out of range 0...51")
        }
        guard WorkerPool.threadRange.contains(threads) else {
            throw fail("threads \(threads) is out of range \(WorkerPool.threadRange)")
        }
        guard !preset.isEmpty, preset.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw fail("preset \"\(preset)\" is not an \(codec.encoderName) preset name")
        }
    }
}
