import Foundation
import Stills
import Scene

/// The settings a scene's goldens were recorded with, kept beside them in
/// `__snapshots__/<scene>/.segue-snapshot.json` (`{"scale": 1}`), so a later run renders at the
/// same size without repeating `--scale`.
///
/// Only what the command line set is kept (`scale`, `fps`, `touches`); what it left alone stays
/// the scene's own. Recording writes it (only when it changes); verifying reads it.
public enum SnapshotSettingsFile {
    public static let name = ".segue-snapshot.json"

    /// The recorded settings in `goldens`; nil when there is no file.
    public static func read(in goldens: URL) throws -> RenderSettings? {
        let url = goldens.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: url))
        guard let fields = object as? [String: Any] else {
            throw PipelineError.refusedPath(url.path, reason: "expected a JSON object like {\"scale\": 1}")
        }
        let unknown = Set(fields.keys).subtracting(["scale", "fps", "touches"])
        guard unknown.isEmpty else {
            throw PipelineError.refusedPath(url.path, reason: "unknown keys \(unknown.sorted().joined(separator: ", ")); expected scale, fps, touches")
        }
        return RenderSettings(fps: (fields["fps"] as? NSNumber)?.intValue, scale: (fields["scale"] as? NSNumber)?.doubleValue,
                              showsTouches: (fields["touches"] as? NSNumber)?.boolValue)
    }

    /// The file's text for `settings`: sorted keys, one line.
    public static func text(_ settings: RenderSettings) -> String {
        var parts: [String] = []
        if let fps = settings.fps { parts.append("\"fps\": \(fps)") }
        if let scale = settings.scale { parts.append("\"scale\": \(SnapshotSpec.format(scale))") }
        if let touches = settings.showsTouches { parts.append("\"touches\": \(touches)") }
        return "{" + parts.joined(separator: ", ") + "}\n"
    }

    /// `explicit` over `recorded`: each value the command line gives wins.
    static func merge(_ explicit: RenderSettings, over recorded: RenderSettings?) -> RenderSettings {
        RenderSettings(fps: explicit.fps ?? recorded?.fps, scale: explicit.scale ?? recorded?.scale,
                       showsTouches: explicit.showsTouches ?? recorded?.showsTouches)
    }

    /// What the command line sets that a scene rendered with the recorded settings does not have,
    /// as `--scale 2 (recorded: 1)`; empty when they agree.
    static func conflicts(_ explicit: RenderSettings, with scene: Scene) -> [String] {
        var conflicts: [String] = []
        if let scale = explicit.scale, abs(scale - scene.device.scale) > 1e-9 {
            conflicts.append("--scale \(SnapshotSpec.format(scale)) (recorded: \(SnapshotSpec.format(scene.device.scale)))")
        }
        if let fps = explicit.fps, fps != scene.fps { conflicts.append("--fps \(fps) (recorded: \(scene.fps))") }
        if let touches = explicit.showsTouches, touches != scene.showsTouches {
            conflicts.append("--\(touches ? "" : "no-")touches (recorded: \(scene.showsTouches ? "touches" : "no touches"))")
        }
        return conflicts
    }
}
