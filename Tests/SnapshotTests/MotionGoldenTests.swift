import CLITestSupport
import Foundation
@testable import Snapshots
import Engine
import Scene
import XCTest

/// A scene's motion golden (`motion.txt`) catches what falls between snapshot points: a change of
/// deceleration rate of 0.0005 or a flick 3 pt shorter, named by frame, layer and value and
/// located at the timeline entry playing then; a change of length or frame rate is a failure of
/// its own. The golden reads back into the states it was written from.
final class MotionGoldenTests: XCTestCase {
    private var folder: URL!
    private var scene: URL { folder.appendingPathComponent("settings-scroll.yaml") }
    private var original = ""

    override func setUpWithError() throws {
        folder = try CLI.temporaryFolder(self)
        original = try String(contentsOf: SnapshotCommandTests.root.appendingPathComponent("scenes/settings-scroll.yaml"), encoding: .utf8)
        try original.write(to: scene, atomically: true, encoding: .utf8)
        let recorded = try CLI.segue(["snapshot", ".", "--record", "all", "--scale", "0.25"], in: folder)
        XCTAssertEqual(recorded.status, 0, recorded.text + recorded.stderr)
        XCTAssertTrue(recorded.text.contains("recorded  settings-scroll.yaml motion"), recorded.text)
    }

    /// The snapshot's lines for the motion golden after `scene` is changed by `change`.
    private func check(_ change: (String) -> String) throws -> (status: Int32, motion: String, images: String, failed: [String]) {
        let changed = change(original)
        XCTAssertNotEqual(changed, original, "the change applies")
        try changed.write(to: scene, atomically: true, encoding: .utf8)
        let result = try CLI.segue(["snapshot", "."], in: folder)
        let lines = result.text.split(separator: "\n").map(String.init)
        let motion = lines.drop { !$0.contains(" motion") }.prefix(2).joined(separator: "\n")
        let failed = lines.filter { $0.hasPrefix("FAILED ") }.compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first }
            .map { String($0.dropLast()) }
        return (result.status, motion, lines.last { $0.contains(" goldens: ") } ?? result.text, failed)
    }

    func testADecelerationRate0_0005LowerFailsTheMotionGoldenAtTheFlick() throws {
        let result = try check { $0.replacingOccurrences(of: "          id: settings\n", with: "          id: settings\n          decelerationRate: 0.9975\n") }
        XCTAssertEqual(result.status, 1)
        // The first flick is released at frame 29; frame 35 is where the offsets first part by more than 0.01 pt:
        // the collapsing title, pushed up by the content, is 1 pt lower.
        XCTAssertTrue(result.motion.hasPrefix("FAILED    settings-scroll.yaml motion: the motion differs at frame 35 (0.5833 s): layer 'navigationBar/settings/title/content' frame is 0,-289,393,156, the golden has 0,-290,393,156 (beyond 0.01 pt);"),
                      result.motion)
        // Located at the changed line (the list's new decelerationRate, in the screen the flick
        // scrolls), which the pull request's diff shows, not at the flick's entry (line 62).
        XCTAssertTrue(result.motion.contains("; line 16 changed since the goldens were recorded, and feeds the run the entry at line 62 starts"), result.motion)
        XCTAssertTrue(result.motion.hasSuffix("at:     settings-scroll.yaml:16:1"), result.motion)
    }

    /// The flick's own points (where the finger lifts, where the list rests) fail too; every other
    /// image passes, while the motion golden names the first frame it differs at.
    func testAFlick3PtShorterFailsTheMotionGoldenAndOnlyItsOwnPoint() throws {
        let result = try check { $0.replacingOccurrences(of: "distance: 220", with: "distance: 217") }
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.motion.hasPrefix("FAILED    settings-scroll.yaml motion: the motion differs at frame 25 (0.4167 s): touches is 200,697.25, the golden has 200,697.2;"),
                      result.motion)
        XCTAssertEqual(result.failed, ["scroll-settings-released", "motion"], result.images)
    }

    func testALengthOrFrameRateChangeIsAFailureOfItsOwn() throws {
        let result = try check { $0.replacingOccurrences(of: "\nfps: 60\n", with: "\nfps: 30\n") }
        XCTAssertTrue(result.motion.contains("settings-scroll.yaml motion: the motion differs: the scene now lasts 271 frames at 30 fps (9.0333 s); its motion golden has 541 frames at 60 fps (9.0167 s); line 8 changed since the goldens were recorded\n"),
                      result.motion)
    }

    func testTheGoldenReadsBackAndAMalformedOneIsAnErrorAtItsLine() throws {
        let golden = try String(contentsOf: folder.appendingPathComponent("__snapshots__/settings-scroll/motion.txt"), encoding: .utf8)
        XCTAssertNil(try MotionGolden.compare(golden, with: golden))
        XCTAssertTrue(golden.hasPrefix("segue motion 1: settings-scroll, 541 frames at 60 fps\nframe 0 (0 s)\n  @ phase=idle"), String(golden.prefix(120)))
        XCTAssertLessThan(golden.utf8.count, 150_000, "a still stretch costs nothing")
        var lines = golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[3] = "  ? what"
        XCTAssertThrowsError(try MotionGolden.compare(golden, with: lines.joined(separator: "\n"))) { error in
            XCTAssertEqual("\(error)", "line 4 of the motion golden: expected +, =, - or @ after two spaces")
        }
        // A value that goes (a shadow no longer cast) is written as `key=-` and compared as such.
        XCTAssertTrue(golden.contains("shadow=-") || !golden.contains("shadow="), "a shadow that goes is said to")
        let header = "segue motion 1: t, 3 frames at 30 fps\nframe 0 (0 s)\n  + a frame=0,0,1,1 shadow=0.25\n"
        XCTAssertEqual(try MotionGolden.compare(header, with: header + "frame 1 (0.0333 s)\n  = a shadow=-\n")?.what,
                       "layer 'a' shadow is 0.25, the golden has - (beyond 0.001)")
        // Within a tolerance step, values agree; one step past it, they do not.
        let nudged = golden.replacingOccurrences(of: "offset=0,15\n", with: "offset=0,15.01\n")
        XCTAssertNotEqual(nudged, golden)
        XCTAssertNil(try MotionGolden.compare(nudged, with: golden))
        let moved = golden.replacingOccurrences(of: "offset=0,15\n", with: "offset=0,15.02\n")
        XCTAssertEqual(try MotionGolden.compare(moved, with: golden)?.what, "layer 'settings/settings' offset is 0,15.02, the golden has 0,15 (beyond 0.01 pt)")
    }
}

