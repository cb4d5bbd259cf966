import CLITestSupport
import Foundation
import Raster
import XCTest

/// A presented sheet stands out from what is behind it in both appearances: in the dark one its
/// screen is drawn at the elevated level (`UITraitCollection.userInterfaceLevel`), so a
/// `systemBackground` sheet is #1C1C1E over the black behind it, while a full-screen cover stays at
/// the base level (#000000). Checked on stills the binary writes, a row inside the sheet's top
/// edge against a row outside it; the edges come from docs/uikit-semantics.md's sheet metrics
/// (large: 8 % top gap, medium: half the height; form sheet: a centred 540 × 620 card on a device
/// wide enough), not from Segue's output.
final class DarkSheetTests: XCTestCase {
    func still(style: String, appearance: String, device: String = "iphone-15") throws -> RGBAImage {
        let folder = try CLI.temporaryFolder(self)
        let scene = folder.appendingPathComponent("sheet.yaml"), png = folder.appendingPathComponent("sheet.png")
        try """
            device: \(device)
            appearance: \(appearance)
            duration: 2.5
            screens:
              inbox:
                content: [{ list: { style: insetGrouped, rows: [Anna, Ben, Chloe] } }]
              share:
                background: systemBackground
                navigationBar: { title: Share }
            root: inbox
            transitions:
              - { from: inbox, to: share, style: \(style) }
            timeline:
              - { at: 0.1, present: share }
            """.write(to: scene, atomically: true, encoding: .utf8)
        let result = try CLI.segue(["still", scene.path, "--at", "2", "-o", png.path, "--scale", "1"], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try RGBAImage.load(png: png)
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<(i + 3)])
    }

    /// Behind a large dark sheet the receded presenter is lightened toward the elevated
    /// background, then dimmed: `UIDimmingView`'s lightening colour (#1C1C1E over its largest
    /// channel, at alpha 0x1E / 255) and black at `overlayAlpha` 0.1 over the presenter's black give
    /// 0x1C · 0.9 = 25.2 and 0x1E · 0.9 = 27; the window above it stays black. Behind a medium
    /// sheet the dark dimming is black at 0.48 (`+[UIColor _dimmingViewColor]`): an elevated-free
    /// base-level row (#1C1C1E) shows as 28 · 0.52 = 14.6 and 30 · 0.52 = 15.6; light: white · 0.8.
    /// Sources: docs/uikit-semantics.md#dark-sheets-the-elevated-level.
    func testTheDarkPresenterIsLightenedBehindALargeSheetAndDimmedAt048BehindAMediumOne() throws {
        let large = try still(style: "page-sheet", appearance: "dark")
        for (channel, expected) in zip(pixel(large, 196, 64), [25.2, 25.2, 27.0]) {
            XCTAssertEqual(Double(channel), expected, accuracy: 1, "the receded presenter's strip above the sheet")
        }
        XCTAssertEqual(pixel(large, 196, 50), [0, 0, 0], "the window above the receded presenter")
        let medium = try still(style: "page-sheet, detents: medium", appearance: "dark")
        for (channel, expected) in zip(pixel(medium, 196, 120), [14.6, 14.6, 15.6]) {
            XCTAssertEqual(Double(channel), expected, accuracy: 1, "a row behind the medium sheet's dimming")
        }
        let light = try still(style: "page-sheet, detents: medium", appearance: "light")
        XCTAssertEqual(pixel(light, 196, 120).map(Double.init), [204, 204, 204], "white under black at 0.2")
    }

    func testASheetDiffersFromWhatIsBehindItAlongItsTopEdgeInBothAppearances() throws {
        let sheets: [(style: String, device: String, top: Int, x: Int)] = [
            ("page-sheet", "iphone-15", Int((852 * 0.08).rounded()), 30),
            ("page-sheet, detents: medium", "iphone-15", 426, 30),
            ("form-sheet", "ipad", (1180 - 620) / 2, 820 / 2 - 200),
        ]
        for (style, device, top, x) in sheets {
            for appearance in ["light", "dark"] {
                let image = try still(style: style, appearance: appearance, device: device)
                let inside = pixel(image, x, top + 6), outside = pixel(image, x, top - 6)
                XCTAssertNotEqual(inside, outside, "\(style) on \(device), \(appearance): the sheet's edge cannot be seen")
                if appearance == "dark" {
                    XCTAssertEqual(inside, [0x1C, 0x1C, 0x1E], "\(style): systemBackground at the elevated level")
                }
            }
        }
    }

    func testAFullScreenCoverStaysAtTheBaseLevel() throws {
        let image = try still(style: "full-screen-cover", appearance: "dark")
        XCTAssertEqual(pixel(image, 196, 600), [0, 0, 0], "systemBackground at the base level")
    }
}
