import CLITestSupport
import Foundation
import XCTest

/// Scroll content too large to keep whole is held in strips drawn and let go as frames reach them
/// (`ImageTiles`): such a scene renders the same bytes whatever the threads (strips drawn by any
/// of them, let go and drawn again), scaled under a sheet as in a scroll, and content that was
/// refused as longer than one image (32,767 px) now renders to its last row.
final class LongContentTests: XCTestCase {
    /// A 1,000-row list at 1x (44,000 pt: 69 MB of content, so in strips) flicked down, scrolled to its
    /// end and back, with a page sheet over it (the list scaled, read through a window of strips);
    /// then a 60-page carousel (23,580 px wide, in column strips) paged along.
    static func scene(rows: Int = 1000) -> String {
        let list = (0..<rows).map { "          - { title: \"Row \($0)\", subtitle: \"Second line \($0)\" }" }.joined(separator: "\n")
        let cells = (0..<60).map { "          - { color: \"#\(String(format: "%02X%02X%02X", $0 * 37 % 200 + 40, $0 * 71 % 200 + 40, $0 * 113 % 200 + 40))\", caption: \"Page \($0)\" }" }
            .joined(separator: "\n")
        return """
            device: iphone-15
            scale: 1
            fps: 20
            screens:
              inbox:
                background: systemBackground
                navigationBar: { title: Inbox }
                content:
                  - list:
                      id: mail
                      rows:
            \(list)
              pages:
                content:
                  - grid:
                      id: pages
                      frame: [0, 0, 393, 852]
                      axis: horizontal
                      paging: true
                      columns: 1
                      spacing: 0
                      cells:
            \(cells)
            transitions:
              - { from: inbox, to: pages, style: page-sheet }
            timeline:
              - at: 0.2
                swipe: { direction: up, distance: 300, velocity: 4000, from: [196, 700] }
              - { at: 1.5, scroll: { list: mail, to: \(rows - 1), position: bottom } }
              - { at: 2.5, scroll: { list: mail, to: 350, position: middle } }
              - { at: 3.2, present: pages }
              - at: 4.2
                swipe: { direction: left, distance: 150, velocity: 1500, from: [300, 300] }
              - at: 4.9
                swipe: { direction: left, distance: 150, velocity: 1500, from: [300, 300] }

            """
    }

    func testContentInStripsRendersTheSameBytesWhateverTheThreads() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = try CLI.write(Self.scene(), "long.yaml", in: folder)
        var videos: [Data] = []
        for threads in ["1", "3"] {
            let output = folder.appendingPathComponent("t\(threads).mp4")
            let result = try CLI.segue(["render", file.path, "--threads", threads, "--quality", "draft", "-o", output.path], timeout: 300)
            XCTAssertEqual(result.status, 0, result.stderr)
            videos.append(try Data(contentsOf: output))
        }
        XCTAssertGreaterThan(videos[0].count, 1000)
        XCTAssertEqual(videos[0], videos[1], "--threads 3 gave other bytes than --threads 1")
    }

    /// 800 rows of 44 pt are 35,200 px at 1x, past one image's 32,767: refused before, now drawn to
    /// the last row. The still at the end shows the last row's title where the list puts it, and
    /// no pixel of the missing-part magenta a part that cannot be drawn shows.
    func testContentLongerThanOneImageRendersToItsEnd() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = try CLI.write(Self.scene(rows: 800), "longer.yaml", in: folder)
        let validate = try CLI.segue(["validate", file.path])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        let still = folder.appendingPathComponent("end.png")
        let result = try CLI.segue(["still", file.path, "--at", "2.2", "-o", still.path], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        let inspect = try CLI.segue(["inspect", file.path, "--at", "2.2"])
        XCTAssertTrue(inspect.text.contains("799"), "the last row is on screen at 2.2 s: \(inspect.text.prefix(2000))")
        let decoded = try CLI.tool("ffmpeg", ["-v", "error", "-i", still.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let rgb = [UInt8](decoded.stdout)
        XCTAssertEqual(rgb.count, 393 * 852 * 3)
        var magenta = 0, dark = 0
        for i in stride(from: 0, to: rgb.count, by: 3) {
            if rgb[i] > 240, rgb[i + 1] < 20, rgb[i + 2] > 240 { magenta += 1 }
            if rgb[i] < 80, rgb[i + 1] < 80, rgb[i + 2] < 80 { dark += 1 }
        }
        XCTAssertEqual(magenta, 0, "a part was not drawn")
        XCTAssertGreaterThan(dark, 500, "the rows' text is drawn")
    }
}
