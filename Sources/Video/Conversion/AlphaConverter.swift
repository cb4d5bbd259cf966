internal import CFFmpeg

/// Converts Cairo ARGB32 frames (premultiplied, B,G,R,A bytes on little-endian) to yuva444p10le
/// for ProRes 4444: colors un-premultiplied, BT.709 limited range, alpha kept (0 and 255 stay
/// fully transparent and fully opaque).
///
/// libswscale with bit-exact, accurate rounding, so the output is the same on every CPU. Not
/// synchronized: give each worker thread its own.
///
/// Unchecked Sendable: a worker's converter moves to that worker's thread once and stays there.
public final class AlphaConverter: @unchecked Sendable {
    public let width: Int
    public let height: Int

    private let context: SwscaleContext
    /// Straight-alpha BGRA, the libswscale input.
    private var straight: [UInt8]

    /// A converter for frames of exactly `width` x `height` pixels (any size from 1 to 16384).
    public init(width: Int, height: Int) throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw VideoError.invalidSettings("converter size \(width)x\(height) must be between 1 and 16384")
        }
        context = try SwscaleContext(width: width, height: height, from: AV_PIX_FMT_BGRA, to: AV_PIX_FMT_YUVA444P10LE,
                                     named: "BGRA to yuva444p10le", threads: 1)
        self.width = width
        self.height = height
        straight = [UInt8](repeating: 0, count: width * height * 4)
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
        try straight.withUnsafeBufferPointer { input in
            guard let input = input.baseAddress else { return }
            try context.scale(source: input, stride: width * 4, into: frame.planes,
                              strides: [Int](repeating: frame.stride, count: 4))
        }
    }
}
