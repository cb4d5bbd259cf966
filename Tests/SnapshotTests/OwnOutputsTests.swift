import CLITestSupport
import Foundation
import Stills
import Snapshots
import XCTest

/// A run whose report or manifest lands in the folder it walks does not read it back as a scene
/// the next time (`GeneratedFile`): every JSON file Segue writes names itself, and older ones are
/// known by their shape.
final class OwnOutputsTests: XCTestCase {
    func testASnapshotReportInTheScenesFolderIsNotAScene() throws {
        let folder = try CLI.temporaryFolder(self)
        try CLI.write(SnapshotRunnerTests.scene(), "modal.yaml", in: folder)
        let report = folder.appendingPathComponent("report.json")
        let first = try CLI.segue(["snapshot", folder.path, "--record", "all", "--json", report.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let json = try String(contentsOf: report, encoding: .utf8)
        XCTAssertTrue(json.hasPrefix("{\n  \"$segue\" : \"snapshot-report\","), String(json.prefix(80)))
        let second = try CLI.segue(["snapshot", folder.path, "--json", report.path])
        XCTAssertEqual(second.status, 0, second.stderr + second.text)
        XCTAssertTrue(second.text.contains("7 goldens: 7 ok"), second.text)
        XCTAssertFalse(second.text.contains("report.json"), second.text)
    }

    func testABatchManifestInTheScenesFolderIsNotAScene() throws {
        let folder = try CLI.temporaryFolder(self)
        try CLI.write(SnapshotRunnerTests.scene(), "modal.yaml", in: folder)
        let manifest = folder.appendingPathComponent("manifest.json")
        let output = folder.appendingPathComponent("videos")
        for run in 0..<2 {
            let result = try CLI.segue(["batch", folder.path, "-o", output.path, "--json", manifest.path, "--force"])
            XCTAssertEqual(result.status, 0, "run \(run): \(result.stderr)")
            XCTAssertTrue(result.stdout.isEmpty || !result.text.contains("failed") || result.text.contains("0 failed"), result.text)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
            XCTAssertEqual(object["$segue"] as? String, "batch-manifest")
            XCTAssertEqual(object["scenesInFolder"] as? Int, 1, "run \(run) counted only the scene")
        }
    }

    /// Reports and manifests written before they named themselves, known by their keys; a JSON
    /// scene, and a JSON file that is neither, are still scenes (the second one's errors say why).
    func testOlderOutputsAreKnownByTheirShape() throws {
        let folder = try CLI.temporaryFolder(self)
        let files = [
            ("old-report.json", #"{"mode": "never", "results": [], "shard": "1/1", "summary": "0 goldens"}"#, true),
            ("old-manifest.json", #"{"folder": "x", "outputFolder": "y", "scenes": [], "scenesInFolder": 0}"#, true),
            ("scene.json", #"{"size": [100, 200], "screens": {"a": {"content": []}}, "results": [], "mode": "x", "shard": "1/1"}"#, false),
            ("other.json", #"{"results": []}"#, false),
            ("list.json", #"[1, 2]"#, false),
        ]
        for (name, text, generated) in files {
            let url = try CLI.write(text, name, in: folder)
            XCTAssertEqual(GeneratedFile.isGenerated(url), generated, name)
        }
        XCTAssertEqual(SceneFolder.sceneFiles(under: folder), ["list.json", "other.json", "scene.json"])
        // A pipe named like a report is not opened (it would block), and is no report.
        let pipe = folder.appendingPathComponent("pipe.json")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        XCTAssertFalse(GeneratedFile.isGenerated(pipe))
    }
}
