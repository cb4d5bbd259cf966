import Engine
import Scene

/// The diagnostics of loading and replaying scene `text` (as `t.yaml`), each as the CLI prints it;
/// empty when it loads and plays. For tests of located errors.
func sceneMessages(_ text: String) -> [String] {
    do {
        _ = try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
        return []
    } catch let error as SceneError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["unexpected \(error)"]
    }
}
