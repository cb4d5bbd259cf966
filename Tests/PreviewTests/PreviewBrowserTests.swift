import CLITestSupport
import Foundation
import Stills
import XCTest

/// `segue preview` in a real browser: the built binary serves a folder on a free port, and
/// `browser_check.py` drives headless Chromium through Selenium (scrub, save and watch, draw a
/// tap and a drag, record a golden), lets a page on another site attack the server, and probes
/// it with paths leading outside the folder.
///
/// Needs Debian's chromium, chromium-driver and python3-selenium (scripts/bootstrap installs
/// them); absent, the test fails saying what to install (`Requirements`).
/// `SEGUE_RECORD_SCREENSHOT=1` copies the browser's screenshot to docs/images/preview.png (the
/// committed one is then reduced to a 48-colour palette:
/// `convert preview.png -strip -dither None -colors 48 PNG8:preview.png`).
final class PreviewBrowserTests: XCTestCase {
    static let python = "/usr/bin/python3"
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    static let scene = """
        # The preview test's scene: a drawer opened by a drawn pan, and an image.
        size: [393, 852]     # an iPhone 15 at @1x: small goldens
        scale: 1
        fps: 60
        duration: 2
        screens:
          mail:
            background: systemBackground
            content:
              - label: { text: Mail, font: largeTitle, frame: [16, 96, 300, 41] }
              - image: { file: images/photo.png, frame: [16, 160, 120, 120], cornerRadius: 60 }
          menu:
            background: secondarySystemBackground
            content:
              - label: { text: Mailboxes, font: title2, weight: bold, frame: [20, 70, 280, 30] }
        root: mail
        transitions:
          - { from: mail, to: menu, style: side-drawer }
        timeline:
          # A tap on nothing, and said so.
          - at: 1.3
            tap: [380, 800]
            expect: nothing

        """

