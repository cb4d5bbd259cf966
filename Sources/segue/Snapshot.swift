import ArgumentParser
import Foundation
import Pipeline

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare a scene's snapshot frames with golden PNGs, or record them.",
        discussion: """
            The frames are the scene's 'snapshots' (at a time, or where a transition reaches a \
            progress) and progress 0, 0.25, 0.5, 0.75 and 1 of every transition run (run<r>-p<p>). \
            Goldens live beside the scenes in __snapshots__/<scene name>/<point>.png. A frame fails \
            when more than --pixel-tolerance of its pixels differ by more than --channel-tolerance \
            in any channel; a missing golden, or one whose scene or point no longer exists \
            (orphaned), fails too. Failures write the actual image and a diff image (red: beyond \
            the tolerance) with a report.txt to __snapshots__/__actual__/ (or --artifacts), and \
            the exit status is 1. --record (or SEGUE_RECORD=1) writes the goldens that changed \
            and deletes orphaned ones.
            """)

    @Argument(help: "Scene files, or folders of them (every .yaml, .yml and .json directly inside).")
    var paths: [String]

    @Flag(help: "Write the goldens instead of comparing with them (also when SEGUE_RECORD=1).")
    var record = false

    @Option(help: "Pixels per point, instead of the device's (1 makes goldens of tens of KB).")
    var scale: Double?

    @Option(help: "A pixel differs when a channel (0–255) differs by more than this.")
    var channelTolerance = SnapshotTolerance.default.channel

    @Option(help: "The share of pixels allowed to differ: a fraction (0.0001) or a percentage (0.01%).")
    var pixelTolerance = Share(SnapshotTolerance.default.pixels)

    @Flag(inversion: .prefixedNo, help: "Draw the finger circle (default: each scene's 'touches', on).")
    var touches: Bool?

    @Option(help: "Write actual and diff images and report.txt here instead of __snapshots__/__actual__/ beside the scenes.")
    var artifacts: String?

    @Flag(name: .shortAndLong, help: "Print only failures and the summary.")
    var quiet = false

    func validate() throws {
        if let scale, !(0.25...4).contains(scale) { throw ValidationError("--scale must be between 0.25 and 4") }
        if !(0...255).contains(channelTolerance) { throw ValidationError("--channel-tolerance must be between 0 and 255") }
    }

    /// `--record`, or `SEGUE_RECORD` set to 1, true or yes.
    var mode: SnapshotMode {
        let variable = ProcessInfo.processInfo.environment["SEGUE_RECORD"]?.lowercased() ?? ""
        return record || ["1", "true", "yes"].contains(variable) ? .record : .verify
    }

    func run() throws {
        let mode = self.mode
        let options = SnapshotOptions(
            mode: mode, tolerance: SnapshotTolerance(channel: channelTolerance, pixels: pixelTolerance.value),
            settings: RenderSettings(scale: scale, showsTouches: touches),
            artifacts: artifacts.map { URL(fileURLWithPath: $0) })
        var summary: SnapshotSummary?
        try CommandErrors.report {
            summary = try SnapshotRunner.run(paths, options: options) { result in
                guard !quiet || result.isFailure else { return }
                let lines = SnapshotRunner.describe(result, mode: mode)
                print(lines.joined(separator: "\n          "))
            }
        }
        guard let summary else { throw ExitCode.failure }
        print(Self.summaryLine(summary, mode: mode))
        for report in summary.reports {
            print("report: \(report.path)")
        }
        if !summary.succeeded { throw ExitCode.failure }
    }

    static func summaryLine(_ summary: SnapshotSummary, mode: SnapshotMode) -> String {
        var counts: [String: Int] = [:]
        for result in summary.results {
            let key: String
            switch result.status {
            case .passed: key = "ok"
            case .failed: key = "failed"
            case .missing: key = "missing"
            case .recorded: key = "recorded"
            case .unchanged: key = "unchanged"
            case .orphaned: key = "orphaned"
            case .removed: key = "removed"
            case .error: key = "errors"
            }
            counts[key, default: 0] += 1
        }
        let order = mode == .record ? ["recorded", "unchanged", "removed", "errors"]
            : ["ok", "failed", "missing", "orphaned", "errors"]
        let parts = order.map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
        return "\(summary.results.count) goldens: \(parts)"
    }
}

/// A share given as a fraction (`0.001`) or a percentage (`0.1%`).
struct Share: ExpressibleByArgument, CustomStringConvertible {
    let value: Double

    init(_ value: Double) {
        self.value = value
    }

    init?(argument: String) {
        let isPercent = argument.hasSuffix("%")
        guard let number = Double(isPercent ? String(argument.dropLast()) : argument), number.isFinite else { return nil }
        let value = isPercent ? number / 100 : number
        guard (0...1).contains(value) else { return nil }
        self.value = value
    }

    var description: String { "\(value * 100)%" }
    var defaultValueDescription: String { description }
}
