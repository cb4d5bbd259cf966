import Engine
import Scene
import XCTest

/// The `segue trace` line format is a stable contract (SPEC.md "Trace format").
final class TraceJSONTests: XCTestCase {
    func testExactLinesForAPresentation() throws {
        let text = """
            size: [400, 1000]
            scale: 1
            fps: 10
            tail: 0
            screens: { list: {}, sheet: {} }
            transitions:
              - { from: list, to: sheet, style: slide-up-modal, curve: linear, duration: 0.2, cornerRadius: 0 }
            timeline:
              - { at: 0.1, present: sheet }
            """
        let timeline = try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
        let lines = (0..<timeline.frameCount).map { timeline.state(frame: $0).jsonLine }
        XCTAssertEqual(lines, [
            #"{"frame": 0, "time": 0, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "list", "frame": [0, 0, 400, 1000], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 1, "time": 0.1, "transition": "slide-up-modal", "phase": "animating", "progress": 0, "touches": [], "layers": [{"id": "list", "frame": [0, 0, 400, 1000], "alpha": 1, "cornerRadius": 0}, {"id": "dimming", "frame": [0, 0, 400, 1000], "alpha": 0, "cornerRadius": 0}, {"id": "sheet", "frame": [0, 1000, 400, 1000], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 2, "time": 0.2, "transition": "slide-up-modal", "phase": "animating", "progress": 0.5, "touches": [], "layers": [{"id": "list", "frame": [0, 0, 400, 1000], "alpha": 1, "cornerRadius": 0}, {"id": "dimming", "frame": [0, 0, 400, 1000], "alpha": 0.33, "cornerRadius": 0}, {"id": "sheet", "frame": [0, 500, 400, 1000], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 3, "time": 0.3, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "sheet", "frame": [0, 0, 400, 1000], "alpha": 1, "cornerRadius": 0}]}"#,
        ])
    }
}
