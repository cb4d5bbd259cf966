import Foundation
@testable import Engine
import Motion
import Scene
import XCTest

/// Every contentOffset a scroll view shows is on the device's pixels, as `setContentOffset:`
/// rounds it (`_roundedProposedContentOffset:`, docs/uikit-semantics.md#scrolling): a whole number
/// of pixels, within half a pixel of the offset the physics proposes.
final class ScrollPixelRoundingTests: XCTestCase {
    private struct Checked {
        var runs = 0
        var samples = 0
        var moved = 0
    }

    /// Each frame of each scroll run of `timeline` (its drag, deceleration, bounce, animated
    /// scroll) and each contentOffset in each frame's render tree.
    private func check(_ timeline: Timeline, scale: Double, _ name: String) -> Checked {
        var checked = Checked()
        for run in timeline.scrolls {
            checked.runs += 1
            for frame in 0..<timeline.frameCount {
                let time = timeline.time(ofFrame: frame)
                guard time >= run.beginTime - 1e-9, time <= run.endTime + 1e-9 else { continue }
                let shown = run.offset(at: time), proposed = run.physicsOffset(at: time)
                checked.samples += 1
                if abs(shown - proposed) > 1e-9 { checked.moved += 1 }
                XCTAssertEqual(shown * scale, (shown * scale).rounded(), accuracy: 1e-9, "\(name) \(run.key) at \(time): \(shown)")
                XCTAssertLessThanOrEqual(abs(shown - proposed), 0.5 / scale + 1e-9, "\(name) \(run.key) at \(time)")
            }
            XCTAssertEqual(run.restingOffset * scale, (run.restingOffset * scale).rounded(), accuracy: 1e-9, "\(name) \(run.key) at rest")
        }
        for frame in 0..<timeline.frameCount {
            for layer in timeline.state(frame: frame).layers {
                guard let offset = layer.contentOffset else { continue }
                // Both axes: a horizontal scroll view's offset is its x.
                for o in [offset.x, offset.y] {
                    XCTAssertEqual(o * scale, (o * scale).rounded(), accuracy: 1e-9, "\(name) frame \(frame) \(layer.id): \(o)")
                }
            }
        }
        return checked
    }

    func testEveryExampleScrollShowsWholeDevicePixels() throws {
        var scrolled: Set<String> = []
        for url in try MotionPropertyTests.exampleScenes() {
            let scene = try SceneLoader.load(contentsOf: url)
            let checked = check(try Timeline(scene: scene), scale: scene.device.scale, url.lastPathComponent)
            if checked.runs > 0 { scrolled.insert(url.lastPathComponent) }
        }
        // The scenes that scroll (a missing one would make this test pass without checking them).
        XCTAssertTrue(scrolled.isSuperset(of: ["settings-scroll.yaml", "grid-scroll-zoom.yaml", "sheet-scroll.yaml", "tab-bar-app.yaml",
                                                  "carousel.yaml"]),
                      "\(scrolled.sorted())")
    }

    /// Flicks up and down at several velocities on an @3x and an @2x screen, into the ends (the
    /// bounce), a drag past the top (the rubber band) and an animated scroll to a row's middle.
    func testSynthesizedFlicksShowWholeDevicePixels() throws {
        for scale in [3.0, 2.0] {
            for velocity in [300.0, 1000, 2500, 6000] {
                let scene = try SceneLoader.load(text: """
                    device: { size: [393, 852], scale: \(Int(scale)), safeArea: [59, 34] }
                    fps: 60
                    tail: 0
                    screens:
                      list: { content: [{ list: { id: rows, rows: [\((0..<60).map { "R\($0)" }.joined(separator: ", "))] } }] }
                    root: list
                    timeline:
                      - { at: 0.1, swipe: { direction: up, distance: 233.7, velocity: \(velocity), from: [200, 700] }, expect: scroll }
                      - { at: 3.5, swipe: { direction: down, distance: 301.3, velocity: \(velocity * 1.7), from: [200, 300] }, expect: scroll }
                      - { at: 7.5, pan: [[0, 200, 300], [0.1, 200, 377.7], [0.25, 200, 471.1], [0.3, 200, 471.1]], expect: scroll }
                      - { at: 9, scroll: { list: rows, to: 37, position: middle } }
                    """, file: "t.yaml", name: "t")
                let checked = check(try Timeline(scene: scene), scale: scale, "@\(scale) \(velocity) pt/s")
                XCTAssertEqual(checked.runs, 4, "@\(scale) \(velocity) pt/s")
                // The rounding did something: most moving frames' physics offsets are off the pixels.
                XCTAssertGreaterThan(checked.moved, checked.samples / 2, "@\(scale) \(velocity) pt/s")
            }
        }
    }
}
