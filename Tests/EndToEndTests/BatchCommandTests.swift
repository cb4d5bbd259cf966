import CLITestSupport
import Foundation
import XCTest

/// `segue batch` from the command line: parallel scenes, skipping what is up to date, failures
/// reported without stopping the rest, and deterministic shards.
final class BatchCommandTests: XCTestCase {
    /// A small scene whose sheet is presented at `presentAt` seconds.
    func scene(presentAt: Double) -> String {
        """
        size: [120, 240]
        scale: 1
        fps: 20
        tail: 0.2
        screens:
          list: { background: "#FF3B30" }
          sheet: { background: "#007AFF" }
        transitions:
          - { from: list, to: sheet, style: slide-up-modal }
        timeline:
          - { at: \(presentAt), present: sheet }
        """
    }

    /// A folder with scenes a, b, c (valid) and broken.yaml (invalid YAML) plus an image-like asset.
    func makeFolder() throws -> (scenes: URL, output: URL) {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for (name, at) in [("a", 0.1), ("b", 0.2), ("c", 0.3)] {
            try scene(presentAt: at).write(to: scenes.appendingPathComponent("\(name).yaml"), atomically: false, encoding: .utf8)
        }
        try "screens: [".write(to: scenes.appendingPathComponent("broken.yaml"), atomically: false, encoding: .utf8)
        try Data([1, 2, 3]).write(to: scenes.appendingPathComponent("logo.png"))
        return (scenes, root.appendingPathComponent("videos"))
    }

