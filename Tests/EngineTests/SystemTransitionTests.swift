@testable import Engine
import Foundation
import Geometry
import Interaction
import Motion
import Scene
import XCTest

/// The transitions iOS ships (docs/uikit-semantics.md#system-transitions): each geometry at
/// progress 0, 0.5 and 1, and each finish rule on both sides of its thresholds, on a
/// 400 × 800 pt container.
final class SystemTransitionTests: XCTestCase {
    let bounds = Rect(x: 0, y: 0, width: 400, height: 800)

    func stage(cell: Rect? = nil) -> TransitionStage {
        TransitionStage(bounds: bounds, below: "a", above: "b", cellImage: cell)
    }

    func settings(_ style: any TransitionStyleDefinition, _ given: [String: SettingValue] = [:]) -> SettingValues {
        SettingValues(given, descriptors: style.settings)
    }

    func scene(_ transitions: String, _ timeline: String,
               screens: String = "{ a: { navigationBar: { title: Settings, largeTitle: true } }, b: { navigationBar: { title: Wi-Fi, back: Settings } } }") throws -> Scene {
        try SceneLoader.load(text: """
            size: [400, 800]
            scale: 1
            fps: 100
            tail: 0
            screens: \(screens)
            root: a
            transitions:
            \(transitions)
            timeline:
            \(timeline)
            """, file: "system.yaml", name: "system")
    }

    /// A pan: down at `from`, moving by `by` in 10 steps 10 ms apart, then held 30 ms (released at rest).
    /// A pan entry; `expect: nothing` for one meant to do nothing (any other is checked by the replay).
    func pan(at time: Double, from: Point, by: Point, hold: Bool = true, expectNothing: Bool = false) -> String {
        var samples = [(0.0, from)]
        for i in 1...10 {
            samples.append((Double(i) * 0.01, Point(x: from.x + by.x * Double(i) / 10, y: from.y + by.y * Double(i) / 10)))
        }
        if hold {
            let end = samples[samples.count - 1]
            samples.append((end.0 + 0.015, end.1))
            samples.append((end.0 + 0.03, end.1))
        }
        let expect = expectNothing ? ", expect: nothing" : ""
        return "  - { at: \(time), pan: [\(samples.map { "[\($0.0), \($0.1.x), \($0.1.y)]" }.joined(separator: ", "))]\(expect) }"
    }

    func top(_ timeline: Timeline) -> [String] { timeline.state(at: 1000).layers.map(\.id) }

    // MARK: system-push

    func testSystemPushGeometry() {
        let g = SystemPush().driver(StyleRun(settings: settings(SystemPush()), stage: stage(), forward: true)).geometry
        for (a, covered, overlay, pushed) in [(0.0, 0.0, 0.0, 400.0), (0.5, -60.0, 0.05, 200.0), (1.0, -120.0, 0.1, 0.0)] {
            let layers = g.layers(amount: a, stage: stage())
            XCTAssertEqual(layers.map(\.id), ["a", "dimming", "b"])
            XCTAssertEqual(layers[0].frame.minX, covered, accuracy: 1e-9, "covered screen at 0.3 × width × amount")
            XCTAssertEqual(layers[1].frame, layers[0].frame, "the overlay covers the covered screen")
            XCTAssertEqual(layers[1].alpha, overlay, accuracy: 1e-9)
            XCTAssertEqual(layers[2].frame.minX, pushed, accuracy: 1e-9)
            XCTAssertEqual(layers[2].shadow?.radius, 9)
        }
    }

    func testSystemPushRunsOnTheDefaultSpring() throws {
        let t = try Timeline(scene: try scene("  - { from: a, to: b, style: system-push }", "  - { at: 0, push: b }"))
        for time in [0.05, 0.1, 0.2] {
            XCTAssertEqual(t.state(at: time).progress ?? 0, Spring.uiKitDefault.value(at: time), accuracy: 1e-9)
        }
        XCTAssertEqual(Spring.uiKitDefault.value(at: 0.1), 0.5448, accuracy: 1e-4, "docs/uikit-semantics.md#system-transitions")
        XCTAssertEqual(try XCTUnwrap(t.runs.first).end, Spring.uiKitDefault.settlingDuration(), accuracy: 1e-9)
    }

