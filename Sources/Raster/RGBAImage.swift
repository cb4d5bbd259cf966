internal import CCairo
import Foundation

/// PNG in, for golden comparisons: width, height and straight-alpha RGBA8 pixels, rows top to bottom.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, alpha not premultiplied.
    public var pixels: [UInt8]

    /// An image from `pixels`, which must hold `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "RGBAImage needs width * height * 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes the PNG at `url` (8-bit, any color type Cairo reads).
    public static func load(png url: URL) throws -> RGBAImage {
        let surface = try CairoSurface.loadPNG(path: url.path)
        surface.flush()
        let format = surface.format
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24, let data = surface.data else {
            throw RasterError.png(path: url.path, reason: "unsupported pixel format \(format.rawValue)")
        }
        return RGBAImage(cairoPixels: UnsafeRawPointer(data), width: surface.width, height: surface.height,
                         stride: surface.stride, hasAlpha: format == CAIRO_FORMAT_ARGB32)
    }

    /// The largest side, in pixels, of an image `writePNG(to:)` can write (Cairo's image limit).
    public static let maximumSide = cairoMaximumSide

    /// Encodes the image as PNG at `url`, atomically (temporary file, then rename).
    ///
    /// Goes through Cairo's premultiplied pixels, so translucent pixels may round by a level.
    public func writePNG(to url: URL) throws {
        let hasAlpha = Swift.stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] != 255 }
        let surface = try CairoSurface(width: width, height: height,
                                       format: hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24)
        surface.flush()
        guard let data = surface.data else {
            throw RasterError.cairo(operation: "writing PNG", status: "image has no pixels")
        }
        let stride = surface.stride
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                let i = (y * width + x) * 4
                let a = UInt32(pixels[i + 3])
                func premultiplied(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
                row[x * 4 + 0] = premultiplied(pixels[i + 2])
                row[x * 4 + 1] = premultiplied(pixels[i + 1])
                row[x * 4 + 2] = premultiplied(pixels[i + 0])
                row[x * 4 + 3] = UInt8(a)
            }
        }
        surface.markDirty()
        try writePNGAtomically(surface, to: url)
    }

    /// Encodes the image as PNG in memory, favouring speed over size.
    public func pngData() throws -> [UInt8] {
        try pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { throw RasterError.png(path: "(memory)", reason: "empty image") }
            return try FastPNG.encode(base, width: width, height: height, stride: width * 4)
        }
    }

    /// Un-premultiplies Cairo ARGB32 (or RGB24, alpha taken as opaque) pixels: B, G, R, A bytes in memory.
    init(cairoPixels data: UnsafeRawPointer, width: Int, height: Int, stride: Int, hasAlpha: Bool) {
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = bytes + y * stride
                for x in 0..<width {
                    let b = UInt32(row[x * 4]), g = UInt32(row[x * 4 + 1]), r = UInt32(row[x * 4 + 2])
                    let a = hasAlpha ? UInt32(row[x * 4 + 3]) : 255
                    let o = (y * width + x) * 4
                    if a == 255 || a == 0 {
                        out[o] = UInt8(r); out[o + 1] = UInt8(g); out[o + 2] = UInt8(b)
                    } else {
                        out[o] = UInt8(min((r * 255 + a / 2) / a, 255))
                        out[o + 1] = UInt8(min((g * 255 + a / 2) / a, 255))
                        out[o + 2] = UInt8(min((b * 255 + a / 2) / a, 255))
                    }
                    out[o + 3] = UInt8(a)
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}
