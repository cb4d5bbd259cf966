import Engine
import Scene
import XCTest

/// The `segue trace` line format is a stable contract (the README's "Trace format").
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
        let lines = try traceLines(text)
        XCTAssertEqual(lines, [
            #"{"frame": 0, "time": 0, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "list", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 1, "time": 0.1, "transition": "slide-up-modal", "phase": "animating", "progress": 0, "touches": [], "layers": [{"id": "list", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "dimming", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0, "cornerRadius": 0}, {"id": "sheet", "frame": [0, 1000, 400, 1000], "transform": [1, 0, 0, 1, 0, 1000], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 2, "time": 0.2, "transition": "slide-up-modal", "phase": "animating", "progress": 0.5, "touches": [], "layers": [{"id": "list", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "dimming", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0.33, "cornerRadius": 0}, {"id": "sheet", "frame": [0, 500, 400, 1000], "transform": [1, 0, 0, 1, 0, 500], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 3, "time": 0.3, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "sheet", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}]}"#,
        ])
    }
    /// A push and a pop inside a navigation controller: the screens move, the bar stays above
    /// them and cross-fades the two screens' item groups; a view with an id is its own node.
    func testExactLinesForAPushAndAPop() throws {
        let text = """
            size: [400, 1000]
            scale: 1
            fps: 10
            tail: 0
            screens:
              a: { navigationBar: { title: A } }
              b: { navigationBar: { title: B, back: A }, content: [ { label: { id: name, text: Bee, frame: [20, 200, 360, 40] } } ] }
            styles:
              # The `parallax-back-swipe` tutorial's picture in both directions (its own push is UIKit's): 0.2 s, linear.
              parallax:
                presentation: navigation
                duration: 0.2
                curve: linear
                scrubbing: layer
                layers:
                  - node: from
                    keyframes: [{ at: 0, offset: [0, 0], alpha: 1 }, { at: 1, offset: ["-30.03003003%", 0], alpha: 0.9 }]
                  - node: to
                    shadow: { color: black, radius: 5, offset: [0, -3] }
                    keyframes: [{ at: 0, offset: ["100%", 0], shadowOpacity: 0.1 }, { at: 1, offset: [0, 0], shadowOpacity: 1 }]
            transitions:
              - { from: a, to: b, style: parallax }
            timeline:
              - { at: 0.1, push: b }
              - { at: 0.4, pop: true }
            """
        let lines = try traceLines(text)
        XCTAssertEqual(lines, [
            #"{"frame": 0, "time": 0, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "a", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/a/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 1, "time": 0.1, "transition": "parallax", "phase": "animating", "progress": 0, "touches": [], "layers": [{"id": "a", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "b", "frame": [400, 0, 400, 1000], "transform": [1, 0, 0, 1, 400, 0], "alpha": 1, "cornerRadius": 0, "shadowOpacity": 0.1}, {"id": "b/name", "frame": [420, 200, 360, 40], "transform": [1, 0, 0, 1, 420, 200], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/a/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/b/back", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0, "cornerRadius": 0}, {"id": "navigationBar/b/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0, "cornerRadius": 0}]}"#,
            #"{"frame": 2, "time": 0.2, "transition": "parallax", "phase": "animating", "progress": 0.5, "touches": [], "layers": [{"id": "a", "frame": [-60.0601, 0, 400, 1000], "transform": [1, 0, 0, 1, -60.0601, 0], "alpha": 0.95, "cornerRadius": 0}, {"id": "b", "frame": [200, 0, 400, 1000], "transform": [1, 0, 0, 1, 200, 0], "alpha": 1, "cornerRadius": 0, "shadowOpacity": 0.55}, {"id": "b/name", "frame": [220, 200, 360, 40], "transform": [1, 0, 0, 1, 220, 200], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/a/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0.5, "cornerRadius": 0}, {"id": "navigationBar/b/back", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0.5, "cornerRadius": 0}, {"id": "navigationBar/b/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0.5, "cornerRadius": 0}]}"#,
            #"{"frame": 3, "time": 0.3, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "b", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "b/name", "frame": [20, 200, 360, 40], "transform": [1, 0, 0, 1, 20, 200], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/b/back", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/b/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 4, "time": 0.4, "transition": "parallax", "phase": "animating", "progress": 0, "touches": [], "layers": [{"id": "a", "frame": [-120.1201, 0, 400, 1000], "transform": [1, 0, 0, 1, -120.1201, 0], "alpha": 0.9, "cornerRadius": 0}, {"id": "b", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0, "shadowOpacity": 1}, {"id": "b/name", "frame": [20, 200, 360, 40], "transform": [1, 0, 0, 1, 20, 200], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/a/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0, "cornerRadius": 0}, {"id": "navigationBar/b/back", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/b/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}]}"#,
            #"{"frame": 5, "time": 0.5, "transition": "parallax", "phase": "animating", "progress": 0.5, "touches": [], "layers": [{"id": "a", "frame": [-60.0601, 0, 400, 1000], "transform": [1, 0, 0, 1, -60.0601, 0], "alpha": 0.95, "cornerRadius": 0}, {"id": "b", "frame": [200, 0, 400, 1000], "transform": [1, 0, 0, 1, 200, 0], "alpha": 1, "cornerRadius": 0, "shadowOpacity": 0.55}, {"id": "b/name", "frame": [220, 200, 360, 40], "transform": [1, 0, 0, 1, 220, 200], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/a/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0.5, "cornerRadius": 0}, {"id": "navigationBar/b/back", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0.5, "cornerRadius": 0}, {"id": "navigationBar/b/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0.5, "cornerRadius": 0}]}"#,
            #"{"frame": 6, "time": 0.6, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "a", "frame": [0, 0, 400, 1000], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "navigationBar/a/title", "frame": [0, 0, 400, 104], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}]}"#
        ])
    }

    /// On a preset device the window chrome closes each frame's layers: the status bar group
    /// over its area (iPhone 15: 393 x 54 pt) with one child per tone it shows, and the home
    /// indicator (134 x 5 pt, 8 pt above the bottom edge: x 129.5, y 839), each with its tone —
    /// dark over the white screen, light over the black sheet once it lies under the indicator.
    func testExactLinesShowTheWindowChromeAndItsTone() throws {
        let text = """
            device: iphone-15
            scale: 1
            fps: 10
            tail: 0
            screens: { light: { background: "#FFFFFF" }, dark: { background: "#000000" } }
            transitions:
              - { from: light, to: dark, style: slide-up-modal, curve: linear, duration: 0.2, cornerRadius: 0 }
            timeline:
              - { at: 0.1, present: dark }
            """
        let lines = try traceLines(text)
        let bar = #"{"id": "statusBar", "frame": [0, 0, 393, 54], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}"#
        func tone(_ tone: String) -> String {
            #"{"id": "statusBar/\#(tone)", "frame": [0, 0, 393, 54], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0, "tone": "\#(tone)"}"#
        }
        func indicator(_ tone: String) -> String {
            #"{"id": "homeIndicator", "frame": [129.5, 839, 134, 5], "transform": [1, 0, 0, 1, 129.5, 839], "alpha": 1, "cornerRadius": 0, "tone": "\#(tone)"}"#
        }
        XCTAssertEqual(lines, [
            #"{"frame": 0, "time": 0, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "light", "frame": [0, 0, 393, 852], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, "#
                + [bar, tone("dark"), indicator("dark")].joined(separator: ", ") + "]}",
            #"{"frame": 1, "time": 0.1, "transition": "slide-up-modal", "phase": "animating", "progress": 0, "touches": [], "layers": [{"id": "light", "frame": [0, 0, 393, 852], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "dimming", "frame": [0, 0, 393, 852], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0, "cornerRadius": 0}, {"id": "dark", "frame": [0, 852, 393, 852], "transform": [1, 0, 0, 1, 0, 852], "alpha": 1, "cornerRadius": 0}, "#
                + [bar, tone("dark"), indicator("dark")].joined(separator: ", ") + "]}",
            #"{"frame": 2, "time": 0.2, "transition": "slide-up-modal", "phase": "animating", "progress": 0.5, "touches": [], "layers": [{"id": "light", "frame": [0, 0, 393, 852], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, {"id": "dimming", "frame": [0, 0, 393, 852], "transform": [1, 0, 0, 1, 0, 0], "alpha": 0.33, "cornerRadius": 0}, {"id": "dark", "frame": [0, 426, 393, 852], "transform": [1, 0, 0, 1, 0, 426], "alpha": 1, "cornerRadius": 0}, "#
                + [bar, tone("dark"), indicator("light")].joined(separator: ", ") + "]}",
            #"{"frame": 3, "time": 0.3, "transition": null, "phase": "idle", "progress": null, "touches": [], "layers": [{"id": "dark", "frame": [0, 0, 393, 852], "transform": [1, 0, 0, 1, 0, 0], "alpha": 1, "cornerRadius": 0}, "#
                + [bar, tone("light"), indicator("light")].joined(separator: ", ") + "]}",
        ])
    }

    /// Every frame's trace line of the scene `text`.
    private func traceLines(_ text: String) throws -> [String] {
        let timeline = try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
        return (0..<timeline.frameCount).map { timeline.state(frame: $0).jsonLine }
    }
}
