import CLITestSupport
import Raster
import Snapshots
import Foundation
import XCTest

/// `segue snapshot` from the command line, and the project's own goldens: the regression net
/// for rendering. After an intended rendering change, re-record them with
/// `swift run segue snapshot scenes --scale 1 --record all` and review the PNG diffs.
final class SnapshotCommandTests: XCTestCase {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testTheExampleScenesMatchTheirGoldens() throws {
        // `segue snapshot DIR` walks DIR like a batch: the custom-transition examples in
        // scenes/custom and scenes/apps (goldens in their own __snapshots__) are checked too.
        let scenes = Self.root.appendingPathComponent("scenes")
        let result = try CLI.segue(["snapshot", scenes.path, "--scale", "1", "--quiet"])
        XCTAssertEqual(result.status, 0, """
            The example scenes no longer match their goldens (scenes/__snapshots__, scenes/custom/__snapshots__, scenes/apps/__snapshots__); \
            see the diff images listed below. If the change is intended, re-record them with \
            `swift run segue snapshot scenes --scale 1 --record all`.
            \(result.text)\(result.stderr)
            """)
        XCTAssertTrue(result.text.contains(" 0 failed, 0 missing, 0 orphaned, 0 errors"), result.text)
        // Every committed golden of both folders was compared.
        let goldens = ExampleScenes.folders.map { Self.root.appendingPathComponent($0.path).appendingPathComponent("__snapshots__") }.flatMap { folder in
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .filter { ($0.hasSuffix(".png") || $0.hasSuffix("/" + MotionGolden.fileName)) && !$0.hasPrefix("__actual__") }
        }
        XCTAssertTrue(goldens.contains { $0.hasPrefix("photo-hero/") }, "scenes/custom has goldens")
        XCTAssertTrue(goldens.contains("settings-scroll/" + MotionGolden.fileName), "the examples have motion goldens")
        XCTAssertTrue(result.text.contains("\(goldens.count) goldens: \(goldens.count) ok"), result.text)
    }

    /// Determinism across machines: the committed goldens are recorded again, from the scene
    /// files and their recorded settings alone, into a copy of the folders without them, and every
    /// PNG and motion golden must come out byte for byte the same — what a fresh clone on another machine gets.
    func testFreshlyRecordedGoldensAreTheCommittedOnesByteForByte() throws {
        let copy = try temporaryFolder()
        for source in ["scenes", "Examples/TransitionSnapshots/transitions"] {
            let from = Self.root.appendingPathComponent(source), to = copy.appendingPathComponent(source)
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: from, to: to)
        }
        // Every golden out, and every artifact a failed local run may have left; the settings stay.
        var committed: [String: Data] = [:]
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: copy.path))
        for case let relative as String in walker {
            if (relative as NSString).lastPathComponent == "__actual__" {
                try FileManager.default.removeItem(at: copy.appendingPathComponent(relative))
                walker.skipDescendants()
            } else if relative.contains("__snapshots__/"), relative.hasSuffix(".png") || relative.hasSuffix("/" + MotionGolden.fileName) {
                committed[relative] = try Data(contentsOf: copy.appendingPathComponent(relative))
                try FileManager.default.removeItem(at: copy.appendingPathComponent(relative))
            }
        }
        XCTAssertGreaterThan(committed.count, 300)
        for source in ["scenes", "Examples/TransitionSnapshots/transitions"] {
            // --motion: the committed motion goldens are recorded again too (the settings stay, so no scene is new).
            let result = try CLI.segue(["snapshot", source, "--record", "missing", "--quiet", "--motion"], in: copy)
            XCTAssertEqual(result.status, 0, result.text + result.stderr)
        }
        var differing: [String] = []
        for (relative, bytes) in committed.sorted(by: { $0.key < $1.key }) {
            let fresh = copy.appendingPathComponent(relative)
            guard let data = try? Data(contentsOf: fresh) else {
                differing.append("\(relative): not recorded")
                continue
            }
            if data != bytes, relative.hasSuffix(MotionGolden.fileName) {
                differing.append("\(relative): other values")
            } else if data != bytes {
                let samePixels = (try? RGBAImage.load(png: fresh)) == (try? RGBAImage.load(png: Self.root.appendingPathComponent(relative)))
                differing.append("\(relative): other bytes" + (samePixels ? " (the same pixels: another PNG encoder?)" : ", other pixels"))
            }
        }
        XCTAssertEqual(differing, [], "re-record with `swift run segue snapshot scenes --scale 1 --record all` after an intended change")
    }

    func testRecordVerifyAndFailFromTheCommandLine() throws {
        let folder = try temporaryFolder()
        let scene = folder.appendingPathComponent("modal.yaml")
        try SnapshotRunnerTests.scene().write(to: scene, atomically: false, encoding: .utf8)

        let missing = try CLI.segue(["snapshot", folder.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.text.contains("MISSING"), missing.text)

        let recorded = try CLI.segue(["snapshot", folder.path], environment: ["SEGUE_RECORD": "1"])
        XCTAssertEqual(recorded.status, 0, recorded.text + recorded.stderr)
        XCTAssertTrue(recorded.text.contains("7 goldens: 7 recorded"), recorded.text)

        let verified = try CLI.segue(["snapshot", scene.path])
        XCTAssertEqual(verified.status, 0, verified.text)
        XCTAssertTrue(verified.text.contains("7 goldens: 7 ok, 0 failed"), verified.text)

        try SnapshotRunnerTests.scene(cardX: 22).write(to: scene, atomically: false, encoding: .utf8)
        let artifacts = folder.appendingPathComponent("ci-artifacts")
        let failed = try CLI.segue(["snapshot", folder.path, "--artifacts", artifacts.path])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.text.contains("modal.yaml present-card-p1: "), failed.text)
        XCTAssertTrue(failed.text.contains("report: \(artifacts.path)/report.txt"), failed.text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("modal/present-card-p1.diff.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("modal/present-card-p1.composite.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("report.html").path))

        // A generous enough tolerance lets the same change through.
        let tolerant = try CLI.segue(["snapshot", folder.path, "--pixel-tolerance", "50%", "--artifacts", artifacts.path])
        XCTAssertEqual(tolerant.status, 0, tolerant.text)

        let bad = try CLI.segue(["snapshot", folder.path, "--pixel-tolerance", "2"])
        XCTAssertEqual(bad.status, 64, "a usage error, not a failed comparison")
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
