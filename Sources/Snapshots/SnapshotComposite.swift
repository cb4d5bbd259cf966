import Geometry
import Stills
import Raster

/// Golden | actual | diff side by side in one image, for tools that show a failure's images but
/// no page: each panel under its caption, top-aligned on a gray background with an 8-pixel gutter.
enum SnapshotComposite {
    static let gutter = 8
    /// The band above the panels that holds their captions.
    static let captionHeight = 24
    static let background = Color(r8: 128, g8: 128, b8: 128)

    /// `panels` with their `captions` (golden, actual, diff) above them.
    static func image(_ panels: [(caption: String, image: RGBAImage)]) throws -> RGBAImage {
        let width = panels.map(\.image.width).reduce(0, +) + gutter * (panels.count + 1)
        let height = (panels.map(\.image.height).max() ?? 0) + gutter * 2 + captionHeight
        var picture = Picture(width: width, height: height, background: background)
        let stamps = try TextStamps(panels.map {
            TextStamps.Request(text: $0.caption, size: 13, weight: .semibold, color: .white, width: Double(max($0.image.width, 1)))
        })
        var x = gutter
        for (index, panel) in panels.enumerated() {
            picture.draw(stamps[index], x: x, y: gutter / 2 + 1)
            picture.place(panel.image, x: x, y: gutter + captionHeight)
            x += panel.image.width + gutter
        }
        return picture.image
    }
}
