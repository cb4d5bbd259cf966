import ArgumentParser
import Foundation
import Pipeline
import Stills

struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a contact sheet: evenly spaced frames labelled with time, phase and progress.")

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: "The PNG to write (default: output/<scene name>.sheet.png).")
    var output: String?

    @Option(help: "How many frames.")
    var frames = 12

    @Option(help: "Frames per row.")
    var columns = 4

    @Option(help: "Width of each frame in pixels (default 240, or narrower where a scroll view's content would be too long to draw).")
    var tileWidth: Int?

    @Flag(help: "Spread the frames over the moments a transition runs instead of the whole scene.")
    var duringTransitions = false

    @Flag(help: "Draw each frame inside the scene's device frame (the standard one if it has none); --tile-width is the screen's.")
    var deviceFrame = false

    @Flag(help: "A row of frames for each variant the scene declares ('variants:'): the whole matrix on one sheet.")
    var variants = false

    func validate() throws {
        guard (1...200).contains(frames) else { throw ValidationError("--frames must be between 1 and 200") }
        guard (1...50).contains(columns) else { throw ValidationError("--columns must be between 1 and 50") }
        if let tileWidth, !(32...2000).contains(tileWidth) { throw ValidationError("--tile-width must be between 32 and 2000") }
    }

    func run() throws {
        try CommandErrors.report {
            // `--variant all` is `--variants`: the scene as its file plays it names the sheet.
            let all = variants || options.settings.variant == SceneFile.allVariants
            var own = options.settings
            if all { own.variant = nil }
            let scene = try SceneFile.load(options.scene, settings: own)
            let destination = output.map { URL(fileURLWithPath: $0) } ?? SceneFile.defaultOutput(for: scene, extension: "png")
                .deletingPathExtension().appendingPathExtension("sheet.png")
            // The tiles draw the scene at their own scale, where its limits may not hold: narrower ones may.
            var width = tileWidth ?? ContactSheet.Options().tileWidth
            if let widest = ContactSheet.widestTile(for: scene, upTo: width), widest.width >= 32 {
                guard tileWidth == nil else {
                    throw ValidationError("--tile-width \(width) is too wide for this scene (\(widest.problem)); use --tile-width \(widest.width) or less")
                }
                CommandErrors.printLine("note: frames drawn \(widest.width) px wide, not \(width), where the scene's limits hold (at \(width) px: \(widest.problem))")
                width = widest.width
            }
            let sheet = ContactSheet.Options(frames: frames, columns: columns, tileWidth: width, duringTransitions: duringTransitions,
                                             deviceFrame: deviceFrame)
            if all {
                guard !scene.variants.isEmpty else {
                    throw ValidationError("\(variants ? "--variants" : "--variant all"): \(options.scene) declares no 'variants'")
                }
                let played = try scene.variants.map { variant in
                    var settings = options.settings
                    settings.variant = variant.name
                    return (name: variant.name, scene: try SceneFile.load(options.scene, settings: settings))
                }
                try ContactSheet.render(variants: played, of: scene.name, to: destination, options: sheet)
            } else {
                try ContactSheet.render(scene, to: destination, options: sheet)
            }
            CommandErrors.printLine("Wrote \(destination.path)")
        }
    }
}
