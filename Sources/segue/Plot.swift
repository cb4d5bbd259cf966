import ArgumentParser
import Foundation
import Pipeline
import Stills

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plot each transition's progress over time, with the gesture's phases and the finish/cancel decisions.")

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: "The PNG to write (default: output/<scene name>.plot.png).")
    var output: String?

    @Option(help: "Width in pixels.")
    var width = 1200

    @Option(help: "Height in pixels.")
    var height = 600

    func validate() throws {
        guard (200...8000).contains(width), (150...8000).contains(height) else {
            throw ValidationError("--width must be 200–8000 and --height 150–8000")
        }
    }

    func run() throws {
        try CommandErrors.report {
            let scene = try SceneFile.load(options.scene, settings: options.settings)
            let destination = output.map { URL(fileURLWithPath: $0) } ?? SceneFile.defaultOutput(for: scene, extension: "png")
                .deletingPathExtension().appendingPathExtension("plot.png")
            try ProgressPlot.render(scene, to: destination, width: width, height: height)
            CommandErrors.printLine("Wrote \(destination.path)")
        }
    }
}
