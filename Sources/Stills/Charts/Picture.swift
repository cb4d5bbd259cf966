import Foundation
import Geometry
import Raster
import Scene

/// A straight-alpha RGBA8 picture for charts and contact sheets, drawn in pixels.
package struct Picture {
    package let width: Int
    package let height: Int
    package private(set) var pixels: [UInt8]

    /// Throws unless a `width` × `height` picture can be held and written — at most
    /// `RGBAImage.maximumSide` px per side and `Limits.pixelMemory` pixels — before anything is
    /// drawn for it; `what` names it and `change` says how to make it smaller.
    package static func checkSize(width: Int, height: Int, of what: String, change: String) throws {
        guard width <= RGBAImage.maximumSide, height <= RGBAImage.maximumSide,
              Double(width) * Double(height) <= Double(Limits.pixelMemory) else {
            throw PipelineError.outputTooLarge(what: what, width: width, height: height, change: change)
        }
    }

    package init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), background)
    }

    /// A picture that starts as `image`, to draw over.
    package init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        pixels = image.pixels
    }

    package var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels) }

    /// Blends `color` over the pixel at (x, y) with extra coverage `coverage` in 0...1.
    package mutating func blend(x: Int, y: Int, _ color: Color, coverage: Double = 1) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let a = min(max(color.alpha * coverage, 0), 1)
        guard a > 0 else { return }
        let i = (y * width + x) * 4
        let da = Double(pixels[i + 3]) / 255
        let outA = a + da * (1 - a)
        func channel(_ source: Double, _ offset: Int) -> UInt8 {
            let d = Double(pixels[i + offset]) / 255
            let value = outA > 0 ? (source * a + d * da * (1 - a)) / outA : 0
            return UInt8((min(max(value, 0), 1) * 255).rounded())
        }
        pixels[i] = channel(color.red, 0)
        pixels[i + 1] = channel(color.green, 1)
        pixels[i + 2] = channel(color.blue, 2)
        pixels[i + 3] = UInt8((outA * 255).rounded())
    }

    package mutating func fill(_ rect: Rect, _ color: Color) {
        let x0 = max(Int(saturating: rect.minX.rounded()), 0), x1 = min(Int(saturating: rect.maxX.rounded()), width)
        let y0 = max(Int(saturating: rect.minY.rounded()), 0), y1 = min(Int(saturating: rect.maxY.rounded()), height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { blend(x: x, y: y, color) }
        }
    }

    /// An anti-aliased line `thickness` pixels wide.
    package mutating func line(from a: Point, to b: Point, _ color: Color, thickness: Double = 2) {
        let r = thickness / 2
        let minX = Int(saturating: (min(a.x, b.x) - r - 1).rounded(.down)), maxX = Int(saturating: (max(a.x, b.x) + r + 1).rounded(.up))
        let minY = Int(saturating: (min(a.y, b.y) - r - 1).rounded(.down)), maxY = Int(saturating: (max(a.y, b.y) + r + 1).rounded(.up))
        let d = b - a
        let length2 = d.x * d.x + d.y * d.y
        guard minX <= maxX, minY <= maxY else { return }
        for y in max(minY, 0)...min(maxY, height - 1) where minY <= min(maxY, height - 1) {
            for x in max(minX, 0)...min(maxX, width - 1) where minX <= min(maxX, width - 1) {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let t = length2 > 0 ? min(max(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / length2, 0), 1) : 0
                let distance = (p - (a + d * t)).magnitude
                let coverage = min(max(r + 0.5 - distance, 0), 1)
                if coverage > 0 { blend(x: x, y: y, color, coverage: coverage) }
            }
        }
    }

    package mutating func disc(center: Point, radius: Double, _ color: Color) {
        let x0 = Int(saturating: (center.x - radius - 1).rounded(.down)), x1 = Int(saturating: (center.x + radius + 1).rounded(.up))
        let y0 = Int(saturating: (center.y - radius - 1).rounded(.down)), y1 = Int(saturating: (center.y + radius + 1).rounded(.up))
        for y in y0...y1 {
            for x in x0...x1 {
                let distance = (Point(x: Double(x) + 0.5, y: Double(y) + 0.5) - center).magnitude
                let coverage = min(max(radius + 0.5 - distance, 0), 1)
                if coverage > 0 { blend(x: x, y: y, color, coverage: coverage) }
            }
        }
    }

    /// Draws `image` with its top-left corner at (x, y), blending by its alpha.
    package mutating func draw(_ image: RGBAImage, x: Int, y: Int) {
        for row in 0..<image.height {
            for column in 0..<image.width {
                let i = (row * image.width + column) * 4
                let alpha = Double(image.pixels[i + 3]) / 255
                guard alpha > 0 else { continue }
                blend(x: x + column, y: y + row,
                      Color(red: Double(image.pixels[i]) / 255, green: Double(image.pixels[i + 1]) / 255,
                            blue: Double(image.pixels[i + 2]) / 255, alpha: alpha))
            }
        }
    }

    /// Copies `image` with its top-left corner at (x, y), row by row, alpha and all (no blending);
    /// the part outside the picture is left out.
    package mutating func place(_ image: RGBAImage, x: Int, y: Int) {
        let left = max(0, -x), right = min(image.width, width - x)
        guard left < right else { return }
        for row in max(0, -y)..<max(max(0, -y), min(image.height, height - y)) {
            let source = (row * image.width + left) * 4, target = ((row + y) * width + x + left) * 4
            pixels.replaceSubrange(target..<target + (right - left) * 4, with: image.pixels[source..<source + (right - left) * 4])
        }
    }

    package func writePNG(to url: URL) throws {
        try image.writePNG(to: url)
    }
}

/// Text set with the bundled font, rendered once for a picture.
package struct TextStamps {
    package struct Request {
        package var text: String
        package var size: Double
        package var weight: LabelView.Weight = .regular
        package var color: Color = .black
        package var width: Double
        package var alignment: LabelView.Alignment = .left

        package init(text: String, size: Double, weight: LabelView.Weight = .regular, color: Color = .black,
                     width: Double, alignment: LabelView.Alignment = .left) {
            self.text = text
            self.size = size
            self.weight = weight
            self.color = color
            self.width = width
            self.alignment = alignment
        }
    }

    private var images: [RGBAImage] = []

    /// Sets every request with Pango through a `ScreenCache`, one screen per text.
    package init(_ requests: [Request]) throws {
        guard !requests.isEmpty else { return }
        let height = (requests.map(\.size).max() ?? 12) * 1.5
        let screens = requests.enumerated().map { index, request in
            ScreenSpec(name: "text\(index)", background: .clear, views: [
                .label(LabelView(text: request.text, frame: Rect(x: 0, y: 0, width: request.width, height: height),
                                 fontSize: request.size, weight: request.weight, color: request.color,
                                 alignment: request.alignment)),
            ])
        }
        let width = requests.map(\.width).max() ?? 100
        let cache = try ScreenCache(screens: screens, size: Size(width: width, height: height), scale: 1)
        images = requests.indices.compactMap { cache.rgbaImage(of: "text\($0)") }
    }

    package subscript(index: Int) -> RGBAImage { images[index] }
}
