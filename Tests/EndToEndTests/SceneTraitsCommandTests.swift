import CLITestSupport
import Foundation
import Raster
import XCTest

/// One scene file, every variant: `--appearance`, `--content-size` and `--device` play a scene
/// exactly as the same file with those keys written in it — the same pictures, the same trace —
/// on the commands that take a scene, and a batch renders again when they change.
final class SceneTraitsCommandTests: XCTestCase {
    static let scene = """
        screens:
          settings:
            background: systemGroupedBackground
            navigationBar: { title: Settings, largeTitle: true }
            content:
              - list:
                  id: rows
                  style: insetGrouped
                  sections:
                    - { header: General, footer: About this phone., rows: [{ title: About, accessory: chevron }, { title: Storage, detail: 64 GB }] }
              - label: { text: Footnote, font: footnote, frame: [20, 400, 300, 40] }
          about:
            background: systemGroupedBackground
            navigationBar: { title: About, back: Settings }
        root: settings
        transitions: [{ from: settings, to: about, style: system-push, tap: { list: rows, index: 0 } }]
        timeline:
          - { at: 0.2, tap: { list: rows, index: 0 } }
        """

    /// The pairs: flags on the plain file, and the keys that write the same into it.
    static let variants: [(flags: [String], keys: String)] = [
        (["--appearance", "dark"], "appearance: dark\n"),
        (["--content-size", "accessibilityExtraLarge"], "contentSize: accessibilityExtraLarge\n"),
        (["--device", "iphone-se"], "device: iphone-se\n"),
        (["--appearance", "dark", "--content-size", "extraSmall", "--device", "ipad-mini"],
         "appearance: dark\ncontentSize: extraSmall\ndevice: ipad-mini\n"),
    ]

    func testFlagsPlayTheSceneAsItsOwnKeysWould() throws {
        let folder = try CLI.temporaryFolder(self)
        let plain = try CLI.write(Self.scene, "plain.yaml", in: folder)
        let reference = try CLI.segue(["still", plain.path, "--at", "0.1", "--scale", "1", "-o", folder.appendingPathComponent("ref.png").path])
        XCTAssertEqual(reference.status, 0, reference.stderr)
        let light = try RGBAImage.load(png: folder.appendingPathComponent("ref.png"))
        for (index, variant) in Self.variants.enumerated() {
            let written = try CLI.write(variant.keys + Self.scene, "written-\(index).yaml", in: folder)
            let flagged = folder.appendingPathComponent("flagged-\(index).png"), keyed = folder.appendingPathComponent("keyed-\(index).png")
            for (file, output, flags) in [(plain, flagged, variant.flags), (written, keyed, [])] {
                let result = try CLI.segue(["still", file.path, "--at", "0.1", "--scale", "1", "-o", output.path] + flags)
                XCTAssertEqual(result.status, 0, result.stderr)
            }
            let a = try RGBAImage.load(png: flagged), b = try RGBAImage.load(png: keyed)
            XCTAssertEqual([a.width, a.height], [b.width, b.height], variant.keys)
            XCTAssertTrue(a.pixels == b.pixels, "still with \(variant.flags) differs from the file with \(variant.keys)")
            XCTAssertFalse(a.pixels == light.pixels, "\(variant.flags) changes the picture")
            let traces = try [["trace", plain.path] + variant.flags, ["trace", written.path]].map { try CLI.segue($0) }
            XCTAssertEqual(traces[0].status, 0, traces[0].stderr)
            XCTAssertTrue(traces[0].stdout == traces[1].stdout, "trace with \(variant.flags)")
        }
    }

