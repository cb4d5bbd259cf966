import Scene
import XCTest

/// The diagnostics of a scene that `load` must reject, each as `file:line:column: error: …`;
/// fails the test when it loads, or throws something else.
func rejection(_ load: () throws -> Scene, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    do {
        _ = try load()
        XCTFail("expected the scene to be rejected", file: file, line: line)
        return []
    } catch let error as SceneError {
        return error.diagnostics.map(\.description)
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return []
    }
}

/// The diagnostics of scene `text` (named scene.yaml) as `file:line:column: error: …`; none when
/// it loads.
func sceneProblems(_ text: String) -> [String] {
    do {
        _ = try SceneLoader.load(text: text, file: "scene.yaml", name: "scene")
        return []
    } catch let error as SceneError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["unexpected \(error)"]
    }
}
