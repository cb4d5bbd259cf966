import CLITestSupport
import Foundation
import Scene
import XCTest

/// `segue report merge` reads only what it can bound: a regular file within `Limits.reportBytes`
/// (a pipe is not opened, a huge file not read), at most `Limits.reportResults` results in one
/// report and in all of them together; and nothing a report says reaches the terminal raw.
final class ReportMergeLimitsTests: XCTestCase {
    /// A `segue snapshot --json` report of `count` passed results.
    private func report(_ count: Int, scene: String = "a.yaml", shard: String = "1/1") -> String {
        let result = #"{"scene": "\#(scene)", "name": "p", "status": "passed"}"#
        return #"{"mode": "never", "shard": "\#(shard)", "results": ["# + Array(repeating: result, count: count).joined(separator: ",") + "]}"
    }

    func testAReportOverTheResultLimitIsRefusedNamingIt() throws {
        let folder = try CLI.temporaryFolder(self)
        let big = try CLI.write(report(Limits.reportResults + 1), "big.json", in: folder)
        let started = Date()
        let result = try CLI.segue(["report", "merge", big.path], timeout: 60)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(big.path): \(Limits.reportResults + 1) results, over the limit of \(Limits.reportResults) results in a report"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    func testReportsOverTheLimitTogetherAreRefusedAtTheOneThatPassesIt() throws {
        let folder = try CLI.temporaryFolder(self)
        let half = Limits.reportResults / 2 + 1
        let parts = try (1...3).map { try CLI.write(report(half, shard: "\($0)/3"), "part\($0).json", in: folder) }
        let result = try CLI.segue(["report", "merge"] + parts.map(\.path), timeout: 60)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("the reports up to \(parts[1].path) hold \(2 * half) results together, over the limit of \(Limits.reportResults)"), result.stderr)
    }

    func testOnlyARegularFileWithinTheByteLimitIsRead() throws {
        let folder = try CLI.temporaryFolder(self)
        let huge = folder.appendingPathComponent("huge.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: nil))
        XCTAssertEqual(truncate(huge.path, off_t(Limits.reportBytes + 1)), 0)
        let pipe = folder.appendingPathComponent("pipe.json")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        for (file, problem) in [(huge, "the file is \(Limits.reportBytes + 1) bytes, over the limit of \(Limits.reportBytes) bytes"),
                                (pipe, "it is not a regular file (a pipe, socket or device)"),
                                (folder, "it is a folder, not a file")] {
            let result = try CLI.segue(["report", "merge", file.path], timeout: 20)
            XCTAssertFalse(result.timedOut, "\(file.lastPathComponent) blocked")
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("error: \(file.path): \(problem)"), result.stderr)
        }
    }

    /// A report's strings with an escape sequence, a bell and a bidi override are printed as
    /// `\u{…}`: no byte of them reaches the terminal (stdout, stderr, GitHub's annotations).
    func testAReportsControlCharactersNeverReachTheTerminal() throws {
        let folder = try CLI.temporaryFolder(self)
        let hostile = #"x\u001b]0;owned\u0007\u001b[2J\u202Eevil"#
        let text = #"{"mode": "never", "shard": "1/1", "results": [{"scene": "\#(hostile).yaml", "name": "\#(hostile)", "status": "error", "message": "\#(hostile)", "file": "\#(hostile)", "line": 1}]}"#
        let file = try CLI.write(text, "hostile.json", in: folder)
        let result = try CLI.segue(["report", "merge", file.path], environment: ["GITHUB_ACTIONS": "true"], timeout: 20)
        XCTAssertEqual(result.status, 2, "an error result: " + result.stderr + result.text)
        let printed = result.text + result.stderr
        XCTAssertTrue(printed.contains(#"x\u{1B}]0;owned\u{7}\u{1B}[2J\u{202E}evil"#), printed)
        XCTAssertTrue(printed.contains("::error "), "the annotations were printed: \(printed)")
        for scalar in printed.unicodeScalars {
            XCTAssertFalse(scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(scalar.value)
                           || scalar.value == 0x202E, "U+\(String(scalar.value, radix: 16)) printed raw")
        }
    }

    func testPrintableTextEscapesControlsAndBidiOnly() {
        XCTAssertEqual(PrintableText.make("a\tb\nc"), "a\tb\nc")
        XCTAssertEqual(PrintableText.make("é ✓ 日本 😀"), "é ✓ 日本 😀")
        XCTAssertEqual(PrintableText.make("\u{1B}[31mred\u{7}\r\u{0}\u{7F}\u{85}\u{9B}"), #"\u{1B}[31mred\u{7}\u{D}\u{0}\u{7F}\u{85}\u{9B}"#)
        XCTAssertEqual(PrintableText.make("a\u{202E}b\u{2066}c\u{200F}"), #"a\u{202E}b\u{2066}c\u{200F}"#)
    }
}
