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
        try render([(label: nil, scene: scene)], name: scene.name, to: destination, options: options)
    }

    /// Renders the sheet of every variant in `variants` (each one scene `name` as that variant
    /// plays it) into a PNG at `destination`: a row of `options.frames` tiles per variant,
    /// labelled by its name — the whole matrix at a glance.
    public static func render(variants: [(name: String, scene: Scene)], of name: String, to destination: URL,
                              options: Options = Options()) throws {
        try render(variants.map { (label: $0.name, scene: $0.scene) }, name: name, to: destination, options: options)
    }

    /// One scene's tiles: its session drawing them, and the states they show.
    private struct Strip {
        let label: String?
        let scene: Scene
        let surface: FrameSurface
        let states: [FrameState]
        let frameCount: Int
    }

    private static func strip(_ label: String?, _ scene: Scene, options: Options) throws -> Strip {
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
        let surface = try FrameSurface(session: session, plate: try RenderJob.plate(of: session.scene), padded: false)
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
        return Strip(label: label, scene: scene, surface: surface, states: indices.map { timeline.state(frame: $0) },
                     frameCount: timeline.frameCount)
    }

    /// The tiles of `rows`' scenes (of scene `name`): one scene's flow in `options.columns`;
    /// several (variants) a row each.
    private static func render(_ rows: [(label: String?, scene: Scene)], name: String, to destination: URL,
                               options: Options) throws {
        try AtomicFile.check(destination)
        let strips = try rows.map { try strip($0.label, $0.scene, options: options) }
        guard let first = strips.first else { return }
        let tileWidth = strips.map(\.surface.pixelWidth).max() ?? 1, tileHeight = strips.map(\.surface.pixelHeight).max() ?? 1
        // Each tile's place: one scene's tiles flow in the columns, variants take a row each.
        var places: [(strip: Int, state: Int, column: Int, row: Int)] = []
        let columns: Int
        if strips.count == 1 {
            columns = min(max(options.columns, 1), first.states.count)
            places = first.states.indices.map { (0, $0, $0 % columns, $0 / columns) }
        } else {
            columns = strips.map(\.states.count).max() ?? 1
            for (row, strip) in strips.enumerated() { places += strip.states.indices.map { (row, $0, $0, row) } }
        }
        let rowCount = (places.map(\.row).max() ?? 0) + 1
        let gap = 16, captionHeight = 44, margin = 24, titleHeight = 40
        let width = margin * 2 + columns * tileWidth + (columns - 1) * gap
        let height = margin * 2 + titleHeight + rowCount * (tileHeight + captionHeight) + (rowCount - 1) * gap
        try Picture.checkSize(width: width, height: height, of: "the sheet of \(places.count) frames in \(columns) columns",
                              change: "use fewer --frames, more --columns or a smaller --tile-width")

        var picture = Picture(width: width, height: height, background: Color(r8: 242, g8: 242, b8: 247))

        let scope = options.duringTransitions ? " during transitions" : ""
        let what = strips.count == 1 ? "\(first.states.count) of \(first.frameCount) frames"
            : "\(strips.count) variants, \(columns) frames each"
        var requests = [TextStamps.Request(text: "\(name) — \(what)\(scope) at \(first.scene.fps) fps",
                                           size: 17, weight: .semibold, width: Double(width - 2 * margin))]
        for place in places {
            let strip = strips[place.strip], state = strip.states[place.state]
            let progress = state.progress.map { String(format: "p %.2f", $0) } ?? "p –"
            let frame = String(format: "#%d  %.3f s", state.frame, state.time)
            // A variant's tiles lead with its name, then the frame and its progress.
            requests.append(.init(text: strip.label ?? frame, size: 12, weight: .semibold, width: Double(tileWidth)))
            // Where `playback` plays the scene at another pace, the scene's time leads the caption.
            let scene = state.sceneTime.map { String(format: "scene %.3f s · ", $0) } ?? ""
            let caption = strip.label == nil ? scene + (state.transition.map { "\($0) · \(state.phase.rawValue) · \(progress)" } ?? "idle")
                : frame + " · " + (state.transition == nil ? "idle" : progress)
            requests.append(.init(text: caption, size: 11,
                                  color: Color(r8: 60, g8: 60, b8: 67), width: Double(tileWidth)))
        }
        let stamps = try TextStamps(requests)
        picture.draw(stamps[0], x: margin, y: margin + 4)

        for (i, place) in places.enumerated() {
            let strip = strips[place.strip], surface = strip.surface
            let x = margin + place.column * (tileWidth + gap)
            let y = margin + titleHeight + place.row * (tileHeight + captionHeight + gap)
            surface.draw(strip.states[place.state])
            if !options.deviceFrame {
                picture.fill(Rect(x: Double(x - 1), y: Double(y - 1), width: Double(surface.pixelWidth + 2),
                                  height: Double(surface.pixelHeight + 2)),
                             Color(r8: 60, g8: 60, b8: 67, alpha: 0.35))
            }
            picture.draw(surface.rgbaImage(), x: x, y: y)
            picture.draw(stamps[1 + 2 * i], x: x, y: y + tileHeight + 4)
            picture.draw(stamps[2 + 2 * i], x: x, y: y + tileHeight + 22)
        }
        try AtomicFile.writing(destination) { try picture.writePNG(to: destination) }
    }
}
