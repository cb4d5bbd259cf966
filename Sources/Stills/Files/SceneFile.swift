import Foundation
import Scene

/// Loading scene files for the commands.
public enum SceneFile {
    /// Scene file extensions Segue reads.
    public static let extensions = ["yaml", "yml", "json"]

    /// Loads the scene at `path` at `settings`' traits, validates it and applies the rest of `settings`.
    public static func load(_ path: String, settings: RenderSettings = RenderSettings()) throws -> Scene {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PipelineError.missingFile(path)
        }
        let scene = settings.apply(to: try SceneLoader.load(contentsOf: url, traits: settings.traits))
        // A command line's --fps and --scale may take a scene that loaded past the limits.
        let problems = Limits.check(scene)
        if !problems.isEmpty { throw SceneError(problems) }
        return scene
    }

    /// The default output for a scene: `output/<scene name>.<ext>` in the working directory.
    public static func defaultOutput(for scene: Scene, extension ext: String) -> URL {
        URL(fileURLWithPath: "output").appendingPathComponent("\(scene.name).\(ext)")
    }
}
