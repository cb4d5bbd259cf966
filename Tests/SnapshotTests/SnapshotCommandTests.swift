import Foundation
import XCTest

/// `segue snapshot` from the command line, and the project's own goldens: the regression net
/// for rendering. After an intended rendering change, re-record them with
/// `swift run segue snapshot scenes --scale 1 --record` and review the PNG diffs.
final class SnapshotCommandTests: XCTestCase {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testTheExampleScenesMatchTheirGoldens() throws {
        let scenes = Self.root.appendingPathComponent("scenes")
        let result = try SegueCLI.run(["snapshot", scenes.path, "--scale", "1", "--quiet"])
        XCTAssertEqual(result.status, 0, """
            The example scenes no longer match their goldens (scenes/__snapshots__); see the diff \
            images listed below. If the change is intended, re-record them with \
            `swift run segue snapshot scenes --scale 1 --record`.
            \(result.stdout)\(result.stderr)
            """)
        XCTAssertTrue(result.stdout.contains(" 0 failed, 0 missing, 0 orphaned, 0 errors"), result.stdout)
    }

    func testRecordVerifyAndFailFromTheCommandLine() throws {
        let folder = try temporaryFolder()
        let scene = folder.appendingPathComponent("modal.yaml")
        try SnapshotRunnerTests.scene().write(to: scene, atomically: false, encoding: .utf8)

        let missing = try SegueCLI.run(["snapshot", folder.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("MISSING"), missing.stdout)

        let recorded = try SegueCLI.run(["snapshot", folder.path], environment: ["SEGUE_RECORD": "1"])
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        XCTAssertTrue(recorded.stdout.contains("6 goldens: 6 recorded"), recorded.stdout)

        let verified = try SegueCLI.run(["snapshot", scene.path])
        XCTAssertEqual(verified.status, 0, verified.stdout)
        XCTAssertTrue(verified.stdout.contains("6 goldens: 6 ok, 0 failed"), verified.stdout)

        try SnapshotRunnerTests.scene(cardX: 22).write(to: scene, atomically: false, encoding: .utf8)
        let artifacts = folder.appendingPathComponent("ci-artifacts")
        let failed = try SegueCLI.run(["snapshot", folder.path, "--artifacts", artifacts.path])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdout.contains("FAILED    modal.yaml run0-p1") || failed.stdout.contains("run0-p1:"), failed.stdout)
        XCTAssertTrue(failed.stdout.contains("report: \(artifacts.path)/report.txt"), failed.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("modal/run0-p1.diff.png").path))

        // A generous enough tolerance lets the same change through.
        let tolerant = try SegueCLI.run(["snapshot", folder.path, "--pixel-tolerance", "50%", "--artifacts", artifacts.path])
        XCTAssertEqual(tolerant.status, 0, tolerant.stdout)

        let bad = try SegueCLI.run(["snapshot", folder.path, "--pixel-tolerance", "2"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertNotEqual(bad.status, 1, "a usage error, not a failed comparison")
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// Runs the `segue` binary built beside the test bundle.
enum SegueCLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        get throws {
            var candidates: [URL] = []
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("segue"))
            }
            candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("segue"))
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw XCTSkip("the segue binary was not built beside the tests: \(candidates.map(\.path))")
            }
            return found
        }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Output goes to files, so a full pipe can never block the child.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("segue-snapshot-cli-\(UUID().uuidString)")
        let out = base.appendingPathExtension("out"), err = base.appendingPathExtension("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
