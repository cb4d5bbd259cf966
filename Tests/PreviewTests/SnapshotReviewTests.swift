import CLITestSupport
import Foundation
import Pipeline
import Snapshots
import Stills
import XCTest
@testable import Preview

/// The Snapshots tab's check and record go through `SnapshotRunner`: recording one point writes
/// only its golden, at the scale the scene's goldens already have.
final class SnapshotReviewTests: XCTestCase {
    func testRecordingOnePointWritesOnlyItsGoldenAtTheGoldensScale() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = folder.appendingPathComponent("modal.yaml")
        try """
            device: iphone-se
            fps: 20
            screens:
              a: { background: systemBackground }
              b: { background: systemRed }
            root: a
            transitions:
              - { from: a, to: b, style: slide-up-modal }
            timeline:
              - { at: 0.1, present: b }

            """.write(to: scene, atomically: true, encoding: .utf8)
        let workspace = try PreviewWorkspace(path: scene.path)
        let review = SnapshotReview(workspace: workspace, artifacts: folder.appendingPathComponent("artifacts"))

        let before = try review.verify("modal.yaml", file: scene, width: 375)
        XCTAssertEqual(before.map { $0["status"] as? String }, Array(repeating: "missing", count: 5))
        XCTAssertEqual(before.first?["actual"] as? Bool, true)
        XCTAssertNotNil(review.image("actual", scene: "modal.yaml", point: "present-b-p0.5"))
        XCTAssertNil(review.image("golden", scene: "modal.yaml", point: "present-b-p0.5"))

        // With no goldens yet, the device's own scale (@2x for the iPhone SE), as `segue snapshot`.
        _ = try review.record("modal.yaml", file: scene, width: 375, point: "present-b-p0.5")
        let goldens = folder.appendingPathComponent("__snapshots__/modal")
        XCTAssertEqual(SnapshotRunner.pngs(in: goldens).map(\.lastPathComponent), ["present-b-p0.5.png"])
        XCTAssertEqual(try Self.width(of: goldens.appendingPathComponent("present-b-p0.5.png")), 750)

        let after = try review.verify("modal.yaml", file: scene, width: 375)
        XCTAssertEqual(after.first { $0["name"] as? String == "present-b-p0.5" }?["status"] as? String, "passed")
        XCTAssertEqual(after.filter { $0["status"] as? String == "missing" }.count, 4)
        XCTAssertNotNil(review.image("golden", scene: "modal.yaml", point: "present-b-p0.5"))
        XCTAssertNil(review.image("golden", scene: "modal.yaml", point: "../../modal"))
        XCTAssertThrowsError(try review.record("modal.yaml", file: scene, width: 375, point: "nope"))

        // A golden recorded at @1x makes the next ones @1x too.
        try FileManager.default.removeItem(at: goldens)
        _ = try SnapshotRunner.run([scene.path], options: SnapshotOptions(mode: .all, settings: RenderSettings(scale: 1), points: ["present-b-p0"]))
        _ = try review.record("modal.yaml", file: scene, width: 375, point: "present-b-p1")
        XCTAssertEqual(try Self.width(of: goldens.appendingPathComponent("present-b-p1.png")), 375)
    }

    static func width(of png: URL) throws -> Int {
        try Data(contentsOf: png)[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }
}
