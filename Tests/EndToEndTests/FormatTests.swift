import CLITestSupport
import Foundation
import XCTest

/// `segue render --format` and `segue batch --format`: each output probes as what it claims,
/// has one frame per trace line, and keeps what it promises (alpha, a small palette).
final class FormatTests: XCTestCase {
    /// 200 × 400 pt at @1x, 30 fps, on a transparent background: a clear screen with one green
    /// square, then a blue sheet slides up over it.
    let scene = """
        size: [200, 400]
        scale: 1
        fps: 30
        tail: 0.2
        touches: false
        background: transparent
        screens:
          list:
            background: clear
            content:
              - rect: { frame: [20, 20, 100, 100], fill: "#00FF00" }
          sheet: { background: "#0000FF" }
        transitions:
          - { from: list, to: sheet, style: slide-up-modal, cornerRadius: 20 }
        timeline:
          - { at: 0.1, present: sheet }
        """

    private func sceneFile(_ text: String? = nil, name: String = "clear.yaml", in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try (text ?? scene).write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    private func traceCount(_ scene: URL, _ extra: [String] = []) throws -> Int {
        let result = try CLI.segue(["trace", scene.path] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.text.split(separator: "\n").count
    }

    private func render(_ scene: URL, _ format: String, to output: URL, _ extra: [String] = []) throws {
        let result = try CLI.segue(["render", scene.path, "--format", format, "-o", output.path] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The first video stream as ffprobe sees it, with its frames counted.
    private func probe(_ file: URL) throws -> [String: Any] {
        let result = try CLI.tool("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_streams",
                                              "-of", "json", file.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try XCTUnwrap((json["streams"] as? [[String: Any]])?.first)
    }

    /// Frame `index` of `file` decoded to RGBA.
    private func decodeRGBA(_ file: URL, frame index: Int, width: Int = 200, height: Int = 400) throws -> [UInt8] {
        let result = try CLI.tool("ffmpeg", ["-v", "error", "-i", file.path, "-vf", "select=eq(n\\,\(index))", "-vframes", "1",
                                             "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        XCTAssertEqual(result.stdout.count, width * height * 4, result.stderr)
        return [UInt8](result.stdout)
    }

    private func pixel(_ pixels: [UInt8], x: Int, y: Int, width: Int = 200) -> [Int] {
        let i = (y * width + x) * 4
        return pixels[i..<i + 4].map(Int.init)
    }

    func testMP4AndHEVCProbeAsTheirCodecs() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try sceneFile(in: folder)
        let frames = try traceCount(sceneURL)
        for (format, codec, tag) in [("mp4", "h264", "avc1"), ("hevc", "hevc", "hvc1")] {
            let video = folder.appendingPathComponent("\(format).mp4")
            try render(sceneURL, format, to: video)
            let stream = try probe(video)
            XCTAssertEqual(stream["codec_name"] as? String, codec)
            XCTAssertEqual(stream["codec_tag_string"] as? String, tag)
            XCTAssertEqual(stream["pix_fmt"] as? String, "yuv420p")
            XCTAssertEqual(stream["color_primaries"] as? String, "bt709")
            XCTAssertEqual(Int(stream["nb_read_frames"] as? String ?? ""), frames, format)
            // The same scene gives the same bytes, whatever the threads.
            let again = folder.appendingPathComponent("\(format)-again.mp4")
            try render(sceneURL, format, to: again, ["--threads", "3"])
            XCTAssertEqual(try Data(contentsOf: video), try Data(contentsOf: again), "\(format) bytes vary")
        }
    }

    /// Sequential libx265 encoders in one process (a batch with one job) give the same bytes
    /// as a render of its own: libx264 did not with B-frames (see CodecContext).
    func testHEVCIsDeterministicWithinOneProcess() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes"), output = root.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] { _ = try sceneFile(name: "\(name).yaml", in: scenes) }
        let batch = try CLI.segue(["batch", scenes.path, "-o", output.path, "--format", "hevc", "--jobs", "1"])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        let single = root.appendingPathComponent("single.mp4")
        try render(scenes.appendingPathComponent("a.yaml"), "hevc", to: single)
        for name in ["a", "b", "c"] {
            XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent("\(name).mp4")), try Data(contentsOf: single), name)
        }
    }

    func testProResKeepsAlpha() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try sceneFile(in: folder)
        let movie = folder.appendingPathComponent("clear.mov")
        try render(sceneURL, "prores", to: movie)
        let stream = try probe(movie)
        XCTAssertEqual(stream["codec_name"] as? String, "prores")
        XCTAssertEqual(stream["profile"] as? String, "4444")
        XCTAssertEqual(stream["codec_tag_string"] as? String, "ap4h")
        // FFmpeg's decoder reports ProRes 4444 as 12-bit; the stream was encoded from yuva444p10le.
        XCTAssertTrue((stream["pix_fmt"] as? String ?? "").hasPrefix("yuva444p"), "\(stream["pix_fmt"] ?? "none")")
        XCTAssertEqual(Int(stream["nb_read_frames"] as? String ?? ""), try traceCount(sceneURL))

        // Frame 0: only the clear screen's green square is opaque.
        let first = try decodeRGBA(movie, frame: 0)
        XCTAssertEqual(pixel(first, x: 5, y: 5)[3], 0, "transparent where nothing covers")
        XCTAssertEqual(pixel(first, x: 150, y: 300)[3], 0)
        let square = pixel(first, x: 70, y: 70)
        XCTAssertEqual(square[3], 255)
        XCTAssertGreaterThan(square[1], 240)
        // The last frame: the opaque sheet covers its bottom.
        let last = try decodeRGBA(movie, frame: try traceCount(sceneURL) - 1)
        let sheet = pixel(last, x: 100, y: 390)
        XCTAssertEqual(sheet[3], 255)
        XCTAssertGreaterThan(sheet[2], 240)

        let again = folder.appendingPathComponent("again.mov")
        try render(sceneURL, "prores", to: again, ["--threads", "1"])
        XCTAssertEqual(try Data(contentsOf: movie), try Data(contentsOf: again), "ProRes bytes vary with --threads")
    }

    func testPNGSequenceHasEveryFrameWithAlpha() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try sceneFile(in: folder)
        let frames = folder.appendingPathComponent("clear-frames")
        try render(sceneURL, "png", to: frames)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        let count = try traceCount(sceneURL)
        XCTAssertEqual(names.count, count)
        XCTAssertEqual(names.first, "frame-00000.png")
        XCTAssertEqual(names.last, String(format: "frame-%05d.png", count - 1))
        let stream = try probe(frames.appendingPathComponent("frame-00000.png"))
        XCTAssertEqual(stream["codec_name"] as? String, "png")
        XCTAssertEqual(stream["pix_fmt"] as? String, "rgba")
        let first = try decodeRGBA(frames.appendingPathComponent("frame-00000.png"), frame: 0)
        XCTAssertEqual(pixel(first, x: 5, y: 5), [0, 0, 0, 0])
        XCTAssertEqual(pixel(first, x: 70, y: 70), [0, 255, 0, 255])
        // Nothing but the folder is left beside it; a second render replaces it whole.
        try render(sceneURL, "png", to: frames, ["--threads", "1"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["clear-frames", "clear.yaml"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames.path).count, count)
    }

    func testGIFHasOnePaletteAndTheCappedFrameRate() throws {
        let folder = try CLI.temporaryFolder(self)
        // At 60 fps, so the GIF's 30 fps cap applies.
        let sceneURL = try sceneFile(scene.replacingOccurrences(of: "fps: 30", with: "fps: 60"), in: folder)
        let gif = folder.appendingPathComponent("clear.gif")
        try render(sceneURL, "gif", to: gif)
        let stream = try probe(gif)
        XCTAssertEqual(stream["codec_name"] as? String, "gif")
        XCTAssertEqual(Int(stream["nb_read_frames"] as? String ?? ""), try traceCount(sceneURL, ["--fps", "30"]))
        XCTAssertNotEqual(try traceCount(sceneURL, ["--fps", "30"]), try traceCount(sceneURL))

        // At most 256 colors in the whole clip, and roughly the scene's colors.
        let decoded = try CLI.tool("ffmpeg", ["-v", "error", "-i", gif.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let bytes = [UInt8](decoded.stdout)
        XCTAssertEqual(bytes.count % (200 * 400 * 3), 0, decoded.stderr)
        var colors = Set<Int>()
        for i in stride(from: 0, to: bytes.count, by: 3) {
            colors.insert(Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]))
        }
        XCTAssertLessThanOrEqual(colors.count, 256)
        let frame = Array(bytes[0..<200 * 400 * 3])
        func rgb(_ x: Int, _ y: Int) -> [Int] { let i = (y * 200 + x) * 3; return frame[i..<i + 3].map(Int.init) }
        XCTAssertEqual(rgb(70, 70), [0, 255, 0], "the green square")
        XCTAssertEqual(rgb(5, 5), [0, 0, 0], "the transparent background shows as black")

        // --fps overrides the cap.
        let full = folder.appendingPathComponent("full.gif")
        try render(sceneURL, "gif", to: full, ["--fps", "60"])
        XCTAssertEqual(Int(try probe(full)["nb_read_frames"] as? String ?? ""), try traceCount(sceneURL))

        let again = folder.appendingPathComponent("again.gif")
        try render(sceneURL, "gif", to: again, ["--threads", "3"])
        XCTAssertEqual(try Data(contentsOf: gif), try Data(contentsOf: again), "GIF bytes vary with --threads")
    }

    func testBatchRendersGIFs() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes"), output = root.appendingPathComponent("gifs")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        _ = try sceneFile(name: "a.yaml", in: scenes)
        _ = try sceneFile(scene.replacingOccurrences(of: "#0000FF", with: "#FF0000"), name: "b.yaml", in: scenes)
        let first = try CLI.segue(["batch", scenes.path, "-o", output.path, "--format", "gif", "--jobs", "2"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(names, ["a.gif", "b.gif"])
        XCTAssertEqual(try probe(output.appendingPathComponent("b.gif"))["codec_name"] as? String, "gif")
        let single = root.appendingPathComponent("single.gif")
        try render(scenes.appendingPathComponent("a.yaml"), "gif", to: single)
        XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent("a.gif")), try Data(contentsOf: single))

        // Up to date for gif; another format is not.
        let again = try CLI.segue(["batch", scenes.path, "-o", output.path, "--format", "gif"])
        XCTAssertTrue(again.stderr.contains("2 up to date"), again.stderr)
        let mp4 = try CLI.segue(["batch", scenes.path, "-o", output.path, "--format", "mp4"])
        XCTAssertTrue(mp4.stderr.contains("2 rendered"), mp4.stderr)
    }
}
