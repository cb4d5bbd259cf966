import Foundation

/// What a batch video was rendered from, kept beside it (`.<name>.mp4.stamp`) so the next
/// batch can skip it while nothing changed.
///
/// The text names Segue's version, the render settings, a 64-bit FNV-1a hash and the size of
/// the scene file's bytes, and the path, size and content hash of every other file under the
/// batch folder (images; hidden files, `__snapshots__` and the output folder left out). A video is up to
/// date when it exists and its stamp equals the current text exactly.
struct BatchStamp: Equatable {
    let text: String

    /// The stamp `item` would get now; `assets` is `BatchStamp.assets(in:excluding:)` of its folder.
    init(item: BatchPlan.Item, settings: String, version: String, assets: [String]) throws {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: item.scene)
        } catch {
            throw PipelineError.missingFile(item.scene.path)
        }
        var lines = ["segue \(version)", "settings \(settings)",
                     "scene \(item.scene.lastPathComponent) \(bytes.count) \(Self.fnv1a(bytes))"]
        lines += assets
        text = lines.joined(separator: "\n") + "\n"
    }

    /// Where `item`'s stamp lives.
    static func location(of item: BatchPlan.Item) -> URL {
        item.output.deletingLastPathComponent().appendingPathComponent(".\(item.output.lastPathComponent).stamp")
    }

    /// Whether `item`'s video exists and was rendered from exactly this.
    func isCurrent(for item: BatchPlan.Item) -> Bool {
        guard FileManager.default.fileExists(atPath: item.output.path),
              let stored = try? String(contentsOf: Self.location(of: item), encoding: .utf8) else { return false }
        return stored == text
    }

    /// Records that `item`'s video was rendered from this (atomically).
    func write(for item: BatchPlan.Item) throws {
        try AtomicFile.write(text, to: Self.location(of: item))
    }

    /// One line per file under `folder` that is not a scene file: `asset <relative path> <bytes> <hash>`,
    /// sorted; hidden files and folders, `__snapshots__` and `excluded` (the output folder) are skipped.
    /// Contents are hashed, not dated, so a fresh checkout does not look changed and an edit that
    /// keeps the size and the second is still seen.
    static func assets(in folder: URL, excluding excluded: URL) -> [String] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let skipped = excluded.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(
            at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
            options: [.skipsHiddenFiles]) else { return [] }
        var lines: [String] = []
        for case let url as URL in walker {
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            if path == skipped || url.lastPathComponent == "__snapshots__" {
                walker.skipDescendants()
                continue
            }
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
                  values.isRegularFile == true,
                  !SceneFile.extensions.contains(url.pathExtension.lowercased()),
                  let bytes = try? Data(contentsOf: url) else { continue }
            let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
            lines.append("asset \(relative) \(bytes.count) \(fnv1a(bytes))")
        }
        return lines.sorted()
    }

    /// 64-bit FNV-1a of `bytes`, in hex.
    static func fnv1a(_ bytes: Data) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