    func testBadValuesAreRefusedWithWhatIsAccepted() throws {
        let folder = try CLI.temporaryFolder(self)
        let plain = try CLI.write(Self.scene, "plain.yaml", in: folder)
        let device = try CLI.segue(["trace", plain.path, "--device", "iphone-16-pr"])
        XCTAssertEqual(device.status, 64)
        XCTAssertTrue(device.stderr.contains("unknown device preset 'iphone-16-pr' (did you mean 'iphone-16-pro'?)"), device.stderr)
        let size = try CLI.segue(["trace", plain.path, "--content-size", "huge"])
        XCTAssertEqual(size.status, 64)
        XCTAssertTrue(size.stderr.contains("accessibilityExtraExtraExtraLarge"), size.stderr)
    }

    func testABatchRendersAgainWhenItsTraitsChange() throws {
        let folder = try CLI.temporaryFolder(self)
        let scenes = folder.appendingPathComponent("scenes"), output = folder.appendingPathComponent("out")
        try CLI.write(Self.scene, "plain.yaml", in: scenes)
        let args = ["batch", scenes.path, "-o", output.path, "--scale", "1", "--format", "gif"]
        let first = try CLI.segue(args)
        XCTAssertEqual(first.status, 0, first.stderr)
        let again = try CLI.segue(args)
        XCTAssertTrue((again.text + again.stderr).contains("0 rendered (0 frames), 1 up to date"), again.text + again.stderr)
        let dark = try CLI.segue(args + ["--appearance", "dark"])
        XCTAssertEqual(dark.status, 0, dark.stderr)
        XCTAssertTrue((dark.text + dark.stderr).contains("1 rendered"), "a batch in another appearance renders again: \(dark.text + dark.stderr)")
    }

