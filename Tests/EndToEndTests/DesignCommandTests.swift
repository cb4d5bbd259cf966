import CLITestSupport
import Foundation
import Raster
import XCTest

/// The design on the command line: `--design` on `still` and `inspect`, a bogus value refused
/// naming the choices, `validate` of a scene written in Liquid Glass, `--variant` of a scene whose
/// variants list designs; `inspect` reports the glass (the tab bar's pill, the bars' capsules) in
/// Liquid Glass and nothing new in classic.
///
/// Reference values for scenes/apps/music.yaml on its iPhone 15 (393 × 852 pt, 34 pt bottom safe
/// area): five tabs; the pill 21 pt from the sides and the bottom, 62 pt tall, radius 31 (a UITabBar
/// dump of iOS 26 [RE]): [21, 769, 351, 62]; the pitch (351 − 16.25) / 5 = 66.95, each item 8.25
/// pt wider and 54 tall, 4 pt in: tab 0 [25, 773, 75.2, 54].
final class DesignCommandTests: XCTestCase {
    private var music: String { ExampleScenes.repository.appendingPathComponent("scenes/apps/music.yaml").path }
    private var mail: String { ExampleScenes.repository.appendingPathComponent("scenes/apps/mail.yaml").path }

    private func inspect(_ arguments: [String]) throws -> String {
        let result = try CLI.segue(["inspect"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.text
    }

    private func object(_ json: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    func testInspectReportsTheTabBarPillInLiquidGlassAndNothingNewInClassic() throws {
        let glass = try object(try inspect([music, "--design", "liquidGlass", "--json"]))
        let tabs = try XCTUnwrap(glass["tabs"] as? [String: Any], "tabs")
        let pill = try XCTUnwrap(tabs["pill"] as? [String: Any], "the pill in \(tabs.keys.sorted())")
        XCTAssertEqual(pill["frame"] as? [Double], [21, 769, 351, 62])
        XCTAssertEqual(pill["cornerRadius"] as? Double, 31)
        let items = try XCTUnwrap(tabs["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, 5)
        // The tab's frame is the glass layout's, where the engine taps it, not the classic column.
        let first = try XCTUnwrap(items.first?["frame"] as? [Double])
        XCTAssertEqual(first.count, 4)
        for (value, expected) in zip(first, [25, 773, 75.2, 54]) { XCTAssertEqual(value, expected, accuracy: 1e-4, "tab 0: \(first)") }
        // The library's bar: its Edit item on a capsule of its own, 5 pt below the 54 pt bar's top (59 + 5).
        let screens = try XCTUnwrap(glass["screens"] as? [[String: Any]])
        let library = try XCTUnwrap(screens.first { $0["name"] as? String == "library" }?["navigationBar"] as? [String: Any])
        let capsules = try XCTUnwrap(library["glass"] as? [[String: Any]], "the library bar's glass in \(library.keys.sorted())")
        XCTAssertEqual(capsules.map { $0["name"] as? String }, ["trailing0"])
        let capsule = try XCTUnwrap(capsules.first?["frame"] as? [Double])
        XCTAssertEqual(capsule[1], 64, accuracy: 1e-9)
        XCTAssertEqual(capsule[3], 44, accuracy: 1e-9)
        XCTAssertEqual(capsule[0] + capsule[2], 393 - 16, accuracy: 1e-9, "ends at the trailing margin")

        let classicJSON = try inspect([music, "--json"])
        let classic = try object(classicJSON)
        XCTAssertNil((classic["tabs"] as? [String: Any])?["pill"])
        XCTAssertFalse(classicJSON.contains("\"pill\""), "no pill in classic")
        XCTAssertFalse(classicJSON.contains("\"glass\""), "no glass in classic")
        XCTAssertFalse(classicJSON.contains("cornerRadius"), "no glass shapes in classic")

        let text = try inspect([music, "--design", "liquidGlass"])
        let line = text.split(separator: "\n").first { $0.hasPrefix("  glass pill ") }.map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertEqual(line, "glass pill [21, 769, 351, 62] corner radius 31", text)
        XCTAssertFalse(try inspect([music]).contains("glass"), "the classic text names no glass")
    }

    /// A toolbar's capsules (mail's inbox: two icons, 48 pt circles 28 pt from the sides and the
    /// bottom: 852 − 28 − 48 = 776) and the back circle (16 pt margin, 59 + 5 = 64).
    func testInspectReportsTheToolbarsAndTheBackButtonsGlass() throws {
        let glass = try object(try inspect([mail, "--design", "liquidGlass", "--json"]))
        let screens = try XCTUnwrap(glass["screens"] as? [[String: Any]])
        let inbox = try XCTUnwrap(screens.first { $0["name"] as? String == "inbox" })
        let toolbar = try XCTUnwrap(inbox["toolbar"] as? [String: Any])
        let capsules = try XCTUnwrap(toolbar["glass"] as? [[String: Any]], "\(toolbar.keys.sorted())")
        XCTAssertEqual(capsules.map { $0["name"] as? String }, ["item0", "item1"])
        XCTAssertEqual(capsules.first?["frame"] as? [Double], [28, 776, 48, 48])
        XCTAssertEqual(capsules.last?["frame"] as? [Double], [393 - 28 - 48, 776, 48, 48])
        let bar = try XCTUnwrap(inbox["navigationBar"] as? [String: Any])
        let back = try XCTUnwrap((bar["glass"] as? [[String: Any]])?.first { $0["name"] as? String == "back" })
        XCTAssertEqual(back["frame"] as? [Double], [16, 64, 44, 44])
        XCTAssertEqual(back["cornerRadius"] as? Double, 22)
        XCTAssertNil(((try object(try inspect([mail, "--json"])))["screens"] as? [[String: Any]])?
            .compactMap { ($0["toolbar"] as? [String: Any])?["glass"] }.first, "no toolbar glass in classic")
    }

    /// Right to left, the glass mirrors with everything else: the back circle at the right margin
    /// (375 − 16 − 44 = 315 on the SE), the toolbar's lone capsule still centred.
    func testInspectMirrorsTheGlassRightToLeft() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = try CLI.write("""
            device: iphone-se
            design: liquidGlass
            screens:
              a: { navigationBar: { title: A, back: B }, toolbar: { items: [{ icon: trash }] } }
            root: a

            """, "rtl.yaml", in: folder)
        let json = try object(try inspect([scene.path, "--layout-direction", "rightToLeft", "--json"]))
        let screen = try XCTUnwrap((json["screens"] as? [[String: Any]])?.first)
        let back = try XCTUnwrap(((screen["navigationBar"] as? [String: Any])?["glass"] as? [[String: Any]])?.first)
        XCTAssertEqual(back["name"] as? String, "back")
        XCTAssertEqual(back["frame"] as? [Double], [315, 25, 44, 44], "SE: 20 pt status bar, capsule 5 pt into the bar")
        let capsule = try XCTUnwrap(((screen["toolbar"] as? [String: Any])?["glass"] as? [[String: Any]])?.first)
        XCTAssertEqual(capsule["frame"] as? [Double], [163.5, 591, 48, 48], "centred, 667 − 28 − 48 = 591")
    }

    /// Inspect's glass is the engine's: at the first frame of each app flow in Liquid Glass, every
    /// glass shape inspect lists for the screen on top (its navigation bar's and toolbar's, the tab
    /// bar's pill) is a node of the render tree (`segue trace`) at the same frame, and every glass
    /// node of the screen on top is listed.
    func testInspectedGlassIsWhereTheRenderTreeDrawsIt() throws {
        let folder = try CLI.temporaryFolder(self)
        var compared = 0
        defer { XCTAssertGreaterThan(compared, 10, "glass shapes compared") }
        for name in ["mail", "music", "photos", "contacts", "messages", "settings-dark", "app-store"] {
            let scene = ExampleScenes.repository.appendingPathComponent("scenes/apps/\(name).yaml").path
            let inspected = try object(try inspect([scene, "--design", "liquidGlass", "--at", "0", "--json"]))
            let trace = folder.appendingPathComponent("\(name).jsonl")
            let traced = try CLI.segue(["trace", scene, "--design", "liquidGlass", "--fps", "1", "-o", trace.path])
            XCTAssertEqual(traced.status, 0, traced.stderr)
            let first = try XCTUnwrap(String(decoding: try Data(contentsOf: trace), as: UTF8.self).split(separator: "\n").first)
            let layers = try XCTUnwrap((try object(String(first)))["layers"] as? [[String: Any]])
            var nodes: [String: [Double]] = [:]
            for layer in layers {
                if let id = layer["id"] as? String, let frame = layer["frame"] as? [Double] { nodes[id] = frame }
            }
            let top = try XCTUnwrap((inspected["at"] as? [String: Any])?["stack"] as? [String]).last ?? ""
            var expected: [String: [Double]] = [:]
            if let pill = (inspected["tabs"] as? [String: Any])?["pill"] as? [String: Any] { expected["tabBar/glass"] = pill["frame"] as? [Double] }
            let screen = try XCTUnwrap((inspected["screens"] as? [[String: Any]])?.first { $0["name"] as? String == top })
            for shape in ((screen["navigationBar"] as? [String: Any])?["glass"] as? [[String: Any]]) ?? [] {
                expected["navigationBar/\(top)/glass/\(shape["name"] as? String ?? "")"] = shape["frame"] as? [Double]
            }
            for shape in ((screen["toolbar"] as? [String: Any])?["glass"] as? [[String: Any]]) ?? [] {
                expected["\(top)/toolbar/glass/\(shape["name"] as? String ?? "")"] = shape["frame"] as? [Double]
            }
            compared += expected.count
            for (id, frame) in expected {
                let drawn = try XCTUnwrap(nodes[id], "\(name): no node \(id) in \(nodes.keys.filter { $0.contains("glass") }.sorted())")
                XCTAssertEqual(drawn.count, 4)
                for (a, b) in zip(drawn, frame ?? []) { XCTAssertEqual(a, b, accuracy: 1e-3, "\(name): \(id) drawn at \(drawn), inspected at \(frame ?? [])") }
            }
            let drawnGlass = nodes.keys.filter {
                $0 == "tabBar/glass" || $0.hasPrefix("navigationBar/\(top)/glass/") || $0.hasPrefix("\(top)/toolbar/glass/")
            }
            XCTAssertEqual(Set(drawnGlass), Set(expected.keys), "\(name): every glass node of '\(top)' is inspected")
        }
    }

    func testStillDrawsTheBarsInTheDesignGiven() throws {
        let folder = try CLI.temporaryFolder(self)
        let classicURL = folder.appendingPathComponent("classic.png"), glassURL = folder.appendingPathComponent("glass.png")
        for (url, flags) in [(classicURL, [String]()), (glassURL, ["--design", "liquidGlass"])] {
            let result = try CLI.segue(["still", mail, "--at", "0", "--scale", "1", "-o", url.path] + flags)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let classic = try RGBAImage.load(png: classicURL), glass = try RGBAImage.load(png: glassURL)
        XCTAssertEqual(classic.width, glass.width)
        XCTAssertEqual(classic.height, glass.height)
        func differs(rows: Range<Int>) -> Bool {
            rows.contains { y in
                let start = y * classic.width * 4, end = start + classic.width * 4
                return classic.pixels[start..<end] != glass.pixels[start..<end]
            }
        }
        XCTAssertTrue(differs(rows: 59..<103), "the navigation bar differs")
        XCTAssertTrue(differs(rows: (classic.height - 82)..<classic.height), "the toolbar differs")
    }

    func testABogusDesignIsRefusedNamingTheChoices() throws {
        let result = try CLI.segue(["still", mail, "--at", "0", "--design", "bogus", "-o", "/dev/null"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("bogus"), result.stderr)
        XCTAssertTrue(result.stderr.contains("liquidGlass") && result.stderr.contains("classic"), "names the choices: \(result.stderr)")
    }

    func testValidateAndVariantsTakeTheDesign() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = """
            device: iphone-se
            screens:
              a: { navigationBar: { title: A, trailing: [{ icon: plus }] }, toolbar: { items: [{ icon: trash }] } }
            root: a

            """
        let written = try CLI.write("design: liquidGlass\n" + scene, "glass.yaml", in: folder)
        let validated = try CLI.segue(["validate", written.path])
        XCTAssertEqual(validated.status, 0, validated.stderr + validated.text)

        let varied = try CLI.write("variants: { design: [classic, liquidGlass] }\n" + scene, "varied.yaml", in: folder)
        let plain = try CLI.write(scene, "plain.yaml", in: folder)
        let variantURL = folder.appendingPathComponent("variant.png"), flagURL = folder.appendingPathComponent("flag.png")
        let classicURL = folder.appendingPathComponent("classic.png")
        for (file, url, flags) in [(varied, variantURL, ["--variant", "liquidGlass"]), (plain, flagURL, ["--design", "liquidGlass"]),
                                   (varied, classicURL, ["--variant", "classic"])] {
            let result = try CLI.segue(["still", file.path, "--at", "0", "--scale", "1", "-o", url.path] + flags)
            XCTAssertEqual(result.status, 0, "\(flags): \(result.stderr)")
        }
        let variant = try RGBAImage.load(png: variantURL)
        XCTAssertEqual(variant, try RGBAImage.load(png: flagURL), "--variant liquidGlass draws as --design liquidGlass")
        XCTAssertNotEqual(variant, try RGBAImage.load(png: classicURL), "and not as classic")
        let inspected = try inspect([varied.path, "--variant", "liquidGlass", "--json"])
        XCTAssertTrue(inspected.contains("\"glass\""), inspected)
    }

    /// `validate --design` and `validate --variant all` check the scene as the design lays it out:
    /// a tap written where the classic tab bar's second column is (x 380 of 393) lands beside the
    /// glass pill of two tabs (2 × 85.9375 + 16.25 = 188.1 pt wide, centred: x 102.4…290.6), so it
    /// does nothing there — an error located at its line, naming the variant.
    func testValidateChecksTheScenesDesignsAndVariants() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = try CLI.write("""
            variants: { design: [classic, liquidGlass] }
            screens:
              a: { navigationBar: { title: A } }
              b: { navigationBar: { title: B } }
            tabs:
              items: [{ title: A, icon: house, root: a }, { title: B, icon: gear, root: b }]
            timeline:
              - { at: 0.5, tap: [380, 795] }

            """, "tabs.yaml", in: folder)
        let written = try CLI.segue(["validate", scene.path])
        XCTAssertEqual(written.status, 0, "as written (classic) the tap selects tab 1: \(written.stderr)")
        let glass = try CLI.segue(["validate", scene.path, "--design", "liquidGlass"])
        XCTAssertNotEqual(glass.status, 0)
        XCTAssertTrue(glass.stderr.contains("tabs.yaml:8:5: error: this tap does nothing"), glass.stderr)
        let all = try CLI.segue(["validate", scene.path, "--variant", "all"])
        XCTAssertNotEqual(all.status, 0)
        XCTAssertTrue(all.stderr.contains("(variant 'liquidGlass')"), all.stderr)
        XCTAssertFalse(all.stderr.contains("(variant 'classic')"), all.stderr)
    }
}
