import ArgumentParser
import Foundation
import Scene
import Pipeline
import Snapshots
import Staging

/// `segue report`: what to do with the reports of snapshot runs.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the reports of 'segue snapshot' runs.",
        subcommands: [Merge.self])

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge the JSON reports of 'segue snapshot --shard' runs into one suite.",
            discussion: """
                Reads the --json report of each shard and writes one JUnit file, one JSON report \
                and one report.html, as one unsharded run would: the same counts, the same \
                failures, the summary line on the console. The parts of one split must all be \
                there, once each (1/3, 2/3 and 3/3); reports of whole runs of other folders may be \
                added. report.html links the failures' images by their paths in the reports, \
                relative to the working directory: download each shard's artifacts to the \
                --artifacts folder it used. Exit status: 0 all passed, 1 snapshots failed, 2 a \
                scene could not be checked or the reports cannot be merged, 64 a usage error.
                """)

        @Argument(help: ArgumentHelp("The shards' JSON reports ('segue snapshot --json').", valueName: "report.json"))
        var reports: [String]

        @Option(help: ArgumentHelp("Write the merged JUnit XML report here.", valueName: "file"))
        var junit: String?

        @Option(help: ArgumentHelp("Write the merged JSON report here.", valueName: "file"))
        var json: String?

        @Option(help: ArgumentHelp("Write report.html with every failure's golden, actual and diff into this folder.", valueName: "folder"))
        var html: String?

        @Flag(name: .shortAndLong, help: "Print only the summary, not each failure.")
        var quiet = false

        func validate() throws {
            if reports.isEmpty { throw ValidationError("give the JSON reports to merge") }
            for path in reports where !FileManager.default.fileExists(atPath: path) {
                throw ValidationError("no such report: \(PrintableText.make(path))")
            }
        }

        func run() throws {
            var merged: SnapshotSummary
            var written: [URL] = []
            do {
                // One at a time, each counted before the next is read: the limit bounds the whole merge.
                var parts: [(name: String, summary: SnapshotSummary)] = []
                for path in reports { Destination.protect(path, as: "a report to merge") }
                for path in reports {
                    parts.append((path, try SnapshotReports.decode(try SnapshotReports.read(path), name: path)))
                    try SnapshotSummary.checkTotal(parts)
                }
                merged = try SnapshotSummary.merged(parts)
                // The shards' own reports are on their machines; this one is the merged run's.
                merged.reports = []
                if let html { written.append(try SnapshotReports.writeHTML(merged, in: URL(fileURLWithPath: html))) }
            } catch {
                CommandErrors.printError(error)
                throw ExitCode(2)
            }
            if !quiet {
                for failure in merged.failures {
                    CommandErrors.printOut(SnapshotRunner.describe(failure, mode: merged.mode).joined(separator: "\n          "))
                }
            }
            for url in written { CommandErrors.printOut("report: \(url.path)") }
            try Snapshot.finish(merged, junit: junit, json: json, also: written)
        }
    }
}
