import CLITestSupport
import Foundation
import XCTest

/// `segue sheet` and `segue plot` write pictures of a scene's timeline.
final class PictureCommandTests: XCTestCase {
    let scene = """
        size: [200, 400]
        scale: 1
        fps: 30
        screens:
          list: { background: "#FF0000" }
          sheet: { background: "#0000FF" }
        transitions:
          - { from: list, to: sheet, style: slide-up-modal }
        timeline:
          - { at: 0.1, present: sheet }
          - at: 1
            swipe: { from: [100, 100], to: [100, 180], duration: 0.5, curve: easeOut }
        """

    func pixels(of png: URL) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let probe = try CLI.tool("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", png.path])
        let size = probe.text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        XCTAssertEqual(size.count, 2, probe.stderr)
        let decoded = try CLI.tool("ffmpeg", ["-v", "error", "-i", png.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        return (size[0], size[1], [UInt8](decoded.stdout))
    }

    func testContactSheetTilesEvenlySpacedFrames() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("drag.yaml")
        try scene.write(to: sceneURL, atomically: false, encoding: .utf8)
        let png = folder.appendingPathComponent("sheet.png")
        let result = try CLI.segue(["sheet", sceneURL.path, "-o", png.path, "--frames", "6", "--columns", "3", "--tile-width", "100"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let picture = try pixels(of: png)
        // 2 × 24 margin + 3 tiles of 100 + 2 gaps of 16; 2 × 24 + 40 title + 2 rows of (200 + 44) + 16.
        XCTAssertEqual(picture.width, 380)
        XCTAssertEqual(picture.height, 592)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(picture.rgb[(y * picture.width + x) * 3..<(y * picture.width + x) * 3 + 3]) }
        XCTAssertEqual(pixel(24 + 50, 64 + 100), [255, 0, 0], "the first frame shows the red list")
        let last = pixel(24 + 2 * 116 + 50, 64 + 244 + 16 + 100)
        XCTAssertGreaterThan(Int(last[2]), 200, "the last frame shows the blue sheet (the slow drag cancels)")
    }

    func testPlotMarksTheDecision() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("drag.yaml")
        try scene.write(to: sceneURL, atomically: false, encoding: .utf8)
        let png = folder.appendingPathComponent("plot.png")
        let result = try CLI.segue(["plot", sceneURL.path, "-o", png.path, "--width", "800", "--height", "400"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let picture = try pixels(of: png)
        XCTAssertEqual(picture.width, 800)
        XCTAssertEqual(picture.height, 400)
        // A cancelled release is marked by a red vertical line somewhere in the plot area.
        var redColumns = Set<Int>()
        for y in stride(from: 60, to: 330, by: 10) {
            for x in 64..<776 {
                let i = (y * 800 + x) * 3
                if picture.rgb[i] > 200, picture.rgb[i + 1] < 120, picture.rgb[i + 2] < 120 { redColumns.insert(x) }
            }
        }
        XCTAssertFalse(redColumns.isEmpty, "no cancel marker")
    }

    /// A sheet too large to hold or write is refused from its layout, before a frame is drawn:
    /// 4 columns of 2000 px tiles with 16 px gaps and 24 px margins are 48 + 8000 + 48 = 8096 px
    /// wide; 50 rows of a 852 px tile and its 44 px caption, 16 px apart, under a 40 px title,
    /// are 48 + 40 + 50 × 896 + 49 × 16 = 45672 px tall (1411 MB), over Cairo's 32767 px side.
    func testASheetOverTheLimitsIsRefusedBeforeAnyFrameIsDrawn() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = folder.appendingPathComponent("wide.yaml")
        try "size: [2000, 852]\nscale: 1\nduration: 4\nscreens:\n  a: { background: systemRed }\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("new/sheet.png")
        let started = Date()
        let result = try CLI.segue(["sheet", file.path, "--frames", "200", "--tile-width", "2000", "-o", output.path], timeout: 60)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the 200 tiles were drawn before the refusal")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: the sheet of 200 frames in 4 columns would be 8096 × 45672 px (1411 MB), over the limit of 32767 px per side and 1024 MB; use fewer --frames, more --columns or a smaller --tile-width\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
        // Within the limits, the same scene's sheet is written.
        let small = try CLI.segue(["sheet", file.path, "--frames", "8", "--tile-width", "200", "-o", output.path], timeout: 60)
        XCTAssertEqual(small.status, 0, small.stderr)
    }

    /// A video whose frame is larger than any H.264 or HEVC level allows (`Limits.videoFramePixels`)
    /// is refused at load, at the scale, with the scale that fits, and writes nothing; a still of
    /// the same scene, within `Limits.canvasSide`, is drawn. (8192 × 8192 px took 5.4 GB to render.)
    func testAVideoFrameOverTheLargestCodecLevelIsRefusedAtLoad() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = folder.appendingPathComponent("huge.yaml")
        try "size: [4000, 4000]\nscale: 2.048\nduration: 1\nscreens:\n  a: { background: systemRed }\n"
            .write(to: file, atomically: true, encoding: .utf8)
        for format in ["mp4", "mov"] {
            let output = folder.appendingPathComponent("new/huge.\(format)")
            let result = try CLI.segue(["render", file.path, "-o", output.path], timeout: 60)
            XCTAssertEqual(result.status, 1, format)
            XCTAssertEqual(result.stderr, "\(file.path):2:8: error: a video frame of 8192 × 8192 px (4000 × 4000 pt at scale 2.048) has 67108864 pixels, over the limit of 35651584, the largest frame H.264 and HEVC allow (level 6.2); lower the scale to 1.49 or less, make the device smaller, or render stills\n", format)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path), format)
        }
        let still = try CLI.segue(["still", file.path, "--at", "0", "-o", folder.appendingPathComponent("still.png").path], timeout: 60)
        XCTAssertEqual(still.status, 0, still.stderr)
        let fitting = try CLI.segue(["render", file.path, "--scale", "0.25", "-o", folder.appendingPathComponent("small.mp4").path], timeout: 120)
        XCTAssertEqual(fitting.status, 0, fitting.stderr)
    }

    /// The picture a framed video encodes is the framed one: an iPhone 15 at @3x with 679 pt of
    /// padding (36.4 Mpx), or an iPad Pro 13 at @2x with 1000 pt (43.3 Mpx), passed the screen's
    /// check and was encoded at a size no level allows. Refused at load, before a frame is drawn,
    /// at the `deviceFrame` key; a still of it is fine.
    func testAFramedVideoOverTheLargestCodecLevelIsRefusedAtLoad() throws {
        let folder = try CLI.temporaryFolder(self)
        let phone = try CLI.write("device: iphone-15\nduration: 0.5\ndeviceFrame: { padding: 679 }\nscreens:\n  a: { background: systemRed }\n",
                                  "phone.yaml", in: folder)
        let tablet = try CLI.write("device: ipad-pro-13\nscale: 2\nduration: 0.5\ndeviceFrame: { padding: 1000 }\nscreens:\n  a: {}\n",
                                   "tablet.yaml", in: folder)
        for (file, line) in [(phone, 3), (tablet, 4)] {
            let output = folder.appendingPathComponent("new/framed.mp4")
            let start = Date()
            let result = try CLI.segue(["render", file.path, "-o", output.path], timeout: 60)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("\(file.path):\(line):14: error: a framed video frame of "), result.stderr)
            XCTAssertTrue(result.stderr.contains("over the limit of 35651584, the largest frame H.264 and HEVC allow (level 6.2); lower the padding or the scale"), result.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(start), 10, "refused before rendering")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
        }
        let phoneResult = try CLI.segue(["render", phone.path, "-o", folder.appendingPathComponent("p.mp4").path], timeout: 60)
        XCTAssertTrue(phoneResult.stderr.contains("a framed video frame of 5390 × 6748 px (the device frame and padding 679 pt around the 1179 × 2556 px screen, at scale 3) has 36371720 pixels"), phoneResult.stderr)
        // Without the frame the same scene is a video within the limit (not rendered here: checked at load).
        let still = try CLI.segue(["still", phone.path, "--at", "0", "--scale", "0.25", "-o", folder.appendingPathComponent("still.png").path], timeout: 60)
        XCTAssertEqual(still.status, 0, still.stderr)
    }

    /// The tiles draw a scene at their own scale, whatever the scene's. A valid @0.25 scene with a
    /// 1,990-row list (87,594 pt of content) was refused at the default 240 px tile (scale 0.61,
    /// 53,700 px of content, over one image's side then); held in strips now, it is drawn at 240.
    /// Where the tile's scale does break a limit — a scroll view 60,000 pt wide, 36,600 px across
    /// its axis at 240 px — the tiles are narrowed by default to the widest that keeps the limits,
    /// 32767 / 60000 × 393 → 214 px, saying so; a --tile-width too wide is refused naming that width.
    func testASheetDrawsALongListAndNarrowsItsTilesOnlyWhereTheLimitsSaySo() throws {
        let folder = try CLI.temporaryFolder(self)
        let rows = (0..<1990).map { "          - { title: \"Row \($0)\" }" }.joined(separator: "\n")
        let long = try CLI.write("""
            device: iphone-15
            scale: 0.25
            duration: 0.5
            screens:
              inbox:
                content:
                  - list:
                      id: mail
                      frame: [0, 0, 393, 852]
                      rows:
            \(rows)

            """, "long.yaml", in: folder)
        let output = folder.appendingPathComponent("sheet.png")
        let drawn = try CLI.segue(["sheet", long.path, "--frames", "4", "-o", output.path], timeout: 120)
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertFalse(drawn.stderr.contains("note:"), drawn.stderr)
        // 4 tiles of 240 px in 4 columns, 16 px apart, 24 px margins.
        XCTAssertEqual(try pixels(of: output).width, 48 + 4 * 240 + 3 * 16)

        let wide = try CLI.write("""
            device: iphone-15
            scale: 0.25
            duration: 0.5
            screens:
              a:
                content:
                  - scroll: { id: wide, frame: [0, 100, 60000, 400], content: [{ rect: { frame: [0, 0, 100, 100], fill: systemRed } }] }

            """, "wide.yaml", in: folder)
        XCTAssertEqual(try CLI.segue(["validate", wide.path]).status, 0)
        let narrowed = try CLI.segue(["sheet", wide.path, "--frames", "4", "-o", output.path], timeout: 120)
        XCTAssertEqual(narrowed.status, 0, narrowed.stderr)
        XCTAssertTrue(narrowed.stderr.hasPrefix("note: frames drawn 214 px wide, not 240, where the scene's limits hold (at 240 px: the content of scroll view 'wide'"), narrowed.stderr)
        XCTAssertEqual(try pixels(of: output).width, 48 + 4 * 214 + 3 * 16)
        let tooWide = try CLI.segue(["sheet", wide.path, "--tile-width", "300", "-o", output.path], timeout: 60)
        XCTAssertEqual(tooWide.status, 1)
        XCTAssertTrue(tooWide.stderr.hasSuffix("; use --tile-width 214 or less\n"), tooWide.stderr)
    }
}
