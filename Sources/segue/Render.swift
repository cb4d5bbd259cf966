import ArgumentParser
import Foundation
import Pipeline

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to an H.264 MP4.",
        discussion: "The video is written to a temporary file and moved into place only when complete.")

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: "The MP4 to write (default: output/<scene name>.mp4).")
    var output: String?

    func run() throws {
        try CommandErrors.report {
            let scene = try SceneFile.load(options.scene, settings: options.settings)
            let destination = output.map { URL(fileURLWithPath: $0) } ?? SceneFile.defaultOutput(for: scene, extension: "mp4")
            let progress = ProgressLine(label: "Rendering \(scene.name)")
            try VideoRenderer.render(scene, to: destination) { done, total in progress.update(done, total) }
            progress.finish("Wrote \(destination.path)")
        }
    }
}
