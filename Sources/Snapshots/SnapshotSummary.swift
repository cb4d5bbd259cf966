import Foundation
import Stills
import Scene

/// Every result of a run, and the reports written: the one account the console line, the text and
/// HTML reports, JUnit and JSON are all made from, so they count the same goldens the same way.
public struct SnapshotSummary: Sendable {
    public var results: [SnapshotResult]
    /// One `report.txt` (and `report.html` beside it) per artifacts folder with failures.
    public var reports: [URL]
    /// The record mode of the run (which counts the console line shows).
    public var mode: SnapshotMode
    /// The tolerance the goldens were compared with.
    public var tolerance: SnapshotTolerance
    /// The part of the scenes this run checked; `.all` for a whole run or a merged report.
    public var shard: Shard
    /// The variant this run checked alone (`--variant NAME`); nil when it checked every one.
    public var variant: String?
    /// Seconds the run took; nil when unknown.
    public var duration: Double?

    public init(results: [SnapshotResult], reports: [URL] = [], mode: SnapshotMode = .never,
                tolerance: SnapshotTolerance = .default, shard: Shard = .all, variant: String? = nil, duration: Double? = nil) {
        self.results = results
        self.reports = reports
        self.mode = mode
        self.tolerance = tolerance
        self.shard = shard
        self.variant = variant
        self.duration = duration
    }

    public var failures: [SnapshotResult] { results.filter(\.isFailure) }
    public var succeeded: Bool { failures.isEmpty }
    /// Whether some scene could not be checked (an `.error`).
    public var hasErrors: Bool { results.contains(where: \.isError) }

    /// 0 when everything passed, 1 when snapshots failed (different, missing or orphaned), 2 when a
    /// scene could not be checked (it does not load or play, or a file cannot be written) —
    /// which wins over failed snapshots.
    public var exitStatus: Int32 { hasErrors ? 2 : succeeded ? 0 : 1 }

    /// Failed snapshots (different, missing, orphaned): JUnit's `<failure>`s.
    public var failedCount: Int { results.filter { $0.isFailure && !$0.isError }.count }
    /// Scenes or points that could not be checked: JUnit's `<error>`s.
    public var errorCount: Int { results.filter(\.isError).count }

    /// How many results have each status word (`SnapshotReports.status`).
    public var counts: [String: Int] {
        var counts: [String: Int] = [:]
        for result in results { counts[SnapshotReports.status(result), default: 0] += 1 }
        return counts
    }

    /// The run in one line, as the console ends with it and the reports begin with it:
    /// `299 goldens: 293 ok, 5 failed, 0 missing, 0 orphaned, 1 errors`, then the variant and the
    /// shard a part of a suite checked: `(variant dark) (shard 1/2)`.
    public var line: String {
        let counts = self.counts
        let order: [(word: String, label: String)]
        switch mode {
        case .all: order = [("recorded", "recorded"), ("unchanged", "unchanged"), ("removed", "removed"), ("error", "errors")]
        case .missing, .failed:
            order = [("passed", "ok"), ("recorded", "recorded"), ("failed", "failed"), ("missing", "missing"),
                     ("orphaned", "orphaned"), ("error", "errors")]
        case .never: order = [("passed", "ok"), ("failed", "failed"), ("missing", "missing"), ("orphaned", "orphaned"), ("error", "errors")]
        }
        let part = (variant.map { " (variant \($0))" } ?? "") + (shard == .all ? "" : " (shard \(shard))")
        return "\(results.count) goldens: " + order.map { "\(counts[$0.word] ?? 0) \($0.label)" }.joined(separator: ", ") + part
    }

    /// The `report.html` beside each `report.txt`.
    public var htmlReports: [URL] {
        reports.map { $0.deletingLastPathComponent().appendingPathComponent(SnapshotArtifacts.htmlReportName) }
    }

    /// Every file the run wrote: goldens recorded, failures' images, and the text and HTML reports.
    public var files: [URL] {
        results.flatMap { result -> [URL] in
            var written = [result.actual, result.expected, result.diff, result.composite].compactMap { $0 }
            if case .recorded = result.status, let golden = result.golden { written.insert(golden, at: 0) }
            return written
        } + reports + htmlReports
    }

    /// Refuses reports that hold more than `Limits.reportResults` results together.
    public static func checkTotal(_ parts: [(name: String, summary: SnapshotSummary)]) throws {
        let total = parts.reduce(0) { $0 + $1.summary.results.count }
        guard total > Limits.reportResults else { return }
        throw SnapshotMergeError("the reports up to \(parts.last?.name ?? "") hold \(total) results together, over the limit of \(Limits.reportResults) results in a merge")
    }

    /// Shards' summaries as one run: their results in shard order. Every part of one split must be
    /// there once (`1/3`, `2/3`, `3/3`) — each variant's split, where runs were split by variant
    /// too (`--variant NAME`); summaries of whole runs (of other folders, or other variants) may be added.
    public static func merged(_ parts: [(name: String, summary: SnapshotSummary)]) throws -> SnapshotSummary {
        guard let first = parts.first?.summary else { throw SnapshotMergeError("no reports to merge") }
        try checkTotal(parts)
        var variants: [String?] = []
        for part in parts where !variants.contains(part.summary.variant) { variants.append(part.summary.variant) }
        for variant in variants {
            try checkSplit(parts.filter { $0.summary.shard.count > 1 && $0.summary.variant == variant })
        }
        for part in parts where part.summary.mode != first.mode {
            throw SnapshotMergeError("\(part.name) was run with --record \(part.summary.mode.rawValue), \(parts[0].name) with \(first.mode.rawValue)")
        }
        // Whole runs first, then the shards in order; otherwise as given.
        let ordered = parts.enumerated().sorted { a, b in
            let ia = a.element.summary.shard.count > 1 ? a.element.summary.shard.index : 0
            let ib = b.element.summary.shard.count > 1 ? b.element.summary.shard.index : 0
            return ia != ib ? ia < ib : a.offset < b.offset
        }.map(\.element)
        let durations = ordered.compactMap(\.summary.duration)
        return SnapshotSummary(results: ordered.flatMap(\.summary.results), reports: ordered.flatMap(\.summary.reports),
                               mode: first.mode, tolerance: first.tolerance, shard: .all, variant: variants.count == 1 ? first.variant : nil,
                               duration: durations.count == parts.count ? durations.max() : nil)
    }

    /// Refuses the parts of one split (`split`: the shards of one variant's runs) unless each
    /// part is there once.
    private static func checkSplit(_ split: [(name: String, summary: SnapshotSummary)]) throws {
        if let count = split.first?.summary.shard.count {
            for part in split where part.summary.shard.count != count {
                throw SnapshotMergeError("\(part.name) is shard \(part.summary.shard), not one of \(count) like \(split[0].name)")
            }
            var seen: [Int: String] = [:]
            for part in split {
                if let other = seen[part.summary.shard.index] {
                    throw SnapshotMergeError("\(part.name) and \(other) are both shard \(part.summary.shard)")
                }
                seen[part.summary.shard.index] = part.name
            }
            let missing = (1...count).filter { seen[$0] == nil }
            if !missing.isEmpty {
                throw SnapshotMergeError("shard " + missing.map { "\($0)/\(count)" }.joined(separator: ", ")
                                         + " is missing: the merged report would leave its scenes out")
            }
        }
    }
}

/// Reports that cannot be merged: a shard missing or twice, different record modes, a file that is
/// not a `segue snapshot --json` report.
public struct SnapshotMergeError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
