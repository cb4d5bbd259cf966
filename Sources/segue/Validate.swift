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

    func run() throws {
        var failed = 0
        for path in scenes {
            do {
                let scene = try SceneFile.load(path)
                _ = try Timeline(scene: scene)
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
