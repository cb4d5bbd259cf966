import CLITestSupport
import Foundation
import XCTest

/// `segue export` in a real browser: the example scenes' pages driven by touch actions in
/// headless Chromium (`export_check.py`, through chromedriver), and every picture and outcome
/// checked against Segue itself:
///
/// - a finger held part-way: the page's canvas matches `segue still` of the same finger path
///   (the page's own samples written as a `pan:` entry, held) with SSIM ≥ 0.99 (ffmpeg's `ssim`);
/// - a grid of releases (distance × speed, both sides of each style's threshold): the page's
///   outcome is the one `segue validate` confirms for the same samples (`expect:` on the entry),
///   and the picture the page rests on matches Segue's last frame;
/// - no network request; the page's file size is printed.
///
/// Needs Debian's chromium, chromium-driver and python3-selenium (scripts/bootstrap installs them).
final class ExportBrowserTests: XCTestCase {
    static let python = "/usr/bin/python3"

    /// One scene's checks: how to reach the screen the gestures start from, on the page (a
    /// button) and in the timeline (an action), and the gestures.
    struct Case {
        var scene: String
        /// A button beside the phone to press first, or a point to tap.
        var button: String?
        var tap: [Double]? = nil
        var setup: String?
        /// A drag held part-way for the picture check: from, to; a second is held a third of the way there.
        var held: (from: [Double], to: [Double])
        /// The release grid: from, to, moves, milliseconds between moves, stationary moves before lifting.
        var releases: [(from: [Double], to: [Double], moves: Int, interval: Int, still: Int)]
        /// The outcomes the grid must include (each style's threshold crossed both ways).
        var outcomes: Set<String>
    }

    static let slow = (moves: 24, interval: 30, still: 6)
    static let fast = (moves: 5, interval: 12, still: 0)

    static func grid(from: [Double], to ends: [[Double]]) -> [(from: [Double], to: [Double], moves: Int, interval: Int, still: Int)] {
        ends.flatMap { end in [(from, end, slow.moves, slow.interval, slow.still), (from, end, fast.moves, fast.interval, fast.still)] }
    }

    static let cases: [Case] = [
        // The back swipe: UIKit's projection against min(187.5 / 393, 0.5), from the left edge.
        Case(scene: "system-push", button: "push wifi", setup: "  - { at: 0.2, push: wifi }",
             held: ([3, 420], [160, 430]),
             releases: grid(from: [3, 420], to: [[60, 420], [140, 425], [230, 425], [330, 430]]),
             outcomes: ["finish", "cancel"]),
        // The drawer opens past half its 320 pt, whatever the speed, and closes the same way.
        Case(scene: "side-drawer", button: nil, setup: nil,
             held: ([60, 420], [200, 424]),
             releases: grid(from: [60, 420], to: [[150, 420], [200, 420], [260, 420]]),
             outcomes: ["finish", "cancel"]),
        Case(scene: "side-drawer", button: "present menu", setup: "  - { at: 0.2, present: menu }",
             held: ([360, 420], [250, 424]),
             releases: grid(from: [360, 420], to: [[300, 420], [200, 420], [100, 420]]),
             outcomes: ["finish", "cancel"]),
        // The slide-up modal's dismissal: a flick over 1200 pt/s decides by its direction, otherwise a fraction over 0.2.
        Case(scene: "slide-up-modal", button: "present compose", setup: "  - { at: 0.2, present: compose }",
             held: ([196, 300], [196, 520]),
             releases: grid(from: [196, 300], to: [[196, 360], [196, 420], [196, 600]]),
             outcomes: ["finish", "cancel"]),
        // The zoom's pop: a downward drag shrinks the card about the finger; a flick over 300 pt/s or
        // a drag past 0.15 of half the height pops it onto the cell.
        Case(scene: "zoom", button: nil, tap: [65, 220], setup: "  - { at: 0.2, tap: [65, 220] }",
             held: ([196, 300], [236, 520]),
             releases: grid(from: [196, 300], to: [[196, 330], [200, 360], [210, 460]]),
             outcomes: ["finish", "cancel"]),
        // Right to left: a row pushes from the leading side, and the back swipe starts at the right edge.
        Case(scene: "right-to-left", button: nil, tap: [196, 242], setup: "  - { at: 0.2, tap: { list: general, index: 1 } }",
             held: ([390, 420], [250, 426]),
             releases: grid(from: [390, 420], to: [[340, 420], [250, 424], [100, 428]]),
             outcomes: ["finish", "cancel"]),
        // cover-from-left follows the finger's x and finishes by itself past 0.7 while the finger is down.
        Case(scene: "cover-from-left", button: nil, setup: nil,
             held: ([40, 400], [200, 404]),
             releases: grid(from: [40, 400], to: [[150, 400], [250, 402], [330, 404]]),
             outcomes: ["finish", "cancel"]),
        // The page sheet at its medium detent: dragged up to large, down a little (back), down far or flicked (dismissed).
        Case(scene: "page-sheet", button: "present share", setup: "  - { at: 0.2, present: share }",
             held: ([196, 480], [196, 640]),
             releases: grid(from: [196, 480], to: [[196, 250], [196, 530], [196, 800]]),
             outcomes: ["finish", "cancel", "detent"]),
    ]

