import Geometry
import Raster
import Scene
import XCTest

/// A label of as many lines as fit (`lines: 0`) fills the same lines at every scale: at @0.5x
/// (a contact sheet's tiles) a 33 pt label used to be cut to one line, Pango's positive layout
/// height ellipsizing early where hinted metrics round.
final class LabelLinesAtScaleTests: XCTestCase {
    func testAsManyLinesAsFitAtEveryScale() throws {
        let text = "Light and dark follow the time of day, as the sun sets and rises again."
        let frame = Rect(x: 0, y: 0, width: 353, height: 130)
        var heights: [Double] = []
        for scale in [0.3, 0.5, 1, 2, 3] {
            let label = LabelView(text: text, frame: frame, fontSize: 33)
            var fitting = label
            fitting.lines = 0
            let screen = ScreenSpec(name: "s", background: .white, views: [.label(fitting)])
            let cache = try ScreenCache(screens: [screen], size: Size(width: 353, height: 130), scale: scale)
            let image = try XCTUnwrap(cache.rgbaImage(of: "s"))
            // The rows with ink (any channel under 128), in points.
            let inked = (0..<image.height).filter { y in
                (0..<image.width).contains { x in image.pixels[(y * image.width + x) * 4] < 128 }
            }
            let height = Double((inked.last ?? 0) - (inked.first ?? 0) + 1) / scale
            heights.append(height)
            // Three lines of 33 pt text (a line is about 40 pt): more than two lines' height.
            XCTAssertGreaterThan(height, 2 * 40, "@\(scale)x: \(height) pt of ink")
        }
        XCTAssertLessThan((heights.max() ?? 0) - (heights.min() ?? 0), 12, "\(heights)")
    }
}
