import Foundation
import Raster
import Scene
import Staging

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
        do {
            return try prepared(try loadVariant(url, settings: settings), settings: settings)
        } catch let error as SceneError {
            // A scene that does not load is still read: what a command writes after it (a
            // report) must not replace it or what it names.
            protectInputs(file: url.path, reads: error.readFiles)
            throw error
        }
    }

    /// `scene`, decoded at `settings`' traits, with the rest of `settings` applied and checked.
    public static func prepared(_ scene: Scene, settings: RenderSettings) throws -> Scene {
        protectInputs(of: scene)
        let fonts = fontProblems(of: scene)
        if !fonts.isEmpty { throw SceneError(fonts) }
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

    /// The scene's font files FreeType cannot read (`FontFileCheck`), each at the `fonts` entry
    /// that names it: the loader checks their size and names, the text is drawn with Fontconfig.
    static func fontProblems(of scene: Scene) -> [Diagnostic] {
        scene.readFiles.filter { ["ttf", "otf"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }.compactMap { path in
            FontFileCheck.problem(at: path).map { problem in
                Diagnostic(location: scene.readFileLocations[path] ?? SourceLocation(file: scene.file, line: 1, column: 1),
                           message: "cannot use font \(path): \(problem)")
            }
        }
    }

    /// Records the scene file and every file it reads (`Scene.readFiles`: images, fonts) as
    /// files no output of this process may replace (`Destination`).
    public static func protectInputs(of scene: Scene) {
        protectInputs(file: scene.file, reads: scene.readFiles)
    }

    /// Records the scene file `file` and the files it reads, `reads`, as `protectInputs(of:)`.
    public static func protectInputs(file: String, reads: [String]) {
        Destination.protect(file, as: "the scene file")
        for path in reads {
            Destination.protect(path, as: path.lowercased().hasSuffix(".png") ? "an image the scene shows" : "a font the scene uses")
        }
    }

    /// The default output for a scene: `output/<scene name>.<ext>` in the working directory.
    public static func defaultOutput(for scene: Scene, extension ext: String) -> URL {
        URL(fileURLWithPath: "output").appendingPathComponent("\(scene.name).\(ext)")
    }
}