    func testPagesFollowTheFingerAsSegueDoes() throws {
        for tool in [Self.python, "/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: tool) {
            try Requirements.fail(.chromium, "\(tool) is not installed (scripts/bootstrap installs chromium, chromium-driver and python3-selenium)")
        }
        try Requirements.fail(if: try CLI.run(URL(fileURLWithPath: Self.python), ["-c", "import selenium"]).status != 0,
                              .chromium, "python3-selenium is not installed (scripts/bootstrap installs it)")
        let root = try CLI.temporaryFolder(self)
        for (index, test) in Self.cases.enumerated() {
            let folder = root.appendingPathComponent("\(index)-\(test.scene)")
            try check(test, in: folder)
            // SEGUE_EXPORT_TEST_KEEP=DIR keeps each case's pages, screenshots and scenes there, to look at.
            if let keep = ProcessInfo.processInfo.environment["SEGUE_EXPORT_TEST_KEEP"] {
                let destination = URL(fileURLWithPath: keep).appendingPathComponent(folder.lastPathComponent)
                try? FileManager.default.removeItem(at: destination)
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: folder, to: destination)
            }
        }
    }

    private func check(_ test: Case, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sceneFile = ExampleScenes.repository.appendingPathComponent("scenes/\(test.scene).yaml")
        let page = folder.appendingPathComponent("page.html")
        let export = try CLI.segue(["export", sceneFile.path, "-o", page.path, "--scale", "1"])
        XCTAssertEqual(export.status, 0, export.stderr)
        let size = try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int ?? 0
        print("export \(test.scene): \(size / 1024) KB — \(export.text.trimmingCharacters(in: .whitespacesAndNewlines))")

        // The runs: the held drag first, then each release of the grid, each on a fresh page.
        func touch(_ from: [Double], _ to: [Double], moves: Int, interval: Int, still: Int, lift: Bool, screenshot: String?) -> [String: Any] {
            var points: [[Double]] = []
            for i in 0...moves {
                let s = Double(i) / Double(moves)
                points.append([from[0] + (to[0] - from[0]) * s, from[1] + (to[1] - from[1]) * s])
            }
            points += Array(repeating: to, count: still)
            return ["op": "touch", "points": points, "interval": interval, "lift": lift, "screenshot": screenshot ?? NSNull()]
        }
        var setup: [[String: Any]] = test.button.map { [["op": "button", "label": $0]] } ?? []
        if let tap = test.tap {
            setup += [touch(tap, tap, moves: 1, interval: 40, still: 0, lift: true, screenshot: nil), ["op": "rest", "screenshot": NSNull()]]
        }
        let f = test.held.from, t = test.held.to
        let holds = [t, [f[0] + (t[0] - f[0]) / 3, f[1] + (t[1] - f[1]) / 3]]
        var runs: [[[String: Any]]] = holds.enumerated().map { index, to in
            setup + [touch(f, to, moves: 12, interval: 20, still: 0, lift: false,
                           screenshot: folder.appendingPathComponent("held-\(index)-page.png").path)]
        }
        for (index, release) in test.releases.enumerated() {
            runs.append(setup + [touch(release.from, release.to, moves: release.moves, interval: release.interval, still: release.still,
                                       lift: true, screenshot: nil),
                                 ["op": "rest", "screenshot": folder.appendingPathComponent("rest-\(index)-page.png").path]])
        }
        let planFile = folder.appendingPathComponent("plan.json"), resultFile = folder.appendingPathComponent("result.json")
        try JSONSerialization.data(withJSONObject: ["url": page.absoluteString, "runs": runs]).write(to: planFile)
        // Chromium's temporary folders (its profile's lock socket among them, whose path must stay
        // short) go in the test's folder, removed with it.
        let temporary = folder.deletingLastPathComponent().appendingPathComponent("t")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("export_check.py")
        let run = try CLI.run(URL(fileURLWithPath: "/usr/bin/timeout"), ["240", Self.python, script.path, planFile.path, resultFile.path],
                              environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(run.status, 0, "browser script failed:\n\(run.stderr)")
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: resultFile)) as? [String: Any])
        XCTAssertEqual((result["network"] as? [String]) ?? ["?"], [], "the page asked the network for something")
        let console = (result["console"] as? [String] ?? []).filter { $0.contains("SEVERE") || $0.lowercased().contains("error") }
        XCTAssertEqual(console, [], "console errors")
        let runResults = try XCTUnwrap(result["runs"] as? [[[String: Any]]])
        XCTAssertEqual(runResults.count, runs.count)

        // The held drags: the page's picture is Segue's for the same samples.
        for (index, steps) in runResults.prefix(holds.count).enumerated() {
        let held = try XCTUnwrap(steps.last)
        let samples = try Self.pan(held)
        XCTAssertGreaterThan(samples.count, 5)
        XCTAssertEqual(held["phase"] as? String, "dragging", "\(held)")
        let last = try XCTUnwrap(samples.last)
        let heldScene = try write(test, sceneFile: sceneFile, samples: samples + [[last[0] + 1, last[1], last[2]]], expect: nil, in: folder, name: "held-\(index)")
        let heldShot = folder.appendingPathComponent("held-\(index)-page.png").path
        let segueHeld = folder.appendingPathComponent("held-\(index)-segue.png")
        let still = try CLI.segue(["still", heldScene.path, "--at", String(2 + last[0] + 0.5), "-o", segueHeld.path, "--scale", "1", "--no-touches"])
        XCTAssertEqual(still.status, 0, still.stderr)
        let heldSSIM = try ssim(URL(fileURLWithPath: heldShot), segueHeld)
        print("export \(test.scene): held at \(held["progress"] ?? "?") (the gesture's progress, a sheet's top edge) — SSIM \(heldSSIM) against segue still")
        XCTAssertGreaterThanOrEqual(heldSSIM, 0.99, "\(test.scene): the held page differs from Segue's still")
        }

        // The release grid: each outcome is Segue's for the same samples, and so is the resting picture.
        var seen: Set<String> = []
        for (index, steps) in runResults.dropFirst(holds.count).enumerated() {
            let released = try XCTUnwrap(steps.dropLast().last, "\(test.scene) release \(index)")
            let outcome = try XCTUnwrap((released["last"] as? [String: Any])?["outcome"] as? String, "\(released)")
            let samples = try Self.pan(released)
            seen.insert(outcome)
            let scene = try write(test, sceneFile: sceneFile, samples: samples, expect: outcome, in: folder, name: "release-\(index)")
            let validate = try CLI.segue(["validate", scene.path])
            XCTAssertEqual(validate.status, 0, "\(test.scene) release \(index): the page said \(outcome), Segue disagrees:\n\(validate.stderr)")
            let end = folder.appendingPathComponent("rest-\(index)-segue.png")
            let frame = try CLI.segue(["still", scene.path, "--at", String(2 + samples.last![0] + 2.5), "-o", end.path, "--scale", "1", "--no-touches"])
            XCTAssertEqual(frame.status, 0, frame.stderr)
            let restSSIM = try ssim(folder.appendingPathComponent("rest-\(index)-page.png"), end)
            XCTAssertGreaterThanOrEqual(restSSIM, 0.99, "\(test.scene) release \(index) (\(outcome)): the page rests on another picture than Segue's")
        }
        XCTAssertEqual(seen, test.outcomes, "\(test.scene): the grid should cross every threshold")
        if let times = result["frameTimes"] as? [[String: Double]], !times.isEmpty {
            let draws = times.compactMap { $0["draw"] }.sorted()
            print("export \(test.scene): \(draws.count) frames drawn, draw time median \(draws[draws.count / 2]) ms, 95th percentile \(draws[draws.count * 95 / 100]) ms")
        }
    }

    /// The samples the page's **Copy as `pan:`** gives (in the screen's points as the scene file is
    /// written: a right-to-left scene's as it reads).
    static func pan(_ report: [String: Any]) throws -> [[Double]] {
        let text = try XCTUnwrap(report["panText"] as? String)
        XCTAssertTrue(text.hasPrefix("pan: "), text)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.dropFirst(5).utf8)) as? [[Double]], text)
    }

    /// The scene with its timeline replaced: the setup action, then at 2 s the page's samples as a `pan:` entry.
    private func write(_ test: Case, sceneFile: URL, samples: [[Double]], expect: String?, in folder: URL, name: String) throws -> URL {
        let text = try String(contentsOf: sceneFile, encoding: .utf8)
        let head = try XCTUnwrap(text.range(of: "\ntimeline:\n"), "\(test.scene): its timeline is the file's last key")
        // Long enough for the last frame to show the run settled.
        let end = 2 + (samples.last?[0] ?? 0) + 3
        var lines = [String(text[..<head.lowerBound]), "duration: \(end)", "timeline:"]
        if let setup = test.setup { lines.append(setup) }
        lines.append("  - at: 2")
        lines.append("    pan: [" + samples.map { "[\($0[0]), \($0[1]), \($0[2])]" }.joined(separator: ", ") + "]")
        if let expect { lines.append("    expect: \(expect)") }
        // The scene's images are beside it: linked in, so the copy names them as the example does.
        let images = folder.appendingPathComponent("images")
        if !FileManager.default.fileExists(atPath: images.path) {
            try FileManager.default.createSymbolicLink(at: images, withDestinationURL: sceneFile.deletingLastPathComponent().appendingPathComponent("images"))
        }
        return try CLI.write(lines.joined(separator: "\n") + "\n", "\(name).yaml", in: folder)
    }

    /// ffmpeg's SSIM of two pictures of the same size (its "All" figure).
    private func ssim(_ a: URL, _ b: URL) throws -> Double {
        let run = try CLI.tool("ffmpeg", ["-hide_banner", "-i", a.path, "-i", b.path, "-lavfi", "[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]ssim", "-f", "null", "-"])
        guard let range = run.stderr.range(of: #"All:([0-9.]+)"#, options: .regularExpression) else {
            XCTFail("no SSIM from ffmpeg:\n\(run.stderr)")
            return 0
        }
        return Double(run.stderr[range].dropFirst(4)) ?? 0
    }
}
