import Foundation

/// The one walk of a folder of scenes, shared by `segue batch` and `segue snapshot`: every scene
/// file in the folder and its subfolders, hidden files and folders, `__snapshots__` folders (the
/// goldens) and an excluded folder (a batch's output) left out.
public enum SceneFolder {
    /// The folder beside scenes that holds their goldens; never walked into.
    public static let goldensFolderName = "__snapshots__"

    /// What a walk found.
    public struct Listing: Sendable {
        /// Every regular file with its path relative to the folder (absolute for a link that
        /// resolves outside it), in the order the walk met them.
        public var files: [(relative: String, url: URL)]
        /// Folders (relative paths, "" for the folder itself) that hold a `__snapshots__` folder.
        public var goldenHolders: [String]
    }

    /// Relative paths of the scene files (`SceneFile.extensions`) under `folder`, sorted by their
    /// UTF-8 bytes; the JSON files Segue wrote there (reports, manifests: `GeneratedFile`) are not scenes.
    public static func sceneFiles(under folder: URL, excluding excluded: URL? = nil) -> [String] {
        walk(folder, excluding: excluded).files
            .filter { !$0.relative.hasPrefix("/") && SceneFile.extensions.contains(($0.relative as NSString).pathExtension.lowercased()) }
            .filter { !GeneratedFile.isGenerated($0.url) }
            .map(\.relative)
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Walks `folder`: every regular file, and where golden folders are.
    public static func walk(_ folder: URL, excluding excluded: URL? = nil) -> Listing {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let skipped = excluded?.standardizedFileURL.resolvingSymlinksInPath().path
        var listing = Listing(files: [], goldenHolders: [])
        guard let walker = FileManager.default.enumerator(
            at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey],
            options: [.skipsHiddenFiles]) else { return listing }
        func relative(_ path: String) -> String {
            path == root ? "" : path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }
        for case let url as URL in walker {
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if values?.isDirectory == true {
                if url.lastPathComponent == goldensFolderName {
                    listing.goldenHolders.append(relative((path as NSString).deletingLastPathComponent))
                    walker.skipDescendants()
                } else if path == skipped {
                    walker.skipDescendants()
                }
                continue
            }
            guard values?.isRegularFile == true else { continue }
            listing.files.append((relative(path), url))
        }
        return listing
    }
}
