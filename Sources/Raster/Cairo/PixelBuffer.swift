/// Zeroed, 64-byte aligned memory holding one image's pixels; frees it on deinit.
///
/// Written only while its image is drawn, then read-only, so sharing it across
/// threads afterwards is safe.
final class PixelBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawPointer
    let count: Int

    init(count: Int) {
        self.count = count
        bytes = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1))
    }

    deinit {
        bytes.deallocate()
    }
}
