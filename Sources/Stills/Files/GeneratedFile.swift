import Foundation
import Scene

/// The JSON files Segue writes — a snapshot report (`segue snapshot --json`), a batch manifest
/// (`segue batch --json`) — told apart from scene files, so that a run whose report or manifest
/// was written into the folder it walks does not read it back as a scene the next time.
public enum GeneratedFile {
    /// The key each JSON file Segue writes starts with (sorted keys put `$` first), naming what it is.
    public static let key = "$segue"

    public enum Kind: String, Sendable {
        case snapshotReport = "snapshot-report"
        case batchManifest = "batch-manifest"
    }

    /// Whether `url` is a JSON file Segue wrote: it names itself in its first bytes, or (written
    /// before files named themselves) it is an object without `screens` holding a report's
    /// `results`, `mode` and `shard` or a manifest's `outputFolder` and `scenesInFolder`.
    public static func isGenerated(_ url: URL) -> Bool {
        // Opened only once it is known to be a regular file: opening a pipe would block.
        guard url.pathExtension.lowercased() == "json", RegularFile.problem(at: url.path, limit: .max) == nil,
              let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 256) else { return false }
        if String(decoding: start, as: UTF8.self).contains("\"\(key)\"") { return true }
        // A file over the scene size limit is refused as a scene anyway; the shape is read of smaller ones only.
        guard RegularFile.problem(at: url.path, limit: Limits.sceneBytes) == nil, let data = try? Data(contentsOf: url),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], object["screens"] == nil else { return false }
        let has = { (keys: [String]) in keys.allSatisfy { object[$0] != nil } }
        return has(["results", "mode", "shard"]) || has(["outputFolder", "scenesInFolder"])
    }
}
