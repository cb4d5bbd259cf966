import CLITestSupport
import Foundation
import XCTest

/// `segue render -o` picks the format from the output's extension, refuses a `--format` that
/// contradicts it, and says what its closing numbers are.
final class OutputNamingTests: XCTestCase {
    let scene = """
        size: [120, 200]
        scale: 1
        fps: 30
        screens:
          a: { background: "#FF0000" }
          b: { background: "#0000FF" }
        transitions:
          - { from: a, to: b, style: cross-dissolve }
        timeline:
          - { at: 0.1, present: b }
        """

    private func sceneFile(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("fade.yaml")
        try scene.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    private func codec(of file: URL) throws -> String {
        let probe = try CLI.tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name",
                                             "-of", "csv=p=0", file.path])
        return probe.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTheExtensionChoosesTheFormat() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try sceneFile(in: folder)
        for (name, expected) in [("demo.gif", "gif"), ("demo.mov", "prores"), ("demo.mp4", "h264"), ("DEMO.GIF", "gif")] {
            let output = folder.appendingPathComponent(name)
            let result = try CLI.segue(["render", sceneURL.path, "-o", output.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try codec(of: output), expected, name)
        }
        // --format that agrees with the extension, and png into a folder without one.
        let hevc = folder.appendingPathComponent("hevc.mp4")
        XCTAssertEqual(try CLI.segue(["render", sceneURL.path, "--format", "hevc", "-o", hevc.path]).status, 0)
        XCTAssertEqual(try codec(of: hevc), "hevc")
        let frames = folder.appendingPathComponent("fade-frames")
        XCTAssertEqual(try CLI.segue(["render", sceneURL.path, "--format", "png", "-o", frames.path]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: frames.appendingPathComponent("frame-00000.png").path))
    }

    func testAFormatThatContradictsTheExtensionIsAUsageError() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try sceneFile(in: folder)
        let cases: [([String], String)] = [
            (["--format", "mp4", "-o", "demo.gif"],
             "--format mp4 writes an H.264 MP4, but 'demo.gif' ends in .gif, which is a GIF: use --format gif, or name it demo.mp4"),
            (["--format", "gif", "-o", "x.mov"], "--format gif writes a GIF, but 'x.mov' ends in .mov"),
            (["--format", "png", "-o", "x.png"], "'x.png' names one picture, but --format png writes a folder of PNG frames"),
            (["--format", "prores", "-o", "x"], "--format prores writes a ProRes 4444 .mov, but 'x' has no extension: name it x.mov"),
            (["-o", "demo"], "cannot tell the format from 'demo', which has no extension"),
            (["-o", "demo.webm"], "cannot tell the format from 'demo.webm' (Segue does not write .webm)"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.segue(["render", sceneURL.path] + arguments, in: folder)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(arguments.last ?? "").path))
        }
        let batch = try CLI.segue(["batch", folder.path, "-o", folder.appendingPathComponent("videos.gif").path])
        XCTAssertEqual(batch.status, 64, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("batch writes a folder of videos, but 'videos.gif' ends in .gif"), batch.stderr)
    }

    func testWroteSaysFramesVideoLengthAndRenderTime() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try sceneFile(in: folder)
        let output = folder.appendingPathComponent("fade.mp4")
        let result = try CLI.segue(["render", sceneURL.path, "-o", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try CLI.segue(["trace", sceneURL.path]).text.split(separator: "\n").count
        let pattern = try NSRegularExpression(pattern: "^Wrote (.+) — (\\d+) frames, ([0-9.]+) s of video at 30 fps, rendered in [0-9.]+ s$",
                                              options: .anchorsMatchLines)
        let text = result.stderr
        guard let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
            return XCTFail("no Wrote line in: \(text)")
        }
        func group(_ index: Int) -> String { Range(match.range(at: index), in: text).map { String(text[$0]) } ?? "" }
        XCTAssertEqual(group(1), output.path)
        XCTAssertEqual(Int(group(2)), frames)
        XCTAssertEqual(Double(group(3)) ?? 0, Double(frames) / 30, accuracy: 0.005)
    }
}
