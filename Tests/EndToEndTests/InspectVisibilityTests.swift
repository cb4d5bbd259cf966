import CLITestSupport
import Engine
import Foundation
import Geometry
import Pipeline
import RenderTree
import Scene
import XCTest

/// What `segue inspect` says is where the frame draws it: at rest — the first frame and the first
/// frame of every pause between runs — each view with an id at the top level of the top screen is
/// its own render-tree node, shown (alpha above 0) exactly where inspect places it on the device
/// (a scroll view at the content top reaching up under the bar above it), and the screen's toolbar
/// or the tab bar lies where inspect says. (Inspect listed a toolbar at
/// [0, 774, 393, 44] that a list with an id was drawn over.)
final class InspectVisibilityTests: XCTestCase {
    func testWhatInspectListsIsWhereTheFrameDrawsIt() throws {
        var checked = 0, failures: [String] = []
        for (file, name) in try ExampleScenes.all() {
            let scene = try SceneLoader.load(contentsOf: file)
            let timeline = try Timeline(scene: scene)
            var wasIdle = false
            for frame in 0..<timeline.frameCount {
                let state = timeline.state(frame: frame)
                let idle = state.phase == .idle
                defer { wasIdle = idle }
                guard idle, frame == 0 || !wasIdle else { continue }
                let found = try InspectVisibility.problems(scene, timeline, at: state)
                checked += found.checked
                failures += found.problems.map { "\(name) frame \(frame) (\(state.time) s): \($0)" }
            }
        }
        XCTAssertGreaterThan(checked, 100, "views and bars checked")
        XCTAssertTrue(failures.isEmpty, "\(failures.count) broken:\n" + failures.joined(separator: "\n"))
    }

    /// Each way the rule can break is found: a view moved from where inspect puts it, one hidden,
    /// one missing, and the toolbar moved off its place.
    func testAViewElsewhereThanInspectSaysIsFound() throws {
        let scene = try SceneLoader.load(text: """
            device: iphone-15
            screens:
              inbox:
                navigationBar: { title: Inbox }
                toolbar: { items: [{ symbol: share }] }
                content:
                  - list: { id: mail, rows: [A, B, C] }
                  - rect: { id: badge, frame: [300, 400, 40, 40], fill: systemRed }
            """, file: "inspect.yaml", name: "inspect")
        let timeline = try Timeline(scene: scene)
        let state = timeline.state(frame: 0)
        XCTAssertEqual(try InspectVisibility.problems(scene, timeline, at: state).problems, [])
        func broken(_ change: @escaping (inout RenderNode) -> Void) throws -> [String] {
            var edited = state
            edited.nodes = edited.nodes.map { FrameInvariants.mapNodes($0, change) }
            return try InspectVisibility.problems(scene, timeline, at: edited).problems
        }
        let moved = try broken { if $0.id == "inbox/badge" { $0.transform = $0.transform.concatenating(AffineTransform(translationX: 0, y: 30)) } }
        XCTAssertEqual(moved.count, 1, "\(moved)")
        XCTAssertTrue(moved.first?.contains("inbox/badge is drawn at") ?? false, "\(moved)")
        let hidden = try broken { if $0.id == "inbox/badge" { $0.alpha = 0 } }
        XCTAssertTrue(hidden.first?.contains("inbox/badge is not shown") ?? false, "\(hidden)")
        let missing = try broken { $0.children.removeAll { $0.id == "inbox/mail" } }
        XCTAssertTrue(missing.first?.contains("inbox/mail is not in the frame") ?? false, "\(missing)")
        let toolbar = try broken { if $0.id == "inbox/toolbar" { $0.transform = $0.transform.concatenating(AffineTransform(translationX: 0, y: 44)) } }
        XCTAssertTrue(toolbar.first?.contains("inbox/toolbar") ?? false, "\(toolbar)")
    }
}

/// The rule of `InspectVisibilityTests` on one frame.
enum InspectVisibility {
    static func problems(_ scene: Scene, _ timeline: Timeline, at state: FrameState) throws -> (checked: Int, problems: [String]) {
        let navigation = timeline.navigation(at: state.time)
        guard let top = navigation.stack.last else { return (0, []) }
        let inspection = try SceneInspection(scene, offsets: timeline.scrollOffsets(at: state.time),
                                             at: (state.time, navigation, timeline.drawnFrames(at: state.time)))
        guard let screen = inspection.screens.first(where: { $0.name == top }) else { return (0, []) }
        let origin = screen.presentedAs?.frame.origin ?? .zero
        let layers = Dictionary(state.layers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var checked = 0, problems: [String] = []
        func near(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) < 0.5 && abs(a.minY - b.minY) < 0.5 && abs(a.width - b.width) < 0.5 && abs(a.height - b.height) < 0.5
        }
        for view in screen.views where view.isTopLevel {
            checked += 1
            let id = "\(top)/\(view.id)", expected = view.frame.offsetBy(dx: origin.x, dy: origin.y)
            guard let placed = layers[id] else {
                problems.append("\(id) is not in the frame; inspect lists it at \(expected)")
                continue
            }
            if placed.alpha <= 0 { problems.append("\(id) is not shown (alpha \(placed.alpha)); inspect lists it at \(expected)") }
            // A scroll view at the content top is drawn reaching up under the navigation bar, as
            // UIKit's does with its adjusted content inset; inspect lists where its content shows.
            var drawn = placed.frame
            if placed.contentOffset != nil || scene.screens[top]?.scrollViews(on: scene.device).contains(where: { $0.id == view.id }) == true,
               drawn.minY < expected.minY - 0.5, abs(drawn.maxY - expected.maxY) < 0.5 {
                drawn = Rect(x: drawn.minX, y: expected.minY, width: drawn.width, height: expected.height)
            }
            if !near(drawn, expected) { problems.append("\(id) is drawn at \(placed.frame); inspect lists it at \(expected)") }
        }
        if let bottom = screen.bottomBar {
            checked += 1
            let id = bottom.kind == "toolbar" ? "\(top)/toolbar" : "tabBar"
            let expected = bottom.bar.offsetBy(dx: origin.x, dy: origin.y)
            // The bar's node reaches down over the home indicator's area: its line is at its top.
            if let placed = layers[id], placed.alpha > 0 {
                if !(abs(placed.frame.minY - expected.minY) < 0.5 && abs(placed.frame.minX - expected.minX) < 0.5
                     && abs(placed.frame.width - expected.width) < 0.5) {
                    problems.append("\(id) is drawn at \(placed.frame); inspect lists its bar at \(expected)")
                }
            } else if bottom.kind == "toolbar" {
                problems.append("\(id) is not shown; inspect lists it at \(expected)")
            }
        }
        return (checked, problems)
    }
}
