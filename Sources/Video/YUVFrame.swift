import Memory

/// One picture in planar yuv420p (BT.709, limited range), owning its three planes.
///
/// Fill it with `YUVConverter.convert(bgra:stride:into:)` and hand it to
/// `MP4Writer.append(yuv:)`; the writer copies the pixels, so the frame can be
/// refilled right after `append` returns. Rows are padded to a 64-byte stride
/// so SIMD code may safely write a little past the visible width.
///
/// A frame is not synchronized: it may move between threads (for example from
/// a conversion worker to the encoder), but only one thread may use it at a time.
///
/// Unchecked Sendable: for that hand-over; its planes are the owner's to order.
public final class YUVFrame: @unchecked Sendable {
    /// Width of the luma plane in pixels.
    public let width: Int
    /// Height of the luma plane in pixels.
    public let height: Int

    /// Width of each chroma plane: half the width, rounded up.
    let chromaWidth: Int
    /// Height of each chroma plane: half the height, rounded up.
    let chromaHeight: Int
    /// Bytes per row of the Y plane.
    let lumaStride: Int
    /// Bytes per row of the U and V planes.
    let chromaStride: Int
    /// The Y plane.
    let y: UnsafeMutablePointer<UInt8>
    /// The U (Cb) plane.
    let u: UnsafeMutablePointer<UInt8>
    /// The V (Cr) plane.
    let v: UnsafeMutablePointer<UInt8>

    /// The single allocation holding all three planes (mapped: a frame is a few megabytes).
    private let buffer: PixelBuffer
    var storage: UnsafeMutableRawPointer { buffer.bytes }
    /// Bytes in `storage`, including `overreadPadding` after the V plane.
    let byteCount: Int

    /// Row and plane alignment in bytes, enough for any SIMD width FFmpeg uses.
    private static let alignment = 64
    /// Zeroed bytes after the last plane: libswscale's and libx264's SIMD loops may read a little
    /// past the last row, and FFmpeg's own frames (`av_frame_get_buffer`) carry this much
    /// (AV_INPUT_BUFFER_PADDING_SIZE), so those reads see fixed bytes rather than whatever the
    /// heap holds there.
    private static let overreadPadding = 64

    /// One plane's memory: its first byte, the bytes from one row to the next, the bytes of a
    /// row that hold pixels, and its rows.
    public struct Plane {
        public let base: UnsafeMutableRawPointer
        public let stride: Int
        public let rowBytes: Int
        public let rows: Int
    }

    /// The Y, U and V planes, for code that rearranges their rows (a scroll's moved rows);
    /// the same rules as the frame's own hold for them.
    public var planes: (y: Plane, u: Plane, v: Plane) {
        (Plane(base: UnsafeMutableRawPointer(y), stride: lumaStride, rowBytes: width, rows: height),
         Plane(base: UnsafeMutableRawPointer(u), stride: chromaStride, rowBytes: chromaWidth, rows: chromaHeight),
         Plane(base: UnsafeMutableRawPointer(v), stride: chromaStride, rowBytes: chromaWidth, rows: chromaHeight))
    }

    /// Allocates a black frame; `width` and `height` must be positive.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "YUVFrame needs a positive size, got \(width)x\(height)")
        self.width = width
        self.height = height
        chromaWidth = (width + 1) / 2
        chromaHeight = (height + 1) / 2
        lumaStride = Self.aligned(width)
        chromaStride = Self.aligned(chromaWidth)
        let lumaBytes = Self.aligned(lumaStride * height)
        let chromaBytes = Self.aligned(chromaStride * chromaHeight)
        byteCount = lumaBytes + 2 * chromaBytes + Self.overreadPadding
        buffer = PixelBuffer(count: byteCount)
        let bytes = buffer.bytes.bindMemory(to: UInt8.self, capacity: byteCount)
        y = bytes
        u = bytes + lumaBytes
        v = bytes + lumaBytes + chromaBytes
        // Black in limited range: Y 16, Cb and Cr 128.
        y.update(repeating: 16, count: lumaBytes)
        u.update(repeating: 128, count: 2 * chromaBytes)
    }

    /// Bytes in the frame without row padding: Y, then U, then V (`ffmpeg -f rawvideo -pix_fmt yuv420p`).
    public var packedByteCount: Int {
        width * height + 2 * chromaWidth * chromaHeight
    }

    /// Copies the three planes without their row padding into `buffer`, which holds at least
    /// `packedByteCount` bytes: Y, then U, then V, each row after row.
    public func copyPacked(into buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count >= packedByteCount, "buffer of \(buffer.count) bytes for a \(packedByteCount)-byte frame")
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var offset = 0
        for (plane, stride, planeWidth, rows) in [(y, lumaStride, width, height), (u, chromaStride, chromaWidth, chromaHeight),
                                                  (v, chromaStride, chromaWidth, chromaHeight)] {
            for row in 0..<rows {
                (base + offset).update(from: plane + row * stride, count: planeWidth)
                offset += planeWidth
            }
        }
    }

    /// Makes this frame's pixels `other`'s; both frames must have the same size.
    public func copyPixels(from other: YUVFrame) {
        precondition(other.width == width && other.height == height,
                     "copying a \(other.width)x\(other.height) frame into a \(width)x\(height) one")
        storage.copyMemory(from: other.storage, byteCount: byteCount)
    }

    /// The three planes without row padding, as `copyPacked(into:)` lays them out.
    public func packedBytes() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: packedByteCount) { buffer, count in
            copyPacked(into: UnsafeMutableRawBufferPointer(buffer))
            count = packedByteCount
        }
    }

    /// The luma value at pixel (`x`, `y`), for tests and diagnostics.
    func luma(x: Int, y row: Int) -> UInt8 {
        y[row * lumaStride + x]
    }

    /// The (Cb, Cr) values of the chroma sample covering pixel (`x`, `y`).
    func chroma(x: Int, y row: Int) -> (cb: UInt8, cr: UInt8) {
        let offset = (row / 2) * chromaStride + x / 2
        return (u[offset], v[offset])
    }

    /// Rounds `value` up to a multiple of `alignment`.
    private static func aligned(_ value: Int) -> Int {
        (value + alignment - 1) / alignment * alignment
    }
}