    func videos(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mp4") && !name.hasPrefix(".") {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    func testBatchRendersEverySceneReportsFailuresAndSkipsUpToDate() throws {
        let (scenes, output) = try makeFolder()
        let first = try CLI.segue(["batch", scenes.path, "-o", output.path, "--jobs", "2"])
        XCTAssertNotEqual(first.status, 0, "a failed scene makes the batch fail")
        // "screens: [" has no final newline: the error is at the end of its only line.
        XCTAssertTrue(first.stderr.contains("broken.yaml:1:11: error: invalid YAML"), first.stderr)
        XCTAssertTrue(first.stderr.contains("3 rendered"), first.stderr)
        XCTAssertTrue(first.stderr.contains("1 failed"), first.stderr)
        let rendered = try videos(in: output)
        XCTAssertEqual(Set(rendered.keys), ["a.mp4", "b.mp4", "c.mp4"])

        // Each video is what `segue render` makes of its scene.
        let single = output.deletingLastPathComponent().appendingPathComponent("single-b.mp4")
        XCTAssertEqual(try CLI.segue(["render", scenes.appendingPathComponent("b.yaml").path, "-o", single.path]).status, 0)
        XCTAssertEqual(rendered["b.mp4"], try Data(contentsOf: single))

        // Nothing changed: everything is up to date, the videos are untouched.
        let modified = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("a.mp4").path)[.modificationDate] as? Date
        let second = try CLI.segue(["batch", scenes.path, "-o", output.path])
        XCTAssertTrue(second.stderr.contains("0 rendered"), second.stderr)
        XCTAssertTrue(second.stderr.contains("3 up to date"), second.stderr)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("a.mp4").path)[.modificationDate] as? Date,
                       modified)

        // One scene changed and the broken one removed: only that scene renders, and the batch succeeds.
        try scene(presentAt: 0.25).write(to: scenes.appendingPathComponent("c.yaml"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: scenes.appendingPathComponent("broken.yaml"))
        let third = try CLI.segue(["batch", scenes.path, "-o", output.path])
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertTrue(third.stderr.contains("1 rendered"), third.stderr)
        XCTAssertTrue(third.stderr.contains("2 up to date"), third.stderr)
        XCTAssertNotEqual(try videos(in: output)["c.mp4"], rendered["c.mp4"])

        // Another asset in the folder (an image the scenes might show) makes every scene stale; so does --fps.
        try Data([4, 5]).write(to: scenes.appendingPathComponent("logo.png"))
        XCTAssertTrue(try CLI.segue(["batch", scenes.path, "-o", output.path]).stderr.contains("3 rendered"))
        XCTAssertTrue(try CLI.segue(["batch", scenes.path, "-o", output.path, "--fps", "10"]).stderr.contains("3 rendered"))
        XCTAssertTrue(try CLI.segue(["batch", scenes.path, "-o", output.path, "--fps", "10", "--force"]).stderr.contains("3 rendered"))
    }

    func testSubfoldersAreMirroredAndTheManifestListsEveryScene() throws {
        let (scenes, output) = try makeFolder()
        let nested = scenes.appendingPathComponent("onboarding/step1")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try scene(presentAt: 0.15).write(to: nested.appendingPathComponent("welcome.yaml"), atomically: false, encoding: .utf8)
        let snapshots = scenes.appendingPathComponent("__snapshots__")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try "screens: [".write(to: snapshots.appendingPathComponent("ignored.yaml"), atomically: false, encoding: .utf8)
        let manifest = output.deletingLastPathComponent().appendingPathComponent("manifest.json")

        let run = try CLI.segue(["batch", scenes.path, "-o", output.path, "--json", manifest.path])
        XCTAssertNotEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("onboarding/step1/welcome.mp4").path))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        let entries = try XCTUnwrap(json["scenes"] as? [[String: Any]])
        XCTAssertEqual(entries.map { ($0["scene"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "" },
                       ["a.yaml", "b.yaml", "broken.yaml", "c.yaml", "welcome.yaml"], "sorted by path; __snapshots__ skipped")
        XCTAssertEqual(entries.map { $0["status"] as? String ?? "" }, ["rendered", "rendered", "failed", "rendered", "rendered"])
        let errors = try XCTUnwrap(entries[2]["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.first?["line"] as? Int, 1)
        let summary = try XCTUnwrap(json["summary"] as? [String: Any])
        XCTAssertEqual(summary["rendered"] as? Int, 4)
        XCTAssertEqual(summary["failed"] as? Int, 1)

        // An asset edited in place, same size: its contents are hashed, so every scene is stale again.
        try Data([9, 9, 9]).write(to: scenes.appendingPathComponent("logo.png"))
        let again = try CLI.segue(["batch", scenes.path, "-o", output.path])
        XCTAssertTrue(again.stderr.contains("4 rendered"), again.stderr)
    }

    func testShardsSplitTheFolderDeterministicallyAndJobsDoNotChangeBytes() throws {
        let (scenes, output) = try makeFolder()
        try FileManager.default.removeItem(at: scenes.appendingPathComponent("broken.yaml"))
        let one = output.appendingPathComponent("one"), two = output.appendingPathComponent("two")
        XCTAssertEqual(try CLI.segue(["batch", scenes.path, "-o", one.path, "--jobs", "1", "--threads", "1"]).status, 0)
        XCTAssertEqual(try CLI.segue(["batch", scenes.path, "-o", two.path, "--jobs", "3"]).status, 0)
        XCTAssertEqual(try videos(in: one), try videos(in: two))

        var shards: [Set<String>] = []
        for index in 1...2 {
            let folder = output.appendingPathComponent("shard\(index)")
            let result = try CLI.segue(["batch", scenes.path, "-o", folder.path, "--shard", "\(index)/2"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("shard \(index)/2"), result.stderr)
            shards.append(Set(try videos(in: folder).keys))
        }
        // Same device and rate, so the cost is the frame count, which grows with the time the sheet
        // is presented at: c > b > a. Longest first to the least-loaded part: c to 1, b to 2, and a
        // to 2, whose b is less than 1's c.
        XCTAssertEqual(shards, [["c.mp4"], ["a.mp4", "b.mp4"]], "balanced by frames × pixels, longest first")

        let bad = try CLI.segue(["batch", scenes.path, "--shard", "3/2"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--shard"), bad.stderr)
    }
}
