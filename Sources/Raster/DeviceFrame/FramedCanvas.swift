import Foundation
import RenderTree

/// One worker's framed picture: a copy of a `DeviceFramePlate` into which the rows of the
/// screen's canvas are copied as they change, byte for byte, with the frame's own pixels laid
/// back over them outside the display's corners and on the Dynamic Island. Not thread-safe,
/// like `Canvas`.
public final class FramedCanvas {
    public let plate: DeviceFramePlate
    private let surface: CairoSurface
    /// The captions beside the device laid now, by node id: their opacity.
    public private(set) var captions: [String: Double] = [:]

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
    /// screen's pixel size: copied whole, then the frame's own pixels laid back over them where
    /// it covers the screen (`DeviceFramePlate.cover`: the display's corners, the island).
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

    /// Makes the captions beside the device `shown` (caption nodes at their opacity, their
    /// parts drawn from `screens`): the areas of those laid before and now restored from the
    /// plate, then each laid over it at its place (`DeviceFramePlate.captionAreas`). Returns
    /// the picture's rows that changed (none when `shown` is what is laid).
    public func lay(_ shown: [RenderNode], screens: ScreenCache) -> Damage {
        let shown = shown.filter { plate.captionAreas[$0.id] != nil }
        let key = Dictionary(shown.map { ($0.id, $0.alpha) }, uniquingKeysWith: { first, _ in first })
        let changed = captionRows(since: key)
        guard !changed.isEmpty else { return .none }
        let touched = Set(captions.keys).union(key.keys).compactMap { plate.captionAreas[$0] }
        let picture = plate.picture, stride = surface.stride
        surface.withMutableData { data in
            for area in touched {
                let x = max(area.x, 0), count = min(area.x + area.width, picture.width) - x
                guard count > 0 else { continue }
                for row in area.rows(height: picture.height) {
                    UnsafeMutableRawPointer(data + row * stride + x * 4)
                        .copyMemory(from: picture.pixels.bytes + row * picture.stride + x * 4, byteCount: count * 4)
                }
            }
            for node in shown {
                guard let area = plate.captionAreas[node.id], case .part(let part) = node.content,
                      let image = screens.image(for: part) else { continue }
                screens.drawRows(nil, of: image)
                guard let pixels = image.pixelImage else { continue }
                let alpha = UInt32((min(max(node.alpha, 0), 1) * 255).rounded())
                let rows = 0..<min(pixels.height, area.height), columns = 0..<min(pixels.width, area.width)
                for row in rows where (0..<picture.height).contains(area.y + row) {
                    let source = (pixels.pixels.bytes + row * pixels.stride).assumingMemoryBound(to: UInt8.self)
                    let target = data + (area.y + row) * stride
                    for column in columns where (0..<picture.width).contains(area.x + column) {
                        // Premultiplied: the caption's pixel at `alpha`, over the picture's.
                        let from = source + column * 4, to = target + (area.x + column) * 4
                        let a = UInt32(from[3]) * alpha / 255
                        guard a > 0 else { continue }
                        for channel in 0..<4 {
                            to[channel] = UInt8((UInt32(from[channel]) * alpha / 255) + (UInt32(to[channel]) * (255 - a) + 127) / 255)
                        }
                    }
                }
            }
        }
        captions = key
        return changed
    }

    /// The picture's rows where the captions `laid` (ids and opacities, as `captions` was then)
    /// and those laid now differ: the rows of both's areas.
    public func captionRows(since laid: [String: Double]) -> Damage {
        guard laid != captions else { return .none }
        let areas = Set(laid.keys).union(captions.keys).compactMap { plate.captionAreas[$0] }
        return Damage(areas.map { $0.rows(height: pixelHeight) }, height: pixelHeight)
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
