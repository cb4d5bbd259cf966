import CLITestSupport
import Foundation
import XCTest

/// `segue trace` on the command line writes what the trace goldens hold (`TraceGoldenTests`, which
/// replay the examples in the unit tier's process): the command adds nothing and loses nothing.
final class TraceCommandTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheCommandWritesTheGoldenTraceToAFileAndToStandardOutput() throws {
        let folder = try CLI.temporaryFolder(self)
        // A sheet whose list scrolls and takes the sheet along: scroll runs, drivers and presentations.
        let scene = repository.appendingPathComponent("scenes/sheet-scroll.yaml")
        let golden = try Data(contentsOf: repository.appendingPathComponent("Tests/Fixtures/traces/sheet-scroll.jsonl"))
        let file = folder.appendingPathComponent("trace.jsonl")
        let written = try CLI.segue(["trace", scene.path, "-o", file.path], timeout: 120)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(try Data(contentsOf: file), golden)
        let printed = try CLI.segue(["trace", scene.path], timeout: 120)
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(printed.stdout, golden)
    }
}
