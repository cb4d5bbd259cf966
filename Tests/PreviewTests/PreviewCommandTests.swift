import CLITestSupport
import Foundation
import XCTest

/// `segue preview` without a browser: the API over HTTP, JSON scenes refused for editing,
/// Ctrl-C, and bad arguments.
final class PreviewCommandTests: XCTestCase {
    func testServesAJSONSceneRefusesToEditItAndStopsOnInterrupt() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = """
            {"device": "iphone-se", "fps": 30,
             "screens": {"a": {"background": "systemBackground"}, "b": {"background": "systemRed"}},
             "root": "a", "transitions": [{"from": "a", "to": "b", "style": "slide-up-modal"}],
             "timeline": [{"at": 0.1, "present": "b"}]}
            """
        try scene.write(to: folder.appendingPathComponent("modal.json"), atomically: true, encoding: .utf8)
        let server = try PreviewProcess(folder: folder.appendingPathComponent("modal.json"))
        defer { server.stop() }
        let base = try server.waitForURL(timeout: 30)

        let scenes = try Self.json(try Self.get(base + "api/scenes"))
        XCTAssertEqual(scenes["scenes"] as? [String], ["modal.json"])
        XCTAssertEqual(scenes["single"] as? Bool, true)

        let summary = try Self.json(try Self.get(base + "api/scene"))
        XCTAssertEqual(summary["ok"] as? Bool, true)
        XCTAssertEqual(summary["editable"] as? Bool, false)
        XCTAssertEqual(summary["size"] as? [Double], [375, 667])
        let frames = try XCTUnwrap(summary["frames"] as? [[Any]])
        XCTAssertEqual(frames.count, summary["frameCount"] as? Int)
        XCTAssertEqual((summary["runs"] as? [[String: Any]])?.first?["style"] as? String, "slide-up-modal")

