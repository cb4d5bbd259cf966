import ArgumentParser
import Engine
import Foundation
import Geometry
import Pipeline
import Scene
import Stills

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List where each screen's views, rows, cells and bar items are, in points, to aim taps and swipes.",
        discussion: """
            For every screen on the scene's device: views with an id, every list row and grid cell \
            (index, title or caption, the cell's frame and its image's), the navigation bar's parts \
            and the tab bar's items. Frames are [x, y, width, height] in points from the screen's \
            top-left corner, from the layout the renderer draws with. --json prints the same as \
            JSON with stable keys (see the README). A scene whose timeline fails is replayed up to \
            its first failing entry; the errors follow, and the exit status is 1. 'segue still --grid' draws a point grid and the views' ids over a frame.
            """)

    @Argument(help: "The scene file (.yaml, .yml or .json).")
    var scene: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(help: "Seconds from the start: the tab selected and the screen on top then, and rows and cells of scrolled lists and grids where they are then (replays the timeline).")
    var at: Double?

    @OptionGroup var variant: VariantOptions

    func validate() throws {
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at must be a time in seconds, 0 or more; found \(at)") }
    }

    func run() throws {
        try CommandErrors.report {
            let settings = variant.apply(to: RenderSettings())
            let all = settings.variant == SceneFile.allVariants
            var count = 0
            try SceneFile.forEachRun(of: scene, settings: settings) { settings in
                // Every variant: each one's inspection under a line naming it (text), or one JSON object by variant.
                if all, let name = settings.variant {
                    CommandErrors.printOut(json ? (count == 0 ? "{" : ",") + "\"\(name)\": " : "variant \(name)\n", terminator: "")
                }
                count += 1
                try inspect(settings)
            }
            if all, json { CommandErrors.printOut("}") }
        }
    }

    /// Prints the scene as `settings` play it.
    private func inspect(_ settings: RenderSettings) throws {
        let loaded = try SceneFile.load(scene, settings: settings)
        // A timeline that fails is replayed up to its first failing entry: the layout, and the
        // state then, are what one needs to mend it ("after my flick, where is row 7?").
        // `--at` is the scene's own time, as snapshots keep it; with `playback`, the video's is said beside it.
        let (timeline, problems) = try Timeline.replayedAsFarAsItGoes(loaded.inSceneTime)
        var offsets: [String: Double] = [:]
        var moment: (time: Double, navigation: Timeline.Navigation, drawn: [String: Rect])?
        if let at {
            offsets = timeline.scrollOffsets(at: at)
            moment = (at, timeline.navigation(at: at), timeline.drawnFrames(at: at))
        }
        let clock = PlaybackClock(segments: loaded.playback, sceneDuration: timeline.sceneDuration)
        let videoTime = clock.isIdentity ? nil : at.flatMap { $0 <= timeline.sceneDuration ? clock.videoTime(atScene: $0) : nil }
        let inspection = try SceneInspection(loaded, offsets: offsets, at: moment, videoTime: videoTime)
        CommandErrors.printOut(json ? inspection.json : inspection.text, terminator: "")
        guard !problems.isEmpty else { return }
        let replayed = timeline.scene.timeline.count
        let stop = loaded.timeline[replayed]
        let when = at.map { " at \(Render.seconds($0)) s" } ?? ""
        CommandErrors.printLine("\(stop.location): note: the timeline fails; what is printed\(when) replays its \(replayed) \(replayed == 1 ? "entry" : "entries") before this one (at \(Render.seconds(stop.time)) s)")
        throw SceneError(problems)
    }
}
