import Engine
import Foundation
import Geometry
import Raster
import Scene
import Stills

/// `segue plot`: each transition's progress over time, with the gesture's phases shaded, touches
/// marked and every finish, cancel or detent decision labelled — how a scene's timing reads at a glance.
public enum ProgressPlot {
    /// A release drawn on the plot: a vertical line at `time` labelled with its own decision.
    public struct ReleaseMarker: Hashable, Sendable {
        public var time: Double
        /// The run it released.
        public var run: Int
        public var finishes: Bool
        /// The detent a sheet was sent to, for a release that moves it between detents.
        public var detent: String? = nil
        /// "finish", "cancel", or "detent large" for a sheet sent to another detent.
        public var label: String { detent.map { "detent \($0)" } ?? (finishes ? "finish" : "cancel") }
    }

    /// One marker per release of a finger holding a transition, in time order, each with the
    /// decision taken at that release — a run caught again mid-animation and sent the other
    /// way shows both decisions, not its final outcome twice.
    public static func releaseMarkers(_ timeline: Timeline) -> [ReleaseMarker] {
        timeline.releases.map { ReleaseMarker(time: $0.time, run: $0.run, finishes: $0.finishes, detent: $0.detent) }
    }

    /// One line of the plot: a run's value per frame, and what the value means.
    public struct Curve: Sendable {
        public enum Kind: Sendable { case transition, detent, scroll }
        public var kind: Kind
        /// What it is, for the plot's header: `0: push inbox → message`, `scroll settings`.
        public var name: String
        /// (time, value): a transition's progress; for a sheet moved between detents, the share of
        /// the way from the detent it left to the one it rests at; for a scroll run, its distance
        /// from where it started as a share of the farthest it went (a flick's overshoot is 1, its
        /// rest a little below; a pull past an edge rises to 1 and springs back to 0).
        public var points: [(time: Double, value: Double)]
    }

    /// The plot's lines: each transition run's progress (a sheet moved between detents as its
    /// share of that move, not as a dismissal's progress), then each scroll run's distance (`Curve.points`).
    public static func curves(_ timeline: Timeline, states: [FrameState]) -> [Curve] {
        var curves: [Curve] = []
        let runs = timeline.runs
        // A run's frames: the contiguous stretches that show a progress, in run order.
        var segment: [(time: Double, value: Double)] = []
        func close() {
            guard !segment.isEmpty else { return }
            let index = curves.count
            let run = index < runs.count ? runs[index] : nil
            var kind = Curve.Kind.transition
            var points = segment
            if run?.detent != nil, let first = segment.first?.value, let last = segment.last?.value, abs(last - first) > 1e-9 {
                kind = .detent
                points = segment.map { ($0.time, ($0.value - first) / (last - first)) }
            }
            let name = run.map { "\($0.index): \($0.detent.map { "detent \($0)" } ?? $0.verb) \($0.style) \($0.source) → \($0.destination)" } ?? "\(index)"
            curves.append(Curve(kind: kind, name: name, points: points))
            segment = []
        }
        for state in states {
            if let progress = state.progress { segment.append((state.time, progress)) } else { close() }
        }
        close()
        let fps = Double(timeline.scene.fps)
        for scroll in timeline.scrollRuns {
            let key = "\(scroll.screen)/\(scroll.view)"
            let first = max(Int(saturating: (scroll.start * fps - 1e-6).rounded(.up)) - 1, 0)
            let last = min(Int(saturating: (scroll.end * fps - 1e-6).rounded(.up)), states.count - 1)
            guard first <= last, let start = Timeline.scrollOffsets(in: states[first])[key] else { continue }
            let distances = (first...last).map { frame in (states[frame].time, abs((Timeline.scrollOffsets(in: states[frame])[key] ?? start) - start)) }
            let farthest = distances.map(\.1).max() ?? 0
            guard farthest > 1e-9 else { continue }
            let points = distances.map { ($0.0, $0.1 / farthest) }
            curves.append(Curve(kind: .scroll, name: "scroll \(scroll.view)", points: points))
        }
        return curves
    }

