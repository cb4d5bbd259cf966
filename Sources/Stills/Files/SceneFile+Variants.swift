import Foundation
import Scene

/// `--variant all`: a scene played once per variant it declares.
extension SceneFile {
    /// The name `--variant` takes for every variant a scene declares.
    public static let allVariants = "all"

    /// The settings to play the scene at `path` with, one per run: for `--variant all`, one per
    /// variant the scene declares, in its order, each naming its variant; else `settings` alone.
    /// Throws where `--variant all` meets a scene that declares no variants.
    public static func runs(of path: String, settings: RenderSettings) throws -> [RenderSettings] {
        guard settings.variant == allVariants else { return [settings] }
        let names = try variantNames(of: path, settings: settings)
        guard !names.isEmpty else { throw PipelineError.unknownVariant(allVariants, scene: path, variants: []) }
        return names.map { name in
            var run = settings
            run.variant = name
            return run
        }
    }

    /// The names of the variants the scene at `path` declares, in its order (none: empty), read
    /// from the scene as written at `settings`' traits (its `variant` is not looked at).
    public static func variantNames(of path: String, settings: RenderSettings) throws -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { throw PipelineError.missingFile(path) }
        return try SceneLoader.load(contentsOf: URL(fileURLWithPath: path), traits: settings.traits).variants.map(\.name)
    }

    /// Runs `body` with each of `runs(of:settings:)`; a problem in one variant's run names the
    /// variant: a scene error's diagnostics keep their file, line and column and add "(variant
    /// 'NAME')", any other error says it before its own words.
    public static func forEachRun(of path: String, settings: RenderSettings, _ body: (RenderSettings) throws -> Void) throws {
        let runs = try runs(of: path, settings: settings)
        for run in runs {
            do {
                try body(run)
            } catch let error as SceneError where settings.variant != nil {
                throw error.inVariant(run.variant ?? "")
            } catch let error as PipelineError where settings.variant == allVariants {
                throw PipelineError.inVariant(run.variant ?? "", underlying: "\(error)")
            }
        }
    }

    /// `output` for the variant `variant`: `@<variant>` before its extension (`clip.mp4` →
    /// `clip@dark-large.mp4`, the folder `frames` → `frames@dark-large`), as a variant's scene is
    /// named; `output` itself without a variant.
    public static func output(_ output: URL, variant: String?) -> URL {
        guard let variant else { return output }
        let ext = output.pathExtension
        let stem = output.deletingPathExtension().lastPathComponent + "@" + variant
        let named = output.deletingLastPathComponent().appendingPathComponent(stem)
        return ext.isEmpty ? named : named.appendingPathExtension(ext)
    }
}

extension SceneError {
    /// The same problems, each saying it is `variant`'s (once: a problem that says so already is left as it is).
    public func inVariant(_ variant: String) -> SceneError {
        let mark = " (variant '\(variant)')"
        var error = SceneError(diagnostics.map {
            $0.message.hasSuffix(mark) ? $0 : Diagnostic(location: $0.location, message: $0.message + mark)
        })
        error.readFiles = readFiles
        return error
    }
}
