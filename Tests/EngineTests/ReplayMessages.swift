import Engine
import Scene

/// The diagnostics replaying a scene gives, one line each ("t.yaml:9:5: error: …"), or none when
/// it loads and plays: what tests of the timeline's errors compare.
func replayMessages(_ text: String) -> [String] {
    do {
        _ = try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
        return []
    } catch let error as SceneError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["unexpected \(error)"]
    }
}