    func testSystemPushBarSlides() throws {
        let s = try scene("  - { from: a, to: b, style: system-push }", "  - { at: 0, push: b }")
        let tree = SceneTree(scene: s)
        func node(_ amount: Double, _ id: String) -> RenderNode? {
            let bar = SceneTree.Bar(id: "navigationBar", below: "a", above: "b", amount: amount, transition: .slide(BarSlide()))
            return tree.barNode(bar)?.children.first { $0.id == "navigationBar/\(id)" }
        }
        // The new title comes from half a width to the right.
        // The back chevron stays and fades in (the root has none); its label comes in from the old title's place.
        XCTAssertEqual(node(0.5, "b/backChevron")?.transform.tx, 0)
        XCTAssertEqual(node(0.5, "b/backChevron")?.alpha ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(node(1, "b/backLabel")?.transform, .identity)
        XCTAssertNil(node(1, "a/title"), "the large title is gone once it has become the back label")
        // Below an inline title, the old title moves toward the back button's place and the
        // label comes in from where it was.
        let inline = SceneTree(scene: try scene("  - { from: a, to: b, style: system-push }", "  - { at: 0, push: b }",
                                                screens: "{ a: { navigationBar: { title: Settings } }, b: { navigationBar: { title: Wi-Fi, back: Settings } } }"))
        func inlineNode(_ amount: Double, _ id: String) -> RenderNode? {
            let bar = SceneTree.Bar(id: "navigationBar", below: "a", above: "b", amount: amount, transition: .slide(BarSlide()))
            return inline.barNode(bar)?.children.first { $0.id == "navigationBar/\(id)" }
        }
        // "Settings" measures 8 × 17 × 0.55 = 74.8 pt (the tests' measurer): its leading edge,
        // 200 − 37.4 pt, lands on the back label's, 26.5 pt.
        let travel = 200 - 74.8 / 2 - 26.5
        XCTAssertEqual(inlineNode(0.5, "a/title")?.transform.tx ?? 0, -0.5 * travel, accuracy: 1e-9)
        XCTAssertEqual(inlineNode(0.5, "a/title")?.alpha ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(inlineNode(0.01, "b/backLabel")?.transform.tx ?? 0, 0.99 * travel, accuracy: 1e-9)
        XCTAssertEqual(inlineNode(1, "b/backLabel")?.transform.tx ?? 1, 0, accuracy: 1e-9)
        // A custom style's bar cross-fades in place.
        let crossFade = tree.barNode(SceneTree.Bar(id: "navigationBar", below: "a", above: "b", amount: 0.5))
        XCTAssertEqual(crossFade?.children.map(\.transform.tx), crossFade?.children.map { _ in 0 })
    }

    /// A push from a screen with a large title: the large title becomes the back button's label
    /// ("Settings" never shows twice). Both travel from the large title's place — its leading
    /// edge at the 16 pt margin, the middle of its 41 pt line 3 pt below the 44 pt bar — to the
    /// back label's — 26.5 pt (the chevron at 8 pt, 12.5 pt wide, 6 pt before the label), the
    /// bar's middle — shrinking from 34 pt to 17 pt type; wherever both show, they show as one.
    func testSystemPushLargeTitleBecomesTheBackLabel() throws {
        let s = try scene("  - { from: a, to: b, style: system-push }", "  - { at: 0, push: b }")
        let tree = SceneTree(scene: s)
        let bar = NavigationBarLayout(try XCTUnwrap(s.screens["b"]?.navigationBar), on: s.device).bar
        let from = Point(x: 16, y: bar.maxY + 3 + 41 / 2), to = Point(x: 26.5, y: bar.midY)
        for step in 0...20 {
            let a = Double(step) / 20
            let nodes = tree.barNode(SceneTree.Bar(id: "navigationBar", below: "a", above: "b", amount: a, transition: .slide(BarSlide())))?.children ?? []
            let title = nodes.first { $0.id == "navigationBar/a/title" }, label = nodes.first { $0.id == "navigationBar/b/backLabel" }
            let expected = Point(x: from.x + (to.x - from.x) * a, y: from.y + (to.y - from.y) * a), size = 34 + (17 - 34) * a
            if let title, title.alpha > 0 {
                let at = title.transform.apply(to: from)
                XCTAssertEqual(at.x, expected.x, accuracy: 1e-9, "title at \(a)")
                XCTAssertEqual(at.y, expected.y, accuracy: 1e-9, "title at \(a)")
                XCTAssertEqual(34 * title.transform.a, size, accuracy: 1e-9, "title's type at \(a)")
            }
            if let label, label.alpha > 0 {
                let at = label.transform.apply(to: to)
                XCTAssertEqual(at.x, expected.x, accuracy: 1e-9, "label at \(a)")
                XCTAssertEqual(at.y, expected.y, accuracy: 1e-9, "label at \(a)")
                XCTAssertEqual(17 * label.transform.a, size, accuracy: 1e-9, "label's type at \(a)")
            }
            XCTAssertLessThanOrEqual(min(title?.alpha ?? 0, label?.alpha ?? 0), 0.5, "at \(a) the two cross-fade")
            XCTAssertEqual(title?.alpha ?? 0, a < 0.6 ? (0.6 - a) / 0.6 : 0, accuracy: 1e-9)
            XCTAssertEqual(label?.alpha ?? 0, a > 0.4 ? (a - 0.4) / 0.6 : 0, accuracy: 1e-9)
        }
    }

    /// In every example scene, in every frame, a covered screen's large title and a back label
    /// that both show are one label: drawn at the same place at the same type size.
    func testNoExampleSceneShowsTheLargeTitleAndTheBackLabelApart() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("scenes")
        var both = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".yaml") }).sorted() {
            let path = folder.appendingPathComponent(name).path
            let scene = try SceneLoader.load(text: try String(contentsOfFile: path, encoding: .utf8), file: path, name: name)
            let timeline = try Timeline(scene: scene)
            for index in 0..<timeline.frameCount {
                let layers = timeline.state(frame: index).layers.filter { $0.alpha > 0.01 }
                for title in layers where title.id.hasSuffix("/title") {
                    // A title scrolled into the inline bar (its large title gone) is not a large title.
                    if case .part(let part) = title.content, part.kind == .barInlineTitle { continue }
                    let parts = title.id.split(separator: "/")
                    guard parts.count == 3, let bar = scene.screens[String(parts[1])]?.navigationBar, let text = bar.title,
                          let largeTitle = NavigationBarLayout(bar, on: scene.device).largeTitle else { continue }
                    for label in layers where label.id.hasSuffix("/backLabel") && label.id.hasPrefix("\(parts[0])/") {
                        let screen = String(label.id.split(separator: "/")[1])
                        guard let other = scene.screens[screen]?.navigationBar, other.back == text else { continue }
                        let layout = NavigationBarLayout(other, on: scene.device)
                        // Under right-to-left each node draws its part mirrored: its leading edge is at width − x.
                        func leading(_ x: Double, of node: PlacedNode) -> Double {
                            scene.layoutDirection == .rightToLeft ? node.node.size.width - x : x
                        }
                        let a = title.transform.apply(to: Point(x: leading(largeTitle.minX, of: title), y: largeTitle.midY))
                        let b = label.transform.apply(to: Point(x: leading(layout.backTitleX, of: label), y: layout.bar.midY))
                        both += 1
                        XCTAssertEqual(a.x, b.x, accuracy: 0.01, "\(name) frame \(index): '\(text)' twice")
                        XCTAssertEqual(a.y, b.y, accuracy: 0.01, "\(name) frame \(index): '\(text)' twice")
                        XCTAssertEqual(bar.largeTitleType.size * title.transform.a, 17 * label.transform.a, accuracy: 0.01, "\(name) frame \(index)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(both, 4, "frames showing both were looked at")
    }

    /// UIKit's release rule for the interactive pop (`_UINavigationInteractiveTransitionBase`,
    /// docs/uikit-semantics.md#system-transitions): projected = p + v̄·T + ½·ā·T² against
    /// min(187.5 / width, 0.5), v̄ and ā the averages of the last three samples in widths per
    /// second (per second²). Reference numbers worked by hand from those formulas.
    func testSystemPopProjection() {
        func event(_ state: PanEvent.State, _ t: Double, x: Double, v: Double) -> PanEvent {
            PanEvent(state: state, time: t, location: Point(x: x, y: 400), translation: Point(x: x, y: 0), velocity: Point(x: v, y: 0))
        }
        /// A finger reporting a steady `v` pt/s, a callback every 10 ms, released at translation `x`
        /// pt (with v = 0, creeping 0.1 pt a callback so that each is a move).
        func steady(to x: Double, v: Double, width: Double) -> PopProjection {
            var projection = PopProjection(totalDistance: width)
            let steps = 8
            for i in 0...steps {
                let state: PanEvent.State = i == 0 ? .began : i == steps ? .ended : .changed
                let step = v == 0 ? 0.1 : v * 0.01
                projection.add(event(state, Double(i) * 0.01, x: x - step * Double(steps - i), v: v))
            }
            return projection
        }
        // iPhone 15 (393 pt): threshold 187.5 / 393 = 0.477099; T = 0.35 s.
        let at29 = steady(to: 0.29 * 393, v: 300, width: 393)
        XCTAssertEqual(at29.threshold, 187.5 / 393, accuracy: 1e-12)
        XCTAssertEqual(at29.averageVelocity, 300.0 / 393, accuracy: 1e-12)
        XCTAssertEqual(at29.averageAcceleration, 0, accuracy: 1e-9)
        // 0.29 + 0.763359 × 0.35 = 0.557176 > 0.477099: pops (≥ 1 width/s or past 0.5 would not).
        XCTAssertEqual(at29.projected(progress: 0.29, duration: 0.35), 0.29 + 300.0 / 393 * 0.35, accuracy: 1e-12)
        XCTAssertTrue(at29.pops(progress: 0.29, duration: 0.35), "29 % moving right at 300 pt/s pops")
        XCTAssertFalse(steady(to: 0.1 * 393, v: 300, width: 393).pops(progress: 0.1, duration: 0.35),
                       "0.1 + 0.267 = 0.367 < 0.477: cancels")
        // Stopped: v̄ = 0, ā = 0; 0.48 > 0.477 pops, 0.47 does not.
        XCTAssertTrue(steady(to: 0.48 * 393, v: 0, width: 393).pops(progress: 0.48, duration: 0.35), "stopped at 48 % pops")
        XCTAssertFalse(steady(to: 0.47 * 393, v: 0, width: 393).pops(progress: 0.47, duration: 0.35))
        // A narrow screen caps the threshold at 0.5: 187.5 / 320 = 0.586.
        XCTAssertEqual(PopProjection(totalDistance: 320).threshold, 0.5)
        // Moving left at 300 pt/s from 60 %: 0.6 − 0.267 = 0.333 < 0.477: cancels.
        XCTAssertFalse(steady(to: 0.6 * 393, v: -300, width: 393).pops(progress: 0.6, duration: 0.35))

        // Acceleration: velocity 0, 0.5, 1, 1.5 … widths/s at 10 ms: the raw 50 widths/s² is let
        // change by at most 5 per sample (5, 10, 15, …); the average is over the last three.
        var ramp = PopProjection(totalDistance: 400)
        for i in 0...5 {
            ramp.add(event(i == 0 ? .began : .changed, Double(i) * 0.01, x: Double(i) * 10, v: Double(i) * 0.5 * 400))
        }
        // samples 1…5 accelerations 5, 10, 15, 20, 25; averages: cumulative over the first
        // (0 from .began, 5, 10 → 5), then the last three (10, 15, 20 → 15; 15, 20, 25 → 20).
        XCTAssertEqual(ramp.sampleCount, 6)
        XCTAssertEqual(ramp.averageAcceleration, 20, accuracy: 1e-9)
        XCTAssertEqual(ramp.averageVelocity, (1.5 + 2 + 2.5) / 3, accuracy: 1e-9)

        // Fewer than three samples: the direction of the average velocity decides.
        var two = PopProjection(totalDistance: 393)
        two.add(event(.began, 0, x: 0, v: 100))
        two.add(event(.changed, 0.02, x: 2, v: 100))
        two.add(event(.ended, 0.0205, x: 2.1, v: 100))  // 0.5 ms after the callback before: not a sample
        XCTAssertEqual(two.sampleCount, 2)
        XCTAssertTrue(two.pops(progress: 0.01, duration: 0.35))
        var back = PopProjection(totalDistance: 393)
        back.add(event(.began, 0, x: 0, v: -100))
        back.add(event(.changed, 0.02, x: -2, v: -100))
        XCTAssertFalse(back.pops(progress: 0.9, duration: 0.35))
        // A pan that ends without ever moving the transition does not pop.
        var still = PopProjection(totalDistance: 393)
        still.add(event(.began, 0, x: 0, v: 900))
        still.add(event(.ended, 0.02, x: 0, v: 900))
        XCTAssertFalse(still.pops(progress: 0.6, duration: 0.35))
    }

    /// The same rule replayed from typed traces on an iPhone 15: a release at 29 % moving right at
    /// 300 pt/s pops, one stopped at 48 % pops, one stopped at 40 % cancels.
    func testSystemPushEdgePanPopsOrCancels() throws {
        func scene(_ pan: [[Double]], expect: String) throws -> Timeline {
            try Timeline(scene: try SceneLoader.load(text: """
                device: iphone-15
                fps: 60
                screens: { a: { navigationBar: { title: Settings } }, b: { navigationBar: { title: Wi-Fi, back: Settings } } }
                root: a
                transitions: [{ from: a, to: b, style: system-push }]
                timeline:
                  - { at: 0, push: b }
                  - { at: 1, pan: [\(pan.map { "[\($0[0]), \($0[1]), 400]" }.joined(separator: ", "))], expect: \(expect) }
                """, file: "pop.yaml", name: "pop"))
        }
        /// Down at x 4, then in even 120 Hz steps at `speed` pt/s to about `progress` × 393 pt of
        /// translation past the 15 pt slop; then held still for `hold` s.
        func drag(to progress: Double, speed: Double, hold: Double) -> [[Double]] {
            let step = speed / 120
            let steps = Int(((15 + progress * 393) / step).rounded())
            var samples: [[Double]] = (0...steps).map { [Double($0) / 120, 4 + Double($0) * step] }
            let heldSteps = Int((hold * 120).rounded())
            for i in stride(from: 1, through: heldSteps, by: 1) {
                samples.append([Double(steps + i) / 120, 4 + Double(steps) * step])
            }
            return samples
        }
        let moving = try scene(drag(to: 0.29, speed: 300, hold: 0), expect: "finish")
        XCTAssertEqual(top(moving).first, "a", "29 % moving right at 300 pt/s pops")
        let stopped = try scene(drag(to: 0.48, speed: 150, hold: 0.3), expect: "finish")
        XCTAssertEqual(top(stopped).first, "a", "stopped at 48 % pops")
        let short = try scene(drag(to: 0.2, speed: 150, hold: 0.3), expect: "cancel")
        XCTAssertEqual(top(short).first, "b", "stopped at 20 % cancels")
        // A pan that starts away from the edge does nothing.
        let t = try Timeline(scene: try self.scene("  - { from: a, to: b, style: system-push }", "  - { at: 0, push: b }\n"
                                                   + pan(at: 1, from: Point(x: 100, y: 400), by: Point(x: 300, y: 0), expectNothing: true)))
        XCTAssertEqual(t.runs.count, 1)
    }

    // MARK: page-sheet and form-sheet

    func pageSheet(_ detents: String) -> SheetGeometry {
        PageSheet().geometry(settings(PageSheet(), ["detents": .choice(detents), "grabber": .choice("visible")]), bounds: bounds, appearance: .light)
    }

    func testPageSheetDetents() {
        let g = pageSheet("medium-large")
        XCTAssertEqual(g.detentTops(bounds), [400, 64], "medium: half the height; large: the height less the 8 % top gap")
        XCTAssertEqual(pageSheet("large").detentTops(bounds), [64])
    }

    func testPageSheetGeometry() {
        let g = pageSheet("large")
        // Progress 0 (hidden), 0.5 and 1 (at the large detent): the presenter shrinks toward its top
        // edge. Halfway UIKit's depth transform (`-[_UISheetLayoutInfo _transform]`) has
        // k = 2(1 − 2^−0.5): scale 1 − 0.0835k, top 0.5 · 64 (the large sheet's top) − 8k (64 − 56).
        let k = 2 * (1 - 1 / 2.0.squareRoot())
        for (top, scale, presenterY, dim) in [(800.0, 1.0, 0.0, 0.0), (432.0, 1 - 0.0835 * k, 32 - 8 * k, 0.1), (64.0, 0.9165, 56.0, 0.1)] {
            let layers = g.layers(top: top, stage: stage())
            XCTAssertEqual(layers.map(\.id), ["backdrop", "a", "dimming", "b", "grabber"])
            XCTAssertEqual(layers[1].frame.width, 400 * scale, accuracy: 1e-9, "top \(top)")
            XCTAssertEqual(layers[1].frame.minY, presenterY, accuracy: 1e-9)
            XCTAssertEqual(layers[1].frame.midX, 200, accuracy: 1e-9)
            XCTAssertEqual(layers[2].alpha, dim, accuracy: 1e-9)
            XCTAssertEqual(layers[3].frame.minY, top)
            XCTAssertEqual(layers[3].cornerRadius, 12)
            XCTAssertEqual(layers[4].frame, Rect(x: 182, y: top + 5, width: 36, height: 5))
        }
        // At the medium detent the presenter is dimmed at 0.2, not scaled.
        let medium = pageSheet("medium-large").layers(top: 400, stage: stage())
        XCTAssertEqual(medium[1].frame, bounds)
        XCTAssertEqual(medium[2].alpha, 0.2, accuracy: 1e-9)
    }

    func testPageSheetReleaseRule() {
        let g = pageSheet("medium-large")
        func target(_ top: Double, _ velocity: Double) -> Double? {
            g.target(top: top, velocity: velocity, bounds: bounds, flick: 1600, keep: 0.52, projection: 0.099)
        }
        XCTAssertNil(target(100, 1601), "a fling down of 2 heights per second dismisses")
        XCTAssertEqual(target(100, 1599), 400, "just slower: the projection picks the medium detent")
        XCTAssertEqual(target(400, -1601), 64, "a fling up goes one detent up")
        // At rest: dismissed when less than 52 % of the medium sheet would show (the bottom 208 of 400 pt).
        XCTAssertEqual(target(590, 0), 400)
        XCTAssertNil(target(595, 0))
        XCTAssertEqual(target(231, 0), 64, "nearest detent")
        XCTAssertEqual(target(233, 0), 400)
        XCTAssertEqual(g.rubberBanded(top: 0, bounds: bounds), 64 - 6.4 * (1 - 1 / (64 * 0.55 / 6.4 + 1)), accuracy: 1e-9)
    }

    func testPageSheetDragsBetweenDetentsAndRestsThere() throws {
        let transitions = "  - { from: a, to: b, style: page-sheet, detents: medium-large }"
        var t = try Timeline(scene: try scene(transitions, "  - { at: 0, present: b }\n"
                                              + pan(at: 1, from: Point(x: 200, y: 500), by: Point(x: 0, y: -300))))
        XCTAssertEqual(try XCTUnwrap(t.state(at: 1000).layers.first { $0.id == "b" }).frame.minY, 64, accuracy: 1e-6,
                       "dragged up to the large detent, it rests there")
        XCTAssertEqual(t.runs.map(\.finished), [true, false])
        // A slow drag down from the medium detent past half the sheet dismisses it.
        t = try Timeline(scene: try scene(transitions, "  - { at: 0, present: b }\n"
                                          + pan(at: 1, from: Point(x: 200, y: 450), by: Point(x: 0, y: 240))))
        XCTAssertEqual(top(t).first, "a")
        XCTAssertEqual(t.runs.last?.finished, true)
    }

    func testFormSheetGeometryAndRule() {
        let style = FormSheet()
        let wide = Rect(x: 0, y: 0, width: 820, height: 1180)
        let driver = style.driver(StyleRun(settings: settings(style), stage: TransitionStage(bounds: wide, below: "a", above: "b"),
                                           forward: true))
        let g = driver.geometry
        XCTAssertEqual(g.detentTops(wide), [280])
        for (top, dim) in [(1180.0, 0.0), (730.0, 0.1), (280.0, 0.2)] {
            let layers = g.layers(top: top, stage: TransitionStage(bounds: wide, below: "a", above: "b"))
            XCTAssertEqual(layers.map(\.id), ["a", "dimming", "b"])
            XCTAssertEqual(layers[0].frame, wide, "the presenter stays")
            XCTAssertEqual(layers[1].alpha, dim, accuracy: 1e-9)
            XCTAssertEqual(layers[2].frame, Rect(x: 140, y: top, width: 540, height: 620))
        }
        // Dismissed once released more than 48 % of the card (297.6 pt) down.
        let rules = driver.rules
        func target(_ top: Double) -> Double? {
            g.target(top: top, velocity: 0, bounds: wide, flick: rules.flickVelocity, keep: rules.keep, projection: rules.projection)
        }
        XCTAssertEqual(target(280 + 297), 280)
        XCTAssertNil(target(280 + 298.5))
    }

    // MARK: full-screen-cover and cross-dissolve

    func testCoverVerticalAndDissolveGeometry() {
        for (a, y) in [(0.0, 800.0), (0.5, 400.0), (1.0, 0.0)] {
            XCTAssertEqual(CoverVerticalGeometry().layers(amount: a, stage: stage())[1].frame.minY, y)
            XCTAssertEqual(DissolveGeometry().layers(amount: a, stage: stage())[1].alpha, a)
            XCTAssertEqual(DissolveGeometry().layers(amount: a, stage: stage())[1].frame, bounds)
        }
    }

    func testFullScreenCoverHasNoGestureAndRunsTheDefaultSpring() throws {
        let t = try Timeline(scene: try scene("  - { from: a, to: b, style: full-screen-cover }",
                                              "  - { at: 0, present: b }\n" + pan(at: 1, from: Point(x: 200, y: 300), by: Point(x: 0, y: 400), expectNothing: true)))
        XCTAssertEqual(t.runs.count, 1, "a pan down does not dismiss a full-screen cover")
        XCTAssertEqual(t.state(at: 0.1).layers.first { $0.id == "b" }?.frame.minY ?? 0, 800 * (1 - 0.5448), accuracy: 0.1)
    }

    // MARK: zoom

    func testZoomGeometry() {
        let cell = Rect(x: 20, y: 100, width: 80, height: 80)
        let g = ZoomSystemGeometry()
        // Progress 0: the cell's image in the cell's frame; the destination transparent.
        var layers = g.layers(frame: cell, amount: 0, stage: stage(cell: cell))
        XCTAssertEqual(layers.map(\.id), ["a", "zoomSource", "b"])
        XCTAssertEqual(layers[1].layout, .region(cell))
        XCTAssertEqual(layers[1].alpha, 1)
        XCTAssertEqual(layers[2].alpha, 0)
        // Halfway: the destination's content has faded in; the card is at its roundest.
        let half = cell.interpolated(to: bounds, fraction: 0.5)
        layers = g.layers(frame: half, amount: 0.5, stage: stage(cell: cell))
        XCTAssertEqual(layers.map(\.id), ["a", "b"])
        XCTAssertEqual(layers[1].frame, half)
        XCTAssertEqual(layers[1].alpha, 1)
        XCTAssertEqual(layers[1].cornerRadius, 32, accuracy: 1e-9)
        // Progress 1: the whole container.
        layers = g.layers(frame: bounds, amount: 1, stage: stage(cell: cell))
        XCTAssertEqual(layers[1].frame, bounds)
        XCTAssertEqual(layers[1].cornerRadius, 0)
    }

    func testZoomDragFollowsTheFingerAndShrinks() {
        let p = ZoomDriver.Parameters()
        XCTAssertEqual(ZoomDriver.dragged(bounds, anchor: Point(x: 200, y: 400), translation: .zero, parameters: p), bounds)
        // 200 pt down is half the scale distance (0.5 × 800): scale 0.75 about the touch, moved with the finger.
        XCTAssertEqual(ZoomDriver.dragged(bounds, anchor: Point(x: 200, y: 400), translation: Point(x: 30, y: 200), parameters: p),
                       Rect(x: 80, y: 300, width: 300, height: 600))
        XCTAssertEqual(ZoomDriver.dragged(bounds, anchor: Point(x: 200, y: 400), translation: Point(x: 0, y: 2000), parameters: p).width,
                       200, "no smaller than the minimum scale")
    }

    func testZoomPopRule() {
        let p = ZoomDriver.Parameters()
        func pops(_ dy: Double, _ vy: Double) -> Bool {
            ZoomDriver.popFinishes(translation: Point(x: 0, y: dy), velocity: Point(x: 0, y: vy), bounds: bounds, parameters: p)
        }
        XCTAssertFalse(pops(59, 0), "threshold: 0.15 × 400 pt = 60 pt")
        XCTAssertTrue(pops(61, 0))
        XCTAssertTrue(pops(10, 301), "a flick down pops")
        XCTAssertFalse(pops(200, -301), "a flick up keeps it")
        XCTAssertTrue(pops(200, -299))
    }

    func testZoomTapPushesAndDragPops() throws {
        let screens = "{ a: { content: [ { grid: { id: g, frame: [0, 100, 400, 200], columns: 2, cells: [{ color: systemRed }, { color: systemBlue }] } } ] }, b: {} }"
        let transitions = "  - { from: a, to: b, style: zoom, cell: { list: g } }"
        for (dy, popped) in [(40.0, false), (120.0, true)] {
            let t = try Timeline(scene: try scene(transitions, "  - { at: 0, tap: [100, 150] }\n"
                                                  + pan(at: 1, from: Point(x: 200, y: 400), by: Point(x: 20, y: dy + 10)),
                                                  screens: screens))
            XCTAssertEqual(t.runs.count, 2, "dy \(dy)")
            XCTAssertEqual(t.runs.last?.finished, popped, "dy \(dy)")
            XCTAssertEqual(top(t).first, popped ? "a" : "b")
        }
    }
}

/// The Dynamic Type example in every variant it declares: its taps by row still land (the rows
/// move as they grow), its timeline replays, and each variant's bar is as tall as its text size makes it.
final class DynamicTypeVariantTests: XCTestCase {
    func testEveryVariantOfTheDynamicTypeExamplePlaysItsTimeline() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("scenes/dynamic-type.yaml")
        let variants = try SceneLoader.load(contentsOf: url).variants
        XCTAssertGreaterThanOrEqual(variants.count, 6)
        var heights: [ContentSizeCategory: Double] = [:]
        for variant in variants {
            let scene = try SceneLoader.load(contentsOf: url, traits: variant.traits)
            let timeline = try Timeline(scene: scene)
            XCTAssertGreaterThan(timeline.frameCount, 0, variant.name)
            let device = scene.device
            let cell = try XCTUnwrap(scene.screens["settings"]?.cellFrame(list: "settings", index: 0, on: device), variant.name)
            XCTAssertGreaterThan(cell.cell.height, 0, variant.name)
            if let size = variant.traits.contentSize, let bar = scene.screens["settings"]?.navigationBar { heights[size] = bar.height(on: device) }
        }
        let sizes = heights.keys.sorted { ContentSizeCategory.allCases.firstIndex(of: $0) ?? 0 < ContentSizeCategory.allCases.firstIndex(of: $1) ?? 0 }
        XCTAssertEqual(heights[.large], 96)
        for (a, b) in zip(sizes, sizes.dropFirst()) { XCTAssertLessThan(heights[a] ?? 0, heights[b] ?? 0, "\(a) → \(b)") }
    }
}
