import Raster

/// Golden | actual | diff side by side in one image, for tools that show a failure's images but
/// no page: panels top-aligned on a gray background with an 8-pixel gutter.
enum SnapshotComposite {
    static let gutter = 8
    static let background: [UInt8] = [128, 128, 128, 255]

    static func image(_ panels: [RGBAImage]) -> RGBAImage {
        let width = panels.map(\.width).reduce(0, +) + gutter * (panels.count + 1)
        let height = (panels.map(\.height).max() ?? 0) + gutter * 2
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels.replaceSubrange(i..<i + 4, with: background) }
        var x = gutter
        for panel in panels {
            for row in 0..<panel.height {
                let source = row * panel.width * 4
                let target = ((row + gutter) * width + x) * 4
                pixels.replaceSubrange(target..<target + panel.width * 4, with: panel.pixels[source..<source + panel.width * 4])
            }
            x += panel.width + gutter
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
