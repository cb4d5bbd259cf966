import CLITestSupport
import Foundation
import Pipeline
import Scene
import Staging
import Stills
import XCTest

/// A render, still, sheet, plot or batch that fails — while replaying the scene, drawing it or
/// encoding it — leaves no temporary and no folder that was not there, every time: each stage
/// fails many times in a row in process, with the encoder's background thread made to hold on to
/// its writer after handing it over (the window in which a cleanup left to a deinit came too late).
final class FailureLeavesNothingTests: XCTestCase {
    static let iterations = 50

    /// A scene whose sheet is dismissed while it is still being presented: it loads, and fails when
    /// the timeline is replayed, after the encoder has started opening.
    static let failsWhenReplayed = ProcessSafetyTests.smallScene(presentAt: 0.1) + "\n  - { at: 0.15, dismiss: true }\n"

    /// A scene showing `image`: it loads while the image is there, and fails to draw once it is gone.
    static func showing(_ image: String) -> String {
        """
        size: [120, 240]
        scale: 1
        fps: 20
        tail: 0.2
        screens:
          a:
            content:
              - image: { file: \(image), frame: [10, 10, 40, 30] }
        """
    }

    private var root: URL!

    override func setUpWithError() throws {
        root = try CLI.temporaryFolder(self)
        setenv("SEGUE_TEST_BACKGROUND_LINGER", "0.05", 1)
    }

    override func tearDown() {
        unsetenv("SEGUE_TEST_BACKGROUND_LINGER")
    }

