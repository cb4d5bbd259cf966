import Foundation

/// The one way a test says that something it needs from outside the package is missing: the
/// test fails, naming what is missing and what installs it. A test is never skipped — on a
/// developer's machine or in CI — because a skipped test is a feature nobody tested:
/// `scripts/bootstrap` installs every program, font and module the tests use, and the test
/// targets that run the `segue` binary depend on its target, so building them builds it.
/// (`RequirementsTests` checks that no test source skips by other means.)
public enum Requirements {
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

        /// What makes the requirement present.
        public var remedy: String {
            switch self {
            case .segueBinary: "build the tests with `swift build --build-tests` (the test targets depend on `segue`)"
            default: "run scripts/bootstrap, which installs it"
            }
        }
    }

    /// The error that fails a test whose requirement is missing.
    public struct Missing: Error, CustomStringConvertible, Equatable {
        public var requirement: Requirement
        public var description: String
    }

    /// The failure for a test missing `requirement` (for `why`).
    public static func missing(_ requirement: Requirement, _ why: String) -> Missing {
        Missing(requirement: requirement, description: "\(why): this test needs \(requirement.rawValue); \(requirement.remedy)")
    }

    /// Fails the test: `requirement` is missing (for `why`).
    public static func fail(_ requirement: Requirement, _ why: String) throws -> Never {
        throw missing(requirement, why)
    }

    /// Fails the test as `fail` does when `isMissing` is true.
    public static func fail(if isMissing: Bool, _ requirement: Requirement, _ why: @autoclosure () -> String) throws {
        if isMissing { try fail(requirement, why()) }
    }
}
