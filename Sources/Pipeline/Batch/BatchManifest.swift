import Foundation
import Scene
import Stills

/// `segue batch --json`: what a batch rendered, skipped and failed, for CI to read.
public enum BatchManifest {
    /// The manifest as pretty-printed JSON with sorted keys.
    public static func json(plan: BatchPlan, summary: BatchSummary) -> String {
        let scenes: [[String: Any]] = summary.results.map { result in
            var entry: [String: Any] = ["scene": result.item.scene.path, "output": result.item.output.path]
            if let variant = result.item.variant { entry["variant"] = variant }
            switch result.outcome {
            case let .rendered(frames, seconds):
                entry["status"] = "rendered"
                entry["frames"] = frames
                entry["seconds"] = (seconds * 1000).rounded() / 1000
            case .upToDate:
                entry["status"] = "up-to-date"
            case .failed(let error):
                entry["status"] = "failed"
                if let error = error as? SceneError {
                    entry["errors"] = error.diagnostics.map { diagnostic -> [String: Any] in
                        ["file": diagnostic.location.file, "line": diagnostic.location.line,
                         "column": diagnostic.location.column, "message": diagnostic.message]
                    }
                } else {
                    entry["errors"] = [["message": "\(error)"]]
                }
            }
            return entry
        }
        let document: [String: Any] = [
            GeneratedFile.key: GeneratedFile.Kind.batchManifest.rawValue,
            "folder": plan.folder.path, "outputFolder": plan.outputFolder.path, "shard": "\(plan.shard)",
            "scenesInFolder": plan.sceneCount, "videosInFolder": plan.itemCount, "scenes": scenes,
            "summary": ["rendered": summary.rendered, "upToDate": summary.upToDate, "failed": summary.failed,
                        "frames": summary.frames, "seconds": (summary.seconds * 1000).rounded() / 1000],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