    func testPageScrubsWatchesDrawsAndStaysInsideItsFolder() throws {
        for tool in [Self.python, Self.chromium, Self.chromedriver] where !FileManager.default.isExecutableFile(atPath: tool) {
            try Requirements.fail(.chromium, "\(tool) is not installed (scripts/bootstrap installs chromium, chromium-driver and python3-selenium)")
        }
        try Requirements.fail(if: try CLI.run(URL(fileURLWithPath: Self.python), ["-c", "import selenium"]).status != 0,
                            .chromium, "python3-selenium is not installed (scripts/bootstrap installs it)")
        let started = Date()
        let root = try CLI.temporaryFolder(self)
        let site = root.appendingPathComponent("site"), outside = root.appendingPathComponent("outside")
        let images = site.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let sceneFile = site.appendingPathComponent("scene.yaml")
        try Self.scene.write(to: sceneFile, atomically: true, encoding: .utf8)
        // A second scene in a subfolder, for the menu (its image path leads up to the first one's).
        try FileManager.default.createDirectory(at: site.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Self.scene.replacingOccurrences(of: "images/photo.png", with: "../images/photo.png")
            .write(to: site.appendingPathComponent("sub/other.yaml"), atomically: true, encoding: .utf8)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let exampleImages = repository.appendingPathComponent("scenes/images")
        try FileManager.default.copyItem(at: exampleImages.appendingPathComponent("anna.png"), to: images.appendingPathComponent("photo.png"))
        // Outside the folder: a scene the server must never read, reachable through links inside it.
        try Self.scene.replacingOccurrences(of: "# The preview", with: "# OUTSIDE-SECRET The preview")
            .write(to: outside.appendingPathComponent("secret.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("link.yaml").path,
                                                   withDestinationPath: outside.appendingPathComponent("secret.yaml").path)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("linked").path, withDestinationPath: outside.path)

        let server = try PreviewProcess(folder: site)
        defer { server.stop() }
        let url = try server.waitForURL(timeout: 30)
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)

        let results = root.appendingPathComponent("results.json"), screenshot = root.appendingPathComponent("preview.png")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("browser_check.py")
        // Chromium's temporary folders (its profile's lock socket among them, which it leaves
        // behind) go in the test's folder, removed with it.
        let temporary = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let run = try CLI.run(URL(fileURLWithPath: "/usr/bin/timeout"), [
            "90", Self.python, script.path, url, sceneFile.path, images.appendingPathComponent("photo.png").path,
            exampleImages.appendingPathComponent("ben.png").path, screenshot.path, results.path,
        ], environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(run.status, 0, "browser script failed:\n\(run.stderr)\nserver:\n\(server.output)")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: results)) as? [String: Any])
        print("preview browser steps: \((json["steps"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "") at \($0["elapsed"] ?? "") s" })")
        let steps = Dictionary(((json["steps"] as? [[String: Any]]) ?? []).map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })

        // Load and scrub: exactly the frame asked for, and its trace.
        XCTAssertEqual(steps["load"]?["frameCount"] as? Int, 120)
        XCTAssertEqual(steps["scrub"]?["shownFrame"] as? Int, 27)
        XCTAssertEqual(steps["scrub"]?["traceHasFrame"] as? Bool, true)

        // Watch: each save shows its new frame quickly (1 s is the goal; allow a loaded CI machine more).
        let latencies = try XCTUnwrap(steps["watch-scene"]?["latencies"] as? [Double])
        let allFrames = try XCTUnwrap(steps["watch-scene"]?["allFramesSeconds"] as? [Double])
        let imageLatency = try XCTUnwrap(steps["watch-image"]?["seconds"] as? Double)
        print("preview: save → new frame shown: \(latencies.map { String(format: "%.3f s", $0) }); "
              + "all 120 frames: \(allFrames.map { String(format: "%.3f s", $0) }); image save: \(String(format: "%.3f s", imageLatency))")
        XCTAssertLessThan(latencies.sorted()[latencies.count / 2], 2.5)
        XCTAssertLessThan(imageLatency, 2.5)

        // Errors inline, with file:line:column.
        let errorText = steps["error"]?["text"] as? String ?? ""
        XCTAssertTrue(errorText.contains("scene.yaml:"), errorText)
        XCTAssertTrue(errorText.contains("nowhere"), errorText)

        // Drawn gestures land in the file, the rest of it as it was.
        // Drawing is a mode one turns on: before, a click wrote nothing and there was nothing to undo.
        XCTAssertEqual(steps["draw-off"]?["untouched"] as? Bool, true, "\(steps["draw-off"] ?? [:])")
        XCTAssertTrue(steps["draw-off"]?["lastEdit"] is NSNull, "\(steps["draw-off"] ?? [:])")
        XCTAssertEqual(steps["draw-off"]?["undoDisabled"] as? Bool, true)
        // Every edit the page made is undone from the page, the latest first, back to the original text.
        XCTAssertEqual(steps["undo"]?["undone"] as? [[String: Bool]], [["ok": true, "restored": true], ["ok": true, "restored": true]],
                       "\(steps["undo"] ?? [:])")
        XCTAssertEqual(steps["undo"]?["disabled"] as? Bool, true)
        let playhead = steps["playhead"]?["color"] as? [Int] ?? []
        XCTAssertTrue(playhead.count == 3 && playhead.allSatisfy { $0 < 60 }, "the playhead is near-black, not the cancel marks' red: \(playhead)")
        let tap = steps["tap"]?["edit"] as? [String: Any]
        XCTAssertEqual(tap?["ok"] as? Bool, true, "\(tap ?? [:])")
        XCTAssertEqual(tap?["kind"] as? String, "tap")
        let drag = steps["drag"]?["edit"] as? [String: Any]
        XCTAssertEqual(drag?["ok"] as? Bool, true, "\(drag ?? [:])")
        XCTAssertEqual(drag?["kind"] as? String, "pan")
        XCTAssertEqual(steps["drag"]?["replaying"] as? Bool, true)
        let text = json["finalText"] as? String ?? ""
        // Where the browser's pixels land in points is rounded by a pixel or so.
        // Each is written with the outcome its replay has: the tap hits nothing, the drag opens the drawer.
        XCTAssertNotNil(text.range(of: #"\n  - at: 0\.05\n    tap: \[(19\d|20\d)(\.\d)?, (59\d|60\d)(\.\d)?\]\n    expect: nothing\n"#, options: .regularExpression), text)
        XCTAssertNotNil(text.range(of: #"\]\]\n    expect: finish\n"#, options: .regularExpression), text)
        XCTAssertNotNil(text.range(of: #"\n  - at: 0\.2\n    pan: \[\[0, (5\d|6\d)(\.\d)?, 4[12]\d(\.\d)?\], \[0\.\d+, \d+(\.\d)?, 4[12]\d(\.\d)?\],"#, options: .regularExpression), text)
        let untouched = Self.scene.components(separatedBy: "\n").filter { !$0.isEmpty }
        let lines = text.components(separatedBy: "\n")
        XCTAssertTrue(untouched.allSatisfy(lines.contains), "a line of the scene changed:\n\(text)")
        let panIndex = try XCTUnwrap(lines.firstIndex { $0.contains("pan: [[0,") })
        let commentIndex = try XCTUnwrap(lines.firstIndex { $0.contains("# A tap on nothing") })
        XCTAssertLessThan(panIndex, commentIndex, "entries go in time order, before the comment of the later one")

        // Snapshots: the missing goldens listed; one recorded from the page.
        XCTAssertEqual((steps["snapshots"]?["before"] as? [String])?.contains("missing"), true)
        // Missing goldens are told apart from failing ones, and no image is shown broken.
        let summary = steps["snapshots"]?["summary"] as? String ?? ""
        XCTAssertTrue(summary.contains(" failing, ") && summary.hasSuffix(" without a golden yet") && summary.contains("0 failing"), summary)
        XCTAssertEqual(steps["snapshots"]?["brokenImages"] as? Int, 0)
        let recorded = try XCTUnwrap(steps["snapshots"]?["recorded"] as? String)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("__snapshots__/scene/\(recorded).png").path))

        // Security: another site's page changes nothing (its no-cors POSTs are sent, and refused) and
        // reads nothing, not even through a name that resolves to this machine.
        let crossSite = try XCTUnwrap(steps["cross-site"], "\(json)")
        XCTAssertEqual(crossSite["unchanged"] as? Bool, true, "\(crossSite)")
        XCTAssertEqual(crossSite["outcome"] as? [String: String], ["gesture": "sent", "record": "sent", "read": "blocked"])
        XCTAssertEqual(crossSite["reboundStatus"] as? Int, 403)
        XCTAssertTrue((crossSite["reboundPage"] as? String ?? "").hasPrefix("refused: the Host header"), "\(crossSite)")
        XCTAssertTrue((crossSite["reboundText"] as? String ?? "").hasPrefix("refused: the Host header"), "\(crossSite)")

        // Security: only the folder's own scenes, nothing outside readable.
        XCTAssertEqual((json["scenes"] as? [String: Any])?["scenes"] as? [String], ["scene.yaml", "sub/other.yaml"])
        XCTAssertEqual(steps["pick"]?["scene"] as? String, "sub/other.yaml")
        XCTAssertEqual(steps["pick"]?["hash"] as? String, "#scene=sub%2Fother.yaml")
        for probe in json["probes"] as? [[String: Any]] ?? [] {
            XCTAssertNotEqual(probe["status"] as? Int, 200, "\(probe)")
            XCTAssertEqual(probe["leaked"] as? Bool, false, "\(probe)")
        }
        XCTAssertEqual((json["probes"] as? [Any])?.count, 13)

        // SIGTERM ends it with 143.
        XCTAssertEqual(server.terminate(), 143)

        if ProcessInfo.processInfo.environment["SEGUE_RECORD_SCREENSHOT"] == "1" {
            let destination = repository.appendingPathComponent("docs/images/preview.png")
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: screenshot, to: destination)
        }
        print("preview browser test: \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}

/// `segue preview PATH --port 0` as a child process, its output collected.
final class PreviewProcess: @unchecked Sendable {
    private let process = Process()
    /// The server's output goes to a file, read when asked: a pipe's readability handler (a
    /// dispatch source on its descriptor) can crash libdispatch when the child exits under it.
    private let log: URL

    /// Starts serving `folder` (a scene file or a folder), with `arguments` after it.
    init(folder: URL, arguments: [String] = []) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("segue-preview-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.executableURL = try CLI.segue
        process.arguments = ["preview", folder.path, "--port", "0"] + arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    deinit {
        try? FileManager.default.removeItem(at: log)
    }

    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// The URL the server printed once listening.
    func waitForURL(timeout: TimeInterval) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let range = output.range(of: #"http://[^ \n]+"#, options: .regularExpression) { return String(output[range]) }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw PreviewProcessError(description: "segue preview did not print its URL: \(output)")
    }

    /// Sends SIGTERM and waits (at most 10 s); the exit status.
    func terminate() -> Int32 { send(SIGTERM) }

    /// Sends SIGINT (Ctrl-C) and waits (at most 10 s); the exit status.
    func interrupt() -> Int32 { send(SIGINT) }

    private func send(_ signal: Int32) -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return process.isRunning ? -1 : process.terminationStatus
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

struct PreviewProcessError: Error, CustomStringConvertible {
    var description: String
}
