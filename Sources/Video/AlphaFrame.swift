/// One picture in planar yuva444p10le (BT.709, limited range, straight alpha), owning its four
/// planes: the input of `ProResWriter`.
///
/// Fill it with `AlphaConverter.convert(premultipliedBGRA:stride:into:)`. Like `YUVFrame`, it may
/// move between threads, but only one thread may use it at a time.
///
/// Unchecked Sendable: for that hand-over, one thread at a time.
public final class AlphaFrame: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per row of every plane (10-bit samples in 16-bit little-endian words).
    let stride: Int
    /// Y, U (Cb), V (Cr) and alpha, each `stride * height` bytes.
    let planes: [UnsafeMutablePointer<UInt8>]
    /// The single allocation holding the planes.
    let storage: UnsafeMutableRawPointer
    let byteCount: Int

    private static let alignment = 64

    /// Allocates a transparent black frame; `width` and `height` must be positive.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "AlphaFrame needs a positive size, got \(width)x\(height)")
        self.width = width
        self.height = height
        stride = (width * 2 + Self.alignment - 1) / Self.alignment * Self.alignment
        let planeBytes = stride * height
        byteCount = 4 * planeBytes
        storage = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: Self.alignment)
        let bytes = storage.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        planes = (0..<4).map { bytes + $0 * planeBytes }
    }

    deinit {
        storage.deallocate()
    }

    /// The 10-bit sample of `plane` (0 Y, 1 Cb, 2 Cr, 3 alpha) at pixel (`x`, `y`), for tests.
    func sample(plane: Int, x: Int, y: Int) -> UInt16 {
        UnsafeRawPointer(planes[plane] + y * stride).load(fromByteOffset: x * 2, as: UInt16.self)
    }
}
