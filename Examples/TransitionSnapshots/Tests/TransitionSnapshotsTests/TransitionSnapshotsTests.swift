import Foundation
import SegueSnapshotTesting
import Testing
import XCTest

/// What an app team writes: its transition scenes' goldens verified in `swift test`, from XCTest
/// and from Swift Testing. Record them the first time (and after an intended change) with
/// `SEGUE_RECORD=all swift test` or `segue snapshot transitions --scale 1 --record all`.
final class TransitionSnapshotsTests: XCTestCase {
    /// A relative path: looked up from the working directory, then from this file's folder and
    /// each folder above it, so `transitions` is this package's folder under `swift test` and Xcode.
    func testEveryTransitionMatchesItsGoldens() throws {
        let summary = try assertSceneSnapshots("transitions")
        XCTAssertEqual(summary.results.count, 6, "the compose sheet's five progress points and its motion golden")
    }
}

/// The package's root, from this file's place in it: an explicit path, whatever the working
/// directory (Xcode runs tests elsewhere than the package).
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Test func composeSheetMatchesItsGoldens() throws {
    let scene = packageRoot.appendingPathComponent("transitions/compose.yaml")
    let summary = try assertSceneSnapshots(scene.path, tolerance: SnapshotTolerance(channel: 2, pixels: 0.0001))
    #expect(summary.succeeded)
    #expect(summary.results.map { $0.name } == ["compose-p0", "compose-p0.25", "compose-p0.5", "compose-p0.75", "compose-p1", "motion"])
}
