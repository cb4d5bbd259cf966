import ArgumentParser
import Foundation
import Pipeline

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

    @Option(help: "Width of each frame in pixels.")
    var tileWidth = 240

    @Flag(help: "Spread the frames over the moments a transition runs instead of the whole scene.")
    var duringTransitions = false

    func validate() throws {
        guard (1...200).contains(frames) else { throw ValidationError("--frames must be between 1 and 200") }
        guard (1...50).contains(columns) else { throw ValidationError("--columns must be between 1 and 50") }
        guard (32...2000).contains(tileWidth) else { throw ValidationError("--tile-width must be between 32 and 2000") }
    }

    func run() throws {
        try CommandErrors.report {
            let scene = try SceneFile.load(options.scene, settings: options.settings)
            let destination = output.map { URL(fileURLWithPath: $0) } ?? SceneFile.defaultOutput(for: scene, extension: "png")
                .deletingPathExtension().appendingPathExtension("sheet.png")
            try ContactSheet.render(scene, to: destination,
                                    options: .init(frames: frames, columns: columns, tileWidth: tileWidth,
                                                  duringTransitions: duringTransitions))
            CommandErrors.printLine("Wrote \(destination.path)")
        }
    }
}
