import Foundation

/// What a batch video was rendered from, kept beside it (`.<name>.mp4.stamp`) so the next
/// batch can skip it while nothing changed.
///
/// The text names Segue's version, the render settings, a 64-bit FNV-1a hash and the size of
/// the scene file's bytes, and the path, size and content hash of every other file under the
/// batch folder (images; hidden files, `__snapshots__` and the output folder left out); files are
/// hashed 1 MB at a time, never read whole. Its last line describes the output as rendered
/// (`OutputCheck`). A video is up to date when its stamp equals the current text followed by
/// the output as it is now: an output that was truncated or damaged since is rendered again.
struct BatchStamp: Equatable {
    /// What the output is rendered from.
    let text: String

    /// The stamp `item` would get now; `assets` is `BatchStamp.assets(in:excluding:)` of its folder.
    init(item: BatchPlan.Item, settings: String, version: String, assets: [String]) throws {
        guard let digest = FileDigest.file(item.scene.path) else {
            throw PipelineError.missingFile(item.scene.path)
        }
        var lines = ["segue \(version)", "settings \(settings)",
                     "scene \(item.scene.lastPathComponent) \(digest.count) \(digest.hex)"]
        lines += assets
        text = lines.joined(separator: "\n") + "\n"
    }

    /// Where `item`'s stamp lives.
    static func location(of item: BatchPlan.Item) -> URL {
        item.output.deletingLastPathComponent().appendingPathComponent(".\(item.output.lastPathComponent).stamp")
    }

    /// Whether `item`'s video was rendered from exactly this and is, whole, still what was rendered.
    func isCurrent(for item: BatchPlan.Item) -> Bool {
        guard let stored = try? String(contentsOf: Self.location(of: item), encoding: .utf8), stored.hasPrefix(text),
              let output = OutputCheck.fingerprint(of: item.output) else { return false }
        return stored == text + output + "\n"
    }

    /// Records that `item`'s video, just rendered, was rendered from this (atomically); throws
    /// when the video does not pass `OutputCheck`.
    func write(for item: BatchPlan.Item) throws {
        guard let output = OutputCheck.fingerprint(of: item.output) else {
            throw PipelineError.damagedOutput(item.output.path)
        }
        try AtomicFile.write(text + output + "\n", to: Self.location(of: item))
    }

    /// One line per file under `folder` that is not a scene file: `asset <relative path> <bytes> <hash>`,
    /// sorted; hidden files and folders, `__snapshots__` and `excluded` (the output folder) are skipped.
    /// Contents are hashed, not dated, so a fresh checkout does not look changed and an edit that
    /// keeps the size and the second is still seen.
    static func assets(in folder: URL, excluding excluded: URL) -> [String] {
        var lines: [String] = []
        for file in SceneFolder.walk(folder, excluding: excluded).files
        where !SceneFile.extensions.contains(file.url.pathExtension.lowercased()) {
            guard let digest = FileDigest.file(file.url.path) else { continue }
            lines.append("asset \(file.relative) \(digest.count) \(digest.hex)")
        }
        return lines.sorted()
    }
}
