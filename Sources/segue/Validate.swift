import ArgumentParser
import Engine
import Foundation
import Pipeline
import Scene
import Stills

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files without rendering; report every problem as file:line:column.")

    @Argument(help: "Scene files to check.")
    var scenes: [String]

    /// The traits or variant to check them at (`--design liquidGlass`, `--variant all`: each
    /// variant a scene declares); as written without.
    @OptionGroup var variant: VariantOptions

    func run() throws {
        var failed = 0
        let settings = variant.apply(to: RenderSettings())
        for path in scenes {
            do {
                try SceneFile.forEachRun(of: path, settings: settings) { run in
                    _ = try Timeline(scene: try SceneFile.load(path, settings: run))
                }
                CommandErrors.printOut("\(path): ok")
            } catch {
                failed += 1
                CommandErrors.printError(error)
            }
        }
        if failed > 0 {
            CommandErrors.printLine("\(failed) of \(scenes.count) scene files have problems")
            throw ExitCode.failure
        }
    }
}
