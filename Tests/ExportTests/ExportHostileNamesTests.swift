import CLITestSupport
import Foundation
import XCTest

/// A page whose scene names everything with what ends or confuses a `<script>` element's text
/// (`</script>`, `<!--`, `<script`, `]]>`, U+2028): the page's own script still runs in Chromium,
/// and the names are shown as text. A screen named `a<!--<script>` once stopped the player: the
/// data element swallowed it (`HTMLText.scriptData`).
final class ExportHostileNamesTests: XCTestCase {
    static let hostile = "</script><!--<script>]]>\u{2028}x"

    func testHostileNamesAreTextAndThePageRuns() throws {
        for tool in ["/usr/bin/python3", "/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: tool) {
            try Requirements.fail(.chromium, "\(tool) is not installed (scripts/bootstrap installs chromium, chromium-driver and python3-selenium)")
        }
        let folder = try CLI.temporaryFolder(self)
        // A file name cannot hold '/': the scene's own name keeps the rest.
        let sceneName = "s<!--<script>]]>\u{2028}"
        let (first, second) = ("one" + Self.hostile, "two" + Self.hostile)
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\u{2028}", with: "\\L") + "\"" }
        let scene = folder.appendingPathComponent(sceneName + ".yaml")
        try """
            screens:
              \(quoted(first)):
                navigationBar: { title: \(quoted(Self.hostile)) }
                content:
                  - label: { text: \(quoted(Self.hostile)), frame: [20, 200, 300, 40] }
              \(quoted(second)):
                navigationBar: { title: \(quoted(Self.hostile)), back: \(quoted(Self.hostile)) }
            transitions:
              - { from: \(quoted(first)), to: \(quoted(second)), style: system-push }
            timeline:
              - { at: 0.2, push: \(quoted(second)) }
            """.write(to: scene, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("page.html")
        let export = try CLI.segue(["export", scene.path, "-o", page.path, "--scale", "1"])
        XCTAssertEqual(export.status, 0, export.stderr)
        let html = try String(contentsOf: page, encoding: .utf8)
        let data = try XCTUnwrap(html.range(of: "id=\"segue-data\">").map { html[$0.upperBound...] })
        let end = try XCTUnwrap(data.range(of: "</script>"))
        XCTAssertFalse(data[..<end.lowerBound].contains("<"), "the data holds no '<' at all")
        XCTAssertFalse(data[..<end.lowerBound].unicodeScalars.contains("\u{2028}"))

        let result = folder.appendingPathComponent("result.json")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("export_hostile_names.py")
        let temporary = folder.appendingPathComponent("t")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let run = try CLI.run(URL(fileURLWithPath: "/usr/bin/timeout"), ["120", "/usr/bin/python3", script.path, page.absoluteString, result.path],
                              environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(run.status, 0, "browser script failed:\n\(run.stderr)")
        let shown = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: result)) as? [String: Any])
        XCTAssertEqual(shown["ready"] as? Bool, true, "the page's player ran: \(shown)")
        XCTAssertEqual(shown["scripts"] as? Int, 2, "the data element and the player, no other script element")
        XCTAssertEqual(shown["console"] as? [String], [])
        XCTAssertEqual(shown["heading"] as? String, sceneName)
        XCTAssertEqual(shown["title"] as? String, sceneName)
        let buttons = shown["buttons"] as? [String] ?? []
        XCTAssertTrue(buttons.contains { $0.contains(second) }, "a button names the pushed screen as text: \(buttons)")
    }
}
