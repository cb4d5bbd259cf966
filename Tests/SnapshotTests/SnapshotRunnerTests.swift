import CLITestSupport
import Foundation
import Stills
import Raster
import Snapshots
import XCTest

/// `SnapshotRunner` on scenes in a temporary folder: recording, verifying, failing with
/// artifacts, missing and orphaned goldens.
final class SnapshotRunnerTests: XCTestCase {
    /// 100 x 200 pt at 1x: a red screen, and a blue card presented over it at 0.1 s.
    static func scene(cardX: Double = 20, snapshots: String = "  - { at: 0.05, name: start }") -> String {
        """
        size: [100, 200]
        scale: 1
        fps: 30
        tail: 0.1
        screens:
          list:
            background: "#FF0000"
            content:
              - label: { text: Inbox, font: headline, frame: [10, 20, 80, 24] }
          card:
            background: "#FFFFFF"
            content:
              - rect: { frame: [\(cardX), 40, 60, 60], fill: "#0000FF", cornerRadius: 8 }
        transitions:
          - { from: list, to: card, style: slide-up-modal }
        timeline:
          - { at: 0.1, present: card }
        snapshots:
        \(snapshots)
        """
    }

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("SnapshotRunnerTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ text: String, _ name: String = "modal.yaml") throws {
        try CLI.write(text, name, in: folder)
    }

    func run(_ mode: SnapshotMode, _ paths: [String]? = nil) throws -> SnapshotSummary {
        try SnapshotRunner.run(paths ?? [folder.path], options: SnapshotOptions(mode: mode))
    }

    var goldens: URL { folder.appendingPathComponent("__snapshots__/modal") }
    var artifacts: URL { folder.appendingPathComponent("__snapshots__/__actual__") }

    func names(_ summary: SnapshotSummary) -> [String] { summary.results.map(\.name) }

