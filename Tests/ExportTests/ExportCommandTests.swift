import CLITestSupport
import Foundation
import XCTest

/// `segue export` on the command line: every example scene exports, the page's data holds
/// together and names nothing outside the file, the player's maths agree with the engine's
/// numbers, and bad input is refused with a located error and no file.
final class ExportCommandTests: XCTestCase {
    /// The page's data: the JSON in `<script type="application/json" id="segue-data">`.
    static func data(of page: URL) throws -> [String: Any] {
        let html = try String(contentsOf: page, encoding: .utf8)
        let open = try XCTUnwrap(html.range(of: #"<script type="application/json" id="segue-data">"#))
        let close = try XCTUnwrap(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(html[open.upperBound..<close.lowerBound].utf8)) as? [String: Any])
    }

    func testEveryExampleSceneExportsAPageThatHoldsTogether() throws {
        let folder = try CLI.temporaryFolder(self)
        var sizes: [(String, Int)] = []
        for (file, name) in try ExampleScenes.all() {
            let page = folder.appendingPathComponent("\(name).html")
            // The app examples share the repository's `scenes/images/` folder, outside their own.
            let run = try CLI.segue(["export", file.path, "-o", page.path, "--scale", "1", "--allow-outside-files"])
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            guard run.status == 0 else { continue }
            let html = try String(contentsOf: page, encoding: .utf8)
            sizes.append((name, html.utf8.count))
            // Self-contained: nothing fetched from anywhere, and a policy that forbids it.
            XCTAssertNil(html.range(of: #"(src|href)\s*=\s*["'](https?:)?//"#, options: .regularExpression), name)
            XCTAssertTrue(html.contains("default-src 'none'"), name)
            try checkData(try Self.data(of: page), name)
        }
        let total = sizes.map(\.1).reduce(0, +)
        print("export: \(sizes.count) example pages at --scale 1, \(total / 1024) KB in all: "
              + sizes.map { "\($0.0) \($0.1 / 1024) KB" }.joined(separator: ", "))
    }

    /// Every index the page follows lands: parts, states, edges; the pictures of each gesture are
    /// sampled in order, one per value; every state but the first is reached by some transition.
    private func checkData(_ data: [String: Any], _ name: String) throws {
        let parts = try XCTUnwrap(data["parts"] as? [String], name)
        let states = try XCTUnwrap(data["states"] as? [[String: Any]], name)
        let edges = try XCTUnwrap(data["edges"] as? [[String: Any]], name)
        XCTAssertFalse(states.isEmpty, name)
        XCTAssertTrue(parts.allSatisfy { $0.hasPrefix("data:image/png;base64,") }, name)
        func checkPlan(_ plan: Any?, _ what: String) {
            guard let steps = plan as? [[Any]] else { return XCTFail("\(name) \(what): no plan") }
            var depth = 0
            for step in steps {
                switch step.first as? String {
                case "image", "overlay":
                    let part = step[1] as? Int ?? -1
                    XCTAssertTrue(parts.indices.contains(part), "\(name) \(what): part \(part)")
                case "begin": depth += 1
                case "end": depth -= 1; XCTAssertGreaterThanOrEqual(depth, 0, "\(name) \(what)")
                case "clear", "fill", "shadow", "backdrop": break
                default: XCTFail("\(name) \(what): unknown step \(step.first ?? "")")
                }
            }
            XCTAssertEqual(depth, 0, "\(name) \(what): unbalanced clips")
        }
        var reached: Set<Int> = [0]
        for (index, state) in states.enumerated() {
            checkPlan(state["plan"], "state \(index)")
            let mine = Set(edges.indices.filter { edges[$0]["from"] as? Int == index })
            for tap in state["taps"] as? [[String: Any]] ?? [] { XCTAssertTrue(mine.contains(tap["edge"] as? Int ?? -1), "\(name) state \(index) tap") }
            for edge in (state["gestures"] as? [Int] ?? []) + (state["buttons"] as? [Int] ?? []) {
                XCTAssertTrue(mine.contains(edge), "\(name) state \(index): edge \(edge) does not start here")
            }
        }
        for (index, edge) in edges.enumerated() {
            let to = edge["to"] as? Int ?? -1
            XCTAssertTrue(states.indices.contains(to), "\(name) edge \(index)")
            reached.insert(to)
            let plays = (edge["play"] as? [String: Any])?["plans"] as? [Any] ?? []
            XCTAssertFalse(plays.isEmpty, "\(name) edge \(index)")
            plays.forEach { checkPlan($0, "edge \(index) play") }
            guard let gesture = edge["gesture"] as? [String: Any] else { continue }
            let frames = try XCTUnwrap(gesture["frames"] as? [String: Any])
            let values = frames["values"] as? [Double] ?? []
            let plans = frames["plans"] as? [Any] ?? []
            XCTAssertEqual(values.count, plans.count, "\(name) edge \(index)")
            XCTAssertEqual(values, values.sorted(), "\(name) edge \(index): frames out of order")
            plans.forEach { checkPlan($0, "edge \(index) frame") }
            for detent in gesture["detents"] as? [[String: Any]] ?? [] {
                let state = detent["state"] as? Int ?? -1
                XCTAssertTrue(states.indices.contains(state), "\(name) edge \(index) detent")
                reached.insert(state)
            }
        }
        XCTAssertEqual(reached, Set(states.indices), "\(name): states no transition reaches")
    }

    /// The page's ports of Segue's maths (springs, curves, the recognizer, velocity, the pop
    /// projection, the animators' completions) against reference numbers from the Swift engine.
    func testThePlayersMathsAreTheEngines() throws {
        let node = URL(fileURLWithPath: "/usr/bin/node")
        try Requirements.fail(if: !FileManager.default.isExecutableFile(atPath: node.path), .tool,
                              "node is not installed (scripts/bootstrap installs nodejs)")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("player_maths.mjs")
        let run = try CLI.run(node, [script.path])
        XCTAssertEqual(run.status, 0, run.text + run.stderr)
        XCTAssertTrue(run.text.contains("checks passed"), run.text)
    }

    func testBadInputIsRefusedWithALocatedErrorAndNoFile() throws {
        let folder = try CLI.temporaryFolder(self)
        let page = folder.appendingPathComponent("page.html")
        // A scene that does not load: the file, line and column, and no page.
        let broken = try CLI.write("size: [393, 852]\nscreens:\n  a: { background: nowhereColor }\nroot: a\n", "broken.yaml", in: folder)
        var run = try CLI.segue(["export", broken.path, "-o", page.path])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("broken.yaml:3:"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: page.path))
        // A missing scene, a sample count out of range.
        run = try CLI.segue(["export", folder.appendingPathComponent("missing.yaml").path, "-o", page.path])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("missing.yaml"), run.stderr)
        let scene = ExampleScenes.repository.appendingPathComponent("scenes/system-push.yaml")
        run = try CLI.segue(["export", scene.path, "-o", page.path, "--samples", "2"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("--samples"), run.stderr)
        // A destination that is a folder: refused, the folder as it was.
        let taken = folder.appendingPathComponent("taken.html")
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: false)
        run = try CLI.segue(["export", scene.path, "-o", taken.path])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertFalse(run.stderr.isEmpty)
        try FileManager.default.removeItem(at: taken)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["broken.yaml"])
    }

