import ArgumentParser
import Foundation
import Pipeline
import Scene
import Snapshots
import Staging
import Stills

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare a scene's snapshot frames with golden PNGs, or record them.",
        discussion: """
            The frames are the scene's 'snapshots' (at a time, or where a transition reaches a \
            progress) and, for every transition run, progress 0, 0.25, 0.5 and 0.75 where it reaches \
            them and the frame where it has settled, named after the timeline entry that started \
            it (its 'name:', or e.g. push-message): push-message-p0.5, push-message-p1 (finished) or \
            push-message-cancelled. Goldens live beside the scenes in \
            __snapshots__/<scene name>/<point>.png, with the settings they were recorded with \
            (.segue-snapshot.json: --scale, --fps, --touches), which later runs use; an option \
            that disagrees is an error unless recording all. A folder means every scene in it and \
            its subfolders, as for 'segue batch'.

            A frame fails when more than --pixel-tolerance of its pixels differ by more than \
            --channel-tolerance in any channel; a missing golden, or one whose scene or point no \
            longer exists (orphaned), fails too. Failures write the actual image, the golden, a \
            diff image (red: beyond the tolerance) and the three side by side, with report.txt and \
            report.html, to __snapshots__/__actual__/ (or --artifacts).

            Record modes (--record MODE or SEGUE_RECORD, as in swift-snapshot-testing): all \
            (write every golden that changed, delete orphaned ones), missing (write only goldens \
            that do not exist), failed (write those missing or failing), never (the default: only \
            compare). Plain --record means all; SEGUE_RECORD=1/true means all, 0/false never.

            Exit status: 0 all passed (or recorded), 1 snapshots failed (different, missing or \
            orphaned), 2 a scene could not be checked (it does not load or play, its settings \
            disagree with an option, a file cannot be written), 64 a usage error. With \
            GITHUB_ACTIONS=true each failure is also printed as a GitHub annotation on its scene line.

            --shard i/n checks part i of n of the scenes, balanced by their estimated cost (as \
            'segue batch --shard'), so n machines split a suite; each writes its own --junit and \
            --json, and 'segue report merge' combines the JSON reports into one suite.

            A scene that declares variants ('variants:') keeps each variant's goldens in a folder \
            of its own, __snapshots__/<scene>/<variant>/, and is checked in every variant. \
            --variant NAME records and checks that variant alone: the scenes that declare it, in \
            it (a scene file given that does not declare it, or a folder none of whose scenes do, \
            is an error naming the variants there are); shards split those scenes, and the counts \
            and reports are of them. Goldens outside the variant picked — other variants', scenes \
            that no longer exist — are neither reported nor deleted as orphans by such a run; \
            without --variant, or with --variant all, every variant is checked and they are.
            """)

    @Argument(help: "Scene files, or folders of them (every .yaml, .yml and .json inside, subfolders too).")
    var paths: [String]

    @Option(help: ArgumentHelp(
        "When to write goldens: all, missing, failed or never (default: SEGUE_RECORD, else never). Plain --record means all.",
        valueName: "mode"))
    var record: SnapshotMode?

    @Option(help: "Pixels per point, instead of the goldens' recorded scale or the device's (1 makes goldens of tens of KB).")
    var scale: Double?

    @Option(help: "Frames per second, instead of the goldens' recorded rate or the scene's.")
    var fps: Int?

    @Option(help: "A pixel differs when a channel (0–255) differs by more than this.")
    var channelTolerance = SnapshotTolerance.default.channel

    @Option(help: "The share of pixels allowed to differ: a fraction (0.0001) or a percentage (0.01%).")
    var pixelTolerance = Share(SnapshotTolerance.default.pixels)

    @Flag(inversion: .prefixedNo, help: "Draw the finger circle (default: as recorded, else each scene's 'touches', on).")
    var touches: Bool?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Motion goldens (motion.txt: every frame's layers, offsets and phases as numbers). Default: each scene's is checked where it has one, and a scene recorded the first time gets one; --motion records one for every scene recorded and counts a scene without one as missing; --no-motion records none for new scenes."))
    var motion: Bool?

    @Option(help: "Write failures' images and report.txt/report.html here instead of __snapshots__/__actual__/ beside the scenes.")
    var artifacts: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report here (one test case per snapshot point).", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write a JSON report here.", valueName: "file"))
    var json: String?

    @OptionGroup var sharding: ShardOption

    @OptionGroup var variant: VariantOption

    @Flag(name: .shortAndLong, help: "Print only failures and the summary.")
    var quiet = false

    func validate() throws {
        try check(scale, Limits.scale, "--scale")
        try check(fps, Limits.fps, "--fps")
        if !(0...255).contains(channelTolerance) { throw ValidationError("--channel-tolerance must be between 0 and 255") }
        _ = try mode()
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("no such scene file or folder: \(path)")
        }
    }

    /// `--record MODE`, else `SEGUE_RECORD`, else never.
    func mode(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SnapshotMode {
        if let record { return record }
        do {
            return try SnapshotMode.fromEnvironment(environment) ?? .never
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        let mode = try self.mode()
        let options = SnapshotOptions(
            mode: mode, tolerance: SnapshotTolerance(channel: channelTolerance, pixels: pixelTolerance.value),
            settings: RenderSettings(fps: fps, scale: scale, showsTouches: touches, variant: variant.variant),
            artifacts: artifacts.map { URL(fileURLWithPath: $0) }, shard: sharding.value, motion: motion)
        var summary: SnapshotSummary?
        // A scene named on the command line is an input even when it does not load.
        for path in paths { Destination.protect(path, as: "a scene file") }
        do {
            summary = try SnapshotRunner.run(paths, options: options) { result in
                guard !quiet || result.isFailure else { return }
                let lines = SnapshotRunner.describe(result, mode: mode)
                CommandErrors.printOut(lines.joined(separator: "\n          "))
            }
        } catch {
            CommandErrors.printError(error)
            throw ExitCode(2)
        }
        guard let summary else { throw ExitCode(2) }
        try Self.finish(summary, junit: junit, json: json)
    }

    /// The end of a run, or of a merge of runs: the summary line and where the reports are, the
    /// JUnit and JSON reports, GitHub annotations on GitHub Actions; then the exit status.
    /// `also`: further files written (a merge's `report.html`), for the JSON report's list.
    static func finish(_ summary: SnapshotSummary, junit: String?, json: String?, also: [URL] = []) throws {
        CommandErrors.printOut(summary.line)
        for (text, html) in zip(summary.reports, summary.htmlReports) {
            CommandErrors.printOut("report: \(text.path) (and \(html.path))")
        }
        do {
            if let junit { try AtomicFile.write(SnapshotReports.junit(summary), to: URL(fileURLWithPath: junit)) }
            if let json {
                let also = also + [junit, json].compactMap { $0 }.map { URL(fileURLWithPath: $0) }
                try AtomicFile.write(try SnapshotReports.json(summary, also: also), to: URL(fileURLWithPath: json))
            }
        } catch {
            CommandErrors.printError(error)
            throw ExitCode(2)
        }
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
            for annotation in SnapshotReports.githubAnnotations(summary) { CommandErrors.printOut(annotation) }
        }
        if summary.exitStatus != 0 { throw ExitCode(summary.exitStatus) }
    }

    /// The command line with a bare `--record` (last, or followed by an option or an existing
    /// path) given its value `all`, the way it meant before record modes.
    static func normalize(_ arguments: [String]) -> [String] {
        guard arguments.first == "snapshot" else { return arguments }
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            result.append(argument)
            if argument == "--record" {
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                if next == nil || next?.hasPrefix("-") == true
                    || (SnapshotMode(setting: next ?? "") == nil && FileManager.default.fileExists(atPath: next ?? "")) {
                    result.append(SnapshotMode.all.rawValue)
                }
            }
            index += 1
        }
        return result
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

extension SnapshotMode: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(setting: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
