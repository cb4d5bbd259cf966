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

    /// Renders the plot of `scene` into a PNG at `destination`, `width` × `height` pixels.
    public static func render(_ scene: Scene, to destination: URL, width: Int = 1200, height: Int = 600) throws {
        try Picture.checkSize(width: width, height: height, of: "the plot", change: "lower --width or --height")
        let timeline = try Timeline(scene: scene)
        let states = (0..<timeline.frameCount).map { timeline.state(frame: $0) }
        let runs = timeline.runs

        let left = 64.0, right = 24.0, top = 48.0, bottom = 56.0
        let plot = Rect(x: left, y: top, width: Double(width) - left - right, height: Double(height) - top - bottom)
        let progresses = states.compactMap(\.progress)
        let low = min(0, (progresses.min() ?? 0) - 0.05), high = max(1, (progresses.max() ?? 1) + 0.05)
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

        // Progress curves, one per run.
        let palette = [Color(r8: 0, g8: 122, b8: 255), Color(r8: 255, g8: 149, b8: 0), Color(r8: 52, g8: 199, b8: 89),
                       Color(r8: 175, g8: 82, b8: 222), Color(r8: 255, g8: 59, b8: 48)]
        var previous: (Point, Int)?
        var runIndex = -1
        for state in states {
            guard let progress = state.progress else {
                previous = nil
                continue
            }
            let point = Point(x: x(state.time), y: y(progress))
            if previous == nil { runIndex += 1 }
            let color = palette[max(runIndex, 0) % palette.count]
            if let (last, index) = previous, index == runIndex {
                picture.line(from: last, to: point, color, thickness: 2.5)
            } else {
                picture.disc(center: point, radius: 2, color)
            }
            previous = (point, runIndex)
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
        let names = runs.map { "\($0.index): \($0.style) \($0.source) → \($0.destination)" }.joined(separator: "   ")
        labels.append((.init(text: "\(scene.name) — progress over time   \(names)", size: 13, weight: .semibold,
                             width: Double(width) - 2 * left), Point(x: left, y: 14)))
        labels.append((.init(text: "shaded: finger down (blue), animating (gray); dots: touch down", size: 11, color: ink,
                             width: Double(width) - 2 * left), Point(x: left, y: Double(height) - 24)))
        let stamps = try TextStamps(labels.map(\.0))
        for (index, (_, origin)) in labels.enumerated() {
            picture.draw(stamps[index], x: Int(saturating: origin.x.rounded()), y: Int(saturating: origin.y.rounded()))
        }
        try AtomicFile.writing(destination) { try picture.writePNG(to: destination) }
    }
}
