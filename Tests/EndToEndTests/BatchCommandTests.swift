import CLITestSupport
import Foundation
import Pipeline
import Stills
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

        // A file beside the scenes that none of them reads leaves them up to date; --fps makes every one stale.
        try Data([4, 5]).write(to: scenes.appendingPathComponent("logo.png"))
        XCTAssertTrue(try CLI.segue(["batch", scenes.path, "-o", output.path]).stderr.contains("3 up to date"))
        XCTAssertTrue(try CLI.segue(["batch", scenes.path, "-o", output.path, "--fps", "10"]).stderr.contains("3 rendered"))
        XCTAssertTrue(try CLI.segue(["batch", scenes.path, "-o", output.path, "--fps", "10", "--force"]).stderr.contains("3 rendered"))
    }

    /// The stamp covers every file the scene reads, by any path: an image beside it, one outside
    /// its folder (`../photos/`), one by absolute path, and a font outside the folder. Changing any
    /// of them (the font keeping its size, one byte changed) renders that scene again, and only it.
    func testChangingAnyFileASceneReadsRendersItAgainWhereverTheFileIs() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes"), photos = root.appendingPathComponent("photos")
        let elsewhere = root.appendingPathComponent("elsewhere"), fonts = root.appendingPathComponent("fonts")
        for folder in [scenes, photos, elsewhere, fonts] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        func png(_ red: UInt8) -> Data { Data(TestPNG.make(width: 4, height: 3, bitDepth: 8, colorType: 6, pixel: [red, 0, 0, 255])) }
        let beside = scenes.appendingPathComponent("beside.png"), outside = photos.appendingPathComponent("x.png")
        let absolute = elsewhere.appendingPathComponent("y.png"), font = fonts.appendingPathComponent("Sans.ttf")
        for image in [beside, outside, absolute] { try png(200).write(to: image) }
        // DejaVu Sans is one of the fonts the renderer itself needs (fonts-dejavu-core).
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: font.path)
        try """
            size: [120, 240]
            scale: 1
            duration: 0.2
            fonts: [../fonts/Sans.ttf]
            screens:
              a:
                content:
                  - image: { file: beside.png, frame: [0, 0, 40, 30] }
                  - image: { file: ../photos/x.png, frame: [0, 40, 40, 30] }
                  - image: { file: \(absolute.path), frame: [0, 80, 40, 30] }
                  - label: { text: Hello, family: DejaVu Sans, frame: [0, 120, 100, 20] }
            """.write(to: scenes.appendingPathComponent("reads.yaml"), atomically: false, encoding: .utf8)
        try scene(presentAt: 0.1).write(to: scenes.appendingPathComponent("other.yaml"), atomically: false, encoding: .utf8)
        let output = root.appendingPathComponent("videos")
        func batch() throws -> String {
            let result = try CLI.segue(["batch", scenes.path, "-o", output.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stderr
        }
        XCTAssertTrue(try batch().contains("2 rendered"))
        XCTAssertTrue(try batch().contains("2 up to date"))
        var fontBytes = try Data(contentsOf: font)
        let changes: [(what: String, change: () throws -> Void)] = [
            ("the image beside the scene", { try png(100).write(to: beside) }),
            ("the image in ../photos", { try png(100).write(to: outside) }),
            ("the image by absolute path", { try png(100).write(to: absolute) }),
            ("the font in ../fonts", {
                fontBytes[fontBytes.count - 1] ^= 0xFF  // the last byte of the last table: the same names, other bytes
                try fontBytes.write(to: font)
            }),
        ]
        for (what, change) in changes {
            try change()
            let again = try batch()
            XCTAssertTrue(again.contains("rendered    \(output.path)/reads.mp4"), "\(what): \(again)")
            XCTAssertTrue(again.contains("1 rendered") && again.contains("1 up to date"), "\(what): \(again)")
            XCTAssertTrue(try batch().contains("2 up to date"), what)
        }
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

        // A file no scene reads, edited in place: every scene stays up to date (what they do read is
        // testChangingAnyFileASceneReadsRendersItAgainWhereverTheFileIs).
        try Data([9, 9, 9]).write(to: scenes.appendingPathComponent("logo.png"))
        let again = try CLI.segue(["batch", scenes.path, "-o", output.path])
        XCTAssertTrue(again.stderr.contains("4 up to date"), again.stderr)
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

        // Each wrong shard is named with the rule, a negative one too (not taken for an option).
        for value in ["3/2", "-1/2", "0/2", "1/0", "x", "-2"] {
            for command in ["batch", "snapshot"] {
                let bad = try CLI.segue([command, scenes.path, "--shard", value])
                XCTAssertEqual(bad.status, 64, "\(command) --shard \(value): \(bad.stderr)")
                XCTAssertTrue(bad.stderr.contains("'\(value)' is no shard: \(Shard.usage)"), "\(command) --shard \(value): \(bad.stderr)")
            }
        }
    }

    /// Planning a shard estimates every scene; a scene that fails there — one that does not load,
    /// or one whose estimate crashes (the test hook crashes the worker estimating "b") — costs one
    /// pixel and fails alone in its part, reported like a failed render, while the others render.
    func testAShardedSceneThatFailsInPlanningFailsAloneInItsPart() throws {
        let (scenes, output) = try makeFolder()
        var rendered: Set<String> = []
        var failures: [String] = []
        for index in 1...2 {
            let folder = output.appendingPathComponent("shard\(index)")
            let result = try CLI.segue(["batch", scenes.path, "-o", folder.path, "--shard", "\(index)/2"],
                                       environment: ["SEGUE_TEST_CRASH_PLANNING_SCENE": "b"])
            XCTAssertTrue(result.stderr.contains("shard \(index)/2"), result.stderr)
            rendered.formUnion(try videos(in: folder).keys)
            failures += result.stderr.split(separator: "\n").filter { $0.hasPrefix("failed") }.map(String.init)
        }
        // b's estimate crashed but its render does not: it is rendered in the part it landed in.
        XCTAssertEqual(rendered, ["a.mp4", "b.mp4", "c.mp4"])
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.contains("broken.yaml") == true, "\(failures)")
    }
}
