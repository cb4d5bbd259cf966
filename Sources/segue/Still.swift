import ArgumentParser
import Foundation
import Pipeline
import Raster
import Scene
import Stills

struct Still: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render one instant of a scene to a PNG.")

    @OptionGroup var options: SceneOptions

    @OptionGroup var frame: DeviceFrameOption

    @Option(help: "The time in seconds from the scene's start.")
    var at: Double

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String

    @Flag(help: "Draw a point grid over the frame (labelled every fifth line) and outline each view with an id, to aim taps and swipes.")
    var grid = false

    @Option(help: "Points between grid lines.")
    var gridStep: Double = 20

    func validate() throws {
        guard at.isFinite, (0...Limits.duration).contains(at) else {
            throw ValidationError("--at must be a time in seconds from 0 to \(Int(Limits.duration)), found \(at)")
        }
        guard gridStep.isFinite, (2...1000).contains(gridStep) else {
            throw ValidationError("--grid-step must be between 2 and 1000 points, found \(gridStep)")
        }
    }

    func run() throws {
        TextMeasurer.prepareInBackground()
        try CommandErrors.report {
            let all = options.settings.variant == SceneFile.allVariants
            try SceneFile.forEachRun(of: options.scene, settings: frame.apply(to: options.settings)) { settings in
                let scene = try SceneFile.load(options.scene, settings: settings)
                try VideoRenderer.still(scene, at: at, to: SceneFile.output(URL(fileURLWithPath: output), variant: all ? settings.variant : nil),
                                        grid: grid ? GridOverlay(step: gridStep) : nil)
            }
        }
    }
}
