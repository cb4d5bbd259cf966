import CLITestSupport
import Foundation
import Stills
@testable import Snapshots
import XCTest

/// A recording is one change per scene: its goldens and recorded settings land together or not at
/// all (`GoldenTransaction`), and a second recorder of the same folder is refused, naming the
/// first (`RecordingLock`). Interrupted at any point, the next check passes: it sees each scene's
/// old suite or its new one, never goldens at new settings beside settings at old ones.
final class RecordingTransactionTests: XCTestCase {
    static let scenes = 8

    /// Eight scenes recorded at scale 1, each with six points.
    private func recordedFolder() throws -> URL {
        let folder = try CLI.temporaryFolder(self)
        for index in 0..<Self.scenes {
            try CLI.write(SnapshotRunnerTests.scene(cardX: Double(10 + index)), "modal\(index).yaml", in: folder)
        }
        let first = try CLI.segue(["snapshot", folder.path, "--record", "all"])
        XCTAssertEqual(first.status, 0, first.stderr)
        return folder
    }

    private func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try CLI.segue
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The hidden names in `__snapshots__`: staged folders, the lock.
    private func hidden(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("__snapshots__").path).filter { $0.hasPrefix(".") }
    }

    /// A re-recording at another scale interrupted by SIGINT just as its k-th scene's staged folder
    /// appears, for several k: the check after it passes every golden with the settings each
    /// scene's folder holds, and nothing staged is left.
    func testARecordingInterruptedAnywhereLeavesEachSceneWholeOldOrWholeNew() throws {
        let folder = try recordedFolder()
        let root = folder.appendingPathComponent("__snapshots__")
        var interrupted = 0
        for (attempt, scale) in [(1, "0.5"), (3, "2"), (6, "0.5")] {
            let recorder = try start(["snapshot", folder.path, "--record", "all", "--scale", scale])
            var staged = 0
            var seen: Set<String> = []
            let deadline = Date().addingTimeInterval(60)
            while recorder.isRunning, Date() < deadline {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] where name.contains(".tmp-") && !name.hasSuffix("-old") {
                    if seen.insert(name).inserted { staged += 1 }
                }
                if staged >= attempt {
                    kill(recorder.processIdentifier, SIGINT)
                    break
                }
                usleep(200)
            }
            recorder.waitUntilExit()
            if recorder.terminationReason == .uncaughtSignal || recorder.terminationStatus == 130 { interrupted += 1 }
            let check = try CLI.segue(["snapshot", folder.path])
            XCTAssertEqual(check.status, 0, "interrupted at scene \(attempt): \(check.text)\(check.stderr)")
            XCTAssertTrue(check.text.contains("\(Self.scenes * 7) goldens: \(Self.scenes * 7) ok"), check.text)
            XCTAssertEqual(try hidden(in: folder).filter { $0.contains(".tmp-") }, [], "a staged folder left behind")
            XCTAssertFalse(try hidden(in: folder).contains(RecordingLock.fileName), "the lock file left behind")
        }
        XCTAssertGreaterThan(interrupted, 0, "no recording was interrupted part-way")
    }

    func testASecondRecorderIsRefusedNamingTheFirstAndAVerifierIsNot() throws {
        let folder = try recordedFolder()
        var lock: RecordingLock? = try RecordingLock(folders: [folder], mode: .all)
        let second = try CLI.segue(["snapshot", folder.path, "--record", "all", "--scale", "2"])
        XCTAssertEqual(second.status, 2)
        XCTAssertTrue(second.stderr.contains("another recording holds the goldens in"), second.stderr)
        XCTAssertTrue(second.stderr.contains("process \(getpid()) (segue snapshot --record all), since "), second.stderr)
        XCTAssertTrue(second.stderr.contains("wait for it to finish (or stop it), then run again"), second.stderr)
        let verify = try CLI.segue(["snapshot", folder.path])
        XCTAssertEqual(verify.status, 0, "a check writes nothing and needs no lock: \(verify.stderr)")
        lock?.release()
        lock = nil
        let after = try CLI.segue(["snapshot", folder.path, "--record", "all"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(try hidden(in: folder).filter { $0 != ".gitignore" }, [])
    }

    /// A recorder killed outright (no handler runs) leaves its staged folder and the lock file,
    /// but not the lock: the kernel drops it with the process. The next recorder takes the lock,
    /// sweeps the dead process's staged folder, and the goldens it left are the old ones.
    func testARecorderKilledOutrightHoldsNothing() throws {
        let folder = try recordedFolder()
        let root = folder.appendingPathComponent("__snapshots__")
        let recorder = try start(["snapshot", folder.path, "--record", "all", "--scale", "0.5"])
        let deadline = Date().addingTimeInterval(60)
        while recorder.isRunning, Date() < deadline {
            if ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).contains(where: { $0.contains(".tmp-") }) { break }
            usleep(200)
        }
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()
        let check = try CLI.segue(["snapshot", folder.path])
        XCTAssertEqual(check.status, 0, check.text)
        let again = try CLI.segue(["snapshot", folder.path, "--record", "all"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try hidden(in: folder).filter { $0.contains(".tmp-") || $0 == RecordingLock.fileName }, [])
    }
}
