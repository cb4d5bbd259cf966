import Foundation
import Stills
import Snapshots
// The types of this library's signatures, so that a test target that imports SegueSnapshotTesting
// alone can name them (`SnapshotTolerance(channel: 0, pixels: 0)`, `RenderSettings(scale: 1)`).
@_exported import struct Stills.RenderSettings
@_exported import enum Snapshots.SnapshotMode
@_exported import struct Snapshots.SnapshotResult
@_exported import struct Snapshots.SnapshotSummary
@_exported import struct Snapshots.SnapshotTolerance
import XCTest
#if canImport(Testing)
import Testing
#endif

/// Verifies a scene's snapshot frames against its goldens from an XCTest or Swift Testing test,
/// the way `segue snapshot` does from the command line — the same goldens
/// (`__snapshots__/<scene>/` beside the scene), the same recorded settings, the same artifacts
/// (`__snapshots__/__actual__/`, with `report.html`) — and fails the test with the report.
///
/// ```swift
/// func testCompose() throws {
///     try assertSceneSnapshots("scenes/slide-up-modal.yaml")
/// }
/// ```
///
/// - Parameters:
///   - path: A scene file or a folder of them (walked like `segue batch`: subfolders too, hidden
///     folders and `__snapshots__` skipped). An absolute path is used as it is. A relative path
///     is looked up from the working directory, then from the folder of the test file (`filePath`)
///     and each folder above it, so `"scenes/x.yaml"` is found from a package's root under
///     `swift test` and under Xcode, whose tests run in another working directory.
///   - record: When to write goldens: `.all`, `.missing`, `.failed` or `.never`. Default nil:
///     the `SEGUE_RECORD` environment variable (`all`, `missing`, `failed`, `never`, `1`/`true`
///     for all, `0`/`false` for never), else `.never`. As in swift-snapshot-testing, a test that
///     wrote or deleted a golden fails, so that a re-run verifies it and a CI retry cannot pass
///     by recording.
///   - settings: `--scale`, `--fps`, `--touches`. Default: nothing set, so each scene renders with
///     the settings its goldens were recorded with (`.segue-snapshot.json`), else its own. A value
///     that disagrees with the recorded one is an error unless recording all.
///   - variant: As `--variant`: the name of one variant the scenes declare (`variants:`) to check
///     and record alone — the scenes that declare it, in it; goldens outside it are not reported
///     or deleted as orphans — or `"all"`. Default nil: every variant, as `"all"`. A name that the
///     scene (or no scene of the folder) declares throws, with the variants there are.
///   - tolerance: As `--channel-tolerance` and `--pixel-tolerance`. Default
///     `SnapshotTolerance.default`: a channel may differ by 2 levels, 0.01 % of the pixels beyond that.
///   - artifacts: Where failures' images and `report.txt`/`report.html` go. Default nil:
///     `__snapshots__/__actual__/` beside the scenes (as `segue snapshot` without `--artifacts`).
///   - motion: Motion goldens (`motion.txt`: every frame's layers, offsets and phases as numbers,
///     `MotionGolden`), as `--motion`/`--no-motion`. Default nil: each scene's is checked where it
///     has one, and a scene recorded the first time gets one; true records one for every scene
///     recorded and counts a scene without one as missing; false records none for new scenes.
///   - fileID, filePath, line, column: Where the test is; leave them to their defaults.
/// - Returns: The run's `SnapshotSummary` (every result, the reports written, `succeeded`,
///   `exitStatus`), for tests that look further; discardable.
/// - Throws: `SceneSnapshotError` when the path is found nowhere, `SEGUE_RECORD` holds no
///   record mode, or `variant` names a variant not declared. Failed, missing or orphaned goldens and scenes that cannot be checked are
///   recorded as test failures (a Swift Testing issue inside `@Test`, else `XCTFail`), not thrown.
@discardableResult
public func assertSceneSnapshots(
    _ path: String, record: SnapshotMode? = nil, settings: RenderSettings = RenderSettings(), variant: String? = nil,
    tolerance: SnapshotTolerance = .default, artifacts: URL? = nil, motion: Bool? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> SnapshotSummary {
    let summary = try verifySceneSnapshots(path, record: record, settings: settings, variant: variant, tolerance: tolerance,
                                           artifacts: artifacts, motion: motion, relativeTo: "\(filePath)")
    if let message = SceneSnapshotFailure.message(summary, mode: summary.mode) {
        SceneSnapshotFailure.record(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return summary
}

/// `assertSceneSnapshots` without failing the test: runs and returns every result.
///
/// - Parameters:
///   - path, record, settings, variant, tolerance, artifacts, motion: As for `assertSceneSnapshots`.
///   - relativeTo: The file whose folder and parents a relative `path` is looked up from
///     (default: the calling test file).
/// - Returns: The run's `SnapshotSummary`; `SceneSnapshotFailure.message(_:mode:)` words it as
///   `assertSceneSnapshots` would fail.
/// - Throws: `SceneSnapshotError` as `assertSceneSnapshots` does.
public func verifySceneSnapshots(
    _ path: String, record: SnapshotMode? = nil, settings: RenderSettings = RenderSettings(), variant: String? = nil,
    tolerance: SnapshotTolerance = .default, artifacts: URL? = nil, motion: Bool? = nil, relativeTo filePath: String = #filePath
) throws -> SnapshotSummary {
    var settings = settings
    if let variant { settings.variant = variant }
    let options = SnapshotOptions(mode: try SceneSnapshotFailure.mode(record), tolerance: tolerance, settings: settings,
                                  artifacts: artifacts, motion: motion)
    do {
        return try SnapshotRunner.run([SceneSnapshotFailure.resolve(path, from: filePath)], options: options)
    } catch let error as PipelineError {
        throw SceneSnapshotError("\(error)")
    }
}

/// How `assertSceneSnapshots` finds scenes and reports.
public enum SceneSnapshotFailure {
    /// The mode given, else `SEGUE_RECORD`, else never.
    static func mode(_ record: SnapshotMode?) throws -> SnapshotMode {
        if let record { return record }
        do {
            return try SnapshotMode.fromEnvironment() ?? .never
        } catch {
            throw SceneSnapshotError("\(error)")
        }
    }

    /// `path` as given when it exists from the working directory (or is absolute), else found
    /// from the folder of `filePath` upward.
    static func resolve(_ path: String, from filePath: String) throws -> String {
        if path.hasPrefix("/") || FileManager.default.fileExists(atPath: path) { return path }
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            folder.deleteLastPathComponent()
        }
        throw SceneSnapshotError("no scene file or folder '\(path)' from \(FileManager.default.currentDirectoryPath) "
                                 + "or above \(URL(fileURLWithPath: filePath).deletingLastPathComponent().path)")
    }

    /// The failure message for `summary`, or nil when the test passes: every failure as
    /// `segue snapshot` prints it, then where the report is; a golden written or deleted fails too.
    public static func message(_ summary: SnapshotSummary, mode: SnapshotMode) -> String? {
        let written = summary.results.filter { result in
            switch result.status {
            case .recorded, .removed: return true
            default: return false
            }
        }
        guard !summary.failures.isEmpty || !written.isEmpty else { return nil }
        var lines: [String] = []
        if !summary.failures.isEmpty {
            lines.append(summary.line + ":")
            for failure in summary.failures {
                lines.append(SnapshotRunner.describe(failure, mode: mode).joined(separator: "\n    "))
            }
            for report in summary.htmlReports {
                lines.append("report: \(report.path)")
            }
            lines.append("If the change is intended, re-record with SEGUE_RECORD=all (or record: .all).")
        }
        if !written.isEmpty {
            lines.append("Record mode \(mode.rawValue) wrote or deleted \(written.count) golden(s): "
                         + written.map(\.name).joined(separator: ", ")
                         + ". Re-run without recording to verify them.")
        }
        return lines.joined(separator: "\n")
    }

    /// Fails the running test: a Swift Testing issue inside a `@Test`, else an XCTest failure.
    static func record(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: Testing.SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)",
                                                                line: Int(line), column: Int(column)))
            return
        }
        #endif
        XCTFail(message, file: filePath, line: line)
    }
}

/// A scene path or record mode that cannot be used.
public struct SceneSnapshotError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