/// Scroll runs are snapshot points of their own: where the finger lifts (`-released`) and the
/// first frame at rest (`-rest`), named after their entry (`scroll-<view>` unnamed, `-2` on);
/// an animated `scroll:` has only its rest, 0.3 s after it starts.
final class ScrollSnapshotPointTests: XCTestCase {
    func testAFlickAndAnAnimatedScrollGetTheirPoints() throws {
        let rows = (0..<60).map { "R\($0)" }.joined(separator: ", ")
        let scene = try SceneLoader.load(text: """
            size: [400, 800]
            scale: 1
            fps: 30
            screens:
              a: { content: [{ list: { id: mail, rows: [\(rows)] } }] }
            root: a
            timeline:
              - { at: 0.2, swipe: { from: [200, 600], to: [200, 300], duration: 0.1 } }
              - { at: 4, scroll: { list: mail, to: 0 }, name: back-to-top }
            """, file: "t.yaml", name: "t")
        let timeline = try Timeline(scene: scene)
        let plan = SnapshotPlan(scene: scene, timeline: timeline)
        XCTAssertEqual(plan.points.map(\.name), ["scroll-mail-released", "scroll-mail-rest", "back-to-top-rest"])
        let flick = try XCTUnwrap(timeline.scrollRuns.first)
        XCTAssertEqual(plan.points[0].frame, 9, "the swipe's last sample at 0.2 + 0.1 s, frame 0.3 × 30")
        let rest = plan.points[1].frame
        XCTAssertTrue(Double(rest) / 30 >= flick.end - 1e-9 && Double(rest - 1) / 30 < flick.end, "the first frame at rest")
        XCTAssertEqual(plan.points[2].frame, 129, "an animated scroll rests 0.3 s after it starts: (4 + 0.3) × 30")
        XCTAssertEqual(plan.points.map { $0.location?.line }, [8, 8, 9], "located at their entries")
        XCTAssertEqual(SnapshotPlan.runName(ofPoint: "scroll-mail-released"), "scroll-mail")
    }
}

/// The lines a scene changed since its goldens were recorded: a line changed and one added are
/// found, a line moved down by an insertion above it is not.
final class RecordedSceneTests: XCTestCase {
    func testChangedLinesAreTheNewOnesOfTheLongestCommonSubsequence() {
        let recorded = "a\nb\nc\nd\n"
        let hashes = RecordedScene.lines(of: recorded).map(RecordedScene.hash)
        XCTAssertEqual(RecordedScene.changedLines(recorded: hashes, now: "a\nx\nc\nd\ne\n"), [2, 5])
        XCTAssertEqual(RecordedScene.changedLines(recorded: hashes, now: "new\na\nb\nc\nd\n"), [1], "the others only moved down")
        XCTAssertEqual(RecordedScene.changedLines(recorded: hashes, now: recorded), [])
        XCTAssertEqual(RecordedScene.changedLines(recorded: hashes, now: "a\nc\nd\n"), [], "a deleted line changes none that remain")
        let text = RecordedScene.text(of: recorded)
        XCTAssertTrue(text.hasPrefix("segue scene 1\n"))
        XCTAssertEqual(text.split(separator: "\n").count, 5)
    }
}
