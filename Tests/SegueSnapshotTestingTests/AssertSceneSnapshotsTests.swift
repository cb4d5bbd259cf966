import Foundation
import Stills
import SegueSnapshotTesting
import Snapshots
import Testing
import XCTest

/// The library an iOS team's test target uses: the project's own goldens, verified from XCTest
/// and from Swift Testing, and the failure a changed scene gives.
final class AssertSceneSnapshotsTests: XCTestCase {
    func testAnExampleSceneMatchesItsGoldensFromXCTest() throws {
        // Relative to the package: found from the test file's folder upward.
        let summary = try assertSceneSnapshots("scenes/slide-up-modal.yaml")
        XCTAssertTrue(summary.succeeded)
        XCTAssertTrue(summary.results.contains { $0.name == "present-compose-p1" }, "\(summary.results.map(\.name))")
    }

    func testAChangedSceneFailsWithTheReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("AssertSceneSnapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("card.yaml")
        try Self.scene(cardX: 20).write(to: scene, atomically: false, encoding: .utf8)

        let recorded = try verifySceneSnapshots(scene.path, record: .missing)
        XCTAssertTrue(recorded.succeeded)
        let message = try XCTUnwrap(SceneSnapshotFailure.message(recorded, mode: .missing))
        XCTAssertTrue(message.contains("Re-run without recording"), "a recording test fails, as in swift-snapshot-testing: \(message)")

        XCTAssertNil(SceneSnapshotFailure.message(try verifySceneSnapshots(scene.path), mode: .never))

        try Self.scene(cardX: 24).write(to: scene, atomically: false, encoding: .utf8)
        let failed = try verifySceneSnapshots(scene.path)
        let failure = try XCTUnwrap(SceneSnapshotFailure.message(failed, mode: .never))
        XCTAssertTrue(failure.contains("FAILED    card.yaml present-card-p1") || failure.contains("card.yaml present-card-p1"), failure)
        XCTAssertTrue(failure.contains("report.html"), failure)
    }

    func testAMissingSceneThrows() {
        XCTAssertThrowsError(try assertSceneSnapshots("scenes/no-such-scene.yaml"))
    }

    /// `variant:` is `--variant`: one variant's goldens recorded and checked alone; a name the scene
    /// does not declare throws with the closest one.
    func testAVariantIsCheckedAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("AssertSceneSnapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("card.yaml")
        try ("variants: { appearance: [light, dark] }\n" + Self.scene(cardX: 20)).write(to: scene, atomically: false, encoding: .utf8)

        let recorded = try verifySceneSnapshots(scene.path, record: .all, variant: "dark")
        XCTAssertTrue(recorded.succeeded)
        XCTAssertTrue(recorded.results.allSatisfy { $0.scene.hasSuffix("card.yaml (dark)") }, "\(recorded.results.map(\.scene))")
        let goldens = folder.appendingPathComponent("__snapshots__/card")
        XCTAssertTrue(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("dark").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("light").path))
        XCTAssertNil(SceneSnapshotFailure.message(try assertSceneSnapshots(scene.path, variant: "dark"), mode: .never))
        XCTAssertThrowsError(try verifySceneSnapshots(scene.path, variant: "drak")) { error in
            XCTAssertTrue("\(error)".contains("no variant 'drak' (did you mean 'dark'?); its variants are: light, dark"), "\(error)")
        }
    }

    static func scene(cardX: Double) -> String {
        """
        size: [100, 200]
        scale: 1
        fps: 30
        tail: 0.1
        screens:
          list: { background: "#FF0000" }
          card:
            background: "#FFFFFF"
            content:
              - rect: { frame: [\(cardX), 40, 60, 60], fill: "#0000FF" }
        transitions:
          - { from: list, to: card, style: slide-up-modal }
        timeline:
          - { at: 0.1, present: card }
        """
    }
}

/// The same from Swift Testing.
@Test func anExampleSceneMatchesItsGoldensFromSwiftTesting() throws {
    let summary = try assertSceneSnapshots("scenes/side-drawer.yaml")
    #expect(summary.succeeded)
}

/// A failing scene records a Swift Testing issue (not an XCTest failure) inside a `@Test`.
@Test func aChangedSceneRecordsAnIssueInSwiftTesting() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("AssertSceneSnapshots-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scene = folder.appendingPathComponent("card.yaml")
    try AssertSceneSnapshotsTests.scene(cardX: 20).write(to: scene, atomically: false, encoding: .utf8)
    _ = try verifySceneSnapshots(scene.path, record: .all)
    try AssertSceneSnapshotsTests.scene(cardX: 24).write(to: scene, atomically: false, encoding: .utf8)
    try withKnownIssue {
        try assertSceneSnapshots(scene.path)
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("present-card-p1") }
    }
}
