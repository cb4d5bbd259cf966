import CLITestSupport
import Foundation
import Stills
import Snapshots
import XCTest

/// `--shard i/n` for batch and snapshot: the parts are disjoint, together hold every scene, come
/// out the same whatever order the scenes are met in, and are balanced by estimated cost.
final class ShardTests: XCTestCase {
    /// Checks a split of `jobs` into `count` parts: every job in exactly one part (each part
    /// selected on its own, as each machine does), and returns the parts' loads.
    func split(_ jobs: [(key: String, cost: Double)], count: Int, file: StaticString = #filePath, line: UInt = #line) -> [Double] {
        var seen = [Int](repeating: 0, count: jobs.count)
        var loads: [Double] = []
        for index in 1...count {
            let part = Shard("\(index)/\(count)")!.select(Array(jobs.indices), key: { jobs[$0].key }, cost: { jobs[$0].cost })
            for job in part { seen[job] += 1 }
            loads.append(part.reduce(0) { $0 + jobs[$1].cost })
        }
        XCTAssertEqual(seen, [Int](repeating: 1, count: jobs.count), "every scene in exactly one part", file: file, line: line)
        return loads
    }

    func testGrahamsExampleGivesTheLongestFirstPartsItDescribes() {
        // Graham (1969), the rule's worst case for 2 machines: jobs 3, 3, 2, 2, 2. Longest first:
        // 3 → A, 3 → B, 2 → A, 2 → B, 2 → A (ties to the first part): A = 7, B = 5, where 6 + 6 is
        // possible — the 4/3 − 1/(3·2) = 7/6 bound, met.
        let jobs = [("a", 2.0), ("b", 3.0), ("c", 2.0), ("d", 3.0), ("e", 2.0)].map { (key: $0.0, cost: $0.1) }
        XCTAssertEqual(Shard.assign(jobs, count: 2), [1, 1, 2, 2, 1], "b then d by cost; a, c, e by path among equals")
        XCTAssertEqual(split(jobs, count: 2), [7, 5])
    }

    func testThePartsDoNotDependOnTheOrderTheScenesAreMet() {
        let jobs = (0..<40).map { (key: "scene-\($0).yaml", cost: Double(($0 * 37) % 11 + 1)) }
        let forward = Shard.assign(jobs, count: 3)
        let backward = Shard.assign(jobs.reversed(), count: 3)
        XCTAssertEqual(forward, backward.reversed(), "ties broken by path, not by position")
    }

    func testMorePartsThanScenesLeavesSomeEmptyAndEachSceneOnce() {
        let jobs = [(key: "a", cost: 5.0), (key: "b", cost: 1.0)]
        XCTAssertEqual(split(jobs, count: 4), [5, 1, 0, 0])
    }

    func testShardTextIsCheckedAndBounded() {
        for bad in ["0/4", "5/4", "1/0", "a/b", "1", "1/2/3", "-1/2", "1/10001", ""] {
            XCTAssertNil(Shard(bad), bad)
        }
        XCTAssertEqual(Shard("3/4")?.description, "3/4")
    }

    // MARK: Real scenes

    static let scenes = SnapshotCommandTests.root.appendingPathComponent("scenes")

    /// The example folder, costed as snapshot and batch do: balanced within 1.25× of the mean,
    /// which it allows (no scene outweighs a part's share).
    func testTheExampleScenesSplitEvenly() throws {
        let files = SceneFolder.sceneFiles(under: Self.scenes)
        XCTAssertGreaterThan(files.count, 20)
        for work in [SceneCost.Work.snapshots, .video] {
            let jobs = files.map { (key: $0, cost: SceneCost.estimate(Self.scenes.appendingPathComponent($0), settings: RenderSettings(scale: 1), work: work)) }
            XCTAssertTrue(jobs.allSatisfy { $0.cost > 1 }, "every example scene loads and has a cost")
            for count in 2...4 {
                let loads = split(jobs, count: count)
                let mean = loads.reduce(0, +) / Double(count)
                XCTAssertLessThanOrEqual(jobs.map(\.cost).max()!, mean, "the folder allows balance")
                XCTAssertLessThanOrEqual(loads.max()!, 1.25 * mean, "\(work) in \(count) parts: \(loads)")
            }
        }
    }

