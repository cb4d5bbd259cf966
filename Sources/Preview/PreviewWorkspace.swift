import Foundation
import Pipeline
import Snapshots
import Stills

/// The folder a preview serves and the scene files in it. Nothing outside the folder is ever
/// read on a request's behalf: a scene is named by its path relative to the folder, looked up
/// in the list of scenes found in it (never joined onto a path), and every file served is
/// checked, after resolving symbolic links, to lie inside the folder.
public struct PreviewWorkspace: Sendable {
    /// The folder, with symbolic links resolved.
    public let root: URL
    /// The one scene given on the command line, or nil for every scene in `root`.
    public let single: String?

    /// The workspace of `path`: a scene file (its folder, showing only it) or a folder of scenes.
    public init(path: String) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PipelineError.missingFile(path)
        }
        if isDirectory.boolValue {
            root = Self.resolved(url)
            single = nil
        } else {
            guard SceneFile.extensions.contains(url.pathExtension.lowercased()) else {
                throw PreviewError.notAScene(path)
            }
            root = Self.resolved(url.deletingLastPathComponent())
            single = url.lastPathComponent
        }
    }

    /// The scenes to pick from, as paths relative to `root`, sorted; subfolders are searched
    /// (not hidden ones, `__snapshots__` or `output`), and links leading outside are left out.
    public func scenes() -> [String] {
        if let single { return contains(root.appendingPathComponent(single)) ? [single] : [] }
        var found: [String] = []
        walk(root, relative: "", depth: 0) { relative, url in
            if SceneFile.extensions.contains(url.pathExtension.lowercased()) { found.append(relative) }
        }
        return found.sorted()
    }

    /// The file of the scene named `relative`, if it is one of `scenes()`.
    public func sceneFile(_ relative: String) -> URL? {
        guard scenes().contains(relative) else { return nil }
        let url = root.appendingPathComponent(relative)
        return contains(url) ? url : nil
    }

    /// Whether `url`, with its links resolved, is inside `root`.
    public func contains(_ url: URL) -> Bool {
        let path = Self.resolved(url).path
        return path.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/")
    }

    /// The files scenes may use besides themselves: every file under `root` that is not a scene
    /// (images), skipping hidden files, `__snapshots__` and `output`; at most `limit`.
    func assetFiles(limit: Int = 2000) -> [URL] {
        var files: [URL] = []
        walk(root, relative: "", depth: 0) { _, url in
            if files.count < limit, !SceneFile.extensions.contains(url.pathExtension.lowercased()) { files.append(url) }
        }
        return files
    }

    /// Calls `visit` with each regular file under `folder` (links followed only while they stay inside `root`).
    private func walk(_ folder: URL, relative: String, depth: Int, _ visit: (String, URL) -> Void) {
        guard depth <= 4, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && name != SnapshotRunner.folderName && name != "output" {
            let url = folder.appendingPathComponent(name)
            let path = relative.isEmpty ? name : relative + "/" + name
            guard contains(url) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(url, relative: path, depth: depth + 1, visit)
            } else {
                visit(path, url)
            }
        }
    }

    /// `url` with every symbolic link in it resolved (`realpath`); as given when it does not exist.
    static func resolved(_ url: URL) -> URL {
        guard let pointer = realpath(url.path, nil) else { return url.standardizedFileURL }
        defer { free(pointer) }
        return URL(fileURLWithPath: String(cString: pointer))
    }
}
