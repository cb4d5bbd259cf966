import CLITestSupport
import Foundation
import Pipeline
import Stills
import Raster
import Snapshots
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `segue snapshot` the way CI and iOS engineers use it: record modes, exit codes, JUnit and
/// JSON reports, GitHub annotations, recursion into subfolders, the recorded settings and names
/// that survive an added gesture.
final class SnapshotCITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try CLI.temporaryFolder(self)
    }

    func write(_ text: String, _ name: String = "modal.yaml") throws {
        try CLI.write(text, name, in: folder)
    }

    func run(_ mode: SnapshotMode, settings: RenderSettings = RenderSettings()) throws -> SnapshotSummary {
        try SnapshotRunner.run([folder.path], options: SnapshotOptions(mode: mode, settings: settings))
    }

    var goldens: URL { folder.appendingPathComponent("__snapshots__/modal") }

    func golden(_ name: String) -> URL { goldens.appendingPathComponent(name + ".png") }

    /// Each result as `status name`.
    func statuses(_ summary: SnapshotSummary) -> [String] {
        summary.results.map { "\(SnapshotReports.status($0)) \($0.name)" }
    }

    // MARK: Record modes

    func testRecordModeNeverWritesNothingAndFailsOnAMissingGolden() throws {
        try write(SnapshotRunnerTests.scene())
        let summary = try run(.never)
        XCTAssertEqual(summary.exitStatus, 1)
        XCTAssertTrue(summary.results.allSatisfy { SnapshotReports.status($0) == "missing" }, "\(statuses(summary))")
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path))
    }

    func testRecordModeMissingWritesOnlyMissingGoldens() throws {
        try write(SnapshotRunnerTests.scene())
        _ = try run(.all)
        try FileManager.default.removeItem(at: golden("start"))
        try write(SnapshotRunnerTests.scene(cardX: 22))
        let summary = try run(.missing)
        XCTAssertEqual(statuses(summary), ["recorded start", "passed present-card-p0", "failed present-card-p0.25",
                                           "failed present-card-p0.5", "failed present-card-p0.75", "failed present-card-p1", "passed motion"])
        XCTAssertEqual(summary.exitStatus, 1, "the failing goldens are left as they are")
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden("start").path))
    }

    func testRecordModeFailedRewritesFailingAndMissingGoldensOnly() throws {
        try write(SnapshotRunnerTests.scene())
        _ = try run(.all)
        try FileManager.default.removeItem(at: golden("start"))
        try Data().write(to: golden("old-point"))
        let untouched = try Data(contentsOf: golden("present-card-p0"))
        try write(SnapshotRunnerTests.scene(cardX: 22))
        let summary = try run(.failed)
        XCTAssertEqual(statuses(summary), ["recorded start", "passed present-card-p0", "recorded present-card-p0.25",
                                           "recorded present-card-p0.5", "recorded present-card-p0.75", "recorded present-card-p1",
                                           "passed motion", "orphaned old-point"])
        XCTAssertEqual(summary.exitStatus, 1, "an orphan is deleted only by --record all")
        XCTAssertEqual(try Data(contentsOf: golden("present-card-p0")), untouched)
        XCTAssertTrue(try run(.never).failures.map(\.name) == ["old-point"])
    }

    func testRecordModeAllRewritesChangedGoldensAndDeletesOrphans() throws {
        try write(SnapshotRunnerTests.scene())
        _ = try run(.all)
        try Data().write(to: golden("old-point"))
        try write(SnapshotRunnerTests.scene(cardX: 22))
        let summary = try run(.all)
        XCTAssertEqual(statuses(summary), ["unchanged start", "unchanged present-card-p0", "recorded present-card-p0.25",
                                           "recorded present-card-p0.5", "recorded present-card-p0.75", "recorded present-card-p1",
                                           "unchanged motion", "removed old-point"])
        XCTAssertEqual(summary.exitStatus, 0)
        XCTAssertTrue(try run(.never).succeeded)
    }

    func testRecordModesFromTheFlagAndTheEnvironment() throws {
        try write(SnapshotRunnerTests.scene())
        for value in ["0", "false", "never"] {
            let result = try CLI.segue(["snapshot", folder.path], environment: ["SEGUE_RECORD": value])
            XCTAssertEqual(result.status, 1, "SEGUE_RECORD=\(value) verifies: \(result.text)")
            XCTAssertTrue(result.text.contains("6 missing"), result.text)  // a scene not yet recorded is not asked for motion
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path))
        let missing = try CLI.segue(["snapshot", folder.path], environment: ["SEGUE_RECORD": "missing"])
        XCTAssertEqual(missing.status, 0, missing.text)
        XCTAssertTrue(missing.text.contains("7 recorded"), missing.text)
        let flag = try CLI.segue(["snapshot", folder.path, "--record", "never"], environment: ["SEGUE_RECORD": "all"])
        XCTAssertTrue(flag.text.contains("7 ok"), "the flag wins over the environment: \(flag.text)")
        let plain = try CLI.segue(["snapshot", "--record", folder.path])
        XCTAssertTrue(plain.text.contains("7 unchanged"), "plain --record means all: \(plain.text)")
        let last = try CLI.segue(["snapshot", folder.path, "--record"])
        XCTAssertTrue(last.text.contains("7 unchanged"), last.text)
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path, "--record", "sometimes"]).status, 64)
        let unknown = try CLI.segue(["snapshot", folder.path], environment: ["SEGUE_RECORD": "yes-please"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("not a record mode"), unknown.stderr)
    }

    // MARK: Exit codes

    func testExitCodesTellFailedSnapshotsFromBrokenScenesAndUsageErrors() throws {
        try write(SnapshotRunnerTests.scene())
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path, "--record", "all"]).status, 0)
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path]).status, 0)
        try write(SnapshotRunnerTests.scene(cardX: 22))
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path]).status, 1, "a failed snapshot")
        try write("screens: { a: { background: nope } }", "broken.yaml")
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path]).status, 2, "a broken scene wins over failed snapshots")
        XCTAssertEqual(try CLI.segue(["snapshot", folder.appendingPathComponent("none.yaml").path]).status, 64)
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path, "--scale", "9"]).status, 64)
    }

    // MARK: Reports

    /// Annotations at the cause: a failure is located on the changed scene line that feeds its
    /// run (a view of the screen the run presents, line 13), not only on the entry that starts the
    /// run (line 17), since GitHub shows an annotation inline only on a line the pull request
    /// changed; a change of the entry itself stays on the entry; a changed line that feeds no
    /// failing run (another screen) leaves the entry's place; the cause survives a report merge.
    func testAFailureIsAnnotatedOnTheChangedLineThatCausesIt() throws {
        try write(SnapshotRunnerTests.scene())
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path, "--record"]).status, 0)
        func annotations(_ scene: String) throws -> [String] {
            try write(scene)
            let result = try CLI.segue(["snapshot", "modal.yaml", "--json", "out/report.json"], in: folder, environment: ["GITHUB_ACTIONS": "true"])
            return result.text.split(separator: "\n").filter { $0.hasPrefix("::error ") }.map(String.init)
        }
        // The card moved: its rect's line (13) is the cause of the four points that show it.
        let moved = try annotations(SnapshotRunnerTests.scene(cardX: 22))
        XCTAssertEqual(moved.count, 4, "\(moved)")
        XCTAssertTrue(moved.allSatisfy { $0.hasPrefix("::error file=modal.yaml,line=13,col=1,") }, "\(moved)")
        XCTAssertTrue(moved[0].contains("; line 13 changed since the goldens were recorded, and feeds the run the entry at line 17 starts"), moved[0])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/report.json"))) as? [String: Any])
        let merged = try CLI.segue(["report", "merge", "out/report.json", "--json", "out/merged.json"], in: folder)
        XCTAssertEqual(merged.status, 1, merged.stderr)
        let mergedReport = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out/merged.json"))) as? [String: Any])
        func messages(_ object: [String: Any]) -> [String] { (object["results"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }.sorted() }
        XCTAssertEqual(messages(mergedReport), messages(report), "the merge words the cause as the run did")

        // The entry itself changed (presented later): it is the cause, and the annotation stays there.
        let later = try annotations(SnapshotRunnerTests.scene().replacingOccurrences(of: "{ at: 0.1, present: card }", with: "{ at: 0.15, present: card }"))
        XCTAssertFalse(later.isEmpty)
        XCTAssertTrue(later.allSatisfy { $0.contains("line=17,") || !$0.contains("line=13,") }, "\(later)")
        // The presenting screen feeds the run too: its label's change (line 9) is where those fail.
        let presenter = try annotations(SnapshotRunnerTests.scene().replacingOccurrences(of: "text: Inbox", with: "text: Outbox"))
        XCTAssertFalse(presenter.isEmpty)
        XCTAssertTrue(presenter.allSatisfy { $0.hasPrefix("::error file=modal.yaml,line=9,col=1,") }, "\(presenter)")
        // A changed line that feeds no run (a screen nothing shows) leaves failures at their entry.
        let unrelated = SnapshotRunnerTests.scene(cardX: 22).replacingOccurrences(of: "transitions:", with: "  spare: { background: \"#00FF00\" }\ntransitions:")
        let stays = try annotations(unrelated)
        XCTAssertEqual(stays.count, 4, "\(stays)")
        XCTAssertTrue(stays.allSatisfy { $0.hasPrefix("::error file=modal.yaml,line=13,col=1,") }, "the card's line still, not the spare screen's: \(stays)")
    }

    func testJUnitJSONAndGitHubAnnotations() throws {
        try write(SnapshotRunnerTests.scene())
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path, "--record"]).status, 0)
        try write(SnapshotRunnerTests.scene(cardX: 22))
        try write("screens: { a: { background: nope } }", "broken.yaml")
        let junit = folder.appendingPathComponent("out/junit.xml"), json = folder.appendingPathComponent("out/report.json")
        let result = try CLI.segue(["snapshot", "modal.yaml", "broken.yaml", "--junit", junit.path, "--json", json.path], in: folder,
                                   environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(result.status, 2, result.text + result.stderr)

        let document = try XMLDocument(contentsOf: junit, options: [])
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "8")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "4")
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        XCTAssertEqual(cases.count, 8, "one test case per snapshot point and the motion golden, and one for the broken scene")
        XCTAssertEqual(Set(cases.compactMap { $0.attribute(forName: "classname")?.stringValue }), ["modal.yaml", "broken.yaml"])
        let failed = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "present-card-p1" })
        XCTAssertEqual(failed.attribute(forName: "file")?.stringValue, "modal.yaml")
        XCTAssertEqual(failed.attribute(forName: "line")?.stringValue, "13", "the changed line that feeds its run: the card's rect (the entry is 17)")
        let failure = try XCTUnwrap(failed.elements(forName: "failure").first)
        XCTAssertTrue(failure.attribute(forName: "message")?.stringValue?.contains("% of the pixels differ") == true)
        XCTAssertTrue(failure.stringValue?.contains("__snapshots__/__actual__/modal/present-card-p1.diff.png") == true,
                      failure.stringValue ?? "")
        XCTAssertTrue(failure.stringValue?.contains("__snapshots__/__actual__/modal/present-card-p1.composite.png") == true)
        let broken = try XCTUnwrap(cases.first { $0.attribute(forName: "classname")?.stringValue == "broken.yaml" })
        XCTAssertEqual(broken.elements(forName: "error").count, 1)
        XCTAssertTrue(cases.first { $0.attribute(forName: "name")?.stringValue == "start" }?.childCount == 0, "a pass has no children")

        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        XCTAssertEqual(object["exitStatus"] as? Int, 2)
        let results = try XCTUnwrap(object["results"] as? [[String: Any]])
        let p1 = try XCTUnwrap(results.first { $0["name"] as? String == "present-card-p1" })
        XCTAssertEqual(p1["status"] as? String, "failed")
        XCTAssertGreaterThan(try XCTUnwrap(p1["differingShare"] as? Double), 0)
        XCTAssertEqual(p1["line"] as? Int, 13)

        let annotations = result.text.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        XCTAssertEqual(annotations.count, 5, result.text)
        XCTAssertTrue(annotations.contains { $0.hasPrefix("::error file=modal.yaml,line=13,col=1,title=") && $0.contains("present-card-p1") },
                      "\(annotations)")
        XCTAssertTrue(annotations.contains { $0.hasPrefix("::error file=broken.yaml,line=1,") }, "\(annotations)")
        let quiet = try CLI.segue(["snapshot", "modal.yaml"], in: folder)
        XCTAssertFalse(quiet.text.contains("::error"), "annotations only on GitHub Actions")
    }

    // MARK: Recursion

    func testAFolderIsWalkedLikeABatchIntoSubfolders() throws {
        try write(SnapshotRunnerTests.scene())
        try write(SnapshotRunnerTests.scene(), "flows/deep/inner.yaml")
        try write(SnapshotRunnerTests.scene(), ".hidden/skipped.yaml")
        try write(SnapshotRunnerTests.scene(), "__snapshots__/not-a-scene.yaml")
        let recorded = try run(.all)
        let scenes = Set(["modal.yaml", "flows/deep/inner.yaml"].map { SnapshotRunner.display(folder.appendingPathComponent($0)) })
        XCTAssertEqual(Set(recorded.results.map(\.scene)), scenes)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("flows/deep/__snapshots__/inner/present-card-p1.png").path))
        let batch = try BatchPlan(folder: folder, outputFolder: folder.appendingPathComponent("out"))
        XCTAssertEqual(batch.items.map(\.scene.lastPathComponent), ["inner.yaml", "modal.yaml"], "the same walk")

        // A deleted scene's goldens in a subfolder are orphaned, and deleted by --record all.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("flows/deep/inner.yaml"))
        let verified = try run(.never)
        XCTAssertEqual(Set(verified.failures.map { SnapshotReports.status($0) }), ["orphaned"])
        XCTAssertEqual(verified.failures.count, 7, "its six images and its motion golden")
        _ = try run(.all)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("flows/deep/__snapshots__/inner").path))
        XCTAssertTrue(try run(.never).succeeded)
    }

    // MARK: Settings

    func testTheRecordedSettingsAreUsedAndADisagreeingOptionIsAnError() throws {
        try write(SnapshotRunnerTests.scene())
        let recorded = try CLI.segue(["snapshot", folder.path, "--record", "--scale", "2", "--no-touches"])
        XCTAssertEqual(recorded.status, 0, recorded.text)
        let file = goldens.appendingPathComponent(SnapshotSettingsFile.name)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "{\"scale\": 2, \"touches\": false}\n")
        XCTAssertEqual(try RGBAImage.load(png: golden("start")).width, 200)

        let verified = try CLI.segue(["snapshot", folder.path])
        XCTAssertEqual(verified.status, 0, "no --scale needed: \(verified.text)")
        XCTAssertEqual(try CLI.segue(["snapshot", folder.path, "--scale", "2"]).status, 0, "an option that agrees is fine")
        let disagreeing = try CLI.segue(["snapshot", folder.path, "--scale", "1"])
        XCTAssertEqual(disagreeing.status, 2, disagreeing.text)
        XCTAssertTrue(disagreeing.text.contains("--scale 1 (recorded: 2)"), disagreeing.text)

        let rerecorded = try CLI.segue(["snapshot", folder.path, "--record", "all", "--scale", "1"])
        XCTAssertEqual(rerecorded.status, 0, "recording all may change them: \(rerecorded.text)")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "{\"scale\": 1, \"touches\": false}\n")
        XCTAssertEqual(try RGBAImage.load(png: golden("start")).width, 100)
    }

    // MARK: Names

    /// A scene whose card is dismissed by a named flick; `extraGesture` adds a cancelled drag before it.
    static func gestureScene(extraGesture: Bool) -> String {
        """
        size: [100, 200]
        scale: 1
        fps: 30
        tail: 0.1
        screens:
          list: { background: "#FF0000" }
          card:
            background: "#FFFFFF"
            content:
              - rect: { frame: [20, 40, 60, 60], fill: "#0000FF" }
        transitions:
          - { from: list, to: card, style: slide-up-modal }
        timeline:
          - { at: 0.1, present: card }
        \(extraGesture ? "  - { at: 1.0, swipe: { from: [50, 60], to: [50, 75], duration: 0.5 }, expect: cancel }" : "")
          - { at: 2.0, swipe: { from: [50, 40], to: [50, 190], duration: 0.08 }, expect: finish, name: flick-down }
        """
    }

    func testAddingAGestureBeforeANamedEntryKeepsItsGoldens() throws {
        try write(Self.gestureScene(extraGesture: false))
        let recorded = try run(.all)
        XCTAssertTrue(recorded.succeeded, "\(recorded.failures)")
        let flick = recorded.results.map(\.name).filter { $0.hasPrefix("flick-down-") }
        XCTAssertTrue(flick.contains("flick-down-p1"), "\(flick)")

        try write(Self.gestureScene(extraGesture: true))
        let summary = try run(.missing)
        let byName = Dictionary(summary.results.map { ($0.name, SnapshotReports.status($0)) }) { first, _ in first }
        for name in flick { XCTAssertEqual(byName[name], "passed", "\(name): \(statuses(summary))") }
        // The images keep; the motion golden does not, and should not: the card now moves at 1 s.
        XCTAssertEqual(summary.failures.map(\.name), [MotionGolden.pointName], "\(statuses(summary))")
        XCTAssertTrue(SnapshotReports.message(summary.failures[0]).contains("the motion differs at frame 30 (1 s): touches is 50,60, the golden has -"),
                      "\(summary.failures)")
        XCTAssertEqual(summary.failures[0].location?.line, 15, "located at the new gesture, the entry playing when the motion first differs")
        XCTAssertTrue(byName.keys.contains("dismiss-card-cancelled"), "the new gesture's run has points of its own: \(byName.keys.sorted())")
        XCTAssertFalse(byName.keys.contains { $0.hasSuffix("-p0.75") && $0.hasPrefix("dismiss-card") },
                       "a cancelled run gets no point for progress it never reaches")
    }

    func testAGoldenWhoseRunNoLongerReachesItPointsAtTheGesture() throws {
        try write(Self.gestureScene(extraGesture: false))
        _ = try run(.all)
        // The flick becomes a slow, short drag: the dismissal is cancelled, its -p1 golden orphaned.
        let changed = Self.gestureScene(extraGesture: false)
            .replacingOccurrences(of: "to: [50, 190], duration: 0.08 }, expect: finish", with: "to: [50, 60], duration: 0.5 }, expect: cancel")
        try write(changed)
        let summary = try run(.never)
        let orphan = try XCTUnwrap(summary.failures.first { $0.name == "flick-down-p1" })
        XCTAssertEqual(SnapshotReports.status(orphan), "orphaned")
        XCTAssertEqual(orphan.location?.line, 16, "the gesture whose outcome changed")
        XCTAssertTrue(orphan.message?.contains("now is cancelled") == true, orphan.message ?? "")
    }

    func testAGoldenWhoseRunIsGonePointsAtTheGestureThatNowStartsNone() throws {
        let unnamed = Self.gestureScene(extraGesture: false).replacingOccurrences(of: ", name: flick-down", with: "")
        try write(unnamed)
        XCTAssertTrue(try run(.all).results.contains { $0.name == "dismiss-card-p1" })
        // The flick becomes a touch too small to begin a pan.
        try write(unnamed.replacingOccurrences(of: "to: [50, 190], duration: 0.08 }, expect: finish",
                                               with: "to: [50, 42], duration: 0.08 }, expect: nothing"))
        let summary = try run(.never)
        let orphans = summary.failures.filter { $0.name.hasPrefix("dismiss-card") }
        XCTAssertFalse(orphans.isEmpty)
        XCTAssertTrue(orphans.allSatisfy { $0.location?.line == 16 }, "\(orphans.map { ($0.name, $0.location) })")
        XCTAssertTrue(orphans[0].message?.contains("starts none") == true, orphans[0].message ?? "")
    }

    func testACancelledRunStoresEachFrameOnce() throws {
        try write(Self.gestureScene(extraGesture: true))
        let summary = try run(.all)
        let frames = summary.results.filter { $0.name.hasPrefix("dismiss-card") }.compactMap(\.golden)
        XCTAssertFalse(frames.isEmpty)
        XCTAssertLessThan(frames.count, 5, "no points for progress the cancelled run never reaches: \(frames.map(\.lastPathComponent))")
        XCTAssertEqual(frames.last?.lastPathComponent, "dismiss-card-cancelled.png", "its settled frame")
    }
}