    /// A scene's cost is its frames × its pixels, from the file alone: twice the duration, twice
    /// the frames; @2x, four times the pixels; an unreadable scene costs 1 and still lands somewhere.
    func testTheCostIsFramesTimesPixels() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = folder.appendingPathComponent("s.yaml")
        try Self.scene(duration: 2).write(to: scene, atomically: false, encoding: .utf8)
        XCTAssertEqual(SceneCost.estimate(scene, settings: RenderSettings(), work: .video), 60 * 100 * 200, "2 s at 30 fps, 100 × 200 px")
        XCTAssertEqual(SceneCost.estimate(scene, settings: RenderSettings(scale: 2), work: .video), 60 * 200 * 400)
        XCTAssertEqual(SceneCost.estimate(scene, settings: RenderSettings(fps: 60), work: .video), 120 * 100 * 200)
        XCTAssertEqual(SceneCost.estimate(scene, settings: RenderSettings(), work: .snapshots), 5 * 100 * 200,
                       "progress 0, 0.25, 0.5, 0.75 and the settled frame")
        try "screens: [".write(to: scene, atomically: false, encoding: .utf8)
        XCTAssertEqual(SceneCost.estimate(scene, settings: RenderSettings(), work: .video), 1)
    }

    /// One scene 20 times longer than the others: it cannot be balanced, so it gets a part to
    /// itself and the other parts share the rest evenly.
    func testOneLongSceneGetsAPartOfItsOwn() throws {
        let folder = try CLI.temporaryFolder(self).appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.scene(duration: 20).write(to: folder.appendingPathComponent("long.yaml"), atomically: false, encoding: .utf8)
        for index in 0..<9 {
            try Self.scene(duration: 1 + Double(index % 3) * 0.1)
                .write(to: folder.appendingPathComponent("short-\(index).yaml"), atomically: false, encoding: .utf8)
        }
        let files = SceneFolder.sceneFiles(under: folder)
        let jobs = files.map { (key: $0, cost: SceneCost.estimate(folder.appendingPathComponent($0), settings: RenderSettings(), work: .video)) }
        let loads = split(jobs, count: 3)
        let long = jobs.first { $0.key == "long.yaml" }!.cost
        XCTAssertEqual(loads.max(), long, "the long scene alone sets the longest part")
        let others = loads.filter { $0 != long }
        XCTAssertEqual(others.count, 2)
        XCTAssertLessThanOrEqual(others.max()!, 1.25 * others.reduce(0, +) / 2, "\(others)")
        // Round-robin by path (the old rule) put the long scene with three short ones.
        let parts = Shard.assign(jobs, count: 3)
        XCTAssertEqual(parts.enumerated().filter { $0.element == parts[files.firstIndex(of: "long.yaml")!] }.count, 1)

        // From the command line, as CI runs it: each part's scenes, disjoint, all of them.
        var batches: [Set<String>] = []
        for index in 1...3 {
            let output = folder.deletingLastPathComponent().appendingPathComponent("out-\(index)")
            let result = try CLI.segue(["batch", folder.path, "-o", output.path, "--shard", "\(index)/3", "--quality", "draft",
                                        "--json", output.appendingPathComponent("batch.json").path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("batch.json"))) as? [String: Any])
            let scenes = try XCTUnwrap(json["scenes"] as? [[String: Any]]).compactMap { ($0["scene"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
            batches.append(Set(scenes))
        }
        XCTAssertEqual(batches.map(\.count).reduce(0, +), files.count, "disjoint")
        XCTAssertEqual(batches.reduce(Set<String>()) { $0.union($1) }, Set(files))
        XCTAssertEqual(batches.first { $0.contains("long.yaml") }, ["long.yaml"])
    }

    /// 100 × 200 pt at 1x and 30 fps for `duration` seconds, a sheet presented at 0.1 s.
    static func scene(duration: Double) -> String {
        """
        size: [100, 200]
        scale: 1
        fps: 30
        duration: \(duration)
        screens:
          list: { background: "#FF0000" }
          card: { background: "#0000FF" }
        transitions:
          - { from: list, to: card, style: slide-up-modal }
        timeline:
          - { at: 0.1, present: card }
        """
    }
}
