import CLITestSupport
import Engine
import Foundation
import Geometry
import Scene
import XCTest

/// Properties every rendered motion keeps, checked over every example scene and a grid of
/// synthesized swipes, against numbers that come from the scene's own description (distances,
/// durations, sample times), not from Segue's replay:
///
/// - a frame shows the finger where the trace puts it at the frame's time — the last sample at
///   or before it, a sample typed or synthesized for that frame (up to 0.5 ms late) included;
/// - a linear swipe moves the finger, and a sheet that follows it 1:1, by equal steps on every
///   frame: distance / (duration × fps);
/// - no frame repeats the previous finger position while the trace moves between them;
/// - no node jumps: within one transition, no frame-to-frame step of a node is more than three
///   times the larger of the steps either side of it (plus 2 pt), except where the transition
///   starts or ends.
final class MotionPropertyTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func exampleScenes() throws -> [URL] {
        try ExampleScenes.files()
    }

    /// Each finger of the scene as absolute sample times and places, from the file alone.
    func fingers(_ scene: Scene) -> [[(time: Double, location: Point)]] {
        scene.timeline.compactMap { entry -> [(time: Double, location: Point)]? in
            let samples: [TouchSample]
            switch entry.action {
            case .touch(let typed): samples = typed
            case .swipe(let swipe): samples = swipe.samples(framesPerSecond: scene.fps)
            default: return nil
            }
            return samples.map { (entry.time + $0.time, $0.location) }
        }
    }

    /// Where the finger of `trace` is at frame time `t`: the last sample at or before it, a
    /// sample up to 0.5 ms late counted as the frame's own; nil before touch-down and from lift-off.
    func expectedFinger(_ trace: [(time: Double, location: Point)], at t: Double) -> Point? {
        let tolerance = 0.0005 + 1e-9
        guard let first = trace.first, let last = trace.last, t + tolerance >= first.time, t + tolerance < last.time else { return nil }
        return trace.last { $0.time <= t + tolerance }?.location
    }

    func assertFingersAndNodes(_ timeline: Timeline, _ scene: Scene, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let traces = fingers(scene)
        var previous: FrameState?
        var steps: [String: [(frame: Int, step: Double, transition: String?)]] = [:]
        for frame in 0..<timeline.frameCount {
            let state = timeline.state(frame: frame)
            let t = timeline.time(ofFrame: frame)
            // The scene's samples are in the engine's left-to-right space; a right-to-left
            // screen shows them mirrored (TimelineMirroring, FrameState.mirrored).
            let width = scene.device.size.width, mirrored = scene.layoutDirection == .rightToLeft
            let expected = traces.compactMap { expectedFinger($0, at: t) }.map { mirrored ? Point(x: width - $0.x, y: $0.y) : $0 }
            // A tap (`tap:` on a cell or view) is down for TapTarget.duration where its target is.
            let taps = scene.timeline.filter { entry in
                guard case .tap = entry.action else { return false }
                return t + 0.0005 + 1e-9 >= entry.time && t + 0.0005 + 1e-9 < entry.time + TapTarget.duration
            }
            XCTAssertEqual(state.touches.count, expected.count + taps.count, "\(label) frame \(frame) (t \(t)): fingers down",
                           file: file, line: line)
            XCTAssertEqual(state.touches.filter { expected.contains($0) }.count, expected.count,
                           "\(label) frame \(frame) (t \(t)): the finger of the frame's own time: \(expected), drawn \(state.touches)",
                           file: file, line: line)
            if let previous, let now = state.touches.first, let before = previous.touches.first,
               let trace = traces.first(where: { expectedFinger($0, at: t) != nil }) {
                let t0 = timeline.time(ofFrame: frame - 1)
                let moved = trace.contains { $0.time > t0 + 0.0005 + 1e-9 && $0.time <= t + 0.0005 + 1e-9 && $0.location != before }
                if moved {
                    XCTAssertNotEqual(now, before, "\(label) frame \(frame): the finger moved since the frame before but is drawn where it was",
                                      file: file, line: line)
                }
            }
            if let previous, previous.transition != nil, previous.transition == state.transition,
               previous.phase != .idle, state.phase != .idle {
                let before = Dictionary(previous.layers.map { ($0.id, $0.frame) }, uniquingKeysWith: { a, _ in a })
                for node in state.layers {
                    guard let was = before[node.id] else { continue }
                    let f = node.frame
                    let step = max(abs(f.minX - was.minX), abs(f.minY - was.minY), abs(f.width - was.width), abs(f.height - was.height))
                    steps[node.id, default: []].append((frame, step, state.transition))
                }
            }
            previous = state
        }
        for (id, series) in steps {
            for i in series.indices.dropFirst().dropLast() {
                let (frame, step, _) = series[i]
                // Only steps inside one run: neighbours on the frames just before and after.
                guard series[i - 1].frame == frame - 1, series[i + 1].frame == frame + 1 else { continue }
                let around = max(series[i - 1].step, series[i + 1].step)
                XCTAssertLessThanOrEqual(step, 3 * around + 2, "\(label) frame \(frame): \(id) jumps \(step) pt between steps of \(series[i - 1].step) and \(series[i + 1].step)",
                                         file: file, line: line)
            }
        }
    }

    /// Every example scene: the finger of each frame's own time, no repeated finger while it
    /// moves, no node that jumps.
    func testEveryExampleScene() throws {
        let files = try Self.exampleScenes()
        XCTAssertGreaterThanOrEqual(files.count, 30, "the example scenes are found")
        for url in files {
            // In the scene's own time: `playback` paces the video, not the motion (PlaybackRenderTests).
            let scene = try SceneLoader.load(contentsOf: url).inSceneTime
            let timeline = try Timeline(scene: scene)
            assertFingersAndNodes(timeline, scene, url.lastPathComponent)
        }
    }

    /// A linear swipe down a slide-up sheet (which follows the finger 1:1 once the pan begins):
    /// every frame moves the finger and the sheet by distance / (duration × fps), at 60 and 120 Hz
    /// and 30, 60 and 120 fps, for swipes starting on and between frames.
    func testLinearSwipesMoveByEqualStepsOnEveryFrame() throws {
        let grid = [120.0, 295.0].flatMap { d in [0.25, 0.5].flatMap { t in [60.0, 120.0].flatMap { r in
            [30, 60, 120].flatMap { f in [1.0, 1.0037].map { (d, t, r, f, $0) } } } } }
        for (distance, duration, rate, fps, at) in grid {
            let label = "\(distance) pt in \(duration) s at \(rate) Hz, \(fps) fps, at \(at) s"
            let scene = try SceneLoader.load(text: """
                size: [400, 1000]
                scale: 1
                fps: \(fps)
                screens: { list: {}, sheet: {} }
                transitions: [{ from: list, to: sheet, style: slide-up-modal }]
                timeline:
                  - { at: 0, present: sheet }
                  - { at: \(at), swipe: { from: [200, 100], to: [200, \(100 + distance)], duration: \(duration), rate: \(rate) } }
                """, file: "swipe.yaml", name: "swipe")
            let timeline = try Timeline(scene: scene)
            assertFingersAndNodes(timeline, scene, label)
            let perFrame = distance / (duration * Double(fps))
            var fingers: [Double] = [], sheets: [Double] = []
            for frame in 0..<timeline.frameCount {
                let t = timeline.time(ofFrame: frame)
                // Frames strictly inside the movement, after the pan has begun (10 pt of slop).
                guard t > at + 10 / distance * duration + 1.5 / Double(fps), t < at + duration - 1e-6 else { continue }
                let state = timeline.state(frame: frame)
                fingers.append(try XCTUnwrap(state.touches.first, label).y)
                sheets.append(try XCTUnwrap(state.layers.first { $0.id == "sheet" }, label).frame.minY)
            }
            XCTAssertGreaterThanOrEqual(fingers.count, 2, label)
            for (a, b) in zip(fingers, fingers.dropFirst()) {
                XCTAssertEqual(b - a, perFrame, accuracy: 1e-6, "\(label): finger step")
            }
            for (a, b) in zip(sheets, sheets.dropFirst()) {
                XCTAssertEqual(b - a, perFrame, accuracy: 1e-6, "\(label): the sheet follows the finger by the same step")
            }
        }
    }

    /// A 60 Hz trace typed with 3, 4 or 6 decimals shows each sample on the frame it names.
    func testTypedSamplesLandOnTheirFrames() throws {
        for decimals in [3, 4, 6] {
            let samples = (0...12).map { i -> String in
                let t = String(format: "%.\(decimals)f", Double(i) / 60)
                return "[\(t), 200, \(100 + 10 * i)]"
            }
            let scene = try SceneLoader.load(text: """
                size: [400, 1000]
                scale: 1
                fps: 60
                screens: { list: {}, sheet: {} }
                transitions: [{ from: list, to: sheet, style: slide-up-modal }]
                timeline:
                  - { at: 0, present: sheet }
                  - { at: 1.6, pan: [\(samples.joined(separator: ", "))] }
                """, file: "typed.yaml", name: "typed")
            let timeline = try Timeline(scene: scene)
            for i in 0..<12 {
                let frame = 96 + i
                XCTAssertEqual(timeline.state(frame: frame).touches, [Point(x: 200, y: 100 + 10 * Double(i))],
                               "\(decimals) decimals: sample \(i) on frame \(frame)")
            }
        }
    }
}
