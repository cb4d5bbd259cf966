import CLITestSupport
import Foundation
import XCTest

/// Nothing crashes, hangs or is left behind: signals remove the temporaries, stale ones of dead
/// processes are cleaned up, a damaged video is rendered again, one crashing scene does not take
/// a batch down, and a big file beside the scenes costs the stamps no memory.
final class ProcessSafetyTests: XCTestCase {
    /// A scene long and large enough (@3x, five seconds at 60 fps) to be mid-render when signalled.
    static let longScene = """
        size: [390, 844]
        scale: 3
        fps: 60
        tail: 4.5
        screens:
          list: { background: "#FF3B30" }
          sheet: { background: "#007AFF" }
        transitions:
          - { from: list, to: sheet, style: slide-up-modal }
        timeline:
          - { at: 0.1, present: sheet }
        """

    /// A small, quick scene whose sheet is presented at `presentAt`.
    static func smallScene(presentAt: Double = 0.1) -> String {
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

    /// Names in `folder` of Segue's temporaries (`.<name>.tmp-<pid>-<hex>`).
    func temporaries(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
    }

    func testSignalsRemoveTheTemporaryKeepTheOlderOutputAndExit130Or143() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = folder.appendingPathComponent("long.yaml")
        try Self.longScene.write(to: scene, atomically: false, encoding: .utf8)
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            for format in ["mp4", "png", "prores"] {
                let output = folder.appendingPathComponent(format == "png" ? "long-frames" : "long.\(format == "prores" ? "mov" : "mp4")")
                // An older output, which must stay as it was.
                if format == "png" {
                    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                    try Data("older".utf8).write(to: output.appendingPathComponent("frame-00000.png"))
                } else {
                    try Data("older".utf8).write(to: output)
                }
                let process = Process()
                process.executableURL = try CLI.segue
                process.arguments = ["render", scene.path, "--format", format, "-o", output.path]
                process.standardError = FileHandle.nullDevice
                try process.run()
                // Signalled once its temporary exists, mid-render.
                let deadline = Date().addingTimeInterval(60)
                while try temporaries(in: folder).isEmpty, process.isRunning, Date() < deadline { usleep(20_000) }
                usleep(300_000)
                XCTAssertTrue(process.isRunning, "\(format): the render ended before it could be signalled")
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationReason, .exit, "\(format) \(signal)")
                XCTAssertEqual(process.terminationStatus, status, "\(format) \(signal)")
                XCTAssertEqual(try temporaries(in: folder), [], "\(format) \(signal)")
                let older = format == "png" ? output.appendingPathComponent("frame-00000.png") : output
                XCTAssertEqual(try Data(contentsOf: older), Data("older".utf8), "\(format) \(signal)")
                if format == "png" {
                    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), ["frame-00000.png"])
                }
            }
        }
    }

    func testSIGTERMToABatchStopsItsWorkersAndLeavesNoTemporaries() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes"), output = root.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try Self.longScene.write(to: scenes.appendingPathComponent("\(name).yaml"), atomically: false, encoding: .utf8)
        }
        let process = Process()
        process.executableURL = try CLI.segue
        process.arguments = ["batch", scenes.path, "-o", output.path, "--jobs", "2", "--format", "png"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while (try? temporaries(in: output))?.count ?? 0 < 2, process.isRunning, Date() < deadline { usleep(20_000) }
        usleep(300_000)
        XCTAssertTrue(process.isRunning, "the batch ended before it could be signalled")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        // The temporaries are gone, and with them the output folder the batch created for them.
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "\((try? temporaries(in: output)) ?? [])")
        // No worker outlives the batch.
        let workers = try CLI.tool("pgrep", ["-f", "\(try CLI.segue.path) batch-worker"])
        XCTAssertEqual(workers.text.split(separator: "\n").filter { !$0.isEmpty }.count, 0, workers.text)
    }

    func testWorkersOfABatchKilledOutrightStopAndTheRerunRendersEverything() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes"), output = root.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try Self.longScene.write(to: scenes.appendingPathComponent("long.yaml"), atomically: false, encoding: .utf8)
        try Self.smallScene().write(to: scenes.appendingPathComponent("small.yaml"), atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = try CLI.segue
        process.arguments = ["batch", scenes.path, "-o", output.path, "--jobs", "1", "--format", "png"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while (try? temporaries(in: output))?.isEmpty ?? true, process.isRunning, Date() < deadline { usleep(20_000) }
        XCTAssertTrue(process.isRunning, "the batch ended before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        // The orphaned worker notices within a second or so and cleans up after itself.
        let workerDeadline = Date().addingTimeInterval(10)
        while try !temporaries(in: output).isEmpty, Date() < workerDeadline { usleep(100_000) }
        XCTAssertEqual(try temporaries(in: output), [])

        let rerun = try CLI.segue(["batch", scenes.path, "-o", output.path, "--format", "png", "--scale", "0.5"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(rerun.stderr.contains("2 rendered"), rerun.stderr)
        XCTAssertEqual(try temporaries(in: output), [])

        // A temporary a killed process left beside an output that is up to date goes too.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let stale = output.appendingPathComponent(".small-frames.tmp-\(finished.processIdentifier)-5eed")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        let upToDate = try CLI.segue(["batch", scenes.path, "-o", output.path, "--format", "png", "--scale", "0.5"])
        XCTAssertTrue(upToDate.stderr.contains("2 up to date"), upToDate.stderr)
        XCTAssertEqual(try temporaries(in: output), [])
    }

    func testAStaleTemporaryOfADeadProcessIsRemovedAndALiveOneIsLeft() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = folder.appendingPathComponent("small.yaml")
        try Self.smallScene().write(to: scene, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("small.mp4")

        // A process that has ended: its PID is free.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let stale = ".small.mp4.tmp-\(dead)-1f2e3d"
        let staleFolder = ".other-frames.tmp-\(dead)-abc"
        let live = ".small.mp4.tmp-\(getpid())-4c5b6a"
        let userFile = ".small.mp4.tmp-notes"
        for name in [stale, live, userFile] { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(staleFolder).appendingPathComponent("inner"),
                                                withIntermediateDirectories: true)

        let result = try CLI.segue(["render", scene.path, "-o", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        XCTAssertFalse(left.contains(stale), "a dead process's temporary is removed")
        XCTAssertFalse(left.contains(staleFolder), "a dead process's temporary folder is removed")
        XCTAssertTrue(left.contains(live), "a live process's temporary is left alone")
        XCTAssertTrue(left.contains(userFile), "a file not named like a temporary is left alone")
    }

    func testADamagedVideoWithAnIntactStampIsRenderedAgain() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes"), output = root.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try Self.smallScene().write(to: scenes.appendingPathComponent("a.yaml"), atomically: false, encoding: .utf8)
        try Self.smallScene(presentAt: 0.2).write(to: scenes.appendingPathComponent("b.yaml"), atomically: false, encoding: .utf8)
        XCTAssertEqual(try CLI.segue(["batch", scenes.path, "-o", output.path]).status, 0)
        let video = output.appendingPathComponent("a.mp4")
        let whole = try Data(contentsOf: video)

        // Truncated, as a full disk or a killed copy leaves it: the stamp is intact, the video is not.
        try whole.prefix(whole.count / 2).write(to: video)
        let again = try CLI.segue(["batch", scenes.path, "-o", output.path])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("1 rendered"), again.stderr)
        XCTAssertTrue(again.stderr.contains("1 up to date"), again.stderr)
        XCTAssertEqual(try Data(contentsOf: video), whole)

        // Same size, different end (the last byte overwritten): rendered again too.
        var changed = whole
        changed[changed.count - 1] ^= 0xFF
        try changed.write(to: video)
        XCTAssertTrue(try CLI.segue(["batch", scenes.path, "-o", output.path]).stderr.contains("1 rendered"))
        XCTAssertEqual(try Data(contentsOf: video), whole)

        // A PNG frame folder missing a frame.
        XCTAssertEqual(try CLI.segue(["batch", scenes.path, "-o", output.path, "--format", "png"]).status, 0)
        try FileManager.default.removeItem(at: output.appendingPathComponent("b-frames/frame-00003.png"))
        let frames = try CLI.segue(["batch", scenes.path, "-o", output.path, "--format", "png"])
        XCTAssertTrue(frames.stderr.contains("1 rendered"), frames.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("b-frames/frame-00003.png").path))
    }

    func testACrashingSceneFailsAloneAndTheManifestIsWritten() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes"), output = root.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for (name, at) in [("a", 0.1), ("b", 0.15), ("c", 0.2), ("d", 0.25)] {
            try Self.smallScene(presentAt: at).write(to: scenes.appendingPathComponent("\(name).yaml"), atomically: false, encoding: .utf8)
        }
        let manifest = root.appendingPathComponent("manifest.json")
        for format in ["mp4", "png"] {
            let result = try CLI.segue(["batch", scenes.path, "-o", output.path, "--jobs", "2", "--format", format, "--json", manifest.path],
                                       environment: ["SEGUE_TEST_CRASH_SCENE": "b"])
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("rendering \(scenes.path)/b.yaml crashed (killed by signal"), result.stderr)
            XCTAssertTrue(result.stderr.contains("3 rendered"), result.stderr)
            XCTAssertTrue(result.stderr.contains("1 failed"), result.stderr)
            XCTAssertEqual(try temporaries(in: output), [], format)

            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
            let entries = try XCTUnwrap(json["scenes"] as? [[String: Any]])
            XCTAssertEqual(entries.map { $0["status"] as? String }, ["rendered", "failed", "rendered", "rendered"], format)
            let names = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
            XCTAssertEqual(Set(names), format == "mp4" ? ["a.mp4", "c.mp4", "d.mp4"] : ["a.mp4", "c.mp4", "d.mp4", "a-frames", "c-frames", "d-frames"])
        }
        // The videos are what `segue render` makes of their scenes.
        let single = root.appendingPathComponent("single-c.mp4")
        XCTAssertEqual(try CLI.segue(["render", scenes.appendingPathComponent("c.yaml").path, "-o", single.path]).status, 0)
        XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent("c.mp4")), try Data(contentsOf: single))

        // Without the hook the scene renders.
        let fixed = try CLI.segue(["batch", scenes.path, "-o", output.path])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("1 rendered"), fixed.stderr)
    }

    /// Stamps hash only what a scene reads, 1 MB at a time: a big file beside the scenes costs nothing.
    func testABigFileBesideTheScenesCostsTheStampNoMemory() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try Self.smallScene().write(to: scenes.appendingPathComponent("a.yaml"), atomically: false, encoding: .utf8)
        // 200 MB, sparse: cheap to make, but whole in memory if read whole.
        let big = scenes.appendingPathComponent("big.bin")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()

        let measured = try CLI.tool("time", ["-v", try CLI.segue.path, "batch", scenes.path, "-o", root.appendingPathComponent("videos").path])
        XCTAssertEqual(measured.status, 0, measured.stderr)
        let line = try XCTUnwrap(measured.stderr.split(separator: "\n").first { $0.contains("Maximum resident set size") })
        let kilobytes = try XCTUnwrap(Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? ""))
        XCTAssertLessThan(kilobytes, 150 * 1024, "peak memory of a batch beside a 200 MB file: \(kilobytes) KB")
    }
}
