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
