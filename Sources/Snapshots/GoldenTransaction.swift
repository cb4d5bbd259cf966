import Foundation
import Stills
import Staging

/// One scene's recording as one change: its goldens and recorded settings are written into a
/// staged copy of `__snapshots__/<scene>/` (a hidden folder beside it, made at the first write,
/// the existing files hard-linked in), which `commit()` puts in place with one folder swap
/// (`StagedPath`, in `InFlight.critical`, so SIGINT and SIGTERM wait for it). Interrupted before
/// the swap, the staged copy is removed and the scene's goldens are the old ones, settings
/// included; after it, the new ones. A later check never sees some goldens at new settings and
/// the settings file at old ones.
final class GoldenTransaction {
    /// The scene's golden folder, where the goldens are read and, after `commit()`, found.
    let goldens: URL
    private var staged: StagedPath?
    private var changed = false

    /// Whether a golden was written or removed.
    var hasChanges: Bool { changed }

    init(goldens: URL) {
        self.goldens = goldens
    }

    /// Where to write `name` in the staged copy, made (with what the golden folder holds) on first use.
    func destination(of name: String) throws -> URL {
        try folder().appendingPathComponent(name)
    }

    /// The staged folder, a copy of the goldens' folder.
    private func folder() throws -> URL {
        if let staged { return staged.temporary }
        try FileManager.default.createDirectory(at: goldens.deletingLastPathComponent(), withIntermediateDirectories: true)
        let made = try StagedPath(destination: goldens, kind: .folder)
        staged = made
        for name in (try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? [] {
            let (from, to) = (goldens.appendingPathComponent(name), made.temporary.appendingPathComponent(name))
            // A golden is replaced by a rename and removed by an unlink, so a link shares nothing that changes.
            if SnapshotArtifacts.kind(of: from) == .other, link(from.path, to.path) == 0 { continue }
            try FileManager.default.copyItem(at: from, to: to)
        }
        return made.temporary
    }

    /// Writes the golden `name` with `write` (given the staged file's URL).
    func write(_ name: String, _ write: (URL) throws -> Void) throws {
        try write(try destination(of: name))
        changed = true
    }

    /// Removes the golden `name` from the staged copy.
    func remove(_ name: String) throws {
        try FileManager.default.removeItem(at: try destination(of: name))
        changed = true
    }

    /// Records `settings` beside the goldens, where there are goldens to go with them.
    func writeSettings(_ settings: RenderSettings) throws {
        try writeRecord(SnapshotSettingsFile.name, SnapshotSettingsFile.text(settings))
    }

    /// Writes the hidden record `name` (the settings, `RecordedScene`'s lines) beside the
    /// goldens, where there are goldens to go with it, when anything changed or it would differ.
    func writeRecord(_ name: String, _ text: String) throws {
        guard staged != nil || FileManager.default.fileExists(atPath: goldens.path) else { return }
        let current = try? String(contentsOf: goldens.appendingPathComponent(name), encoding: .utf8)
        guard changed || current != text else { return }
        try StagedPath.write(Data(text.utf8), to: try destination(of: name))
        changed = true
    }

    /// Puts the staged folder in place when anything changed; removes it otherwise.
    func commit() throws {
        guard let staged else { return }
        if changed { try staged.commit() } else { staged.discard() }
    }

    /// Leaves the goldens as they were.
    func discard() {
        staged?.discard()
    }
}
