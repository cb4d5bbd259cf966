import Geometry
import Scene
import XCTest

/// Swipes by intent sample like a touchscreen and release at exactly the velocity asked for.
final class IntentSwipeTests: XCTestCase {
    private func samples(_ swipe: String) throws -> [TouchSample] {
        let scene = try SceneLoader.load(text: """
            size: [400, 800]
            screens: { a: {} }
            timeline:
              - { at: 0, swipe: \(swipe), expect: nothing }
            """, file: "t.yaml", name: "t")
        let swipe: SynthesizedTouch? = if case .swipe(let swipe)? = scene.timeline.first?.action { swipe } else { nil }
        return try XCTUnwrap(swipe, "a swipe is a finger").samples(framesPerSecond: nil)
    }

    /// UIPanGestureRecognizer's release velocity: 0.2 × the latest sample's velocity + 0.8 × the
    /// one before (docs/uikit-semantics.md#gestures).
    private func releaseVelocity(_ s: [TouchSample]) -> Point {
        let n = s.count
        func v(_ i: Int) -> Point {
            let dt = s[i].time - s[i - 1].time
            return Point(x: (s[i].location.x - s[i - 1].location.x) / dt, y: (s[i].location.y - s[i - 1].location.y) / dt)
        }
        let latest = v(n - 1), previous = v(n - 2)
        return Point(x: 0.2 * latest.x + 0.8 * previous.x, y: 0.2 * latest.y + 0.8 * previous.y)
    }

    func testDirectionDistanceAndExactReleaseVelocity() throws {
        let s = try samples("{ direction: right, from: [40, 400], distance: 240, velocity: 900 }")
        XCTAssertEqual(s.first?.location, Point(x: 40, y: 400))
        XCTAssertEqual(s.last?.location.x ?? 0, 280, accuracy: 1e-9)
        XCTAssertEqual(releaseVelocity(s).x, 900, accuracy: 1e-6)
        XCTAssertEqual(releaseVelocity(s).y, 0)
        // 120 Hz by default: one sample every 1/120 s.
        XCTAssertEqual(s[1].time - s[0].time, 1.0 / 120, accuracy: 1e-12)
        // It speeds up from rest: the first step is shorter than the last.
        XCTAssertLessThan(s[1].location.x - s[0].location.x, s[s.count - 1].location.x - s[s.count - 2].location.x)
    }

    func testPercentOfTheScreenAndEdges() throws {
        let s = try samples("{ edge: left, distance: \"50%\", velocity: 600, y: 300, rate: 60 }")
        XCTAssertEqual(s.first?.location, Point(x: 2, y: 300), "2 pt inside the left edge")
        XCTAssertEqual(s.last?.location.x ?? 0, 202, accuracy: 1e-9, "half of the 400 pt width")
        XCTAssertEqual(releaseVelocity(s).x, 600, accuracy: 1e-6)
        XCTAssertEqual(s[1].time, 1.0 / 60, accuracy: 1e-12)
        let up = try samples("{ direction: up, distance: 100, velocity: 0 }")
        XCTAssertEqual(releaseVelocity(up).y, 0, accuracy: 1e-9, "velocity 0: the finger stops before it lifts")
        XCTAssertEqual(up.last?.location.y ?? 0, 300, accuracy: 1e-9)
    }

    func testMistakesAreLocated() {
        XCTAssertThrowsError(try samples("{ direction: sideways }")) { error in
            XCTAssertTrue("\(error)".contains("t.yaml:4:34: error: unknown swipe direction 'sideways'"), "\(error)")
        }
        XCTAssertThrowsError(try samples("{ direction: left, to: [0, 0] }")) { error in
            XCTAssertTrue("\(error)".contains("'to' goes with a swipe from 'from' to 'to'"), "\(error)")
        }
    }
}