    /// A scene's declared variants: `--variant NAME` plays one (and names outputs by it), a bad
    /// name is refused with the scene's variants, and `segue snapshot` records and checks each
    /// variant's goldens in a folder of its own, naming the variant of each failure.
    func testDeclaredVariantsArePickedByNameAndSnapshottedEach() throws {
        let folder = try CLI.temporaryFolder(self)
        let declared = "variants: { appearance: [light, dark], contentSize: [large, accessibilityExtraLarge] }\n"
        let file = try CLI.write(declared + Self.scene + "\nsnapshots: [{ at: 0.1, name: start }]\n", "settings.yaml", in: folder)
        let written = try CLI.write("appearance: dark\ncontentSize: accessibilityExtraLarge\n" + Self.scene, "written.yaml", in: folder)
        let picked = folder.appendingPathComponent("picked.png"), keyed = folder.appendingPathComponent("keyed.png")
        XCTAssertEqual(try CLI.segue(["still", file.path, "--at", "0.1", "--scale", "1", "--variant", "dark-accessibilityExtraLarge",
                                      "-o", picked.path]).status, 0)
        XCTAssertEqual(try CLI.segue(["still", written.path, "--at", "0.1", "--scale", "1", "-o", keyed.path]).status, 0)
        XCTAssertTrue(try RGBAImage.load(png: picked).pixels == RGBAImage.load(png: keyed).pixels)
        let render = try CLI.segue(["render", file.path, "--variant", "dark-large", "--scale", "1", "--format", "gif"], in: folder)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("output/settings@dark-large.gif").path))
        let bad = try CLI.segue(["trace", file.path, "--variant", "dark-largee"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("no variant 'dark-largee' (did you mean 'dark-large'?); its variants are: light-large, light-accessibilityExtraLarge, dark-large, dark-accessibilityExtraLarge"),
                      bad.stderr)

        // The matrix on one sheet: a row per variant, taller than one row of the same frames.
        let matrix = folder.appendingPathComponent("matrix.png"), single = folder.appendingPathComponent("single.png")
        XCTAssertEqual(try CLI.segue(["sheet", file.path, "--variants", "--frames", "3", "--tile-width", "60", "-o", matrix.path]).status, 0)
        XCTAssertEqual(try CLI.segue(["sheet", file.path, "--frames", "3", "--columns", "3", "--tile-width", "60", "-o", single.path]).status, 0)
        let rows = try RGBAImage.load(png: matrix), row = try RGBAImage.load(png: single)
        XCTAssertEqual(rows.width, row.width)
        XCTAssertGreaterThan(rows.height, 3 * row.height - 200, "four rows of tiles under one title")
        let none = try CLI.segue(["sheet", written.path, "--variants", "-o", matrix.path])
        XCTAssertNotEqual(none.status, 0)
        XCTAssertTrue(none.stderr.contains("declares no 'variants'"), none.stderr)

        let record = try CLI.segue(["snapshot", file.path, "--scale", "1", "--record", "all"])
        XCTAssertEqual(record.status, 0, record.stderr)
        let goldens = folder.appendingPathComponent("__snapshots__/settings")
        for variant in ["light-large", "light-accessibilityExtraLarge", "dark-large", "dark-accessibilityExtraLarge"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("\(variant)/start.png").path), variant)
        }
        let dark = try RGBAImage.load(png: goldens.appendingPathComponent("dark-accessibilityExtraLarge/start.png"))
        XCTAssertTrue(dark.pixels == (try RGBAImage.load(png: keyed)).pixels, "a variant's golden is the scene played at its traits")
        XCTAssertEqual(try CLI.segue(["snapshot", file.path, "--scale", "1"]).status, 0)
        // A changed footer fails in each variant, each failure named by its variant.
        let longer = declared + Self.scene.replacingOccurrences(of: "About this phone.", with: "\"About this phone and its storage and its name and its model\"")
            + "\nsnapshots: [{ at: 0.1, name: start }]\n"
        try longer.write(to: file, atomically: true, encoding: .utf8)
        let check = try CLI.segue(["snapshot", file.path, "--scale", "1"])
        XCTAssertNotEqual(check.status, 0)
        for variant in ["light-large", "light-accessibilityExtraLarge", "dark-large", "dark-accessibilityExtraLarge"] {
            XCTAssertTrue(check.text.contains("settings.yaml (\(variant)) start"), check.text)
        }
    }

    /// `--variant all` plays every declared variant: a still per variant named by it, each the
    /// same as `--variant NAME`'s; a trace per variant after a line naming it; and a scene that
    /// declares none is refused, naming its file.
    func testVariantAllPlaysEveryDeclaredVariant() throws {
        let folder = try CLI.temporaryFolder(self)
        let declared = try CLI.write("variants: { appearance: [light, dark], contentSize: [large, accessibilityExtraExtraExtraLarge] }\n" + Self.scene,
                                     "declared.yaml", in: folder)
        let names = ["light-large", "light-accessibilityExtraExtraExtraLarge", "dark-large", "dark-accessibilityExtraExtraExtraLarge"]
        let all = try CLI.segue(["still", declared.path, "--variant", "all", "--at", "0.1", "--scale", "1", "-o", folder.appendingPathComponent("s.png").path])
        XCTAssertEqual(all.status, 0, all.stderr)
        for name in names {
            let one = folder.appendingPathComponent("one-\(name).png")
            let result = try CLI.segue(["still", declared.path, "--variant", name, "--at", "0.1", "--scale", "1", "-o", one.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let a = try RGBAImage.load(png: folder.appendingPathComponent("s@\(name).png")), b = try RGBAImage.load(png: one)
            XCTAssertTrue(a.pixels == b.pixels, "--variant all's \(name) is --variant \(name)'s")
        }
        let trace = try CLI.segue(["trace", declared.path, "--variant", "all"])
        XCTAssertEqual(trace.status, 0, trace.stderr)
        XCTAssertEqual(String(decoding: trace.stdout, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix(#"{"variant":"#) }.map(String.init),
                       names.map { #"{"variant":"\#($0)"}"# })
        let plain = try CLI.write(Self.scene, "plain.yaml", in: folder)
        let refused = try CLI.segue(["trace", plain.path, "--variant", "all"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("plain.yaml: --variant 'all', but the scene declares no 'variants'"), refused.stderr)
    }
}
