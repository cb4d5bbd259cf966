import Foundation

/// The scenes of a folder that one machine renders: every scene file in the folder and below,
/// sorted by relative path, then this shard's share of them.
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
    public init(folder: URL, outputFolder: URL, shard: Shard = .all, format: OutputFormat = .mp4) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PipelineError.missingFile(folder.path)
        }
        let scenes = SceneFolder.sceneFiles(under: folder, excluding: outputFolder)
        var seen: [String: String] = [:]
        var items: [Item] = []
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
            items.append(Item(scene: scene, output: output))
        }
        self.folder = folder
        self.outputFolder = outputFolder
        self.shard = shard
        self.sceneCount = items.count
        self.items = items.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
    }
}

/// One of `count` deterministic parts of a batch (`--shard 2/4`): scene k of the sorted list
/// belongs to shard `k % count + 1`, so every machine that sees the same folder agrees, and
/// the shards together hold every scene exactly once.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// The whole batch.
    public static let all = Shard(uncheckedIndex: 1, count: 1)

    /// `i/n` with 1 <= i <= n; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    private init(uncheckedIndex: Int, count: Int) {
        self.index = uncheckedIndex
        self.count = count
    }

    /// Whether the scene at `position` (0-based, in file-name order) is in this shard.
    public func contains(position: Int) -> Bool {
        position % count == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}
