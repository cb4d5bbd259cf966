import Geometry
import XCTest
@testable import Interaction

/// `UIPanGestureRecognizer` / `UIScreenEdgePanGestureRecognizer` replayed over traces
/// (docs/uikit-semantics.md, "Pan slop"; behaviour reported from reverse engineering, not documented by Apple).
final class PanRecognizerTests: XCTestCase {
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    private func p(_ t: Double, _ x: Double, _ y: Double) -> TouchPoint {
        TouchPoint(time: t, location: Point(x: x, y: y))
    }

    private func assertPoint(_ a: Point, _ b: Point, accuracy: Double = 1e-9, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x \(message)", file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y \(message)", file: file, line: line)
    }

    // MARK: Slop

    func testSlopOfTenPoints() {
        // docs/uikit-semantics.md: begins once the touch has moved 10 pt from where it went down.
        let pan = PanRecognizer(bounds: bounds)
        XCTAssertEqual(pan.slop, 10)
        // 9.9 pt: never begins
        let short = pan.recognize([p(0, 100, 100), p(0.01, 105, 100), p(0.02, 109.9, 100), p(0.03, 109.9, 100)])
        XCTAssertFalse(short.didBegin)
        XCTAssertNil(short.movementAtBegin)
        XCTAssertEqual(short.events, [])
        // exactly 10 pt (along x): begins at that report
        let ten = pan.recognize([p(0, 100, 100), p(0.01, 105, 100), p(0.02, 110, 100), p(0.03, 115, 100)])
        XCTAssertTrue(ten.didBegin)
        XCTAssertEqual(ten.events.first?.state, .began)
        XCTAssertEqual(ten.events.first?.time, 0.02)
        // exactly 10 pt diagonally: (6, 8) — Euclidean distance, not per axis
        let diagonal = pan.recognize([p(0, 100, 100), p(0.01, 106, 108), p(0.02, 110, 112)])
        XCTAssertEqual(diagonal.events.first?.state, .began)
        XCTAssertEqual(diagonal.events.first?.time, 0.01)
        XCTAssertEqual(diagonal.movementAtBegin, Point(x: 6, y: 8))
        // 9.9 pt diagonally ((7, 7) ≈ 9.899 pt): no
        XCTAssertFalse(pan.recognize([p(0, 100, 100), p(0.01, 107, 107), p(0.02, 93, 93)]).didBegin)
        // moving back and forth inside the slop never begins, wherever the finger ends up
        XCTAssertFalse(pan.recognize([p(0, 100, 100), p(0.01, 109, 100), p(0.02, 91, 100), p(0.03, 100, 109.5)]).didBegin)
    }

    func testTapYieldsNoEvents() {
        // docs/uikit-semantics.md: a tap (down and up within ≈ 10 pt) is not a pan.
        let pan = PanRecognizer(bounds: bounds)
        let tap = pan.recognize([p(1.0, 200, 400), p(1.03, 201, 402), p(1.08, 203, 404)])
        XCTAssertFalse(tap.didBegin)
        XCTAssertEqual(tap.events, [])
        XCTAssertNil(tap.movementAtBegin)
        XCTAssertEqual(tap.down, p(1.0, 200, 400))
        XCTAssertEqual(tap.up, p(1.08, 203, 404))
        // a single report (down = up)
        let touch = pan.recognize([p(0, 10, 10)])
        XCTAssertFalse(touch.didBegin)
        XCTAssertEqual(touch.down, touch.up)
    }

    // MARK: Slop removed from the translation

    /// The translation reported at `.began` and afterwards, for the finger's movement from
    /// touch-down when the pan begins. Rule (docs/uikit-semantics.md, "Pan slop"): at `.began`
    /// the slop comes off each axis toward zero — t > 0 → max(t − slop, 0), t < 0 → min(t + slop, 0)
    /// — and the later translation is the movement since touch-down less that same offset.
    func testSlopIsRemovedPerAxisTowardZero() {
        let rows: [(movement: Point, began: Point)] = [
            (Point(x: 0, y: 16), Point(x: 0, y: 6)),          // the 16 pt → 6 pt case
            (Point(x: 16, y: 0), Point(x: 6, y: 0)),
            (Point(x: 0, y: -16), Point(x: 0, y: -6)),        // negative axis: toward zero from below
            (Point(x: -25, y: 0), Point(x: -15, y: 0)),
            (Point(x: 0, y: 10), Point(x: 0, y: 0)),          // exactly the slop: nothing left
            (Point(x: 12, y: 16), Point(x: 2, y: 6)),         // diagonal: each axis loses 10 pt
            (Point(x: -12, y: 16), Point(x: -2, y: 6)),
            (Point(x: 6, y: 8), Point(x: 0, y: 0)),           // diagonal at 10 pt: both axes inside the slop
            (Point(x: 8, y: -14), Point(x: 0, y: -4)),        // one axis inside the slop goes to 0
            (Point(x: -30, y: -40), Point(x: -20, y: -30)),
        ]
        let pan = PanRecognizer(bounds: bounds)
        for row in rows {
            let down = Point(x: 200, y: 400)
            // one report inside the slop, then the one that begins, then 20 pt further right and down
            let begin = down + row.movement
            let later = begin + Point(x: 20, y: 20)
            let r = pan.recognize([p(0, down.x, down.y), p(0.01, down.x + 1, down.y), p(0.02, begin.x, begin.y),
                                   p(0.03, later.x, later.y), p(0.04, later.x, later.y)])
            XCTAssertEqual(r.events.map(\.state), [.began, .changed, .ended], "\(row.movement)")
            XCTAssertEqual(r.movementAtBegin, row.movement, "gestureRecognizerShouldBegin sees the raw movement")
            assertPoint(r.events[0].translation, row.began, "began, movement \(row.movement)")
            // it keeps counting from there: 20 pt more on each axis adds exactly 20 pt
            assertPoint(r.events[1].translation, row.began + Point(x: 20, y: 20), "changed, movement \(row.movement)")
            // a view following the translation trails the finger by the per-axis slop from the first frame
            let trail = (begin - down) - r.events[0].translation
            assertPoint(trail, Point(x: min(max(row.movement.x, -10), 10), y: min(max(row.movement.y, -10), 10)))
        }
        // screen-edge pan: the same rule with its own 15 pt slop (21 pt → 6 pt)
        let edge = PanRecognizer.screenEdge(.left, bounds: bounds)
        let r = edge.recognize([p(0, 4, 300), p(0.01, 10, 300), p(0.02, 25, 303), p(0.03, 45, 303)])
        XCTAssertEqual(r.movementAtBegin, Point(x: 21, y: 3))
        assertPoint(r.events[0].translation, Point(x: 6, y: 0))
        assertPoint(r.events[1].translation, Point(x: 26, y: 0))
    }

    // MARK: Translation, velocity, ended

    func testTranslationVelocityAndEnded() {
        let pan = PanRecognizer(bounds: bounds)
        let trace = [
            p(0.00, 100, 100),  // down
            p(0.01, 104, 100),  // 4 pt moved; sample (400, 0)
            p(0.02, 112, 100),  // 12 pt ≥ 10: began; sample (800, 0) → 0.2·800 + 0.8·400 = 480
            p(0.03, 124, 100),  // changed; sample (1200, 0) → 0.2·1200 + 0.8·800 = 880
            p(0.04, 140, 96),   // up: ended; sample (1600, −400) → (0.2·1600 + 0.8·1200, 0.2·−400 + 0) = (1280, −80)
        ]
        let r = pan.recognize(trace)
        XCTAssertEqual(r.events.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(r.events.map(\.time), [0.02, 0.03, 0.04])
        // movement seen by gestureRecognizerShouldBegin: from touch-down
        XCTAssertEqual(r.movementAtBegin, Point(x: 12, y: 0))
        // at began the 10 pt slop comes off each axis toward zero: (12, 0) → (2, 0); later
        // translations are the movement from touch-down less that same (10, 0)
        assertPoint(r.events[0].translation, Point(x: 2, y: 0))
        assertPoint(r.events[1].translation, Point(x: 14, y: 0))
        assertPoint(r.events[2].translation, Point(x: 30, y: -4))
        assertPoint(r.events[0].location, Point(x: 112, y: 100))
        assertPoint(r.events[2].location, Point(x: 140, y: 96))
        // velocities by hand (docs/uikit-semantics.md 0.2/0.8 blend)
        assertPoint(r.events[0].velocity, Point(x: 480, y: 0), accuracy: 1e-6, "began")
        assertPoint(r.events[1].velocity, Point(x: 880, y: 0), accuracy: 1e-6, "changed")
        assertPoint(r.events[2].velocity, Point(x: 1280, y: -80), accuracy: 1e-6, "ended")
        XCTAssertEqual(r.up, trace.last)
    }

    func testEndedAtTheSampleThatBegan() {
        // the threshold is crossed by the last report: began and ended at the same sample
        let pan = PanRecognizer(bounds: bounds)
        let r = pan.recognize([p(0, 50, 50), p(0.01, 50, 55), p(0.02, 50, 70)])
        XCTAssertEqual(r.events.map(\.state), [.began, .ended])
        XCTAssertEqual(r.events.map(\.time), [0.02, 0.02])
        assertPoint(r.events[0].translation, Point(x: 0, y: 10))
        assertPoint(r.events[1].translation, Point(x: 0, y: 10))
        // samples (0, 500) then (0, 1500): 0.2·1500 + 0.8·500 = 700
        assertPoint(r.events[1].velocity, Point(x: 0, y: 700), accuracy: 1e-6)
        XCTAssertEqual(r.movementAtBegin, Point(x: 0, y: 20))
    }

    func testJitterBelowOneMillisecondDoesNotSpikeVelocity() {
        // a report 0.5 ms after the previous one adds no velocity sample (docs/uikit-semantics.md)
        let pan = PanRecognizer(bounds: bounds)
        let r = pan.recognize([p(0, 0, 300), p(0.01, 10, 300), p(0.02, 20, 300), p(0.0205, 21, 300), p(0.03, 30, 300)])
        // samples: (10/0.01) = 1000, 1000, [ignored], (30 − 20)/0.01 = 1000 → 1000 throughout
        XCTAssertEqual(r.events.last?.state, .ended)
        assertPoint(r.events.last!.velocity, Point(x: 1000, y: 0), accuracy: 1e-6)
    }

    // MARK: Screen edge

    func testScreenEdgeNeedsTouchInZoneAndFifteenPoints() {
        // docs/uikit-semantics.md: down within ≈ 13 pt of the edge; begins after 15 pt of movement.
        let edge = PanRecognizer.screenEdge(.left, bounds: bounds)
        XCTAssertEqual(edge.slop, 15)
        XCTAssertEqual(edge.edgeZone, 13)
        // in the zone, 14 pt: not yet
        XCTAssertFalse(edge.recognize([p(0, 5, 400), p(0.01, 12, 400), p(0.02, 19, 400)]).didBegin)
        // in the zone, 15 pt: begins
        let r = edge.recognize([p(0, 5, 400), p(0.01, 12, 400), p(0.02, 20, 400), p(0.03, 40, 400)])
        XCTAssertEqual(r.events.map(\.state), [.began, .ended])
        XCTAssertEqual(r.movementAtBegin, Point(x: 15, y: 0))
        // the screen-edge slop is 15 pt, and it comes off the translation the same way
        assertPoint(r.events[0].translation, .zero)
        assertPoint(r.events[1].translation, Point(x: 20, y: 0))
        // exactly on the zone border (13 pt) counts; 13.5 pt does not, however far it moves
        XCTAssertTrue(edge.recognize([p(0, 13, 400), p(0.01, 40, 400)]).didBegin)
        let outside = edge.recognize([p(0, 13.5, 400), p(0.01, 60, 400), p(0.02, 200, 400)])
        XCTAssertFalse(outside.didBegin)
        XCTAssertNil(outside.movementAtBegin)
        // a plain pan from the same point begins (10 pt slop, no zone)
        XCTAssertTrue(PanRecognizer(bounds: bounds).recognize([p(0, 13.5, 400), p(0.01, 60, 400)]).didBegin)
    }

    func testOtherEdgesAndWiderZone() {
        let right = PanRecognizer.screenEdge(.right, bounds: bounds)
        XCTAssertTrue(right.recognize([p(0, 385, 300), p(0.02, 360, 300)]).didBegin)     // 5 pt from the right edge
        XCTAssertFalse(right.recognize([p(0, 370, 300), p(0.02, 300, 300)]).didBegin)    // 20 pt away
        let bottom = PanRecognizer.screenEdge(.bottom, bounds: bounds)
        XCTAssertTrue(bottom.recognize([p(0, 200, 840), p(0.02, 200, 800)]).didBegin)
        XCTAssertFalse(bottom.recognize([p(0, 200, 820), p(0.02, 200, 700)]).didBegin)
        let top = PanRecognizer.screenEdge(.top, bounds: bounds)
        XCTAssertTrue(top.recognize([p(0, 200, 2), p(0.02, 200, 50)]).didBegin)
        XCTAssertFalse(top.recognize([p(0, 200, 30), p(0.02, 200, 80)]).didBegin)
        // some phones use a wider zone (docs/uikit-semantics.md): zone 20 accepts a touch 18 pt in
        let wide = PanRecognizer.screenEdge(.left, zone: 20, bounds: bounds)
        XCTAssertTrue(wide.recognize([p(0, 18, 300), p(0.02, 60, 300)]).didBegin)
        // the zone is measured from the bounds' edge, not from x = 0
        let offset = PanRecognizer.screenEdge(.left, bounds: Rect(x: 100, y: 0, width: 390, height: 844))
        XCTAssertTrue(offset.recognize([p(0, 110, 300), p(0.02, 150, 300)]).didBegin)
        XCTAssertFalse(offset.recognize([p(0, 120, 300), p(0.02, 180, 300)]).didBegin)  // 20 pt from the edge
    }
}
