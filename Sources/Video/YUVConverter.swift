/// Converts Cairo ARGB32 frames (B,G,R,A bytes on little-endian) to BT.709 limited-range yuv420p.
///
/// Wraps one libswscale context (`SwscaleContext`). Input is full-range RGB; alpha is ignored,
/// so premultiplied pixels come out composited over black. Chroma is computed at full
/// horizontal resolution and filtered bilinearly; the bit-exact, accurate rounding mode makes
/// the output identical on every CPU and for any number of `threads`.
///
/// A converter is not synchronized: give each worker thread its own.
public final class YUVConverter: @unchecked Sendable {
    /// Width of the frames this converter accepts.
    public let width: Int
    /// Height of the frames this converter accepts.
    public let height: Int
    /// libswscale slice threads per frame; 1 converts on the calling thread.
    public let threads: Int

    private let context: SwscaleContext

    /// Creates a converter for frames of exactly `width` x `height` pixels.
    ///
    /// Both must be even and at least `VideoSettings.minimumDimension`. With `threads` above 1,
    /// libswscale splits each frame into slices converted on threads of its own: the same bytes
    /// and about the same CPU time, in less wall time. Where several converters already run in
    /// parallel (the render pipeline's workers), 1 is as fast.
    public init(width: Int, height: Int, threads: Int = 1) throws {
        guard width >= VideoSettings.minimumDimension, height >= VideoSettings.minimumDimension,
              width <= 16384, height <= 16384,
              width.isMultiple(of: 2), height.isMultiple(of: 2) else {
            throw VideoError.invalidSettings(
                "converter size \(width)x\(height) must be even and between \(VideoSettings.minimumDimension) and 16384")
        }
        guard (1...64).contains(threads) else {
            throw VideoError.invalidSettings("converter threads \(threads) is out of range 1...64")
        }
        self.width = width
        self.height = height
        self.threads = threads
        context = try SwscaleContext(width: width, height: height, threads: threads)
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
        try context.convert(bgra: bgra, stride: stride, into: frame)
    }
}
