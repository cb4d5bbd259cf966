import CLITestSupport
import Foundation
import XCTest

/// A test that lacks something from outside the package fails with the reason; nothing skips.
final class RequirementsTests: XCTestCase {
    /// Whatever the environment says (a developer's machine or `CI=true`), a missing requirement
    /// is an error that fails the test and names the remedy.
    func testAMissingRequirementFailsTheTestWithItsRemedy() {
        for requirement in Requirements.Requirement.allCases {
            XCTAssertThrowsError(try Requirements.fail(requirement, "absent")) { error in
                guard let missing = error as? Requirements.Missing else { return XCTFail("\(type(of: error))") }
                XCTAssertEqual(missing.requirement, requirement)
                XCTAssertTrue(missing.description.hasPrefix("absent: this test needs \(requirement.rawValue)"), missing.description)
                XCTAssertTrue(missing.description.hasSuffix(requirement.remedy), missing.description)
            }
        }
        XCTAssertThrowsError(try Requirements.fail(if: true, .chromium, "no chromium"))
        XCTAssertNoThrow(try Requirements.fail(if: false, .chromium, "present"))
    }

    /// No test skips: not with XCTest's skip functions, nor with Swift Testing's conditions,
    /// which a test run counts as passes. Checked over every test source, this one's included.
    func testNoTestSkips() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // Spelled in pieces so that this file does not contain what it looks for.
        let forbidden = ["XCT" + "Skip", ".disabled" + "(", ".enabled" + "(if"]
        var files: [URL] = []
        for folder in ["Tests", "Examples"] {
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            files += enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.path.contains("/.build") }
        }
        XCTAssertGreaterThan(files.count, 30, "the test sources were not found under \(root.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for word in forbidden where text.contains(word) {
                XCTFail("\(file.path) uses \(word): fail with Requirements.fail instead")
            }
        }
    }
}
