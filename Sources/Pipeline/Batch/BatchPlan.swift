import Foundation
import Stills

/// The scenes of a folder that one machine renders: every scene file in the folder and below,
/// sorted by relative path — with `--variant all`, each variant of a scene that declares them, in
/// its order — then this shard's share of them (`Shard`, by estimated cost).
public struct BatchPlan: Sendable {
    /// One scene, the variant it plays, and where its video goes.
    public struct Item: Sendable, Hashable {
        public let scene: URL
        public let output: URL
        /// The variant the scene plays (its video named `<scene>@<variant>`, as `segue render`
        /// names it); nil: as written.
        public var variant: String? = nil
        /// The scene's name: its file name without the extension.
        public var name: String { scene.deletingPathExtension().lastPathComponent }

        /// `settings` (the batch's) playing this item's variant.
        public func settings(_ settings: RenderSettings) -> RenderSettings {
            var settings = settings
            settings.variant = variant
            return settings
        }
    }

    public let folder: URL
    public let outputFolder: URL
    public let shard: Shard
    /// This shard's scenes (with `--variant all`, each variant of one), in file-name order.
    public let items: [Item]
    /// Scene files in the folder before sharding.
    public let sceneCount: Int
    /// Videos of every shard before sharding: one per scene file, or with `--variant all` one per
    /// variant of each scene that declares variants.
    public let itemCount: Int

    /// Lists the scene files (`SceneFile.extensions`) in `folder` and its subfolders with the walk
    /// `segue snapshot` uses too (`SceneFolder`); hidden files and folders, `__snapshots__` folders
    /// and the output folder are skipped.
    ///
    /// Throws when the folder cannot be read or two scenes would write the same video
    /// (`a.yaml` and `a.json`).
    /// `settings` are the command line's overrides, which change a scene's estimated cost (its
    /// frames at `--fps`, its pixels at `--scale`) the same way on every machine. `estimate`
    /// gives a scene's cost when sharding; nil: `SceneCost.estimate` in this process
    /// (`segue batch` estimates in worker processes: `BatchRenderer.planning`).
    ///
    /// `settings.variant` names the variant every scene plays, or, as `SceneFile.allVariants`,
    /// asks for one video per variant of each scene that declares variants and the scene as
    /// written for one that declares none; `variants` lists a scene's (nil: `SceneFile.variantNames`
    /// in this process; a scene that does not load is played as written, and fails as it does).
    public init(folder: URL, outputFolder: URL, shard: Shard = .all, format: OutputFormat = .mp4,
                settings: RenderSettings = RenderSettings(), estimate: ((Item) -> Double)? = nil,
                variants: ((URL) -> [String])? = nil) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PipelineError.missingFile(folder.path)
        }
        let scenes = SceneFolder.sceneFiles(under: folder, excluding: outputFolder)
        var seen: [String: String] = [:]
        var items: [(item: Item, relative: String)] = []
        let listVariants = variants ?? { (try? SceneFile.variantNames(of: $0.path, settings: settings)) ?? [] }
        for relative in scenes {
            let scene = folder.appendingPathComponent(relative)
            let name = scene.deletingPathExtension().lastPathComponent
            // Scenes in subfolders render into the same subfolders of the output folder.
            let subfolder = (relative as NSString).deletingLastPathComponent
            let destination = subfolder.isEmpty ? outputFolder : outputFolder.appendingPathComponent(subfolder)
            let played: [String?] = switch settings.variant {
            case SceneFile.allVariants?: listVariants(scene).map { $0 }
            case let variant: [variant]
            }
            for variant in played.isEmpty ? [nil] : played {
                let stem = variant.map { "\(name)@\($0)" } ?? name
                let output = format.output(named: stem, in: destination)
                let key = (subfolder as NSString).appendingPathComponent(stem)
                let source = variant.map { "\(relative) (variant '\($0)')" } ?? relative
                if let other = seen[key] {
                    throw PipelineError.duplicateOutput(name: output.lastPathComponent, first: other, second: source)
                }
                seen[key] = source
                items.append((Item(scene: scene, output: output, variant: variant), variant.map { "\(relative)@\($0)" } ?? relative))
            }
        }
        self.folder = folder
        self.outputFolder = outputFolder
        self.shard = shard
        self.sceneCount = scenes.count
        self.itemCount = items.count
        let cost = estimate ?? { SceneCost.estimate($0.scene, settings: $0.settings(settings), work: .video) }
        self.items = shard.select(items, key: \.relative, cost: { cost($0.item) }).map(\.item)
    }
}
