import Foundation
import Pipeline

/// The page's snapshot tab: a scene's goldens checked, and recorded, through `SnapshotRunner`
/// itself — the code `segue snapshot` and `segue snapshot --record` run — with the actual and
/// diff images of failures kept in a private folder rather than beside the scene.
final class SnapshotReview: Sendable {
    let workspace: PreviewWorkspace
    /// Where failures' actual and diff images go, one subfolder per scene.
    let artifacts: URL
    /// The settings goldens are rendered with (those of a plain `segue snapshot`).
    let settings: RenderSettings

    /// The last results per scene, by point name; images are served only from these.
    private let results = Locked([String: [String: SnapshotResult]]())

    init(workspace: PreviewWorkspace, artifacts: URL, settings: RenderSettings = RenderSettings()) {
        self.workspace = workspace
        self.artifacts = artifacts
        self.settings = settings
    }

    /// Compares every snapshot point of `scene` with its golden; the results as JSON.
    func verify(_ scene: String, file: URL) throws -> [[String: Any]] {
        let folder = artifacts.appendingPathComponent(String(scene.hashValue & 0xffffff, radix: 16))
        let summary = try SnapshotRunner.run([file.path], options: SnapshotOptions(mode: .verify, settings: settings, artifacts: folder))
        results.withLock { $0[scene] = Dictionary(summary.results.map { ($0.name, $0) }, uniquingKeysWith: { $1 }) }
        return summary.results.map { json($0, scene: scene) }
    }

    /// Records the frame of point `name` as its golden, as `segue snapshot --record` does.
    func record(_ scene: String, file: URL, point name: String) throws -> [[String: Any]] {
        let summary = try SnapshotRunner.run([file.path], options: SnapshotOptions(mode: .record, settings: settings, points: [name]))
        guard summary.results.contains(where: { $0.name == name }) else {
            throw ReviewError(description: "the scene has no snapshot point '\(name)'")
        }
        return summary.results.map { json($0, scene: scene) }
    }

    /// The golden, actual or diff image of a point from the last check, if it is inside the workspace or the artifacts folder.
    func image(_ kind: String, scene: String, point: String) -> Data? {
        guard let result = results.withLock({ $0[scene]?[point] }) else { return nil }
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
        let status: String
        switch result.status {
        case .passed: status = "passed"
        case .failed: status = "failed"
        case .missing: status = "missing"
        case .recorded: status = "recorded"
        case .unchanged: status = "unchanged"
        case .orphaned: status = "orphaned"
        case .removed: status = "removed"
        case .error: status = "error"
        }
        func exists(_ url: URL?) -> Bool { url.map { FileManager.default.fileExists(atPath: $0.path) } ?? false }
        return ["name": result.name, "status": status,
                "message": SnapshotRunner.describe(result, mode: .verify).first?.trimmingCharacters(in: .whitespaces) ?? "",
                "golden": exists(result.golden), "actual": exists(result.actual), "diff": exists(result.diff)]
    }

    struct ReviewError: Error, CustomStringConvertible {
        var description: String
    }
}
