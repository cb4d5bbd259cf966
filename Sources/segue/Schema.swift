import ArgumentParser
import Engine

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of scene files (also in docs/scene.schema.json), for editors to validate and complete them.")

    @Flag(help: .hidden)
    var settingsTables = false

    func run() throws {
        print(settingsTables ? BuiltInStyles.settingsTables : BuiltInStyles.sceneSchema, terminator: "")
    }
}
