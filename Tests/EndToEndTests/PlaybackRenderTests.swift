import CLITestSupport
import Foundation
import Raster
import XCTest

/// `playback:` through the binary: the video plays scene time 0.4–0.9 s (a push) at a quarter of
/// real speed and holds 1.4 s (mid back swipe) for 0.5 s. Each video frame is the scene at the
/// time the clock maps it to — real in-between frames, not repeated ones: a frame of the
/// rendered PNG sequence equals, pixel for pixel, a still of the scene without `playback` at that
/// scene time (mapped by hand below). The trace says both times; snapshots and `inspect --at`
/// keep scene time.
final class PlaybackRenderTests: XCTestCase {
    static let scene = """
        size: [200, 360]
        scale: 1
        fps: 20
        screens:
          list: { background: systemBackground, navigationBar: { title: Mail }, content: [{ list: { rows: [Anna, Ben] } }] }
          detail: { background: systemGroupedBackground, navigationBar: { title: Anna, back: Mail } }
        root: list
        transitions: [{ from: list, to: detail, style: system-push }]
        timeline:
          - { at: 0.4, push: detail }
          - { at: 1.2, pan: [[0, 2, 200], [0.1, 30, 200], [0.2, 60, 200], [0.5, 60, 200], [0.6, 0, 200]], expect: cancel }
        """
    static let playback = "playback:\n  - { from: 0.4, to: 0.9, rate: 0.25 }\n  - { at: 1.4, hold: 0.5 }\n"

    /// The scene time video time `t` shows, by hand (see the class comment).
    func sceneTime(_ t: Double) -> Double {
        switch t {
        case ..<0.4: t
        case ..<2.4: 0.4 + (t - 0.4) * 0.25
        case ..<2.9: 0.9 + (t - 2.4)
        case ..<3.4: 1.4
        default: 1.4 + (t - 3.4)
        }
    }

    func testEachVideoFrameIsTheSceneAtItsMappedTime() throws {
        let folder = try CLI.temporaryFolder(self)
        let plain = try CLI.write(Self.scene, "plain.yaml", in: folder)
        let played = try CLI.write(Self.scene + "\n" + Self.playback, "played.yaml", in: folder)
        let frames = folder.appendingPathComponent("frames")
        let render = try CLI.segue(["render", played.path, "--format", "png", "-o", frames.path])
        XCTAssertEqual(render.status, 0, render.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        let plainTrace = try CLI.segue(["trace", plain.path])
        let sceneFrames = plainTrace.text.split(separator: "\n").count
        // The video is the scene's length plus 0.5 s · (1/0.25 − 1) and the 0.5 s hold: 2 s more, 40 frames at 20 fps.
        XCTAssertEqual(names.count, sceneFrames + 40)
        for index in [3, 9, 12, 21, 33, 47, 50, 52, 57, 63, 66, 75] where index < names.count {
            let t = Double(index) / 20
            let still = folder.appendingPathComponent("still-\(index).png")
            let made = try CLI.segue(["still", plain.path, "--at", String(sceneTime(t)), "-o", still.path])
            XCTAssertEqual(made.status, 0, made.stderr)
            let video = try RGBAImage.load(png: frames.appendingPathComponent(names[index]))
            let expected = try RGBAImage.load(png: still)
            XCTAssertEqual(video.pixels, expected.pixels, "video frame \(index) (\(t) s) is the scene at \(sceneTime(t)) s")
        }
        // Frames inside the hold are the same picture; frames of the slowed push all differ.
        let hold = try (58...67).map { try RGBAImage.load(png: frames.appendingPathComponent(names[$0])).pixels }
        XCTAssertEqual(Set(hold.map { $0.hashValue }).count, 1, "the held moment")
        let slow = try (9...40).map { try RGBAImage.load(png: frames.appendingPathComponent(names[$0])).pixels }
        XCTAssertEqual(Set(slow.map { $0.hashValue }).count, slow.count, "every slowed frame is its own in-between")
    }

    func testTheTraceSaysBothTimesAndInspectAndSnapshotsKeepSceneTime() throws {
        let folder = try CLI.temporaryFolder(self)
        let played = try CLI.write(Self.scene + "\n" + Self.playback + "snapshots: [{ at: 0.65, name: mid-push }]\n", "played.yaml", in: folder)
        let trace = try CLI.segue(["trace", played.path])
        XCTAssertEqual(trace.status, 0, trace.stderr)
        let lines = trace.text.split(separator: "\n").map(String.init)
        for index in [10, 30, 60] {
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any])
            XCTAssertEqual(json["time"] as? Double ?? -1, Double(index) / 20, accuracy: 1e-6)
            XCTAssertEqual(json["sceneTime"] as? Double ?? -1, sceneTime(Double(index) / 20), accuracy: 1e-6)
        }
        let inspect = try CLI.segue(["inspect", played.path, "--at", "0.65"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.text.contains("at 0.65 s of the scene (1.4 s into the video, as its 'playback' plays it):"), inspect.text)
        // The snapshot at scene time 0.65 s is the still of the scene without playback there.
        let snapshot = try CLI.segue(["snapshot", played.path, "--record", "all"])
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        let plain = try CLI.write(Self.scene, "plain.yaml", in: folder)
        let still = folder.appendingPathComponent("still.png")
        XCTAssertEqual(try CLI.segue(["still", plain.path, "--at", "0.65", "-o", still.path, "--scale", "1"]).status, 0)
        let golden = try RGBAImage.load(png: folder.appendingPathComponent("__snapshots__/played/mid-push.png"))
        XCTAssertEqual(golden.pixels, try RGBAImage.load(png: still).pixels)
    }

    /// An entry that starts after the scene's end is an error at its line, from `validate`;
    /// `inspect --at` past the scene's end does not claim a video time for it.
    func testAnEntryPastTheScenesEndIsAnError() throws {
        let folder = try CLI.temporaryFolder(self)
        let late = try CLI.write(Self.scene + "\nplayback:\n  - { at: 600, hold: 1 }\n", "late.yaml", in: folder)
        let result = try CLI.segue(["validate", late.path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("late.yaml:13:5: error: this playback entry starts at 600 s, after the scene's end at "), result.stderr)
        let played = try CLI.write(Self.scene + "\n" + Self.playback, "played.yaml", in: folder)
        let past = try CLI.segue(["inspect", played.path, "--at", "1000"])
        XCTAssertEqual(past.status, 0, past.stderr)
        XCTAssertFalse(past.text.contains("into the video"), past.text)
        let still = try CLI.segue(["still", played.path, "--at", "100", "-o", folder.appendingPathComponent("late.png").path])
        XCTAssertEqual(still.status, 1)
        XCTAssertTrue(still.stderr.contains("--at 100 s is past the end of the video, which lasts 4.35 s as its 'playback' plays the scene"), still.stderr)
    }
}