    func testRecordThenVerify() throws {
        try write(Self.scene())
        let recorded = try run(.all)
        XCTAssertTrue(recorded.succeeded)
        XCTAssertEqual(names(recorded), ["start", "present-card-p0", "present-card-p0.25", "present-card-p0.5", "present-card-p0.75",
                                         "present-card-p1", MotionGolden.pointName])
        XCTAssertTrue(recorded.results.allSatisfy { if case .recorded = $0.status { return true } else { return false } })
        let files = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted()
        XCTAssertEqual(files, [".segue-scene.txt", SnapshotSettingsFile.name, MotionGolden.fileName, "present-card-p0.25.png", "present-card-p0.5.png", "present-card-p0.75.png", "present-card-p0.png",
                               "present-card-p1.png", "start.png"])
        let image = try RGBAImage.load(png: goldens.appendingPathComponent("present-card-p1.png"))
        XCTAssertEqual(image.width, 100, "at the scene's own scale")

        let verified = try run(.never)
        XCTAssertTrue(verified.succeeded, "\(verified.failures)")
        XCTAssertTrue(verified.results.allSatisfy { if case .passed(.identical) = $0.status { return true } else { return false } })
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.path), "no artifacts when everything passes")

        let again = try run(.all)
        XCTAssertTrue(again.results.allSatisfy { if case .unchanged = $0.status { return true } else { return false } },
                      "identical goldens are not rewritten")
    }

    func testAMovedViewFailsWithActualDiffAndReport() throws {
        try write(Self.scene())
        _ = try run(.all)
        try write(Self.scene(cardX: 21))
        let summary = try run(.never)
        XCTAssertFalse(summary.succeeded)
        XCTAssertEqual(summary.failures.map(\.name), ["present-card-p0.25", "present-card-p0.5", "present-card-p0.75", "present-card-p1"],
                       "every frame showing the card; not the one before it")
        let failure = try XCTUnwrap(summary.failures.last)
        guard case .failed(.different(let difference)) = failure.status else { return XCTFail("\(failure.status)") }
        XCTAssertGreaterThan(difference.differingPixels, 100)
        let actual = try XCTUnwrap(failure.actual), diff = try XCTUnwrap(failure.diff)
        XCTAssertEqual(actual, artifacts.appendingPathComponent("modal/present-card-p1.png"))
        XCTAssertEqual(diff, artifacts.appendingPathComponent("modal/present-card-p1.diff.png"))
        XCTAssertEqual(failure.expected, artifacts.appendingPathComponent("modal/present-card-p1.golden.png"))
        let composite = try RGBAImage.load(png: try XCTUnwrap(failure.composite))
        XCTAssertEqual(composite.width, 3 * 100 + 4 * 8, "golden | actual | diff with 8-pixel gutters")
        let diffImage = try RGBAImage.load(png: diff)
        let red = stride(from: 0, to: diffImage.pixels.count, by: 4).filter { diffImage.pixels[$0] == 255 && diffImage.pixels[$0 + 1] == 0 }
        XCTAssertEqual(red.count, difference.differingPixels)
        let report = try String(contentsOf: try XCTUnwrap(summary.reports.first), encoding: .utf8)
        XCTAssertTrue(report.contains("FAILED"), report)
        XCTAssertTrue(report.contains("present-card-p1.diff.png"), report)
        XCTAssertEqual(summary.reports, [artifacts.appendingPathComponent("report.txt")])
        let html = try String(contentsOf: artifacts.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<img src=\"modal/present-card-p1.golden.png\""), "images referenced relatively")
        XCTAssertTrue(html.contains("<img src=\"modal/present-card-p1.png\""))
        XCTAssertTrue(html.contains("<img src=\"modal/present-card-p1.diff.png\""))

        // Put back, the failure's artifacts go away.
        try write(Self.scene())
        XCTAssertTrue(try run(.never).succeeded)
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.path))
    }

    func testMissingAndOrphanedGoldensFail() throws {
        try write(Self.scene())
        _ = try run(.all)
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("start.png"))
        try Data().write(to: goldens.appendingPathComponent("old-point.png"))
        let gone = folder.appendingPathComponent("__snapshots__/deleted-scene")
        try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
        try Data().write(to: gone.appendingPathComponent("run0-p0.png"))

        let summary = try run(.never)
        XCTAssertFalse(summary.succeeded)
        let statuses = summary.failures.map { result -> String in
            switch result.status {
            case .missing: return "missing \(result.name)"
            case .orphaned: return "orphaned \(result.name)"
            default: return "other \(result.name)"
            }
        }
        XCTAssertEqual(statuses, ["missing start", "orphaned old-point", "orphaned run0-p0"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("modal/start.png").path),
                      "the frame a missing golden would hold")

        let recorded = try run(.all)
        XCTAssertTrue(recorded.succeeded)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("old-point.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: gone.path), "goldens of a deleted scene are deleted")
        XCTAssertTrue(try run(.never).succeeded)
    }

    func testOneSceneFileOnlyChecksItsOwnGoldens() throws {
        try write(Self.scene())
        _ = try run(.all)
        let other = folder.appendingPathComponent("__snapshots__/other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data().write(to: other.appendingPathComponent("x.png"))
        XCTAssertTrue(try run(.never, [folder.appendingPathComponent("modal.yaml").path]).succeeded)
        XCTAssertFalse(try run(.never).succeeded, "the folder sees the orphan")
    }

    func testSceneProblemsAreErrors() throws {
        try write(Self.scene(snapshots: "  - { progress: 0.5, transition: 3, name: nowhere }"), "a.yaml")
        try write(Self.scene(), "b.json")
        try write(Self.scene(), "b.yaml")
        try write("screens: { a: { background: nope } }", "invalid.yaml")
        let summary = try run(.all)
        XCTAssertFalse(summary.succeeded)
        let messages = summary.failures.compactMap { result -> String? in
            if case .error(let message) = result.status { return "\(result.scene) \(result.name): \(message)" }
            return nil
        }
        XCTAssertEqual(messages.count, 3, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("a.yaml nowhere") && $0.contains("transition 3") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("b.yaml") && $0.contains("also named 'b'") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("invalid.yaml") && $0.contains("unknown color 'nope'") }, "\(messages)")
    }

    func testScaleMakesSmallGoldensAndLegacyGoldensAtAnotherScaleAreReported() throws {
        try write(Self.scene())
        _ = try SnapshotRunner.run([folder.path], options: SnapshotOptions(mode: .all, settings: RenderSettings(scale: 2)))
        XCTAssertEqual(try RGBAImage.load(png: goldens.appendingPathComponent("start.png")).width, 200)
        XCTAssertTrue(try run(.never).succeeded, "verified at the recorded scale")
        // Goldens recorded before settings were kept beside them: the sizes disagree.
        try FileManager.default.removeItem(at: goldens.appendingPathComponent(SnapshotSettingsFile.name))
        let summary = try run(.never)
        guard case .failed(.sizeMismatch(let golden, let actual))? = summary.failures.first?.status else {
            return XCTFail("\(summary.failures)")
        }
        XCTAssertEqual(golden, PixelSize(width: 200, height: 400))
        XCTAssertEqual(actual, PixelSize(width: 100, height: 200))
        XCTAssertTrue(SnapshotRunner.describe(summary.failures[0], mode: .never)[0].contains("another --scale"))
    }

    func testAMissingPathThrows() {
        XCTAssertThrowsError(try run(.never, [folder.appendingPathComponent("nothing.yaml").path]))
    }
}
