import CLITestSupport
import Foundation
import XCTest

/// `segue render` and `segue trace` from the command line, checked by probing and decoding the MP4.
final class RenderCommandTests: XCTestCase {
    /// A 200 × 400 pt screen at @1x: a red list under a blue sheet, presented at 0.1 s and dragged
    /// down from 0.8 s; short enough to render in a moment.
    let scene = """
        size: [200, 400]
        scale: 1
        fps: 30
        tail: 0.2
        touches: false
        screens:
          list: { background: "#FF0000" }
          sheet: { background: "#0000FF" }
        transitions:
          - { from: list, to: sheet, style: slide-up-modal, cornerRadius: 0 }
        timeline:
          - { at: 0.1, present: sheet }
          - at: 0.8
            pan: [[0, 100, 100], [0.05, 100, 115], [0.1, 100, 140], [0.15, 100, 165], [0.2, 100, 190], [0.25, 100, 215],
                  [0.3, 100, 240], [0.35, 100, 240], [0.4, 100, 240]]
        """

    func write(_ text: String, name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    func traceLines(_ scene: URL) throws -> [[String: Any]] {
        let result = try CLI.segue(["trace", scene.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try result.text.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testRenderedVideoMatchesTheTrace() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try write(scene, name: "drag.yaml", in: folder)
        let video = folder.appendingPathComponent("drag.mp4")
        let render = try CLI.segue(["render", sceneURL.path, "-o", video.path])
        XCTAssertEqual(render.status, 0, render.stderr)

        // What the file claims to be.
        let probe = try CLI.tool("ffprobe", ["-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", video.path])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: probe.stdout) as? [String: Any])
        let stream = try XCTUnwrap((json["streams"] as? [[String: Any]])?.first)
        let format = try XCTUnwrap(json["format"] as? [String: Any])
        let frames = try traceLines(sceneURL)
        XCTAssertEqual(stream["codec_name"] as? String, "h264")
        XCTAssertEqual(stream["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(stream["color_primaries"] as? String, "bt709")
        XCTAssertEqual(stream["width"] as? Int, 200)
        XCTAssertEqual(stream["height"] as? Int, 400)
        XCTAssertEqual(stream["avg_frame_rate"] as? String, "30/1")
        XCTAssertEqual(Int(stream["nb_read_frames"] as? String ?? ""), frames.count, "one video frame per trace line")
        XCTAssertEqual(Double(format["duration"] as? String ?? "") ?? 0, Double(frames.count) / 30, accuracy: 0.001)

        // The sheet's top edge in a decoded frame mid-drag is where the trace puts it.
        let index = try XCTUnwrap(frames.firstIndex { ($0["phase"] as? String) == "interactive" && (($0["progress"] as? Double) ?? 0) > 0.05 })
        let layers = try XCTUnwrap(frames[index]["layers"] as? [[String: Any]])
        let sheet = try XCTUnwrap(layers.first { ($0["id"] as? String) == "sheet" })
        let sheetY = try XCTUnwrap((sheet["frame"] as? [Double])?[1])
        XCTAssertGreaterThan(sheetY, 20)
        let decoded = try CLI.tool("ffmpeg", ["-v", "error", "-i", video.path, "-vf", "select=eq(n\\,\(index))", "-vframes", "1",
                                              "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(decoded.stdout.count, 200 * 400 * 3, decoded.stderr)
        let pixels = [UInt8](decoded.stdout)
        func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
            let i = (y * 200 + x) * 3
            return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
        }
        let firstBlueRow = (0..<400).first { y in
            let p = pixel(x: 100, y: y)
            return p.b > 180 && p.r < 80
        }
        XCTAssertEqual(Double(try XCTUnwrap(firstBlueRow)), sheetY, accuracy: 2, "sheet edge in the video vs the trace")
        // Above the sheet: the red list under the dimming layer (alpha 0.66·(1 − progress)).
        let progress = try XCTUnwrap(frames[index]["progress"] as? Double)
        let expectedRed = 255 * (1 - 0.66 * (1 - progress))
        XCTAssertEqual(Double(pixel(x: 100, y: 5).r), expectedRed, accuracy: 12)
    }

    func testRenderingIsDeterministic() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try write(scene, name: "drag.yaml", in: folder)
        let a = folder.appendingPathComponent("a.mp4"), b = folder.appendingPathComponent("b.mp4")
        XCTAssertEqual(try CLI.segue(["render", sceneURL.path, "-o", a.path]).status, 0)
        XCTAssertEqual(try CLI.segue(["render", sceneURL.path, "-o", b.path]).status, 0)
        XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b))
    }

    func testDefaultOutputGoesToTheOutputFolder() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try write(scene, name: "my-scene.yaml", in: folder)
        let result = try CLI.segue(["render", sceneURL.path, "--fps", "10"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("output/my-scene.mp4").path))
    }

    func testInvalidSceneFailsWithLocationAndWritesNothing() throws {
        let folder = try CLI.temporaryFolder(self)
        let bad = scene.replacingOccurrences(of: "present: sheet", with: "present: shet")
        let sceneURL = try write(bad, name: "bad.yaml", in: folder)
        let video = folder.appendingPathComponent("bad.mp4")
        let result = try CLI.segue(["render", sceneURL.path, "-o", video.path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("bad.yaml:12:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("unknown screen 'shet'"), result.stderr)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "bad.yaml" }
        XCTAssertEqual(leftovers, [], "no output, no temporary file")
    }

    func testTraceIsOneJSONObjectPerFrameWithTheContractKeys() throws {
        let folder = try CLI.temporaryFolder(self)
        let frames = try traceLines(try write(scene, name: "drag.yaml", in: folder))
        XCTAssertGreaterThan(frames.count, 30)
        for (index, frame) in frames.enumerated() {
            XCTAssertEqual(frame["frame"] as? Int, index)
            XCTAssertEqual(Set(frame.keys), ["frame", "time", "transition", "phase", "progress", "touches", "layers"])
        }
        XCTAssertEqual(Set(frames.compactMap { $0["phase"] as? String }), ["idle", "animating", "interactive"])
    }

    func testHelpListsTheCommands() throws {
        let help = try CLI.segue(["--help"])
        XCTAssertEqual(help.status, 0)
        for command in ["render", "trace", "still", "validate"] {
            XCTAssertTrue(help.text.contains(command), help.text)
        }
    }
}
