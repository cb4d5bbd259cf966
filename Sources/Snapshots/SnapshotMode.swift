import Foundation
import Stills

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

    /// A mode as `--record` or `SEGUE_RECORD` gives it: a mode's name, `1` or `true` for `all`,
    /// `0` or `false` for `never`; nil for anything else (a usage error, as README says).
    public init?(setting: String) {
        let value = setting.trimmingCharacters(in: .whitespaces).lowercased()
        switch value {
        case "1", "true": self = .all
        case "0", "false": self = .never
        default:
            guard let mode = SnapshotMode(rawValue: value) else { return nil }
            self = mode
        }
    }

    /// The environment variable that sets the mode when no flag or argument does.
    public static let variable = "SEGUE_RECORD"

    /// The mode `SEGUE_RECORD` sets in `environment`, nil when it is not set — the one reading of
    /// the variable, for the CLI and `assertSceneSnapshots`.
    /// - Throws: `SnapshotModeError` when it holds no mode.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SnapshotMode? {
        guard let value = environment[variable] else { return nil }
        guard let mode = SnapshotMode(setting: value) else { throw SnapshotModeError(value: value) }
        return mode
    }

    /// Whether this mode may write goldens.
    public var records: Bool { self != .never }
}

/// `SEGUE_RECORD` holds something that is not a record mode.
public struct SnapshotModeError: Error, CustomStringConvertible {
    public let value: String

    public var description: String {
        "\(SnapshotMode.variable)=\(value) is not a record mode; expected all, missing, failed or never (or 1/true, 0/false)"
    }
}
