import CLITestSupport
import Foundation
import Stills
import Snapshots
import XCTest

/// `segue snapshot --variant NAME|all` (`SnapshotOptions.settings.variant`): one variant's goldens
/// recorded and checked alone, a name no scene declares refused with the closest one, the shards
/// and the report made of what was picked, and the goldens of the variants not picked left alone.
final class SnapshotVariantPickTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try CLI.temporaryFolder(self)
        // Two scenes with a `dark` variant, one with others, one with none.
        try CLI.write("variants: { appearance: [light, dark] }\n" + SnapshotRunnerTests.scene(), "themed.yaml", in: folder)
        try CLI.write("variants: { appearance: [dark] }\n" + SnapshotRunnerTests.scene(cardX: 30), "night.yaml", in: folder)
        try CLI.write("variants: { contentSize: [large, accessibilityLarge] }\n" + SnapshotRunnerTests.scene(cardX: 10), "sized.yaml",
                      in: folder)
        try CLI.write(SnapshotRunnerTests.scene(cardX: 40), "plain.yaml", in: folder)
    }

    func run(_ mode: SnapshotMode, variant: String?, shard: Shard = .all, path: String? = nil) throws -> SnapshotSummary {
        try SnapshotRunner.run([path ?? folder.path], options: SnapshotOptions(mode: mode, settings: RenderSettings(variant: variant),
                                                                                shard: shard))
    }

    /// The scenes a run checked, as its results name them (`themed.yaml (dark)`), once each, sorted.
    func scenes(_ summary: SnapshotSummary) -> [String] {
        Set(summary.results.map { URL(fileURLWithPath: $0.scene).lastPathComponent }).sorted()
    }

    func goldens(_ path: String) -> URL { folder.appendingPathComponent("__snapshots__/\(path)") }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: goldens(path).path) }

    func testOneNameRecordsAndChecksThatVariantAlone() throws {
        let recorded = try run(.all, variant: "dark")
        XCTAssertTrue(recorded.succeeded, "\(recorded.failures)")
        XCTAssertEqual(scenes(recorded), ["night.yaml (dark)", "themed.yaml (dark)"])
        XCTAssertTrue(exists("themed/dark/start.png") && exists("night/dark/start.png"))
        XCTAssertFalse(exists("themed/light"), "the variant not picked is not recorded")
        XCTAssertFalse(exists("sized") || exists("plain"), "scenes without the variant are not picked")
        // The report counts what was picked: 7 goldens a scene (six points and the motion golden).
        XCTAssertEqual(recorded.results.count, 14)
        XCTAssertEqual(recorded.line, "14 goldens: 14 recorded, 0 unchanged, 0 removed, 0 errors (variant dark)")
        XCTAssertEqual(recorded.variant, "dark")

        let checked = try run(.never, variant: "dark")
        XCTAssertTrue(checked.succeeded, "\(checked.failures)")
        XCTAssertEqual(checked.line, "14 goldens: 14 ok, 0 failed, 0 missing, 0 orphaned, 0 errors (variant dark)")
        // A run of every variant finds the others missing: the pick recorded nothing else.
        let every = try run(.never, variant: nil)
        XCTAssertEqual(Set(every.results.filter { SnapshotReports.status($0) == "missing" }.map { URL(fileURLWithPath: $0.scene).lastPathComponent }),
                       ["themed.yaml (light)", "sized.yaml (large)", "sized.yaml (accessibilityLarge)", "plain.yaml"])
        XCTAssertNil(every.variant)
    }

    func testAllIsEveryVariantAndTheScenesAsWritten() throws {
        let all = try run(.all, variant: SceneFile.allVariants)
        XCTAssertTrue(all.succeeded, "\(all.failures)")
        XCTAssertEqual(scenes(all), ["night.yaml (dark)", "plain.yaml", "sized.yaml (accessibilityLarge)", "sized.yaml (large)",
                                     "themed.yaml (dark)", "themed.yaml (light)"])
        XCTAssertNil(all.variant, "all is not a pick: its line says no variant")
        XCTAssertFalse(all.line.contains("variant"), all.line)
        let every = try run(.never, variant: nil)
        XCTAssertTrue(every.succeeded, "\(every.failures)")
        XCTAssertEqual(every.results.map(\.scene), all.results.map(\.scene), "all is the same as no --variant")
        XCTAssertEqual(every.results.map(\.name), all.results.map(\.name))
    }

    func testANameNoSceneDeclaresIsRefusedWithTheClosest() throws {
        XCTAssertThrowsError(try run(.never, variant: "drak")) { error in
            XCTAssertEqual("\(error)", "\(folder.path): no scene in it declares a variant 'drak' (did you mean 'dark'?); "
                           + "their variants are: dark, large, accessibilityLarge, light")
        }
        let themed = folder.appendingPathComponent("themed.yaml").path
        XCTAssertThrowsError(try run(.never, variant: "drak", path: themed)) { error in
            XCTAssertEqual("\(error)", "\(themed): no variant 'drak' (did you mean 'dark'?); its variants are: light, dark")
        }
        // A scene file given that does not declare the variant is refused, though others do.
        XCTAssertThrowsError(try run(.never, variant: "large", path: themed)) { error in
            XCTAssertTrue("\(error)".contains("no variant 'large'"), "\(error)")
        }
        let plain = folder.appendingPathComponent("plain.yaml").path
        XCTAssertThrowsError(try run(.never, variant: "dark", path: plain)) { error in
            XCTAssertTrue("\(error)".contains("declares no 'variants'"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens("").path), "a refused run writes nothing")
    }

    func testGoldensOfTheVariantsNotPickedAreNotOrphans() throws {
        XCTAssertTrue(try run(.all, variant: nil).succeeded)
        // An orphan in a variant not picked, one left from before the scene had variants, a scene
        // that no longer exists, and one in the variant picked.
        let light = goldens("themed/light/start.png"), dark = goldens("themed/dark/start.png")
        try FileManager.default.copyItem(at: light, to: goldens("themed/light/gone.png"))
        try FileManager.default.copyItem(at: light, to: goldens("themed/old.png"))
        try FileManager.default.createDirectory(at: goldens("deleted"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: light, to: goldens("deleted/start.png"))
        try FileManager.default.copyItem(at: dark, to: goldens("themed/dark/gone.png"))

        let checked = try run(.never, variant: "dark")
        XCTAssertEqual(checked.results.filter { SnapshotReports.status($0) == "orphaned" }.map { "\(URL(fileURLWithPath: $0.scene).lastPathComponent) \($0.name)" },
                       ["themed.yaml (dark) gone"],
                       "only the variant picked is looked at for orphans")
        let recorded = try run(.all, variant: "dark")
        XCTAssertEqual(recorded.results.filter { SnapshotReports.status($0) == "removed" }.map(\.name), ["gone"])
        XCTAssertFalse(exists("themed/dark/gone.png"))
        XCTAssertTrue(exists("themed/light/gone.png") && exists("themed/old.png") && exists("deleted/start.png"),
                      "a run of one variant deletes nothing outside it")
        XCTAssertTrue(exists("themed/light/start.png") && exists("sized/large/start.png") && exists("plain/start.png"))

        // A run of every variant still finds the rest.
        let every = try run(.never, variant: SceneFile.allVariants)
        XCTAssertEqual(Set(every.results.filter { SnapshotReports.status($0) == "orphaned" }.map { "\(URL(fileURLWithPath: $0.scene).lastPathComponent) \($0.name)" }),
                       ["themed.yaml (light) gone", "themed.yaml old", "deleted start"])
    }

    func testShardsSplitTheScenesPicked() throws {
        XCTAssertTrue(try run(.all, variant: nil).succeeded)
        let parts = try (1...2).map { try run(.never, variant: "dark", shard: try XCTUnwrap(Shard("\($0)/2"))) }
        XCTAssertEqual(parts.map { scenes($0).count }, [1, 1], "the two scenes that declare it, one a part: \(parts.map(scenes))")
        XCTAssertEqual(Set(parts.flatMap(scenes)), ["themed.yaml (dark)", "night.yaml (dark)"])
        for part in parts {
            XCTAssertTrue(part.succeeded, "\(part.failures)")
            XCTAssertEqual(part.results.count, 7)
            XCTAssertTrue(part.line.hasSuffix("(variant dark) (shard \(part.shard))"), part.line)
        }
        // The parts merge into the variant's run, and beside another variant's parts too.
        let merged = try SnapshotSummary.merged(parts.enumerated().map { (name: "dark-\($0.offset + 1).json", summary: $0.element) })
        XCTAssertEqual(merged.results.count, 14)
        XCTAssertEqual(merged.variant, "dark")
        let large = try (1...2).map { try run(.never, variant: "large", shard: try XCTUnwrap(Shard("\($0)/2"))) }
        XCTAssertEqual(large.map(\.results.count).reduce(0, +), 7, "one scene declares large")
        let both = try SnapshotSummary.merged((parts + large).enumerated().map { (name: "part-\($0.offset).json", summary: $0.element) })
        XCTAssertEqual(both.results.count, 21)
        XCTAssertNil(both.variant)
        XCTAssertThrowsError(try SnapshotSummary.merged([(name: "dark-1.json", summary: parts[0]), (name: "large-2.json", summary: large[1])]),
                             "each variant's split must be whole")
    }

    func testTheJSONReportNamesTheVariantAndCountsThePick() throws {
        let summary = try run(.all, variant: "large")
        let data = try SnapshotReports.json(summary)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["variant"] as? String, "large")
        XCTAssertEqual(object["tests"] as? Int, 7)
        XCTAssertEqual(object["summary"] as? String, "7 goldens: 7 recorded, 0 unchanged, 0 removed, 0 errors (variant large)")
        let decoded = try SnapshotReports.decode(data, name: "large.json")
        XCTAssertEqual(decoded.variant, "large")
        XCTAssertEqual(decoded.line, summary.line)
        let junit = SnapshotReports.junit(summary)
        XCTAssertEqual(junit.components(separatedBy: "<testcase ").count - 1, 7, junit)
    }

    /// The command line: `--variant` is the option every scene command shares, with its help; a
    /// bad name exits 2 with the did-you-mean.
    func testTheCommandLinePicksAVariant() throws {
        let bad = try CLI.segue(["snapshot", folder.path, "--variant", "drak"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("no scene in it declares a variant 'drak' (did you mean 'dark'?)"), bad.stderr)
        let record = try CLI.segue(["snapshot", folder.path, "--variant", "dark", "--record", "all"])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.text.contains("14 goldens: 14 recorded, 0 unchanged, 0 removed, 0 errors (variant dark)"), record.text)
        XCTAssertFalse(exists("themed/light"))
        let check = try CLI.segue(["snapshot", folder.path, "--variant", "dark"])
        XCTAssertEqual(check.status, 0, check.text + check.stderr)
        let help = try CLI.segue(["snapshot", "--help"])
        XCTAssertTrue(help.text.contains("--variant <name>"), help.text)
    }
}
