import Workers

/// Converts Cairo ARGB32 frames (B,G,R,A bytes on little-endian) to BT.709 limited-range yuv420p.
///
/// Alpha is ignored, so premultiplied pixels come out composited over black. Two paths, each
/// giving the same bytes on every CPU and for any number of `threads`; they agree to within a
/// code value or two where colours change smoothly (their chroma filters differ at hard edges):
/// - `.simd` (the default): Segue's integer kernel on SIMD vectors (`BT709Kernel`; SSE2
///   intrinsics on x86-64, Swift's SIMD types elsewhere, the same bytes), chroma sited left like
///   MPEG-2; about 2.8x faster than libswscale's bit-exact path (1.65 against 4.70 ms a
///   1170 x 2532 frame here; `render bench/standard.yaml --stats`, with `--converter swscale`).
/// - `.swscale`: libswscale, bilinear, chroma computed at full horizontal resolution,
///   bit-exact with accurate rounding (its fastest path for this pair here: its SIMD paths
///   are not faster and differ between CPUs). Kept for the benchmark's comparison.
///
/// A converter is not synchronized: give each worker thread its own.
///
/// Unchecked Sendable: a worker's converter moves to that worker's thread once and stays there.
public final class YUVConverter: @unchecked Sendable {
    /// Width of the frames this converter accepts.
    public let width: Int
    /// Height of the frames this converter accepts.
    public let height: Int
    /// Slice threads per frame; 1 converts on the calling thread.
    public let threads: Int
    /// Which implementation converts.
    public var path: Path { context == nil ? .simd : .swscale }

    /// An implementation of the conversion.
    public enum Path: String, Sendable, CaseIterable {
        /// Segue's integer SIMD kernel.
        case simd
        /// libswscale, bit-exact.
        case swscale
    }

    /// The libswscale context, for `.swscale` only.
    private let context: SwscaleContext?

    /// Creates a converter for frames of exactly `width` x `height` pixels.
    ///
    /// Both must be even and at least `VideoSettings.minimumDimension`. With `threads` above 1,
    /// each frame is split into bands of rows converted on threads of their own: the same bytes
    /// and about the same CPU time, in less wall time. Where several converters already run in
    /// parallel (the render pipeline's workers), 1 is as fast.
    public init(width: Int, height: Int, threads: Int = 1, path: Path = .simd) throws {
        guard width >= VideoSettings.minimumDimension, height >= VideoSettings.minimumDimension,
              width <= 16384, height <= 16384,
              width.isMultiple(of: 2), height.isMultiple(of: 2) else {
            throw VideoError.invalidSettings(
                "converter size \(width)x\(height) must be even and between \(VideoSettings.minimumDimension) and 16384")
        }
        guard WorkerPool.threadRange.contains(threads) else {
            throw VideoError.invalidSettings("converter threads \(threads) is out of range \(WorkerPool.threadRange)")
        }
        self.width = width
        self.height = height
        self.threads = threads
        context = path == .swscale ? try SwscaleContext(width: width, height: height, threads: threads) : nil
    }

    /// Converts one frame of `width` x `height` ARGB32 pixels with `stride` bytes per row into `frame`.
    ///
    /// `frame` must have this converter's size. With `rowPairs` (pair `p` is rows `2p` and
    /// `2p + 1`, and chroma row `p`), only those rows are converted and the rest of `frame` is
    /// left as it was — for a frame that already holds the conversion of a picture that differs
    /// from this one only there (`Damage.rowPairs`): each pair's bytes depend on its two rows
    /// alone, so the result is the whole frame's conversion. Without `luma`, only the chroma
    /// planes' rows are converted (for a frame whose luma rows are right already: a scroll's rows
    /// moved by an odd number, `RowMove`). The libswscale path, whose filter reaches across
    /// pairs, converts every row of every plane whatever `rowPairs` and `luma` say.
    public func convert(bgra: UnsafePointer<UInt8>, stride: Int, into frame: YUVFrame, rowPairs: [Range<Int>]? = nil,
                        luma: Bool = true) throws {
        guard frame.width == width, frame.height == height else {
            throw VideoError.invalidFrame(
                "YUVFrame is \(frame.width)x\(frame.height) but the converter expects \(width)x\(height)")
        }
        guard stride >= width * 4, stride <= Int(Int32.max) else {
            throw VideoError.invalidFrame("stride \(stride) is smaller than \(width) pixels x 4 bytes")
        }
        if let context {
            try context.convert(bgra: bgra, stride: stride, into: frame)
            return
        }
        let pairs = height / 2
        let ranges = (rowPairs ?? [0..<pairs]).map { $0.clamped(to: 0..<pairs) }.filter { !$0.isEmpty }
        guard threads > 1 else {
            for range in ranges {
                BT709Kernel.convert(bgra: bgra, stride: stride, width: width, pairs: range, into: frame, luma: luma)
            }
            return
        }
        let source = SendablePointer(bgra)
        for range in ranges {
            // Bands of row pairs on the pool's threads: each writes its own rows of the frame's
            // planes, and `map` returns once every band is written.
            let bands = min(threads, range.count)
            let width = width
            _ = try WorkerPool(threads: bands, name: "segue-yuv").map(count: bands, makeWorker: { _ in () }) { _, band in
                let lower = range.lowerBound + range.count * band / bands, upper = range.lowerBound + range.count * (band + 1) / bands
                BT709Kernel.convert(bgra: source.pointer, stride: stride, width: width, pairs: lower..<upper, into: frame,
                                    luma: luma)
            }
        }
    }
}

/// A read-only pixel pointer handed to the slice threads, which only read it while `convert` waits.
///
/// Unchecked Sendable: read only, and only while the caller that owns the pixels waits.
private struct SendablePointer: @unchecked Sendable {
    let pointer: UnsafePointer<UInt8>

    init(_ pointer: UnsafePointer<UInt8>) {
        self.pointer = pointer
    }
}