    /// A page is made to be sent to others: the images and fonts a scene names from outside its
    /// folder (an absolute path elsewhere, `../`, a link leading out) are refused, each at the line
    /// that names it, unless `--allow-outside-files` says so.
    func testFilesFromOutsideTheScenesFolderAreRefusedUnlessAllowed() throws {
        let root = try CLI.temporaryFolder(self)
        let folder = root.appendingPathComponent("scene")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let images = ExampleScenes.repository.appendingPathComponent("scenes/images")
        try FileManager.default.copyItem(at: images.appendingPathComponent("ben.png"), to: root.appendingPathComponent("secret.png"))
        try FileManager.default.copyItem(at: images.appendingPathComponent("anna.png"), to: folder.appendingPathComponent("own.png"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("linked.png"), withDestinationURL: root.appendingPathComponent("secret.png"))
        let scene = try CLI.write("""
            screens:
              a:
                content:
                  - image: { file: own.png, frame: [0, 0, 50, 50] }
                  - image: { file: ../secret.png, frame: [0, 60, 50, 50] }
                  - image: { file: \(images.path)/lake.png, frame: [0, 120, 50, 50] }
                  - image: { file: linked.png, frame: [0, 180, 50, 50] }
            """, "s.yaml", in: folder)
        let page = root.appendingPathComponent("page.html")
        var run = try CLI.segue(["export", scene.path, "-o", page.path, "--scale", "1"])
        XCTAssertNotEqual(run.status, 0)
        let advice = "an exported page carries its pictures to whoever opens it; move it into the scene's folder, or give --allow-outside-files"
        let resolvedFolder = folder.resolvingSymlinksInPath().path
        XCTAssertEqual(run.stderr.split(separator: "\n").map(String.init), [
            "\(scene.path):5:24: error: image \(root.path)/secret.png is outside the scene's folder (\(resolvedFolder)), and \(advice)",
            "\(scene.path):6:24: error: image \(images.path)/lake.png is outside the scene's folder (\(resolvedFolder)), and \(advice)",
            "\(scene.path):7:24: error: image \(folder.path)/linked.png is outside the scene's folder (\(resolvedFolder)), and \(advice)",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: page.path))
        run = try CLI.segue(["export", scene.path, "-o", page.path, "--scale", "1", "--allow-outside-files"])
        XCTAssertEqual(run.status, 0, run.stderr)
    }
}
