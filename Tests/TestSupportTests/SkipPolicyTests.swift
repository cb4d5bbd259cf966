import CLITestSupport
import Foundation
import XCTest

/// A test that cannot run is a skip on a developer's machine and a failure in CI, unless allowed
/// in the one list (`SkipPolicy.allowed`).
final class SkipPolicyTests: XCTestCase {
    func testOutsideCIAMissingRequirementIsASkip() {
        for environment in [[:], ["CI": "false"], ["CI": "0"], ["CI": ""]] {
            XCTAssertEqual(SkipPolicy.outcome(.chromium, "no chromium", environment: environment, allowed: [:]),
                           .skip("no chromium"), "\(environment)")
        }
    }

    func testInCIAnUnlistedSkipIsAFailureAndAListedOneASkip() {
        for environment in [["CI": "true"], ["CI": "TRUE"], ["CI": "1"]] {
            guard case .fail(let message) = SkipPolicy.outcome(.chromium, "no chromium", environment: environment, allowed: [:]) else {
                return XCTFail("an unlisted skip passed in CI: \(environment)")
            }
            XCTAssertTrue(message.contains("no chromium") && message.contains("chromium is not in SkipPolicy.allowed"), message)
            // Listed: a skip, with the listed reason.
            XCTAssertEqual(SkipPolicy.outcome(.chromium, "no chromium", environment: environment, allowed: [.chromium: "arm64 runners"]),
                           .skip("no chromium (allowed in CI: arm64 runners)"))
            // Another requirement's entry does not cover it.
            XCTAssertNotEqual(SkipPolicy.outcome(.segueBinary, "no binary", environment: environment, allowed: [.chromium: "arm64 runners"]),
                              .skip("no binary"))
        }
    }

    /// The entry point the tests call reads the process's environment: with `CI=true` it throws
    /// an error that fails the test, not an XCTSkip.
    func testSkipFailsTheTestUnderCI() throws {
        let saved = ProcessInfo.processInfo.environment["CI"]
        defer { if let saved { setenv("CI", saved, 1) } else { unsetenv("CI") } }
        let unlisted = try XCTUnwrap(SkipPolicy.Requirement.allCases.first { SkipPolicy.allowed[$0] == nil })

        setenv("CI", "true", 1)
        XCTAssertThrowsError(try SkipPolicy.skip(unlisted, "missing")) { error in
            XCTAssertTrue(error is SkipPolicy.MissingRequirement, "\(type(of: error))")
        }
        XCTAssertThrowsError(try SkipPolicy.skip(if: true, unlisted, "missing")) { XCTAssertFalse($0 is XCTSkip) }
        XCTAssertNoThrow(try SkipPolicy.skip(if: false, unlisted, "present"))

        unsetenv("CI")
        XCTAssertThrowsError(try SkipPolicy.skip(unlisted, "missing")) { error in
            XCTAssertTrue(error is XCTSkip, "\(type(of: error))")
        }
    }

    /// Every skip goes through the policy: no test skips by itself (XCTest's skip functions, or
    /// Swift Testing's conditions), which CI would count as a pass.
    func testNoTestSkipsOutsideThePolicy() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let policy = tests.appendingPathComponent("CLITestSupport/SkipPolicy.swift").standardizedFileURL.path
        let own = URL(fileURLWithPath: #filePath).standardizedFileURL.path
        let forbidden = ["XCT" + "Skip", ".disabled" + "(", ".enabled" + "(if"]
        let files = try XCTUnwrap(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
            .compactMap { ($0 as? URL)?.standardizedFileURL }
            .filter { $0.pathExtension == "swift" && $0.path != policy && $0.path != own }
        XCTAssertGreaterThan(files.count, 30, "the test sources were not found under \(tests.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for word in forbidden where text.contains(word) {
                XCTFail("\(file.path) uses \(word): skip through SkipPolicy instead")
            }
        }
    }
}
