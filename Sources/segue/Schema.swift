import ArgumentParser
import Engine
import Scene

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of scene files (also in docs/scene.schema.json), for editors to validate and complete them.")

    @Flag(help: .hidden)
    var settingsTables = false

    @Flag(help: .hidden)
    var keyTables = false

    @Flag(help: .hidden)
    var presentationTable = false

    @Flag(help: .hidden)
    var iconNames = false

    func run() throws {
        let text = settingsTables ? BuiltInStyles.settingsTables : keyTables ? SceneVocabulary.keyTables
            : presentationTable ? BuiltInStyles.presentationTable : iconNames ? IconCatalog.documentedNames : BuiltInStyles.sceneSchema
        print(text, terminator: "")
    }
}
