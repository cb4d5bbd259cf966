import Foundation
import Pipeline
import Snapshots
import Stills
import Workers

/// The page's snapshot tab: a scene's goldens checked, and recorded, through `SnapshotRunner`
/// itself — the code `segue snapshot` and `segue snapshot --record` run — with the actual and
/// diff images of failures kept in a private folder rather than beside the scene.
final class SnapshotReview: Sendable {
    let workspace: PreviewWorkspace
    /// Where failures' actual and diff images go, one subfolder per scene.
    let artifacts: URL
    /// The scale goldens are rendered at; nil: the scale the scene's existing goldens were
    /// recorded at (read from their width), else the device's own, as a plain `segue snapshot`.
    let scale: Double?

    /// The last results per scene, by point name; images are served only from these.
    private let results = LockedValueBox([String: [String: SnapshotResult]]())

    init(workspace: PreviewWorkspace, artifacts: URL, scale: Double? = nil) {
        self.workspace = workspace
        self.artifacts = artifacts
        self.scale = scale
    }

    /// Compares every snapshot point of `scene` (`width` points wide) with its golden; the results as JSON.
    func verify(_ scene: String, file: URL, width: Double?) throws -> [[String: Any]] {
        let folder = artifacts.appendingPathComponent(scene.replacingOccurrences(of: "/", with: "__"))
        let options = SnapshotOptions(mode: .never, settings: settings(file, width: width), artifacts: folder)
        let summary = try SnapshotRunner.run([file.path], options: options)
        results.withLockedValue { $0[scene] = Dictionary(summary.results.map { ($0.name, $0) }, uniquingKeysWith: { $1 }) }
        return summary.results.map { json($0, scene: scene) }
    }

    /// Records the frame of point `name` as its golden, as `segue snapshot --record` does.
    func record(_ scene: String, file: URL, width: Double?, point name: String) throws -> [[String: Any]] {
        let options = SnapshotOptions(mode: .all, settings: settings(file, width: width), points: [name])
        let summary = try SnapshotRunner.run([file.path], options: options)
        guard summary.results.contains(where: { $0.name == name }) else {
            throw ReviewError(description: "the scene has no snapshot point '\(name)'")
        }
        return summary.results.map { json($0, scene: scene) }
    }

    /// The settings of a check of `file`: the review's scale, or the one its goldens show.
    private func settings(_ file: URL, width: Double?) -> RenderSettings {
        if let scale { return RenderSettings(scale: scale) }
        let goldens = file.deletingLastPathComponent().appendingPathComponent(SnapshotRunner.folderName)
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
        guard let width, width > 0, let golden = SnapshotRunner.pngs(in: goldens).first,
              let handle = try? FileHandle(forReadingFrom: golden) else { return RenderSettings() }
        defer { try? handle.close() }
        // A PNG's width is the big-endian word at byte 16, in its IHDR chunk.
        guard let header = try? handle.read(upToCount: 24), header.count == 24 else { return RenderSettings() }
        let pixels = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let scale = (Double(pixels) / width * 4).rounded() / 4
        return scale > 0 ? RenderSettings(scale: scale) : RenderSettings()
    }

    /// The golden, actual or diff image of a point from the last check, if it is inside the workspace or the artifacts folder.
    func image(_ kind: String, scene: String, point: String) -> Data? {
        guard let result = results.withLockedValue({ $0[scene]?[point] }) else { return nil }
        let url: URL?
        switch kind {
        case "golden": url = result.golden
        case "actual": url = result.actual
        case "diff": url = result.diff
        default: url = nil
        }
        guard let url else { return nil }
        let resolved = PreviewWorkspace.resolved(url).path
        let artifactsRoot = PreviewWorkspace.resolved(artifacts).path + "/"
        guard workspace.contains(url) || resolved.hasPrefix(artifactsRoot) else { return nil }
        return try? Data(contentsOf: URL(fileURLWithPath: resolved))
    }

    private func json(_ result: SnapshotResult, scene: String) -> [String: Any] {
        // Images only: a motion golden is text, told in its message.
        func exists(_ url: URL?) -> Bool { url.map { $0.pathExtension == "png" && FileManager.default.fileExists(atPath: $0.path) } ?? false }
        return ["name": result.name, "status": SnapshotReports.status(result),
                "message": SnapshotRunner.describe(result, mode: .never).first?.trimmingCharacters(in: .whitespaces) ?? "",
                "golden": exists(result.golden), "actual": exists(result.actual), "diff": exists(result.diff)]
    }

    struct ReviewError: Error, CustomStringConvertible {
        var description: String
    }
}