    /// Renders the plot of `scene` into a PNG at `destination`, `width` × `height` pixels.
    public static func render(_ scene: Scene, to destination: URL, width: Int = 1200, height: Int = 600) throws {
        try Picture.checkSize(width: width, height: height, of: "the plot", change: "lower --width or --height")
        try AtomicFile.check(destination)
        // The scene's own time, its releases and scroll runs with it; with `playback`, each tick
        // also says where the video shows it.
        let timeline = try Timeline(scene: scene.inSceneTime)
        let states = (0..<timeline.frameCount).map { timeline.state(frame: $0) }
        let clock = PlaybackClock(segments: scene.playback, sceneDuration: timeline.sceneDuration)

        let left = 64.0, right = 24.0, top = 48.0, bottom = clock.isIdentity ? 56.0 : 72.0
        let plot = Rect(x: left, y: top, width: Double(width) - left - right, height: Double(height) - top - bottom)
        let curves = curves(timeline, states: states)
        let values = curves.flatMap { $0.points.map(\.value) }
        let low = min(0, (values.min() ?? 0) - 0.05), high = max(1, (values.max() ?? 1) + 0.05)
        let duration = max(timeline.duration, 1e-3)
        func x(_ time: Double) -> Double { plot.minX + plot.width * time / duration }
        func y(_ value: Double) -> Double { plot.maxY - plot.height * (value - low) / (high - low) }

        var picture = Picture(width: width, height: height, background: .white)
        let grid = Color(r8: 60, g8: 60, b8: 67, alpha: 0.12)
        let ink = Color(r8: 60, g8: 60, b8: 67)
        let interactive = Color(r8: 0, g8: 122, b8: 255, alpha: 0.10)
        let animating = Color(r8: 142, g8: 142, b8: 147, alpha: 0.10)

        // Phase bands, frame by frame.
        for (state, next) in zip(states, states.dropFirst() + [states[states.count - 1]]) where state.phase != .idle {
            let x0 = x(state.time), x1 = max(x(next.time), x0 + 1)
            picture.fill(Rect(x: x0, y: plot.minY, width: x1 - x0, height: plot.height), state.phase == .interactive ? interactive : animating)
        }
        // Grid and axes.
        var labels: [(TextStamps.Request, Point)] = []
        let timeStep = duration > 6 ? 1.0 : duration > 3 ? 0.5 : duration > 1 ? 0.25 : 0.1
        var tick = 0.0
        while tick <= duration + 1e-9 {
            picture.line(from: Point(x: x(tick), y: plot.minY), to: Point(x: x(tick), y: plot.maxY), grid, thickness: 1)
            labels.append((.init(text: String(format: "%g s", tick), size: 11, color: ink, width: 60, alignment: .center),
                           Point(x: x(tick) - 30, y: plot.maxY + 6)))
            if !clock.isIdentity {
                labels.append((.init(text: String(format: "video %.2f s", clock.videoTime(atScene: tick)), size: 10, color: ink.withAlpha(0.6),
                                     width: 80, alignment: .center), Point(x: x(tick) - 40, y: plot.maxY + 22)))
            }
            tick += timeStep
        }
        // Every quarter within the range: below 0 where a drag takes a sheet up past where it rested.
        for value in stride(from: (low / 0.25).rounded(.up) * 0.25, through: high, by: 0.25) {
            picture.line(from: Point(x: plot.minX, y: y(value)), to: Point(x: plot.maxX, y: y(value)), grid, thickness: 1)
            labels.append((.init(text: String(format: "%.2f", value), size: 11, color: ink, width: 44, alignment: .right),
                           Point(x: plot.minX - 50, y: y(value) - 8)))
        }
        picture.line(from: Point(x: plot.minX, y: plot.maxY), to: Point(x: plot.maxX, y: plot.maxY), ink, thickness: 1.5)
        picture.line(from: Point(x: plot.minX, y: plot.minY), to: Point(x: plot.minX, y: plot.maxY), ink, thickness: 1.5)

        // One curve per run: transitions thick, scroll runs thinner.
        let palette = [Color(r8: 0, g8: 122, b8: 255), Color(r8: 255, g8: 149, b8: 0), Color(r8: 52, g8: 199, b8: 89),
                       Color(r8: 175, g8: 82, b8: 222), Color(r8: 255, g8: 59, b8: 48)]
        for (index, curve) in curves.enumerated() {
            let color = palette[index % palette.count]
            let points = curve.points.map { Point(x: x($0.time), y: y($0.value)) }
            if let first = points.first { picture.disc(center: first, radius: 2, color) }
            for (from, to) in zip(points, points.dropFirst()) {
                picture.line(from: from, to: to, color, thickness: curve.kind == .scroll ? 1.5 : 2.5)
            }
        }
        // Touches along the bottom.
        for (state, next) in zip(states, states.dropFirst()) where state.touches.isEmpty && !next.touches.isEmpty {
            picture.disc(center: Point(x: x(next.time), y: plot.maxY - 8), radius: 4, ink)
        }
        // Each release with the decision taken at that release.
        for marker in releaseMarkers(timeline) {
            // Green finishes, red cancels, blue (systemBlue) moves a sheet to another detent.
            let color = marker.detent != nil ? Color(r8: 0, g8: 122, b8: 255)
                : marker.finishes ? Color(r8: 52, g8: 199, b8: 89) : Color(r8: 255, g8: 59, b8: 48)
            picture.line(from: Point(x: x(marker.time), y: plot.minY), to: Point(x: x(marker.time), y: plot.maxY), color, thickness: 1.5)
            labels.append((.init(text: marker.label, size: 12, weight: .semibold, color: color, width: marker.detent == nil ? 60 : 96),
                           Point(x: x(marker.time) + 4, y: plot.minY + 2)))
        }
        let names = curves.map(\.name).joined(separator: "   ")
        let over = clock.isIdentity ? "time" : "scene time (below each: where the video shows it, played as 'playback' says)"
        labels.append((.init(text: "\(scene.name) — progress over \(over)   \(names)", size: 13, weight: .semibold,
                             width: Double(width) - 2 * left), Point(x: left, y: 14)))
        labels.append((.init(text: "shaded: finger down (blue), animating (gray); dots: touch down; detent moves: share of the way between the detents; thin lines: a scroll run's distance from its start, 1 at its farthest",
                             size: 11, color: ink, width: Double(width) - 2 * left), Point(x: left, y: Double(height) - 24)))
        let stamps = try TextStamps(labels.map(\.0))
        for (index, (_, origin)) in labels.enumerated() {
            picture.draw(stamps[index], x: Int(saturating: origin.x.rounded()), y: Int(saturating: origin.y.rounded()))
        }
        try AtomicFile.writing(destination) { try picture.writePNG(to: destination) }
    }
}
