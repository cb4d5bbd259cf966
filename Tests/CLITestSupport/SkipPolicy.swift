import Foundation
import XCTest

/// The one way a test says it cannot run here. On a developer's machine a missing tool is a skip;
/// in CI (`CI=true`) it is a failure unless the requirement is listed in `allowed` with the reason
/// a CI run may lack it — so a CI image without Chromium, or a build that leaves the `segue`
/// binary out, cannot go green while testing nothing. Tests never throw `XCTSkip` themselves
/// (`SkipPolicyTests` checks the sources).
public enum SkipPolicy {
    /// What a test needs from outside the package.
    public enum Requirement: String, CaseIterable, Sendable {
        /// The `segue` executable built beside the test bundle.
        case segueBinary
        /// A program `CLI.tool` runs: ffprobe, ffmpeg, python3, pgrep, time.
        case tool
        /// python3 with the jsonschema and yaml modules.
        case jsonSchema
        /// Chromium, chromedriver and python3-selenium.
        case chromium
        /// The Material Icons font (fonts-material-design-icons-iconfont).
        case iconFont
        /// DejaVu Sans (fonts-dejavu-core).
        case dejaVuFont
    }

    /// THE list of skips a CI run accepts, each with its reason. Empty: `scripts/bootstrap`
    /// installs everything the tests use, and the tests build what they run, so in CI every
    /// missing requirement is a broken image or build.
    public static let allowed: [Requirement: String] = [:]

    /// What happens to a test missing `requirement`.
    public enum Outcome: Equatable, Sendable {
        case skip(String)
        case fail(String)
    }

    /// Whether the tests run in CI: `CI` is `true` (as GitHub Actions, GitLab CI and most others set it) or `1`.
    public static func isCI(_ environment: [String: String]) -> Bool {
        ["true", "1"].contains(environment["CI"]?.lowercased() ?? "")
    }

    /// The outcome for a test missing `requirement` (for `why`) in `environment` with `allowed` skips.
    public static func outcome(_ requirement: Requirement, _ why: String, environment: [String: String],
                               allowed: [Requirement: String]) -> Outcome {
        guard isCI(environment) else { return .skip(why) }
        if let reason = allowed[requirement] { return .skip("\(why) (allowed in CI: \(reason))") }
        return .fail("\(why) — under CI=true a skip is a failure; \(requirement.rawValue) is not in SkipPolicy.allowed")
    }

    /// Stops the test: throws `XCTSkip`, or under CI (unless allowed) an error that fails it.
    public static func skip(_ requirement: Requirement, _ why: String, file: StaticString = #filePath, line: UInt = #line) throws -> Never {
        switch outcome(requirement, why, environment: ProcessInfo.processInfo.environment, allowed: allowed) {
        case .skip(let message): throw XCTSkip(message, file: file, line: line)
        case .fail(let message): throw MissingRequirement(description: message)
        }
    }

    /// Stops the test as `skip` does when `missing` is true.
    public static func skip(if missing: Bool, _ requirement: Requirement, _ why: @autoclosure () -> String,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        if missing { try skip(requirement, why(), file: file, line: line) }
    }

    /// The error that fails a test whose requirement is missing in CI.
    public struct MissingRequirement: Error, CustomStringConvertible {
        public var description: String
    }
}
