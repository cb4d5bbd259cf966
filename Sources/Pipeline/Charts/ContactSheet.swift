import Engine
import Foundation
import Geometry
import Raster
import Scene
import Stills

/// `segue sheet`: evenly spaced frames of a scene in a grid, each labelled with its time, phase
/// and progress — a transition at a glance.
public enum ContactSheet {
    public struct Options: Sendable {
        public var frames: Int
        public var columns: Int
        /// Width of one frame in pixels.
        public var tileWidth: Int
        /// Spread the frames over the frames where a transition runs, instead of the whole scene.
        public var duringTransitions: Bool
        /// Draw each frame inside the scene's device frame (the standard one if it has none);
        /// `tileWidth` is then the screen's width in the tile.
        public var deviceFrame: Bool

        public init(frames: Int = 12, columns: Int = 4, tileWidth: Int = 240, duringTransitions: Bool = false,
                    deviceFrame: Bool = false) {
            self.frames = frames
            self.columns = columns
            self.tileWidth = tileWidth
            self.duringTransitions = duringTransitions
            self.deviceFrame = deviceFrame
        }
    }

    /// Where tiles `width` pixels wide break the scene's limits (the tiles draw it at their own
    /// scale, whatever its `scale`: a scroll view's content too wide across its axis at that
    /// scale, say): the widest tile, at most `width`, at which they hold (0 when none does), and
    /// the first problem at `width`; nil when `width` is within them.
    public static func widestTile(for scene: Scene, upTo width: Int) -> (width: Int, problem: String)? {
        func problems(_ tileWidth: Int) -> [Diagnostic] {
            var tiled = scene
            tiled.device.scale = Double(tileWidth) / scene.device.size.width
            return Limits.check(tiled)
        }
        guard let problem = problems(width).first else { return nil }
        // The limits only tighten as the tiles grow: the widest that holds, by bisection.
        var (holds, breaks) = (0, width)
        while breaks - holds > 1 {
            let middle = (holds + breaks) / 2
            if problems(middle).isEmpty { holds = middle } else { breaks = middle }
        }
        return (holds, problem.message)
    }

    /// Renders the sheet of `scene` into a PNG at `destination`.
    public static func render(_ scene: Scene, to destination: URL, options: Options = Options()) throws {
        let scale = Double(options.tileWidth) / scene.device.size.width
        // Tiles draw every screen at their own scale: the same limits hold at that scale.
        var tiled = scene
        tiled.device.scale = scale
        let problems = Limits.check(tiled)
        if !problems.isEmpty { throw SceneError(problems) }
        // The tiles are the scene drawn on its own device at the tile's scale, framed or not.
        var shown = scene
        shown.deviceFrame = options.deviceFrame ? scene.deviceFrame ?? DeviceFrameSpec(
            background: DeviceFrameSpec.standardBackground(sceneBackground: scene.background)) : nil
        let session = try RenderSession(scene: shown, scale: scale)
        let surface = try FrameSurface(session: session, plate: try RenderJob.plate(of: session.scene),
                                       padded: false)
        let timeline = session.timeline
        var candidates = Array(0..<timeline.frameCount)
        if options.duringTransitions {
            let moving = candidates.filter { timeline.state(frame: $0).transition != nil }
            if !moving.isEmpty { candidates = moving }
        }
        let count = min(max(options.frames, 1), candidates.count)
        let indices = (0..<count).map { i in
            candidates[count == 1 ? 0 : Int(saturating: (Double(i) * Double(candidates.count - 1) / Double(count - 1)).rounded())]
        }
        let tileWidth = surface.pixelWidth, tileHeight = surface.pixelHeight
        let columns = min(max(options.columns, 1), count)
        let rows = (count + columns - 1) / columns
        let gap = 16, captionHeight = 44, margin = 24, titleHeight = 40
        let width = margin * 2 + columns * tileWidth + (columns - 1) * gap
        let height = margin * 2 + titleHeight + rows * (tileHeight + captionHeight) + (rows - 1) * gap
        try Picture.checkSize(width: width, height: height, of: "the sheet of \(count) frames in \(columns) columns",
                              change: "use fewer --frames, more --columns or a smaller --tile-width")

        var picture = Picture(width: width, height: height, background: Color(r8: 242, g8: 242, b8: 247))

        let scope = options.duringTransitions ? " during transitions" : ""
        var requests = [TextStamps.Request(text: "\(scene.name) — \(count) of \(timeline.frameCount) frames\(scope) at \(scene.fps) fps",
                                           size: 17, weight: .semibold, width: Double(width - 2 * margin))]
        let states = indices.map { timeline.state(frame: $0) }
        for state in states {
            let progress = state.progress.map { String(format: "p %.2f", $0) } ?? "p –"
            requests.append(.init(text: String(format: "#%d  %.3f s", state.frame, state.time), size: 12, weight: .semibold,
                                  width: Double(tileWidth)))
            // Where `playback` plays the scene at another pace, the scene's time leads the caption.
            let scene = state.sceneTime.map { String(format: "scene %.3f s · ", $0) } ?? ""
            let caption = scene + (state.transition.map { "\($0) · \(state.phase.rawValue) · \(progress)" } ?? "idle")
            requests.append(.init(text: caption, size: 11,
                                  color: Color(r8: 60, g8: 60, b8: 67), width: Double(tileWidth)))
        }
        let stamps = try TextStamps(requests)
        picture.draw(stamps[0], x: margin, y: margin + 4)

        for (i, state) in states.enumerated() {
            let column = i % columns, row = i / columns
            let x = margin + column * (tileWidth + gap)
            let y = margin + titleHeight + row * (tileHeight + captionHeight + gap)
            surface.draw(state)
            if !options.deviceFrame {
                picture.fill(Rect(x: Double(x - 1), y: Double(y - 1), width: Double(tileWidth + 2), height: Double(tileHeight + 2)),
                             Color(r8: 60, g8: 60, b8: 67, alpha: 0.35))
            }
            picture.draw(surface.rgbaImage(), x: x, y: y)
            picture.draw(stamps[1 + 2 * i], x: x, y: y + tileHeight + 4)
            picture.draw(stamps[2 + 2 * i], x: x, y: y + tileHeight + 22)
        }
        try AtomicFile.writing(destination) { try picture.writePNG(to: destination) }
    }
}
