import CLITestSupport
import Foundation
import XCTest

/// `segue preview` of a scene that declares variants, in a real browser: `--variant NAME` starts
/// on that variant, the page's variant picker shows each variant's frames (dark where the variant
/// is dark, mirrored where it is right-to-left) and the scene as written, the page's address keeps
/// the variant picked, and an unknown variant in the address is an error naming the scene's variants.
///
/// `variant_check.py` drives headless Chromium through Selenium, as `PreviewBrowserTests` does,
/// and needs the same packages (`Requirements`).
final class PreviewVariantBrowserTests: XCTestCase {
    static let scene = """
        size: [120, 240]
        scale: 1
        fps: 20
        tail: 0.2
        variants: { appearance: [light, dark], layoutDirection: [leftToRight, rightToLeft] }
        screens:
          list:
            background: systemBackground
            content:
              # 20 pt from the leading edge: the left in left-to-right, the right in right-to-left.
              - rect: { frame: [0, 100, 40, 40], fill: systemRed }
          sheet: { background: systemBlue }
        transitions:
          - { from: list, to: sheet, style: slide-up-modal }
        timeline:
          - { at: 0.5, present: sheet }

        """

    func testThePickerShowsEachVariantAndAnUnknownOneIsAnError() throws {
        for tool in [PreviewBrowserTests.python, PreviewBrowserTests.chromium, PreviewBrowserTests.chromedriver]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            try Requirements.fail(.chromium, "\(tool) is not installed (scripts/bootstrap installs chromium, chromium-driver and python3-selenium)")
        }
        try Requirements.fail(if: try CLI.run(URL(fileURLWithPath: PreviewBrowserTests.python), ["-c", "import selenium"]).status != 0,
                              .chromium, "python3-selenium is not installed (scripts/bootstrap installs it)")
        let root = try CLI.temporaryFolder(self)
        let site = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Self.scene.write(to: site.appendingPathComponent("variants.yaml"), atomically: true, encoding: .utf8)

        let server = try PreviewProcess(folder: site, arguments: ["--variant", "dark-rightToLeft"])
        defer { server.stop() }
        let url = try server.waitForURL(timeout: 30)
        let results = root.appendingPathComponent("results.json"), screenshot = root.appendingPathComponent("variants.png")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("variant_check.py")
        let temporary = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let run = try CLI.run(URL(fileURLWithPath: "/usr/bin/timeout"), ["90", PreviewBrowserTests.python, script.path, url, screenshot.path, results.path],
                              environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(run.status, 0, "browser script failed:\n\(run.stderr)\nserver:\n\(server.output)")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: results)) as? [String: Any])
        let steps = Dictionary(((json["steps"] as? [[String: Any]]) ?? []).map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })

        let names = ["light-leftToRight", "light-rightToLeft", "dark-leftToRight", "dark-rightToLeft"]
        let white = [255, 255, 255], black = [0, 0, 0]
        func isRed(_ pixel: Any?) -> Bool {
            guard let rgb = pixel as? [Int], rgb.count == 3 else { return false }
            return rgb[0] > 200 && rgb[1] < 100 && rgb[2] < 100
        }
        // Each pick: the picker and the page's address name the variant; the scrubbed frame stays;
        // the background is the variant's appearance and the red square sits at its leading edge.
        let expected: [(step: String, variant: String?, background: [Int], leading: String)] = [
            ("start", "dark-rightToLeft", black, "right"),
            ("pick light-leftToRight", "light-leftToRight", white, "left"),
            ("pick dark-leftToRight", "dark-leftToRight", black, "left"),
            ("pick light-rightToLeft", "light-rightToLeft", white, "right"),
            // As written: the scene's own traits, light and left-to-right.
            ("pick as written", nil, white, "left"),
            ("reload", "dark-leftToRight", black, "left"),
            ("recovered", "light-leftToRight", white, "left"),
        ]
        for (name, variant, background, leading) in expected {
            let step = try XCTUnwrap(steps[name], "no step \(name): \(json)")
            XCTAssertEqual(step["variant"] as? String, variant, name)
            XCTAssertEqual(step["picker"] as? String, variant ?? "", name)
            XCTAssertEqual(step["pickerHidden"] as? Bool, false, name)
            XCTAssertEqual(step["options"] as? [String], ["as written"] + names, name)
            XCTAssertEqual(step["background"] as? [Int], background, "\(name): \(step)")
            XCTAssertTrue(isRed(step[leading]), "\(name): the square at the \(leading): \(step)")
            XCTAssertFalse(isRed(step[leading == "left" ? "right" : "left"]), "\(name): \(step)")
            if name.hasPrefix("pick") {
                XCTAssertEqual(step["frame"] as? Int, 1, "\(name): the scrubber stays on its frame")
                XCTAssertEqual(step["hash"] as? String, "#scene=variants.yaml&variant=\(variant ?? "")", name)
            }
        }

        // An unknown variant in the address: said, with the closest name and the list; the picker still offers them.
        let unknown = try XCTUnwrap(steps["unknown"], "\(json)")
        XCTAssertEqual(unknown["errors"] as? String,
                       "error: variants.yaml: no variant 'dark-rightToLeftt' (did you mean 'dark-rightToLeft'?); its variants are: "
                       + names.joined(separator: ", "))
        XCTAssertEqual(Array((unknown["options"] as? [String] ?? []).prefix(5)), [""] + names)
        XCTAssertEqual(unknown["pickerHidden"] as? Bool, false)
    }
}