        // Frame 5 at @1x is a PNG of the device's point size; its trace is frame 5's.
        let png = try Self.get(base + "frame/5.png")
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(png[16..<24].reduce(0) { $0 << 8 | Int($1) } >> 32, 375)
        XCTAssertTrue(String(decoding: try Self.get(base + "api/trace/5"), as: UTF8.self).hasPrefix(#"{"frame": 5,"#))
        XCTAssertThrowsError(try Self.get(base + "frame/9999.png"))

        // Drawing into a JSON scene is refused, and the file is left alone.
        let answer = try Self.json(try Self.get(base + "api/gesture", post: #"{"at": 0.5, "samples": [[0, 100, 300]]}"#))
        XCTAssertEqual(answer["ok"] as? Bool, false)
        XCTAssertTrue("\(answer["errors"] ?? "")".contains("only YAML scenes"), "\(answer)")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("modal.json"), encoding: .utf8), scene)

        XCTAssertEqual(server.interrupt(), 130)
    }

    func testAGestureThatWouldMakeTheSceneInvalidIsRevertedAndReported() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = folder.appendingPathComponent("drawer.yaml")
        let scene = """
            device: iphone-se   # small
            fps: 30
            screens:
              mail: { background: systemBackground }
              menu: { background: systemGray }
            root: mail
            transitions:
              - { from: mail, to: menu, style: side-drawer }
            timeline:
              - at: 0.2
                swipe: { from: [40, 300], to: [260, 300], duration: 0.4 }

            """
        try scene.write(to: file, atomically: true, encoding: .utf8)
        let server = try PreviewProcess(folder: folder)
        defer { server.stop() }
        let base = try server.waitForURL(timeout: 30)
        XCTAssertEqual(try Self.json(try Self.get(base + "api/scene?scene=drawer.yaml"))["ok"] as? Bool, true)

        // A pan while the swipe's finger is still down: two fingers at once is an error.
        let overlapping = #"{"at": 0.3, "samples": [[0, 100, 500], [0.05, 140, 500], [0.1, 180, 500]]}"#
        let refused = try Self.json(try Self.get(base + "api/gesture?scene=drawer.yaml", post: overlapping))
        XCTAssertEqual(refused["ok"] as? Bool, false, "\(refused)")
        XCTAssertEqual(refused["reverted"] as? Bool, true)
        let errors = try XCTUnwrap(refused["errors"] as? [[String: Any]])
        XCTAssertFalse(errors.isEmpty)
        XCTAssertTrue((errors.first?["description"] as? String ?? "").contains("drawer.yaml:"), "\(errors)")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), scene)

        // After the swipe, a pan closing the drawer is written (in time order, the comment on line 1 untouched).
        let later = #"{"at": 1.0, "samples": [[5.0, 180, 500], [5.05, 140, 500], [5.1, 100, 500]]}"#
        let written = try Self.json(try Self.get(base + "api/gesture?scene=drawer.yaml", post: later))
        XCTAssertEqual(written["ok"] as? Bool, true, "\(written)")
        XCTAssertEqual(written["line"] as? Int, 12)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8),
                       scene + "  - at: 1\n    pan: [[0, 180, 500], [0.05, 140, 500], [0.1, 100, 500]]\n    expect: cancel\n")
        XCTAssertEqual(server.terminate(), 143)
    }

    /// `--variant all` starts as written and lists every variant; `?variant=NAME` plays one (a read:
    /// a GET, nothing written), `?variant=` the scene as written; an unknown name is a 404 whose JSON
    /// names the scene's variants; a scene without variants lists none.
    func testVariantsArePickedByAQueryParameter() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = """
            size: [120, 240]
            scale: 1
            variants: { appearance: [light, dark] }
            screens:
              a: { background: systemBackground }
            root: a
            timeline: []

            """
        try scene.write(to: folder.appendingPathComponent("themed.yaml"), atomically: true, encoding: .utf8)
        try scene.replacingOccurrences(of: "variants: { appearance: [light, dark] }\n", with: "")
            .write(to: folder.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        let server = try PreviewProcess(folder: folder, arguments: ["--variant", "all"])
        defer { server.stop() }
        let base = try server.waitForURL(timeout: 30)

        let written = try Self.json(try Self.get(base + "api/scene?scene=themed.yaml"))
        XCTAssertEqual(written["ok"] as? Bool, true, "\(written)")
        XCTAssertTrue(written["variant"] is NSNull, "--variant all starts as written: \(written)")
        XCTAssertEqual(written["variants"] as? [String], ["light", "dark"])
        let dark = try Self.json(try Self.get(base + "api/scene?scene=themed.yaml&variant=dark"))
        XCTAssertEqual(dark["variant"] as? String, "dark")
        XCTAssertEqual(dark["ok"] as? Bool, true)
        XCTAssertTrue(String(decoding: try Self.get(base + "api/trace/0?scene=themed.yaml&variant=dark"), as: UTF8.self).hasPrefix(#"{"frame": 0,"#))
        // The middle pixel of frame 0: white as written, black in the dark variant.
        func middle(_ query: String) throws -> [UInt8] {
            let png = folder.appendingPathComponent("frame.png")
            try Self.get(base + "frame/0.png?scene=themed.yaml" + query).write(to: png)
            let rgb = [UInt8](try CLI.tool("ffmpeg", ["-v", "error", "-i", png.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdout)
            XCTAssertEqual(rgb.count, 120 * 240 * 3)
            let i = (120 * 120 + 60) * 3
            return Array(rgb[i..<(i + 3)])
        }
        XCTAssertEqual(try middle(""), [255, 255, 255])
        XCTAssertEqual(try middle("&variant="), [255, 255, 255])
        XCTAssertEqual(try middle("&variant=dark"), [0, 0, 0])
        XCTAssertEqual(try middle("&variant=light"), [255, 255, 255])

        let unknown = try PreviewHTTP.send(base, "GET", "/api/scene?scene=themed.yaml&variant=drak")
        XCTAssertEqual(unknown.status, 404)
        let answer = try Self.json(unknown.body)
        XCTAssertEqual(answer["ok"] as? Bool, false)
        XCTAssertEqual(answer["variants"] as? [String], ["light", "dark"])
        XCTAssertEqual((answer["errors"] as? [[String: Any]])?.first?["message"] as? String,
                       "themed.yaml: no variant 'drak' (did you mean 'dark'?); its variants are: light, dark")
        XCTAssertEqual(try PreviewHTTP.send(base, "GET", "/frame/0.png?scene=themed.yaml&variant=drak").status, 404)

        let plain = try Self.json(try Self.get(base + "api/scene?scene=plain.yaml"))
        XCTAssertEqual(plain["ok"] as? Bool, true, "--variant all shows a scene without variants as written: \(plain)")
        XCTAssertEqual(plain["variants"] as? [String], [])
        XCTAssertEqual(try PreviewHTTP.send(base, "GET", "/api/scene?scene=plain.yaml&variant=dark").status, 404)
        XCTAssertEqual(server.terminate(), 143)
    }

    func testAFileThatIsNotASceneIsAnError() throws {
        let folder = try CLI.temporaryFolder(self)
        try "hello".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try CLI.segue(["preview", folder.appendingPathComponent("notes.txt").path, "--port", "0"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("is not a scene file"), result.stderr)
        XCTAssertNotEqual(try CLI.segue(["preview", folder.path, "--port", "70000"]).status, 0)
    }

    /// A gesture drawn on a variant that reads the other way than the file is written in is written
    /// in the file's own screen (x mirrored): drawn from the right edge of the right-to-left
    /// variant, it is saved from the left edge of the left-to-right file, and pops there.
    func testAGestureDrawnOnAMirroredVariantIsWrittenInTheFilesScreen() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = folder.appendingPathComponent("push.yaml")
        try """
            size: [200, 400]
            scale: 1
            fps: 30
            mirrorTimeline: true
            variants: { layoutDirection: [rightToLeft] }
            screens:
              a: { background: systemBackground, navigationBar: { title: A } }
              b: { background: systemGray, navigationBar: { title: B, back: A } }
            root: a
            transitions:
              - { from: a, to: b, style: system-push }
            timeline:
              - { at: 0.2, push: b }

            """.write(to: file, atomically: true, encoding: .utf8)
        let server = try PreviewProcess(folder: folder, arguments: ["--variant", "rightToLeft"])
        defer { server.stop() }
        let base = try server.waitForURL(timeout: 30)
        let samples = (0...12).map { "[\(Double($0) * 0.02), \(198 - Double($0) * 12), 200]" }.joined(separator: ", ")
        let answer = try Self.json(try Self.get(base + "api/gesture?scene=push.yaml&variant=rightToLeft",
                                                post: #"{"at": 1.2, "samples": [\#(samples)]}"#))
        XCTAssertEqual(answer["ok"] as? Bool, true, "\(answer)")
        let written = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(written.contains("[0, 2, 200]"), "the drawn right edge is the file's left edge: \(written)")
        XCTAssertTrue(written.contains("expect: finish"), "it pops: \(written)")
    }

    /// The body of a GET (or, with `post`, a POST as the page sends it: same origin, JSON, the
    /// page's token) to `url`; throws on a status other than 200.
    static func get(_ url: String, post: String? = nil) throws -> Data {
        let parsed = try XCTUnwrap(URL(string: url))
        let base = "http://127.0.0.1:\(try XCTUnwrap(parsed.port))/"
        let path = String(url.dropFirst(base.count - 1))
        let response = try post.map { try PreviewHTTP.send(base, "POST", path, headers: try PreviewHTTP.pageHeaders(base), body: Data($0.utf8)) }
            ?? PreviewHTTP.send(base, "GET", path)
        guard response.status == 200 else { throw PreviewProcessError(description: "\(url): HTTP \(response.status) \(response.text)") }
        return response.body
    }

    static func json(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
