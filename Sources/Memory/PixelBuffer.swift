#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zeroed, 64-byte aligned memory holding one image's pixels or one video frame's planes;
/// frees it on deinit.
///
/// An image's is written only while the image is drawn, then read-only, so sharing it across
/// threads afterwards is safe; a frame's is its owner's alone.
///
/// A large buffer is mapped from the kernel rather than taken from the heap: its pages come
/// zeroed when first touched, so a scroll view's content, drawn band by band as frames reach
/// it, costs neither time nor memory for the bands no frame shows. (From the heap, every byte
/// would be written twice before the first frame: once by the allocator's perturbation, which
/// renders turn on for libx264's sake, and once more to zero it — 55 MB for a grid five screens
/// tall at 1170 x 2532 — and once more by the perturbation when freed.)
///
/// Unchecked Sendable: the pointer and size never change; what is written through it is the
/// owner's to order (one drawing thread per band, under `DrawClaims`, or one frame's worker).
public final class PixelBuffer: @unchecked Sendable {
    public let bytes: UnsafeMutableRawPointer
    public let count: Int
    /// Whether `bytes` was mapped (and is unmapped on deinit) rather than allocated.
    private let mapped: Bool

    /// Buffers this large or larger are mapped: a few pages, where one system call and the
    /// lazily zeroed pages cost less than zeroing from the heap.
    public static let mappingThreshold = 256 << 10

    public init(count: Int) {
        self.count = count
        let size = max(count, 1)
        if size >= Self.mappingThreshold,
           let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
           mapping != UnsafeMutableRawPointer(bitPattern: -1) { // MAP_FAILED
            // Page-aligned, hence 64-byte aligned; zeroed by the kernel.
            bytes = mapping
            mapped = true
        } else {
            bytes = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            bytes.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            mapped = false
        }
    }

    deinit {
        if mapped {
            munmap(bytes, max(count, 1))
        } else {
            bytes.deallocate()
        }
    }
}
