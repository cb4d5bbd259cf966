@testable import Engine
import Geometry
import Interaction
import XCTest

/// `SheetScrollArbitration` splits one pan into what the sheet and the scroll view follow in turn:
/// the sheet max(t, −room), the content min(t + room, 0), t the translation, down positive
/// (docs/uikit-semantics.md#a-scroll-view-inside-a-sheet). Values worked by hand.
final class SheetScrollArbitrationTests: XCTestCase {
    private func event(_ state: PanEvent.State, _ time: Double, _ t: Double, velocity: Double = 0) -> PanEvent {
        PanEvent(state: state, time: time, location: Point(x: 0, y: 0), translation: Point(x: 0, y: t), velocity: Point(x: 0, y: velocity))
    }

    private func summary(_ phases: [SheetScrollArbitration.Phase]) -> [String] {
        phases.map { phase in
            "\(phase.owner): " + phase.events.map { "\($0.state.rawValue) \($0.time) \($0.translation.y) \($0.velocity.y)" }.joined(separator: ", ")
        }
    }

    func testUpPastTheRoomHandsTheRestToTheScrollViewThenBack() {
        // 100 pt of room: −60 is the sheet's; −150 puts the sheet at −100 and scrolls 50; −120
        // scrolls back to 20; +30 crosses the top again: the content rests at 0, the sheet,
        // starting again from the largest detent (−100), moves 130 down.
        let events = [event(.began, 1, -10), event(.changed, 1.1, -60), event(.changed, 1.2, -150),
                      event(.changed, 1.3, -120), event(.ended, 1.4, 30, velocity: 500)]
        XCTAssertEqual(summary(SheetScrollArbitration(room: 100).phases(events)), [
            "sheet: began 1.0 -10.0 0.0, changed 1.1 -60.0 0.0, ended 1.2 -100.0 0.0",
            "scroll: began 1.2 -50.0 0.0, changed 1.3 -20.0 0.0, ended 1.4 0.0 0.0",
            "sheet: began 1.4 130.0 500.0, ended 1.4 130.0 500.0",
        ])
    }

    func testWithoutRoomUpScrollsAndDownDrags() {
        let room0 = SheetScrollArbitration(room: 0)
        XCTAssertEqual(summary(room0.phases([event(.began, 1, -5), event(.ended, 1.1, -80, velocity: -900)])), [
            "scroll: began 1.0 -5.0 0.0, ended 1.1 -80.0 -900.0",
        ])
        XCTAssertEqual(summary(room0.phases([event(.began, 1, 5), event(.ended, 1.1, 80, velocity: 900)])), [
            "sheet: began 1.0 5.0 0.0, ended 1.1 80.0 900.0",
        ])
        // A pan whose first translation is exactly 0 goes with the next event that decides.
        XCTAssertEqual(summary(room0.phases([event(.began, 1, 0), event(.ended, 1.1, -40)])), [
            "scroll: began 1.0 0.0 0.0, ended 1.1 -40.0 0.0",
        ])
    }

    func testPastTheRoomBeforeThePanBeganTheSheetJumpsToTheLargestDetentFirst() {
        XCTAssertEqual(summary(SheetScrollArbitration(room: 3).phases([event(.began, 1, -8), event(.ended, 1.1, -20)])), [
            "sheet: began 1.0 0.0 0.0, ended 1.0 -3.0 0.0",
            "scroll: began 1.0 -5.0 0.0, ended 1.1 -17.0 0.0",
        ])
    }
}
