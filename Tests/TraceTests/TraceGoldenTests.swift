import CLITestSupport
import Engine
import Foundation
import Scene
import Stills
import XCTest

/// `segue trace` of every example scene, replayed in this process as the command does
/// (`TraceWriter`, text measured by Raster's `TextMeasurer`) — the render tree of each frame, its touches, phases and
/// progress — kept in `Tests/Fixtures/traces/` and compared byte for byte: the exact, machine-
/// independent record of motion (no font rasterizer or encoder in it), and the oracle any change
/// to the engine is held to. A difference names the first frame that differs and the layer and
/// values in it; `SEGUE_RECORD_TRACES=1 swift test --filter TraceGoldenTests` writes the traces
/// anew once a change of motion is intended (say which in the commit).
final class TraceGoldenTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var goldens: URL { repository.appendingPathComponent("Tests/Fixtures/traces") }

    /// Every example scene (`ExampleScenes`), each with the golden's name.
    func examples() throws -> [(scene: URL, golden: String)] {
        try ExampleScenes.all().map { ($0.file, $0.name + ".jsonl") }
    }

    func testEveryExampleTracesExactlyAsItsGolden() throws {
        let recording = ProcessInfo.processInfo.environment["SEGUE_RECORD_TRACES"] == "1"
        let examples = try examples()
        XCTAssertGreaterThanOrEqual(examples.count, 38)
        for (scene, name) in examples {
            var text = ""
            do {
                try TraceWriter.write(try SceneFile.load(scene.path)) { text += $0 + "\n" }
            } catch {
                XCTFail("\(scene.lastPathComponent): \(error)")
                continue
            }
            let golden = goldens.appendingPathComponent(name)
            let bytes = Data(text.utf8)
            if recording {
                try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
                try bytes.write(to: golden, options: .atomic)
                continue
            }
            guard let expected = try? Data(contentsOf: golden) else {
                XCTFail("\(name): no golden trace; record it with SEGUE_RECORD_TRACES=1")
                continue
            }
            if bytes != expected {
                XCTFail("\(scene.lastPathComponent): \(Self.firstDifference(expected, bytes))")
            }
        }
        // A golden whose scene is gone is stale.
        let kept = Set(examples.map(\.golden))
        for stale in try FileManager.default.contentsOfDirectory(atPath: goldens.path) where !kept.contains(stale) {
            if recording {
                try FileManager.default.removeItem(at: goldens.appendingPathComponent(stale))
            } else {
                XCTFail("Tests/Fixtures/traces/\(stale) has no example scene; record with SEGUE_RECORD_TRACES=1 to remove it")
            }
        }
    }

    /// Where two traces part: the frame, then the first layer (or field) that differs, as both say it.
    static func firstDifference(_ expected: Data, _ actual: Data) -> String {
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n")
        let new = String(decoding: actual, as: UTF8.self).split(separator: "\n")
        guard let line = zip(old, new).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
            return "the golden has \(old.count) frames, the trace \(new.count)"
        }
        // The layers of a frame, split where one ends, so the message shows the one that moved.
        let parts = { (text: Substring) in text.components(separatedBy: "}, {") }
        let (a, b) = (parts(old[line]), parts(new[line]))
        let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let show = { (items: [String]) in index < items.count ? items[index] : "(nothing: \(items.count) parts)" }
        return "frame \(line) differs first; golden: \(show(a)) — now: \(show(b))"
    }

    func testTheFirstDifferenceNamesTheFrameAndTheLayer() {
        let golden = Data("{\"frame\": 0, \"layers\": [{\"id\": \"a\", \"alpha\": 1}]}\n{\"frame\": 1, \"layers\": [{\"id\": \"a\", \"alpha\": 1}, {\"id\": \"b\", \"alpha\": 0.5}]}\n".utf8)
        let moved = Data("{\"frame\": 0, \"layers\": [{\"id\": \"a\", \"alpha\": 1}]}\n{\"frame\": 1, \"layers\": [{\"id\": \"a\", \"alpha\": 1}, {\"id\": \"b\", \"alpha\": 0.4}]}\n".utf8)
        XCTAssertEqual(Self.firstDifference(golden, moved),
                       "frame 1 differs first; golden: \"id\": \"b\", \"alpha\": 0.5}]} — now: \"id\": \"b\", \"alpha\": 0.4}]}")
        XCTAssertEqual(Self.firstDifference(golden, golden + Data("{}\n".utf8)), "the golden has 2 frames, the trace 3")
    }
}
