import Engine
import Scene
import XCTest

/// A drag that moves a sheet to another detent is its own outcome: `expect: detent` or
/// `expect: { detent: NAME }`, its run a detent change (`TransitionRun.detent`, the release's
/// `detent`), not a cancelled dismissal.
///
/// Reference values: the sheet of `detents: medium-large` rests first at the medium detent (half
/// the 852 pt iPhone 15, top at y 426); a quick drag up by 220 pt projects past the large
/// detent's top and settles there.
final class DetentOutcomeTests: XCTestCase {
    private func scene(expect: String) -> String {
        """
        screens:
          inbox: {}
          share: {}
        root: inbox
        transitions: [{ from: inbox, to: share, style: page-sheet, detents: medium-large }]
        timeline:
          - { at: 0.4, present: share }
          - at: 1.4
            swipe: { from: [196, 520], to: [196, 300], duration: 0.35, curve: easeOut }
            expect: \(expect)
        """
    }

    private func messages(_ text: String) -> [String] { sceneMessages(text) }

    func testADragBetweenDetentsIsADetentChange() throws {
        let t = try Timeline(scene: try SceneLoader.load(text: scene(expect: "{ detent: large }"), file: "t.yaml", name: "t"))
        let runs = t.runs
        XCTAssertEqual(runs.count, 2)
        XCTAssertEqual(runs[1].detent, "large")
        XCTAssertEqual(runs[1].verb, "detent")
        XCTAssertFalse(runs[1].finished, "the dismissal did not happen")
        XCTAssertEqual(t.releases.map(\.detent), ["large"])
        XCTAssertNil(runs[0].detent, "a presentation is no detent change")
        XCTAssertEqual(messages(scene(expect: "detent")), [])
    }

    func testEveryOtherExpectationSaysWhatHappened() {
        XCTAssertEqual(messages(scene(expect: "cancel")), [
            "t.yaml:8:5: error: this gesture moves the sheet to the large detent at 2.254 s, not back where it was; write 'expect: { detent: large }'",
        ])
        XCTAssertEqual(messages(scene(expect: "{ detent: medium }")), [
            "t.yaml:8:5: error: this gesture should move the sheet to the medium detent, but it settles at the large detent at 2.254 s",
        ])
        XCTAssertEqual(messages(scene(expect: "{ detent: tall }")).count, 1)
        XCTAssertTrue(messages(scene(expect: "{ detnt: large }")).contains { $0.contains("found the keys 'detnt'") && $0.contains("did you mean 'detent'") })
        // A drag that springs back to where the sheet rested is a cancel, not a detent change.
        let back = scene(expect: "detent").replacingOccurrences(of: "to: [196, 300], duration: 0.35, curve: easeOut",
                                                                 with: "to: [196, 480], duration: 0.6, curve: easeOut")
        XCTAssertEqual(messages(back).first?.contains("should move the sheet to another detent, but it drives"), true,
                       "\(messages(back))")
    }
}
