import Foundation
import Stills

/// The scenes of a folder that one machine renders: every scene file in the folder and below,
/// sorted by relative path, then this shard's share of them (`Shard`, by estimated cost).
public struct BatchPlan: Sendable {
    /// One scene and where its video goes.
    public struct Item: Sendable, Hashable {
        public let scene: URL
        public let output: URL
        /// The scene's name: its file name without the extension.
        public var name: String { scene.deletingPathExtension().lastPathComponent }
    }

    public let folder: URL
    public let outputFolder: URL
    public let shard: Shard
    /// This shard's scenes, in file-name order.
    public let items: [Item]
    /// Scene files in the folder before sharding.
    public let sceneCount: Int

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
    public init(folder: URL, outputFolder: URL, shard: Shard = .all, format: OutputFormat = .mp4,
                settings: RenderSettings = RenderSettings(), estimate: ((Item) -> Double)? = nil) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PipelineError.missingFile(folder.path)
        }
        let scenes = SceneFolder.sceneFiles(under: folder, excluding: outputFolder)
        var seen: [String: String] = [:]
        var items: [(item: Item, relative: String)] = []
        for relative in scenes {
            let scene = folder.appendingPathComponent(relative)
            let name = scene.deletingPathExtension().lastPathComponent
            // Scenes in subfolders render into the same subfolders of the output folder.
            let subfolder = (relative as NSString).deletingLastPathComponent
            let destination = subfolder.isEmpty ? outputFolder : outputFolder.appendingPathComponent(subfolder)
            let output = format.output(named: name, in: destination)
            let key = (subfolder as NSString).appendingPathComponent(name)
            if let other = seen[key] {
                throw PipelineError.duplicateOutput(name: output.lastPathComponent, first: other, second: relative)
            }
            seen[key] = relative
            items.append((Item(scene: scene, output: output), relative))
        }
        self.folder = folder
        self.outputFolder = outputFolder
        self.shard = shard
        self.sceneCount = items.count
        let cost = estimate ?? { SceneCost.estimate($0.scene, settings: settings, work: .video) }
        self.items = shard.select(items, key: \.relative, cost: { cost($0.item) }).map(\.item)
    }
}
