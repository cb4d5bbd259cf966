import Scene

/// The transition styles a scene can name: the built-in ones, then the scene's own (`styles:`).
struct StyleRegistry: Sendable {
    /// Every built-in style, in the order the docs list them. A new built-in style is one file in
    /// `Engine/Styles/` and one line here.
    static let builtIn: [any TransitionStyleDefinition] = [
        SlideUpModal(), ParallaxBackSwipe(), CoverFromLeft(), SideDrawer(), ZoomFromCell(), ScaleFadeModal(),
        SystemPush(), PageSheet(), FormSheet(), FullScreenCover(), CrossDissolve(), Zoom(),
    ]

    let styles: [any TransitionStyleDefinition]

    /// The built-in styles and `scene`'s own; a scene's style may not reuse a built-in name
    /// (`problems(scene:)` reports it).
    init(scene: Scene) {
        let builtInNames = Set(Self.builtIn.map(\.name))
        styles = Self.builtIn + scene.styles.filter { !builtInNames.contains($0.name) }.map { CustomStyle(spec: $0, scene: scene) }
    }

    /// A scene style named like a built-in one, at its line.
    static func problems(scene: Scene) -> [Diagnostic] {
        let names = builtIn.map(\.name)
        return scene.styles.filter { names.contains($0.name) }.map {
            Diagnostic(location: $0.location, message:
                "the style '\($0.name)' is built in; give the scene's own style another name (built-in styles: \(names.joined(separator: ", ")))")
        }
    }

    func style(named name: String) -> (any TransitionStyleDefinition)? {
        styles.first { $0.name == name }
    }

    var names: [String] { styles.map(\.name) }
}

/// The built-in transition styles, for the CLI: the JSON Schema and the docs' settings tables.
public enum BuiltInStyles {
    /// Each built-in style's name and settings, as the JSON Schema describes them.
    public static var schema: [SceneSchema.Style] {
        StyleRegistry.builtIn.map { SceneSchema.Style(name: $0.name, settings: $0.settings) }
    }

    /// The JSON Schema of scene files, with the built-in styles' settings.
    public static var sceneSchema: String { SceneSchema.json(styles: schema) }
}

extension BuiltInStyles {
    /// The settings tables of docs/scene-format.md, one per built-in style, made from the
    /// descriptors (`segue schema --settings-tables` prints them; a test keeps the docs equal).
    public static var settingsTables: String {
        var out = ""
        for style in StyleRegistry.builtIn {
            let verbs = style.presentations.map { $0 == .navigation ? "`push` / `pop`" : "`present` / `dismiss`" }
            out += "#### `\(style.name)`\n\n\(style.summary.prefix(1).uppercased() + style.summary.dropFirst()). "
            out += "Brought in with \(verbs.joined(separator: " or ")).\n\n"
            out += "| key | default | meaning | UIKit / tutorial counterpart |\n|---|---|---|---|\n"
            for setting in style.settings {
                let value = setting.defaultText ?? setting.defaultValue.map { "`\($0.text)`" } ?? "none"
                out += "| `\(setting.key)` | \(value) | \(setting.doc) | \(setting.uikit) |\n"
            }
            out += "\n"
        }
        return out
    }
}

extension BuiltInStyles {
    /// The table of docs/scene-format.md saying how each built-in style brings its screen in:
    /// the styles grouped by their presentations, in registry order (`segue schema
    /// --presentation-table` prints it; a test keeps the docs equal).
    public static var presentationTable: String {
        var groups: [(presentations: [Presentation], names: [String])] = []
        for style in StyleRegistry.builtIn {
            if let index = groups.firstIndex(where: { $0.presentations == style.presentations }) {
                groups[index].names.append(style.name)
            } else {
                groups.append((style.presentations, [style.name]))
            }
        }
        var out = "| style | `push` / `pop` (navigation) | `present` / `dismiss` (modal) |\n|---|---|---|\n"
        for group in groups {
            let names = group.names.map { "`\($0)`" }.joined(separator: ", ")
            out += "| \(names) | \(group.presentations.contains(.navigation) ? "yes" : "—") | \(group.presentations.contains(.modal) ? "yes" : "—") |\n"
        }
        return out
    }
}
