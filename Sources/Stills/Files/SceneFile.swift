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
        return try prepared(try loadVariant(url, settings: settings), settings: settings)
    }

    /// `scene`, decoded at `settings`' traits, with the rest of `settings` applied and checked.
    public static func prepared(_ scene: Scene, settings: RenderSettings) throws -> Scene {
        let scene = settings.apply(to: scene)
        // A command line's --fps and --scale may take a scene that loaded past the limits.
        let problems = Limits.check(scene)
        if !problems.isEmpty { throw SceneError(problems) }
        return scene
    }

    /// The scene at `url` at `settings`' traits, or as the variant it names plays it (the
    /// command line's traits over the variant's), named `<name>@<variant>`.
    private static func loadVariant(_ url: URL, settings: RenderSettings) throws -> Scene {
        let scene = try SceneLoader.load(contentsOf: url, traits: settings.traits)
        guard let name = settings.variant else { return scene }
        guard let variant = scene.variants.first(where: { $0.name == name }) else {
            throw PipelineError.unknownVariant(name, scene: url.path, variants: scene.variants.map(\.name))
        }
        let given = settings.traits, own = variant.traits
        let traits = SceneTraits(appearance: given.appearance ?? own.appearance,
                                 layoutDirection: given.layoutDirection ?? own.layoutDirection,
                                 contentSize: given.contentSize ?? own.contentSize, motion: given.motion ?? own.motion,
                                 device: given.device ?? own.device, design: given.design ?? own.design,
                                 transparency: given.transparency ?? own.transparency)
        do {
            var played = try SceneLoader.load(contentsOf: url, traits: traits)
            played.name += "@" + name
            return played
        } catch let error as SceneError {
            // What a variant cannot play is the variant's problem: each message names it.
            throw error.inVariant(name)
        }
    }

    /// The default output for a scene: `output/<scene name>.<ext>` in the working directory.
    public static func defaultOutput(for scene: Scene, extension ext: String) -> URL {
        URL(fileURLWithPath: "output").appendingPathComponent("\(scene.name).\(ext)")
    }
}
