internal import CFFmpeg

/// Converts Cairo ARGB32 frames (B,G,R,A bytes on little-endian) to BT.709 limited-range yuv420p.
///
/// Wraps one libswscale context. Input is full-range RGB; alpha is ignored, so
/// premultiplied pixels come out composited over black. Chroma is computed at
/// full horizontal resolution and filtered bilinearly; the bit-exact, accurate
/// rounding mode makes the output identical on every CPU.
///
/// A converter is not synchronized: give each worker thread its own.
public final class YUVConverter: @unchecked Sendable {
    /// Width of the frames this converter accepts.
    public let width: Int
    /// Height of the frames this converter accepts.
    public let height: Int

    /// The libswscale context; owned, freed in deinit.
    private let context: OpaquePointer

    /// Creates a converter for frames of exactly `width` x `height` pixels.
    ///
    /// Both must be even and at least `VideoSettings.minimumDimension`.
    public init(width: Int, height: Int) throws {
        guard width >= VideoSettings.minimumDimension, height >= VideoSettings.minimumDimension,
              width <= 16384, height <= 16384,
              width.isMultiple(of: 2), height.isMultiple(of: 2) else {
            throw VideoError.invalidSettings(
                "converter size \(width)x\(height) must be even and between \(VideoSettings.minimumDimension) and 16384")
        }
        let flags = SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT | SWS_FULL_CHR_H_INP
        guard let context = sws_getContext(
            Int32(width), Int32(height), segue_pix_fmt_cairo_argb32(),
            Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
            Int32(flags), nil, nil, nil)
        else {
            throw VideoError.unavailable("libswscale cannot convert ARGB32 to yuv420p at \(width)x\(height)")
        }
        self.width = width
        self.height = height
        self.context = context
        // Full-range RGB in, limited-range BT.709 out; brightness 0, contrast and saturation 1.0 (16.16).
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        guard sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) >= 0 else {
            throw VideoError.unavailable("libswscale cannot use BT.709 coefficients for this conversion")
        }
    }

    deinit {
        sws_freeContext(context)
    }

    /// Converts one frame of `width` x `height` ARGB32 pixels with `stride` bytes per row into `frame`.
    ///
    /// `frame` must have this converter's size; its previous contents are overwritten.
    public func convert(bgra: UnsafePointer<UInt8>, stride: Int, into frame: YUVFrame) throws {
        guard frame.width == width, frame.height == height else {
            throw VideoError.invalidFrame(
                "YUVFrame is \(frame.width)x\(frame.height) but the converter expects \(width)x\(height)")
        }
        guard stride >= width * 4, stride <= Int(Int32.max) else {
            throw VideoError.invalidFrame("stride \(stride) is smaller than \(width) pixels x 4 bytes")
        }
        var sources: [UnsafePointer<UInt8>?] = [bgra, nil, nil, nil]
        var sourceStrides: [Int32] = [Int32(stride), 0, 0, 0]
        var destinations: [UnsafeMutablePointer<UInt8>?] = [frame.y, frame.u, frame.v, nil]
        var destinationStrides: [Int32] = [Int32(frame.lumaStride), Int32(frame.chromaStride), Int32(frame.chromaStride), 0]
        let rows = try check(
            sws_scale(context, &sources, &sourceStrides, 0, Int32(height), &destinations, &destinationStrides),
            "sws_scale")
        guard rows == Int32(height) else {
            throw VideoError.invalidFrame("libswscale produced \(rows) of \(height) rows")
        }
    }
}
