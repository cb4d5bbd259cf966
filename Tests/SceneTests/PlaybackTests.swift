import Scene
import XCTest

/// `playback:`: the video's clock over the scene's time. Reference values by hand for a 3 s
/// scene with scene time 0.4–0.9 s played at a quarter of real speed and 1.4 s held for 0.5 s:
/// video 0–0.4 is scene 0–0.4; video 0.4–2.4 is scene 0.4–0.9 (0.5 s / 0.25 = 2 s); video 2.4–2.9
/// is scene 0.9–1.4; video 2.9–3.4 holds scene 1.4; video 3.4–5 is scene 1.4–3. Video length:
/// 3 + 0.5 · (1 / 0.25 − 1) + 0.5 = 5 s.
final class PlaybackTests: XCTestCase {
    private let here = SourceLocation(file: "t.yaml", line: 1, column: 1)

    private var clock: PlaybackClock {
        PlaybackClock(segments: [PlaybackSegment(.hold(at: 1.4, seconds: 0.5), location: here),
                                 PlaybackSegment(.rate(from: 0.4, to: 0.9, rate: 0.25), location: here)], sceneDuration: 3)
    }

    func testVideoTimeMapsToSceneTimeByHand() {
        XCTAssertEqual(clock.videoDuration, 5, accuracy: 1e-12)
        XCTAssertFalse(clock.isIdentity)
        let table: [(video: Double, scene: Double)] = [
            (0, 0), (0.2, 0.2), (0.4, 0.4), (1.4, 0.65), (2.4, 0.9), (2.65, 1.15), (2.9, 1.4), (3.1, 1.4), (3.39, 1.4),
            (3.4, 1.4), (4, 2), (5, 3), (6, 3),
        ]
        for row in table {
            XCTAssertEqual(clock.sceneTime(atVideo: row.video), row.scene, accuracy: 1e-12, "video \(row.video) s")
        }
        let back: [(scene: Double, video: Double)] = [(0, 0), (0.4, 0.4), (0.65, 1.4), (0.9, 2.4), (1.4, 2.9), (2, 4), (3, 5)]
        for row in back {
            XCTAssertEqual(clock.videoTime(atScene: row.scene), row.video, accuracy: 1e-12, "scene \(row.scene) s: the first video time showing it")
        }
    }

    func testWithoutSegmentsTheClockIsTheIdentity() {
        let none = PlaybackClock(segments: [], sceneDuration: 2)
        XCTAssertTrue(none.isIdentity)
        XCTAssertEqual(none.videoDuration, 2)
        for t in stride(from: 0.0, through: 2, by: 0.1) { XCTAssertEqual(none.sceneTime(atVideo: t), t, accuracy: 1e-12) }
        let cut = PlaybackClock(segments: [PlaybackSegment(.rate(from: 1.5, to: 4, rate: 0.5), location: here)], sceneDuration: 2)
        XCTAssertEqual(cut.videoDuration, 1.5 + 0.5 / 0.5, accuracy: 1e-12, "a stretch past the end is cut there")
    }

    func testMisusesAreLocatedErrors() {
        func messages(_ playback: String) -> [String] {
            sceneProblems("screens: { a: {} }\nroot: a\ntimeline: []\nplayback:\n\(playback)\n")
        }
        XCTAssertEqual(messages("  - { from: 1, to: 2, rate: 0.5, hold: 1 }"),
                       ["scene.yaml:5:5: error: a playback entry plays a stretch of the scene ({ from, to, rate }) or holds a moment ({ at, hold }), not both"])
        XCTAssertEqual(messages("  - { from: 1, rate: 0.5 }"),
                       ["scene.yaml:5:5: error: missing 'to' in a playback entry; expected { from, to, rate } or { at, hold }"])
        XCTAssertEqual(messages("  - { from: 2, to: 1, rate: 0.5 }"), ["scene.yaml:5:20: error: 'to' (1 s) must be after 'from' (2 s)"])
        XCTAssertEqual(messages("  - { from: 1, to: 2, rate: 0 }").first?.hasPrefix("scene.yaml:5:29: error: rate must be between 0.05 and 20"), true)
        XCTAssertEqual(messages("  - { from: 1, to: 2, rate: 0.5 }\n  - { at: 1.5, hold: 1 }"),
                       ["scene.yaml:6:5: error: this playback entry starts at 1.5 s, inside the stretch on line 5 (1 to 2 s); playback entries may not overlap"])
        XCTAssertEqual(messages("  - { from: 1, to: 2, rate: 0.5 }\n  - { at: 2, hold: 1 }"), [], "a hold where a stretch ends")
        XCTAssertEqual(messages("  - { from: 1, to: 2, rate: 0.5 }\n  - { at: 1, hold: 1 }"), [], "a hold where a stretch starts, written after it")
        XCTAssertEqual(messages("  - { at: 1, hold: 1 }\n  - { at: 1, hold: 2 }"),
                       ["scene.yaml:6:5: error: a second hold at 1 s (the first is on line 5); hold a moment once, for as long as it should last"])
        XCTAssertEqual(messages("  - { from: 1, to: 2, rate: 0.5, spead: 2 }").first?.contains("unknown key 'spead'") ?? false, true)
    }
}
