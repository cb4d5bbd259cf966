import ArgumentParser
import Scene

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of scene files (also in docs/scene.schema.json), for editors to validate and complete them.")

    func run() throws {
        print(SceneSchema.json, terminator: "")
    }
}
