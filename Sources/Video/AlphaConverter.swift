internal import CFFmpeg

/// Converts Cairo ARGB32 frames (premultiplied, B,G,R,A bytes on little-endian) to yuva444p10le
/// for ProRes 4444: colors un-premultiplied, BT.709 limited range, alpha kept (0 and 255 stay
/// fully transparent and fully opaque).
///
/// libswscale with bit-exact, accurate rounding, so the output is the same on every CPU. Not
/// synchronized: give each worker thread its own.
public final class AlphaConverter: @unchecked Sendable {
    public let width: Int
    public let height: Int

    private let context: OpaquePointer
    /// Straight-alpha BGRA, the libswscale input.
    private var straight: [UInt8]

    /// A converter for frames of exactly `width` x `height` pixels (any size from 1 to 16384).
    public init(width: Int, height: Int) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw VideoError.invalidSettings("converter size \(width)x\(height) must be between 1 and 16384")
        }
        let flags = SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT | SWS_FULL_CHR_H_INP
        guard let context = sws_alloc_context() else {
            throw VideoError.ffmpeg(operation: "sws_alloc_context", code: segue_averror_enomem(),
                                    message: ffmpegErrorText(segue_averror_enomem()))
        }
        let raw = UnsafeMutableRawPointer(context)
        let configured = av_opt_set_int(raw, "srcw", Int64(width), 0) >= 0
            && av_opt_set_int(raw, "srch", Int64(height), 0) >= 0
            && av_opt_set_int(raw, "src_format", Int64(AV_PIX_FMT_BGRA.rawValue), 0) >= 0
            && av_opt_set_int(raw, "dstw", Int64(width), 0) >= 0
            && av_opt_set_int(raw, "dsth", Int64(height), 0) >= 0
            && av_opt_set_int(raw, "dst_format", Int64(AV_PIX_FMT_YUVA444P10LE.rawValue), 0) >= 0
            && av_opt_set_int(raw, "sws_flags", Int64(flags), 0) >= 0
            && av_opt_set_int(raw, "threads", 1, 0) >= 0
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        guard configured, sws_init_context(context, nil, nil) >= 0,
              sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) >= 0 else {
            sws_freeContext(context)
            throw VideoError.unavailable("libswscale cannot convert BGRA to yuva444p10le at \(width)x\(height)")
        }
        self.width = width
        self.height = height
        self.context = context
        straight = [UInt8](repeating: 0, count: width * height * 4)
    }

    deinit {
        sws_freeContext(context)
    }

    /// Converts one frame of `width` x `height` premultiplied pixels, `stride` bytes per row, into `frame`.
    public func convert(premultipliedBGRA bgra: UnsafePointer<UInt8>, stride: Int, into frame: AlphaFrame) throws {
        guard frame.width == width, frame.height == height else {
            throw VideoError.invalidFrame("AlphaFrame is \(frame.width)x\(frame.height) but the converter expects \(width)x\(height)")
        }
        guard stride >= width * 4, stride <= Int(Int32.max) else {
            throw VideoError.invalidFrame("stride \(stride) is smaller than \(width) pixels x 4 bytes")
        }
        let width = self.width, height = self.height
        straight.withUnsafeMutableBufferPointer { out in
            guard let out = out.baseAddress else { return }
            for y in 0..<height {
                let row = bgra + y * stride, target = out + y * width * 4
                for x in 0..<width {
                    let i = x * 4
                    let a = UInt32(row[i + 3])
                    if a == 255 || a == 0 {
                        target[i] = row[i]; target[i + 1] = row[i + 1]; target[i + 2] = row[i + 2]
                    } else {
                        target[i] = UInt8(min((UInt32(row[i]) * 255 + a / 2) / a, 255))
                        target[i + 1] = UInt8(min((UInt32(row[i + 1]) * 255 + a / 2) / a, 255))
                        target[i + 2] = UInt8(min((UInt32(row[i + 2]) * 255 + a / 2) / a, 255))
                    }
                    target[i + 3] = UInt8(a)
                }
            }
        }
        let rows = try straight.withUnsafeBufferPointer { input in
            var sources: [UnsafePointer<UInt8>?] = [input.baseAddress, nil, nil, nil]
            var sourceStrides: [Int32] = [Int32(width * 4), 0, 0, 0]
            var destinations: [UnsafeMutablePointer<UInt8>?] = frame.planes
            var destinationStrides = [Int32](repeating: Int32(frame.stride), count: 4)
            return try check(sws_scale(context, &sources, &sourceStrides, 0, Int32(height), &destinations, &destinationStrides),
                             "sws_scale")
        }
        guard rows == Int32(height) else {
            throw VideoError.invalidFrame("libswscale produced \(rows) of \(height) rows")
        }
    }
}
