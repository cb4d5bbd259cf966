import Geometry
import Scene
import XCTest

/// The elevated interface level (`UITraitCollection.userInterfaceLevel`) in the dark appearance:
/// a sheet's system backgrounds are one step lighter than the same names at the base level, so a
/// dark sheet stands out from the black behind it. Reference values: UIKit's dark elevated
/// variants as Flutter's `CupertinoColors` lists them beside each `UIColor`
/// (flutter/flutter, packages/flutter/lib/src/cupertino/colors.dart), not Segue's output.
final class ElevatedColorTests: XCTestCase {
    func hex(_ text: String) -> Color { Color(hex: text)! }

    func testTheSixBackgroundsAreOneStepLighterAtTheElevatedLevelInTheDark() {
        let table: [(name: String, base: String, elevated: String)] = [
            ("systemBackground", "#000000", "#1C1C1E"),
            ("secondarySystemBackground", "#1C1C1E", "#2C2C2E"),
            ("tertiarySystemBackground", "#2C2C2E", "#3A3A3C"),
            ("systemGroupedBackground", "#000000", "#1C1C1E"),
            ("secondarySystemGroupedBackground", "#1C1C1E", "#2C2C2E"),
            ("tertiarySystemGroupedBackground", "#2C2C2E", "#3A3A3C"),
        ]
        for (name, base, elevated) in table {
            XCTAssertEqual(SystemColor.named(name, appearance: .dark), hex(base), name)
            XCTAssertEqual(SystemColor.named(name, appearance: .dark, level: .elevated), hex(elevated), name)
            XCTAssertEqual(SystemColor.named(name, appearance: .light, level: .elevated), SystemColor.named(name, appearance: .light),
                           "\(name): the light appearance has no elevated variant")
        }
    }

    func testEveryOtherColorIsTheSameAtBothLevels() {
        let backgrounds = Set(["systemBackground", "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground",
                               "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground"])
        for name in SystemColor.names where !backgrounds.contains(name) {
            XCTAssertEqual(SystemColor.named(name, appearance: .dark, level: .elevated), SystemColor.named(name, appearance: .dark), name)
        }
        // The grays are not the backgrounds, though two share their base values.
        XCTAssertEqual(SystemColor.named("systemGray6", appearance: .dark, level: .elevated), hex("#1C1C1E"))
    }

    /// A dark scene's screens as a sheet shows them: their backgrounds, a list's and a control's
    /// colours at the elevated level; full screen, at the base level. A light scene keeps one reading.
    func testADarkScreenShownInASheetIsLaidOutWithItsElevatedColors() throws {
        func scene(_ appearance: String) throws -> Scene {
            try SceneLoader.load(text: """
                device: iphone-15
                appearance: \(appearance)
                screens:
                  share:
                    background: systemBackground
                    navigationBar: { title: Share, background: secondarySystemBackground }
                    content:
                      - list: { style: insetGrouped, rows: [Anna, Ben] }
                      - rect: { frame: [16, 400, 100, 40], fill: "#FF0000" }
                root: share
                """, file: "t.yaml", name: "t")
        }
        let dark = try scene("dark")
        var sheet = dark.device
        sheet.isSheet = true
        let layouts = ScreenLayouts(screens: dark.screens, device: dark.device)
        let base = try XCTUnwrap(layouts.screen("share", on: dark.device)?.spec)
        let elevated = try XCTUnwrap(layouts.screen("share", on: sheet)?.spec)
        XCTAssertEqual(base.background, hex("#000000"))
        XCTAssertEqual(elevated.background, hex("#1C1C1E"))
        XCTAssertEqual(base.navigationBar?.background, hex("#1C1C1E"))
        XCTAssertEqual(elevated.navigationBar?.background, hex("#2C2C2E"))
        guard case .list(let baseList) = base.views.first, case .list(let elevatedList) = elevated.views.first else {
            return XCTFail("the list first")
        }
        XCTAssertEqual(baseList.colors.rowBackground, hex("#1C1C1E"), "secondarySystemGroupedBackground")
        XCTAssertEqual(elevatedList.colors.rowBackground, hex("#2C2C2E"))
        XCTAssertEqual(elevatedList.colors.title, baseList.colors.title, "labels do not change")
        guard case .rect(let rect) = elevated.views.last else { return XCTFail("the rect last") }
        XCTAssertEqual(rect.fill, hex("#FF0000"), "a colour written as hex is the same at both levels")

        let light = try scene("light")
        XCTAssertNil(light.screens["share"]?.elevated)
        XCTAssertEqual(ScreenLayouts(screens: light.screens, device: light.device).screen("share", on: sheet)?.spec.background, hex("#FFFFFF"))
    }

    func testAProblemInADarkScreenIsReportedOnce() {
        XCTAssertThrowsError(try SceneLoader.load(text: """
            appearance: dark
            screens:
              a: { background: systemBackgroun }
            root: a
            """, file: "t.yaml", name: "t")) { error in
            let text = "\(error)"
            XCTAssertEqual(text.components(separatedBy: "unknown color 'systemBackgroun'").count - 1, 1, text)
        }
    }
}
