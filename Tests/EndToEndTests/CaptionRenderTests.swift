import CLITestSupport
import Foundation
import Raster
import XCTest

/// A caption through the binary: the still with it equals the still without it everywhere but
/// its pill (where the trace puts the `caption/0` node), and the pill is black at 0.72 over the
/// screen with white text in it.
final class CaptionRenderTests: XCTestCase {
    static let scene = """
        size: [300, 500]
        scale: 1
        duration: 2
        screens: { a: { background: "#FFFFFF" } }
        root: a
        timeline: []
        """

    func testTheCaptionIsAPillOverTheFrameAndNothingElseChanges() throws {
        let folder = try CLI.temporaryFolder(self)
        let plain = try CLI.write(Self.scene, "plain.yaml", in: folder)
        let captioned = try CLI.write(Self.scene + "\ncaptions: [{ text: \"Tap a row\", from: 0.5, to: 1.5, fade: 0 }]\n",
                                      "captioned.yaml", in: folder)
        let trace = try CLI.segue(["trace", captioned.path])
        XCTAssertEqual(trace.status, 0, trace.stderr)
        let line = trace.text.split(separator: "\n")[60]   // 1 s at 60 fps
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        let frame = try XCTUnwrap(layers.first { $0["id"] as? String == "caption/0" }?["frame"] as? [Double])
        XCTAssertEqual(layers.last?["id"] as? String, "caption/0", "over everything")
        var images: [RGBAImage] = []
        for scene in [plain, captioned] {
            let png = folder.appendingPathComponent(scene.deletingPathExtension().lastPathComponent + ".png")
            let made = try CLI.segue(["still", scene.path, "--at", "1", "-o", png.path])
            XCTAssertEqual(made.status, 0, made.stderr)
            images.append(try RGBAImage.load(png: png))
        }
        let (without, with) = (images[0], images[1])
        func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * image.width + x) * 4
            return Array(image.pixels[i..<(i + 3)])
        }
        let pill = (x: Int(frame[0]), y: Int(frame[1]), width: Int(frame[2]), height: Int(frame[3]))
        var white = 0, changedOutside = 0
        for y in 0..<with.height {
            for x in 0..<with.width {
                let inside = x >= pill.x && x < pill.x + pill.width && y >= pill.y && y < pill.y + pill.height
                if !inside {
                    if pixel(with, x, y) != pixel(without, x, y) { changedOutside += 1 }
                } else if pixel(with, x, y).allSatisfy({ $0 > 200 }) {
                    white += 1
                }
            }
        }
        XCTAssertEqual(changedOutside, 0, "only the pill changes the picture")
        XCTAssertGreaterThan(white, 50, "white text in the pill")
        // Just inside the pill's left end, between letters: white under black at 0.72 is 255 × 0.28 = 71.4.
        let edge = pixel(with, pill.x + 6, pill.y + pill.height / 2)
        for channel in edge { XCTAssertEqual(Double(channel), 71.4, accuracy: 1.5) }
    }
}
