import CLITestSupport
import Foundation
import Stills
import Raster
import Snapshots
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The reports of one run agree — console, report.txt, report.html, JUnit and JSON count the same
/// goldens, every folder included, errors apart from failures — and `segue report merge` of the
/// shards' JSON gives what one unsharded run gives.
final class SnapshotReportTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try CLI.temporaryFolder(self)
    }

    func write(_ text: String, _ name: String) throws {
        try CLI.write(text, name, in: folder)
    }

    /// Six scenes in the folder and a subfolder, recorded; then two changed in each folder, one
    /// broken, one golden orphaned: failures, an error and passes in both folders.
    func makeFailingSuite() throws {
        for name in ["a", "b", "c", "custom/d", "custom/e", "custom/deep/f"] {
            try write(SnapshotRunnerTests.scene(), "\(name).yaml")
        }
        let recorded = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-recorded.json")
        addTeardownBlock { try? FileManager.default.removeItem(at: recorded) }
        XCTAssertEqual(try CLI.segue(["snapshot", ".", "--record", "all", "--json", recorded.path], in: folder).status, 0)
        let files = try XCTUnwrap(json(recorded)["files"] as? [String])
        XCTAssertEqual(files.filter { $0.hasSuffix(".png") }.count, 36, "the goldens written are listed")
        XCTAssertTrue(files.contains("custom/deep/__snapshots__/f/start.png"), "\(files)")
        try write(SnapshotRunnerTests.scene(cardX: 24), "a.yaml")
        try write(SnapshotRunnerTests.scene(cardX: 26), "custom/d.yaml")
        try write(SnapshotRunnerTests.scene(cardX: 22), "custom/deep/f.yaml")
        try write("screens: [", "broken.yaml")
        try Data(contentsOf: folder.appendingPathComponent("__snapshots__/b/start.png"))
            .write(to: folder.appendingPathComponent("__snapshots__/b/gone.png"))
    }

    /// `status name` of every result, for comparing runs.
    func outcomes(_ results: [[String: Any]]) -> [String] {
        results.map { "\($0["scene"] as? String ?? "") \($0["name"] as? String ?? "") \($0["status"] as? String ?? "")" }.sorted()
    }

    func json(_ url: URL) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func testTheReportsOfOneRunAgree() throws {
        try makeFailingSuite()
        let out = folder.appendingPathComponent("out")
        let junit = out.appendingPathComponent("junit.xml"), report = out.appendingPathComponent("report.json")
        let result = try CLI.segue(["snapshot", ".", "--junit", junit.path, "--json", report.path], in: folder)
        XCTAssertEqual(result.status, 2, result.text + result.stderr)

        // 6 scenes × 6 points (start, p0 … p1) and their motion goldens, the orphan and the broken scene.
        let total = 6 * 7 + 2
        // a: 4 points show the card moved; d and f too; b's golden orphaned; broken.yaml an error.
        let (failed, orphaned, errors) = (12, 1, 1)
        let line = "\(total) goldens: \(total - failed - orphaned - errors) ok, \(failed) failed, 0 missing, \(orphaned) orphaned, \(errors) errors"
        XCTAssertTrue(result.text.contains(line + "\n"), result.text)

        let object = try json(report)
        XCTAssertEqual(object["summary"] as? String, line)
        XCTAssertEqual(object["tests"] as? Int, total)
        XCTAssertEqual(object["failures"] as? Int, failed + orphaned)
        XCTAssertEqual(object["errors"] as? Int, errors)
        XCTAssertEqual(object["counts"] as? [String: Int], ["passed": total - failed - orphaned - errors, "failed": failed,
                                                            "orphaned": orphaned, "error": errors])

        let document = try XMLDocument(contentsOf: junit, options: [])
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "\(total)")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "\(failed + orphaned)")
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "\(errors)")
        let suites = try document.nodes(forXPath: "//testsuite").compactMap { $0 as? XMLElement }
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        XCTAssertEqual(cases.count, total)
        for element in [root] + suites + cases {
            let time = try XCTUnwrap(element.attribute(forName: "time")?.stringValue.flatMap(Double.init), "\(element.name ?? "") has a time")
            XCTAssertGreaterThanOrEqual(time, 0)
        }
        // A suite's time is its cases' (to the millisecond each), and a scene that rendered took some.
        for suite in suites {
            let caseTimes = (suite.elements(forName: "testcase")).compactMap { $0.attribute(forName: "time")?.stringValue.flatMap(Double.init) }
            let suiteTime = try XCTUnwrap(suite.attribute(forName: "time")?.stringValue.flatMap(Double.init))
            XCTAssertEqual(suiteTime, caseTimes.reduce(0, +), accuracy: 0.001 * Double(caseTimes.count + 1))
        }
        let aTime = try XCTUnwrap(suites.first { $0.attribute(forName: "name")?.stringValue == "a.yaml" }?.attribute(forName: "time")?.stringValue)
        XCTAssertGreaterThan(Double(aTime) ?? 0, 0)

        // One report for the folder given, its subfolders included, listed in the JSON with every image.
        let text = try String(contentsOf: folder.appendingPathComponent("__snapshots__/__actual__/report.txt"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("segue snapshot: " + line + "\n"), text)
        let html = try String(contentsOf: folder.appendingPathComponent("__snapshots__/__actual__/report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<h1>segue snapshot: \(line)</h1>"), html)
        XCTAssertTrue(html.contains("Failed snapshots (\(failed + orphaned))"), "failures apart")
        XCTAssertTrue(html.contains("Errors: not checked (\(errors))"), "errors apart")
        // Failures grouped by where they come from: a's four moved points are one group, at the changed line of the card.
        XCTAssertTrue(html.contains("<div class=\"group\">\n<h2><code>a.yaml:13:1</code>: 4 snapshots</h2>"), html)
        // A slider lays each differing image's actual over its golden.
        XCTAssertTrue(html.contains("<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" oninput=\"reveal(this)\""), "an overlay slider")
        // Every passing snapshot is browsable, folded, by its golden.
        let passing = total - failed - orphaned - errors - 6  // the six motion goldens are text
        XCTAssertTrue(html.contains("<details><summary>Passed snapshots (\(passing))</summary>"), "a folded gallery of what passed")
        XCTAssertTrue(html.contains("<img loading=\"lazy\" src=\"../b/start.png\""), "goldens linked relatively")
        XCTAssertTrue(html.contains("<img src=\"../../custom/deep/__snapshots__/__actual__/f/present-card-p1.diff.png\""),
                      "a subfolder's failure, linked from the top report")
        for sub in ["custom", "custom/deep"] {
            let stale = folder.appendingPathComponent("\(sub)/__snapshots__/__actual__/report.html")
            XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path), "one report, not one per folder")
        }
        let files = try XCTUnwrap(object["files"] as? [String])
        for name in ["__snapshots__/__actual__/report.txt", "__snapshots__/__actual__/report.html", "out/junit.xml", "out/report.json",
                     "custom/deep/__snapshots__/__actual__/f/present-card-p1.composite.png"] {
            XCTAssertTrue(files.contains(name), "\(name) in \(files)")
        }
        for file in files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file) was written")
        }
        let written = FileManager.default.enumerator(atPath: folder.path)!.allObjects.compactMap { $0 as? String }
            .filter { $0.contains("__actual__/") && ($0.hasSuffix(".png") || $0.hasSuffix(".txt") || $0.hasSuffix(".html")) }
        XCTAssertEqual(Set(written), Set(files).subtracting(["out/junit.xml", "out/report.json"]), "the JSON lists every file written")
    }

    func testTheCompositeCaptionsItsPanels() throws {
        try makeFailingSuite()
        XCTAssertEqual(try CLI.segue(["snapshot", "a.yaml", "--quiet"], in: folder).status, 1)
        let composite = try RGBAImage.load(png: folder.appendingPathComponent("__snapshots__/__actual__/a/present-card-p1.composite.png"))
        // Three 100 × 200 panels with 8-pixel gutters, under a 24-pixel caption band.
        XCTAssertEqual(composite.width, 3 * 100 + 4 * 8)
        XCTAssertEqual(composite.height, 200 + 2 * 8 + 24)
        // Each panel's caption is white text on the gray band: light pixels above each panel only.
        for panel in 0..<3 {
            let x0 = 8 + panel * 108
            var light = 0
            for y in 0..<(8 + 24) {
                for x in x0..<(x0 + 100) where composite.pixels[(y * composite.width + x) * 4] > 200 { light += 1 }
            }
            XCTAssertGreaterThan(light, 20, "panel \(panel) has a caption")
        }
    }

    func testAMergeOfShardsIsTheUnshardedRun() throws {
        try makeFailingSuite()
        // Reports outside the scene folder: a .json file in it would be taken for a scene.
        let reports = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: reports) }
        let direct = reports.appendingPathComponent("direct.json"), directJUnit = reports.appendingPathComponent("direct.xml")
        let whole = try CLI.segue(["snapshot", ".", "--json", direct.path, "--junit", directJUnit.path, "--quiet"], in: folder)
        XCTAssertEqual(whole.status, 2)
        var parts: [String] = []
        for index in 1...3 {
            let path = reports.appendingPathComponent("part-\(index).json").path
            let part = try CLI.segue(["snapshot", ".", "--shard", "\(index)/3", "--json", path, "--artifacts", "failures", "--quiet"], in: folder)
            XCTAssertTrue(part.text.contains("(shard \(index)/3)"), part.text)
            parts.append(path)
        }
        let partResults = try parts.map { try XCTUnwrap(json(URL(fileURLWithPath: $0))["results"] as? [[String: Any]]) }
        let partScenes = partResults.map { Set($0.compactMap { $0["scene"] as? String }) }
        XCTAssertEqual(partScenes.map(\.count).reduce(0, +), partScenes.reduce(Set<String>()) { $0.union($1) }.count, "no scene in two parts")
        XCTAssertTrue(partScenes.allSatisfy { !$0.isEmpty }, "seven scenes in three parts: none empty")

        let merged = reports.appendingPathComponent("merged.json"), junit = reports.appendingPathComponent("merged.xml")
        let merge = try CLI.segue(["report", "merge"] + parts + ["--json", merged.path, "--junit", junit.path, "--html", "failures"], in: folder)
        XCTAssertEqual(merge.status, 2, "an error in a part is the merged run's exit status: " + merge.text + merge.stderr)
        let expected = try json(direct), actual = try json(merged)
        XCTAssertEqual(actual["summary"] as? String, expected["summary"] as? String)
        XCTAssertTrue(merge.text.contains((expected["summary"] as? String ?? "?") + "\n"), merge.text)
        XCTAssertEqual(actual["counts"] as? [String: Int], expected["counts"] as? [String: Int])
        XCTAssertEqual(actual["exitStatus"] as? Int, 2)
        let failures = { (object: [String: Any]) in
            self.outcomes((object["results"] as? [[String: Any]] ?? []).filter { $0["failure"] as? Bool == true })
        }
        XCTAssertEqual(failures(actual), failures(expected), "the same failures")
        XCTAssertEqual(outcomes(actual["results"] as? [[String: Any]] ?? []), outcomes(expected["results"] as? [[String: Any]] ?? []))
        // The messages too, rebuilt from the comparisons' numbers.
        let messages = { (object: [String: Any]) in
            Set((object["results"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String })
        }
        XCTAssertEqual(messages(actual), messages(expected))
        let directRoot = try XCTUnwrap(XMLDocument(contentsOf: directJUnit, options: []).rootElement())
        let mergedRoot = try XCTUnwrap(XMLDocument(contentsOf: junit, options: []).rootElement())
        for attribute in ["tests", "failures", "errors"] {
            XCTAssertEqual(mergedRoot.attribute(forName: attribute)?.stringValue, directRoot.attribute(forName: attribute)?.stringValue, attribute)
        }
        let html = try String(contentsOf: folder.appendingPathComponent("failures/report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<h1>segue snapshot: \(expected["summary"] as? String ?? "?")</h1>"))
        XCTAssertTrue(html.contains("<img src=\"custom/deep/f/present-card-p1.diff.png\""), "the parts' images, from the merged page")
        XCTAssertTrue(try XCTUnwrap(actual["files"] as? [String]).contains("failures/report.html"))

        // A part missing, or twice, is refused: the merged report would be wrong.
        for bad in [[parts[0], parts[2]], [parts[0], parts[1], parts[1], parts[2]]] {
            let refused = try CLI.segue(["report", "merge"] + bad, in: folder)
            XCTAssertEqual(refused.status, 2)
            XCTAssertTrue(refused.stderr.contains("shard 2/3"), refused.stderr)
        }
        try "{\"results\": 3}".write(to: reports.appendingPathComponent("not-a-report.json"), atomically: false, encoding: .utf8)
        let garbage = try CLI.segue(["report", "merge", "not-a-report.json"], in: reports)
        XCTAssertEqual(garbage.status, 2)
        XCTAssertTrue(garbage.stderr.contains("not-a-report.json: no \"results\" list"), garbage.stderr)
        XCTAssertEqual(try CLI.segue(["report", "merge", "no-such.json"], in: folder).status, 64)
    }

    /// Every kind of report that cannot be merged is refused with what is wrong, never merged
    /// into a wrong suite; a report round-trips through its JSON.
    func testReportsThatCannotBeMergedAreRefused() throws {
        let failed = SnapshotResult(scene: "a.yaml", name: "p1", status: .failed(.different(SnapshotDifference(
            differingPixels: 150, totalPixels: 20000, largestChannelDifference: 255, channelTolerance: 2))))
        func report(_ shard: String, mode: SnapshotMode = .never, results: [SnapshotResult] = [failed]) throws -> (String, SnapshotSummary) {
            let summary = SnapshotSummary(results: results, mode: mode, shard: try XCTUnwrap(Shard(shard)))
            return ("r\(shard).json", try SnapshotReports.decode(SnapshotReports.json(summary), name: "r\(shard).json"))
        }
        let roundTrip = try report("1/1").1
        XCTAssertEqual(roundTrip.line, "1 goldens: 0 ok, 1 failed, 0 missing, 0 orphaned, 0 errors")
        XCTAssertEqual(SnapshotReports.message(roundTrip.results[0]), SnapshotReports.message(failed), "the verdict's numbers come back")

        let refusals: [([(String, SnapshotSummary)], String)] = [
            ([try report("1/3"), try report("2/4"), try report("3/3")], "not one of 3"),
            ([try report("1/2"), try report("1/2"), try report("2/2")], "both shard 1/2"),
            ([try report("1/2")], "shard 2/2 is missing"),
            ([try report("1/2"), try report("2/2", mode: .all)], "--record all"),
            ([], "no reports"),
        ]
        for (parts, expected) in refusals {
            XCTAssertThrowsError(try SnapshotSummary.merged(parts.map { (name: $0.0, summary: $0.1) })) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
        XCTAssertNoThrow(try SnapshotSummary.merged([try report("1/1"), try report("2/2"), try report("1/2")].map { (name: $0.0, summary: $0.1) }),
                         "a whole run of another folder may join a complete split")

        let bad: [(String, String)] = [
            ("[1, 2]", "not a JSON object"),
            ("not json", "not JSON"),
            ("{\"results\": [], \"shard\": \"1/1\"}", "no \"mode\""),
            ("{\"results\": [], \"mode\": \"never\", \"shard\": \"0/2\"}", "no \"shard\""),
            ("{\"results\": [{\"scene\": \"a\", \"name\": \"b\", \"status\": \"weird\"}], \"mode\": \"never\", \"shard\": \"1/1\"}",
             "the status 'weird'"),
            ("{\"results\": [{\"scene\": \"a\", \"name\": \"b\", \"status\": \"failed\"}], \"mode\": \"never\", \"shard\": \"1/1\"}",
             "without its \"verdict\""),
            ("{\"results\": [{\"name\": \"b\"}], \"mode\": \"never\", \"shard\": \"1/1\"}", "no scene, name or status"),
        ]
        for (text, expected) in bad {
            XCTAssertThrowsError(try SnapshotReports.decode(Data(text.utf8), name: "x.json")) { error in
                XCTAssertTrue("\(error)".hasPrefix("x.json: ") && "\(error)".contains(expected), "\(text): \(error)")
            }
        }
    }

    /// What a failed run leaves in `__snapshots__/__actual__` is replaced by the next run of the
    /// same scenes, pass or fail, with or without `--artifacts`.
    func testAFailedRunsArtifactsAreReplacedByTheNextRun() throws {
        try write(SnapshotRunnerTests.scene(), "a.yaml")
        try write(SnapshotRunnerTests.scene(), "custom/b.yaml")
        XCTAssertEqual(try CLI.segue(["snapshot", ".", "--record", "all"], in: folder).status, 0)
        try write(SnapshotRunnerTests.scene(cardX: 24), "a.yaml")
        try write(SnapshotRunnerTests.scene(cardX: 24), "custom/b.yaml")
        let actual = folder.appendingPathComponent("__snapshots__/__actual__")
        let custom = folder.appendingPathComponent("custom/__snapshots__/__actual__")
        XCTAssertEqual(try CLI.segue(["snapshot", "."], in: folder).status, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: actual.appendingPathComponent("a/present-card-p1.png").path))

        // Failing again, fewer points: only this run's images are left.
        try write(SnapshotRunnerTests.scene(cardX: 24, snapshots: "  - { at: 0.05, name: start }").replacingOccurrences(of: "present: card", with: "present: card, name: other"), "a.yaml")
        XCTAssertEqual(try CLI.segue(["snapshot", "."], in: folder).status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: actual.appendingPathComponent("a/present-card-p1.png").path))

        // Failing with --artifacts (as CI does): the images left beside the scenes are stale, and go.
        let elsewhere = folder.appendingPathComponent("ci-failures")
        XCTAssertEqual(try CLI.segue(["snapshot", ".", "--artifacts", elsewhere.path], in: folder).status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: actual.path), "nothing stale beside the scenes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: custom.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("report.html").path))

        // And once the scenes pass, nothing is left anywhere of Segue's.
        try write(SnapshotRunnerTests.scene(), "a.yaml")
        try write(SnapshotRunnerTests.scene(), "custom/b.yaml")
        XCTAssertEqual(try CLI.segue(["snapshot", ".", "--record", "all"], in: folder).status, 0)
        XCTAssertEqual(try CLI.segue(["snapshot", ".", "--artifacts", elsewhere.path], in: folder).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere.path))
    }
}
