import Foundation

/// Every result of a run, and the reports written.
public struct SnapshotSummary: Sendable {
    public var results: [SnapshotResult]
    /// One `report.txt` (and `report.html` beside it) per artifacts folder with failures.
    public var reports: [URL]

    public var failures: [SnapshotResult] { results.filter(\.isFailure) }
    public var succeeded: Bool { failures.isEmpty }
    /// Whether some scene could not be checked (an `.error`).
    public var hasErrors: Bool { results.contains(where: \.isError) }

    /// 0 when everything passed, 1 when snapshots failed (different, missing or orphaned), 2 when a
    /// scene could not be checked (it does not load or play, or a file cannot be written) —
    /// which wins over failed snapshots.
    public var exitStatus: Int32 { hasErrors ? 2 : succeeded ? 0 : 1 }
}
