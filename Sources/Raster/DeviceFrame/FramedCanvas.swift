import Foundation

/// One worker's framed picture: a copy of a `DeviceFramePlate` into which the rows of the
/// screen's canvas are copied as they change, byte for byte, with the frame's own pixels laid
/// back over them outside the display's corners and on the Dynamic Island. Not thread-safe,
/// like `Canvas`.
public final class FramedCanvas {
    public let plate: DeviceFramePlate
    private let surface: CairoSurface

    public init(plate: DeviceFramePlate) throws {
        self.plate = plate
        let picture = plate.picture
        surface = try CairoSurface(width: picture.width, height: picture.height)
        let stride = surface.stride, rowBytes = min(stride, picture.stride)
        surface.withMutableData { data in
            for row in 0..<picture.height {
                UnsafeMutableRawPointer(data + row * stride).copyMemory(from: picture.pixels.bytes + row * picture.stride, byteCount: rowBytes)
            }
        }
    }

    public var pixelWidth: Int { plate.layout.width }
    public var pixelHeight: Int { plate.layout.height }
    /// Bytes from one row to the next (Cairo ARGB32, premultiplied, as `Canvas`).
    public var stride: Int { surface.stride }

    /// Makes `rows` of the screen (its own rows, 0 at its top) those of `screen`, a canvas of the
    /// screen's pixel size: copied whole, then the glass laid over them.
    public func update(from screen: Canvas, rows: Damage) {
        let layout = plate.layout
        let rowBytes = layout.screenWidth * 4, stride = surface.stride
        screen.withPixels { source in
            let sourceStride = screen.stride
            surface.withMutableData { data in
                for band in rows.bands {
                    for row in band where row < layout.screenHeight {
                        let target = data + (row + layout.screenY) * stride + layout.screenX * 4
                        target.update(from: source + row * sourceStride, count: rowBytes)
                        let frame = UnsafePointer(plate.picture.pixels.bytes.assumingMemoryBound(to: UInt8.self))
                            + (row + layout.screenY) * plate.picture.stride + layout.screenX * 4
                        for run in plate.cover[row] { Self.lay(run, from: frame, over: target) }
                    }
                }
            }
        }
    }

    /// The frame's own pixels over a row's, at the run's coverage (premultiplied, every
    /// channel: frame × coverage + screen × (1 − coverage)).
    private static func lay(_ run: DeviceFramePlate.GlassRun, from frame: UnsafePointer<UInt8>, over row: UnsafeMutablePointer<UInt8>) {
        var pixel = row + run.x * 4, source = frame + run.x * 4
        for coverage in run.coverage {
            let cover = UInt32(coverage), keep = 255 - cover
            for channel in 0..<4 { pixel[channel] = UInt8((UInt32(source[channel]) * cover + UInt32(pixel[channel]) * keep + 127) / 255) }
            pixel += 4
            source += 4
        }
    }

    /// Calls `body` with the first byte of the top row.
    public func withPixels<R>(_ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        surface.flush()
        guard let data = surface.data else { preconditionFailure("Cairo image surface without pixels") }
        return try body(UnsafePointer(data))
    }

    /// The current pixels, un-premultiplied RGBA.
    public func rgbaImage() -> RGBAImage {
        withPixels { RGBAImage(cairoPixels: UnsafeRawPointer($0), width: pixelWidth, height: pixelHeight, stride: stride, hasAlpha: true) }
    }

    /// Encodes the current pixels as PNG at `url`, atomically.
    public func writePNG(to url: URL) throws {
        try writePNGAtomically(surface, to: url)
    }
}
