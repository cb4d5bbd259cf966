import ArgumentParser
import Foundation
import Pipeline
import Stills

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plot each transition's progress over time, with the gesture's phases and the finish/cancel decisions.",
        discussion: """
            --variant all plots every variant the scene declares, one after another, each to \
            output/<scene>@<variant>.plot.png (a -o chart.png becomes chart@<variant>.png).
            """)

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
            try SceneFile.forEachRun(of: options.scene, settings: options.settings) { settings in
                try plot(settings)
            }
        }
    }

    /// Plots the scene as `settings` play it: one variant of `--variant all` named as its scene is
    /// (`<scene>@<variant>.plot.png`; `-o chart.png` becomes `chart@<variant>.png`).
    private func plot(_ settings: RenderSettings) throws {
        let scene = try SceneFile.load(options.scene, settings: settings)
        let variant = options.settings.variant == SceneFile.allVariants ? settings.variant : nil
        let destination = output.map { SceneFile.output(URL(fileURLWithPath: $0), variant: variant) }
            ?? SceneFile.defaultOutput(for: scene, extension: "png").deletingPathExtension().appendingPathExtension("plot.png")
        try ProgressPlot.render(scene, to: destination, width: width, height: height)
        CommandErrors.printLine("Wrote \(destination.path)")
    }
}
