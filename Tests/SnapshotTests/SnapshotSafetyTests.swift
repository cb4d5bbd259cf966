import CLITestSupport
import Foundation
import XCTest

/// `segue snapshot` deletes and writes only what is its own: a user's folders and files in the
/// artifacts folder stay, and nothing is written or deleted through a symbolic link.
final class SnapshotSafetyTests: XCTestCase {
    func makeRecordedFolder() throws -> (folder: URL, scene: URL) {
        let folder = try CLI.temporaryFolder(self)
        let scene = folder.appendingPathComponent("modal.yaml")
        try SnapshotRunnerTests.scene().write(to: scene, atomically: false, encoding: .utf8)
        let recorded = try CLI.segue(["snapshot", folder.path, "--record"])
        XCTAssertEqual(recorded.status, 0, recorded.text + recorded.stderr)
        return (folder, scene)
    }

    /// Every file under `folder` (links not followed) with its bytes.
    func contents(of folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[name] = try Data(contentsOf: url)
            }
        }
        return result
    }

    func testAUsersArtifactsFolderAndReportAreLeftUntouched() throws {
        let (folder, scene) = try makeRecordedFolder()
        let artifacts = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: artifacts.appendingPathComponent("modal"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: artifacts.appendingPathComponent("modal/keep.txt"))
        try Data("my report".utf8).write(to: artifacts.appendingPathComponent("report.txt"))
        let before = try contents(of: artifacts)

        let passing = try CLI.segue(["snapshot", folder.path, "--artifacts", artifacts.path])
        XCTAssertEqual(passing.status, 0, passing.text + passing.stderr)
        XCTAssertEqual(try contents(of: artifacts), before, "a passing run leaves the user's files alone")

        try SnapshotRunnerTests.scene(cardX: 22).write(to: scene, atomically: false, encoding: .utf8)
        let failing = try CLI.segue(["snapshot", folder.path, "--artifacts", artifacts.path])
        XCTAssertEqual(failing.status, 2, "artifacts that cannot be written: the scene could not be checked")
        XCTAssertTrue(failing.text.contains("was not created by segue snapshot"), failing.text)
        XCTAssertTrue(failing.stderr.contains("report.txt was not written by segue snapshot"), failing.stderr)
        XCTAssertEqual(try contents(of: artifacts), before, "a failing run does not write into the user's folder")

        // A folder Segue creates is Segue's: filled on failure, removed once everything passes.
        let own = folder.appendingPathComponent("ci-artifacts")
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path, "--artifacts", own.path]).status, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: own.appendingPathComponent("modal/present-card-p1.diff.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: own.appendingPathComponent("report.txt").path))
        try SnapshotRunnerTests.scene().write(to: scene, atomically: false, encoding: .utf8)
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path, "--artifacts", own.path]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: own.path))
    }

    func testRecordRefusesASymlinkedGoldenFolderAndLeavesItsTargetIntact() throws {
        let (folder, scene) = try makeRecordedFolder()
        let goldens = folder.appendingPathComponent("__snapshots__/modal")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: goldens, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: goldens, withDestinationURL: elsewhere)
        let before = try contents(of: elsewhere)
        XCTAssertFalse(before.isEmpty)

        // A changed scene and a renamed one: --record would rewrite the first and delete the second's goldens.
        try SnapshotRunnerTests.scene(cardX: 22).write(to: scene, atomically: false, encoding: .utf8)
        let recorded = try CLI.segue(["snapshot", folder.path, "--record"])
        XCTAssertEqual(recorded.status, 2, recorded.text)
        XCTAssertTrue(recorded.text.contains("__snapshots__/modal is a symbolic link"), recorded.text)
        XCTAssertEqual(try contents(of: elsewhere), before)

        try FileManager.default.moveItem(at: scene, to: folder.appendingPathComponent("renamed.yaml"))
        let orphans = try CLI.segue(["snapshot", folder.path, "--record"])
        XCTAssertEqual(orphans.status, 2, orphans.text)
        XCTAssertTrue(orphans.text.contains("does not delete through links"), orphans.text)
        XCTAssertEqual(try contents(of: elsewhere), before)
    }
}
