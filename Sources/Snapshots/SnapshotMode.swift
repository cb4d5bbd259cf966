import Foundation
import Pipeline

/// When `segue snapshot` writes goldens — swift-snapshot-testing's record modes, by its names.
public enum SnapshotMode: String, Sendable, CaseIterable {
    /// Write every golden (only where it changed) and delete orphaned ones.
    case all
    /// Write the goldens that do not exist yet; compare the others.
    case missing
    /// Write the goldens that are missing or do not match; compare the others.
    case failed
    /// Write nothing: compare, and fail on a difference beyond the tolerance, a missing golden or
    /// an orphaned one. The default.
    case never

    /// A mode as `--record` or `SEGUE_RECORD` gives it: a mode's name, `1`, `true` or `yes` for
    /// `all`, `0`, `false`, `no` or nothing for `never`; nil for anything else.
    public init?(setting: String) {
        let value = setting.trimmingCharacters(in: .whitespaces).lowercased()
        switch value {
        case "1", "true", "yes": self = .all
        case "0", "false", "no", "": self = .never
        default:
            guard let mode = SnapshotMode(rawValue: value) else { return nil }
            self = mode
        }
    }

    /// Whether this mode may write goldens.
    public var records: Bool { self != .never }
}