    /// Everything under `folder`, hidden files included, as paths relative to it.
    private func contents(of folder: URL) throws -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walk.compactMap { $0 as? String }.sorted()
    }

    private func load(_ text: String, named name: String) throws -> Scene {
        let scenes = root.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let file = scenes.appendingPathComponent("\(name).yaml")
        try text.write(to: file, atomically: false, encoding: .utf8)
        return try SceneFile.load(file.path)
    }

    /// Runs `attempt` (which must throw) `iterations` times, each writing under a folder that does
    /// not exist, and checks that the output folder holds exactly what it held before.
    private func failRepeatedly(_ stage: String, _ attempt: (URL) throws -> Void) throws {
        let outputs = root.appendingPathComponent("outputs")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let before = try contents(of: root)
        for iteration in 0..<Self.iterations {
            let destination = outputs.appendingPathComponent("new/deeper")
            XCTAssertThrowsError(try attempt(destination), "\(stage), iteration \(iteration): it did not fail")
            let after = try contents(of: root)
            guard after == before else {
                XCTFail("\(stage), iteration \(iteration): left \(Set(after).subtracting(before).sorted())")
                return
            }
        }
    }

    func testAFailedReplayLeavesNothingInAnyFormat() throws {
        let scene = try load(Self.failsWhenReplayed, named: "replay")
        for format in OutputFormat.allCases {
            try failRepeatedly("replaying to \(format)") { folder in
                try VideoRenderer.render(scene, to: folder.appendingPathComponent("x.\(format.fileExtension)"),
                                         options: VideoRenderOptions(format: format))
            }
        }
    }

    func testAFailedDrawingLeavesNothing() throws {
        let image = root.appendingPathComponent("scenes/picture.png")
        try FileManager.default.createDirectory(at: image.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(TestPNG.make(width: 4, height: 3, bitDepth: 8, colorType: 6, pixel: [255, 0, 0, 255])).write(to: image)
        let scene = try load(Self.showing("picture.png"), named: "drawing")
        try FileManager.default.removeItem(at: image)
        for format in [OutputFormat.mp4, .gif] {
            try failRepeatedly("drawing to \(format)") { folder in
                try VideoRenderer.render(scene, to: folder.appendingPathComponent("x.\(format.fileExtension)"),
                                         options: VideoRenderOptions(format: format))
            }
        }
        try failRepeatedly("drawing a still") { try VideoRenderer.still(scene, at: 0, to: $0.appendingPathComponent("x.png")) }
        try failRepeatedly("drawing a sheet") { try ContactSheet.render(scene, to: $0.appendingPathComponent("x.png")) }
    }

    /// The encoder is open and its temporary written when the raw frames it is given beside it
    /// cannot be: the video's temporary and the folders made for it go.
    func testAFailureOnceTheEncoderIsOpenLeavesNothing() throws {
        let scene = try load(ProcessSafetyTests.smallScene(), named: "encoding")
        try failRepeatedly("encoding") { folder in
            var options = VideoRenderOptions()
            options.rawFrames = root.appendingPathComponent("missing/frames.yuv")
            try VideoRenderer.render(scene, to: folder.appendingPathComponent("x.mp4"), options: options)
        }
    }

    /// The same through the binary, once per command: nothing is left beside the scene either.
    /// A render that crashes (an allocation the limits missed: the test hook asks the runtime for
    /// 2^62 bytes once a few frames are encoded, and it aborts) removes its temporary in the crash
    /// handler (`CrashCleanup`), the MP4's file and the PNG sequence's folder alike, and the crash
    /// still ends the process as it would have (SIGABRT). Without the handler the temporary stayed
    /// until the next run into that folder swept it.
    func testACrashingRenderLeavesNoTemporary() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = try CLI.write(ProcessSafetyTests.smallScene(presentAt: 0.1), "crash.yaml", in: folder)
        for (name, extra) in [("video.mp4", [String]()), ("frames", ["--format", "png"])] {
            let output = folder.appendingPathComponent("out").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            let result = try CLI.segue(["render", file.path, "-o", output.path] + extra,
                                       environment: ["SEGUE_TEST_CRASH_AFTER_FRAMES": "3"], timeout: 60)
            XCTAssertTrue(result.signalled, "\(name): it crashed: \(result.status) \(result.stderr)")
            XCTAssertEqual(result.status, SIGABRT, name)
            XCTAssertTrue(result.stderr.contains("failed to allocate"), result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path), [],
                           "\(name): the temporary was left behind")
        }
    }

    func testFailedCommandsLeaveNoFolder() throws {
        let scenes = root.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let scene = scenes.appendingPathComponent("replay.yaml")
        try Self.failsWhenReplayed.write(to: scene, atomically: false, encoding: .utf8)
        let before = try contents(of: root)
        let out = root.appendingPathComponent("out/deeper")
        let commands: [[String]] = [
            ["render", scene.path, "-o", out.appendingPathComponent("x.mp4").path],
            ["render", scene.path, "--format", "png", "-o", out.appendingPathComponent("x-frames").path],
            ["still", scene.path, "--at", "0", "-o", out.appendingPathComponent("x.png").path],
            ["sheet", scene.path, "-o", out.appendingPathComponent("x.png").path],
            ["batch", scenes.path, "-o", out.path],
        ]
        for arguments in commands {
            let result = try CLI.segue(arguments, environment: ["SEGUE_TEST_BACKGROUND_LINGER": "0.2"], timeout: 60)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("is still running"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try contents(of: root), before, "\(arguments)")
        }
    }

    /// The folders an output creates are the process's until it is kept: a failed output removes
    /// those no other output of the process still uses, never a folder that holds someone's file,
    /// and a kept output keeps them.
    func testCreatedFoldersGoWithTheLastOutputThatFailsAndNeverTakeAFileWithThem() throws {
        let base = root.appendingPathComponent("base")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let first = try OutputFolder(for: base.appendingPathComponent("a/b/x.png"))
        let second = try OutputFolder(for: base.appendingPathComponent("a/c/y.png"))
        first.discard()
        XCTAssertFalse(FileManager.default.fileExists(atPath: base.appendingPathComponent("a/b").path), "b was first's alone")
        XCTAssertTrue(FileManager.default.fileExists(atPath: base.appendingPathComponent("a/c").path), "second still uses a/c")
        second.discard()
        XCTAssertEqual(try contents(of: base), [], "a goes with the last output that used it")

        let kept = try OutputFolder(for: base.appendingPathComponent("k/x.png"))
        kept.keep()
        kept.discard()
        XCTAssertEqual(try contents(of: base), ["k"], "a kept output's folder stays")

        let other = try OutputFolder(for: base.appendingPathComponent("o/x.png"))
        try Data("someone's".utf8).write(to: base.appendingPathComponent("o/notes.txt"))
        other.discard()
        XCTAssertEqual(try contents(of: base), ["k", "o", "o/notes.txt"], "a folder with a file in it stays")

        try Data().write(to: base.appendingPathComponent("file"))
        XCTAssertThrowsError(try OutputFolder(for: base.appendingPathComponent("file/x.png")))
    }
}
