import CLITestSupport
import Foundation
import XCTest

/// Right-to-left as the binary draws it (docs/uikit-semantics.md#right-to-left): for a scene
/// without text — which a layout direction does not mirror — every frame of the right-to-left
/// variant is the left-to-right frame flipped left to right, within antialiasing, through a
/// push, its back swipe from the leading edge, a sheet dragged between detents and its dismissal,
/// with shadows, a bar symbol and the finger. The reference is the other direction's frame
/// flipped by ffmpeg's `hflip`, not Segue's output of the same variant.
final class RightToLeftRenderTests: XCTestCase {
    static let scene = """
        device: { size: [200, 400], scale: 2 }
        fps: 20
        tail: 0.1
        variants: { layoutDirection: [leftToRight, rightToLeft] }
        screens:
          a:
            background: systemGroupedBackground
            navigationBar: { trailing: [{ symbol: plus, action: { present: c } }] }
            content:
              - rect: { id: card, frame: [12, 110, 120, 70], fill: systemBlue, cornerRadius: 12 }
              - rect: { frame: [12, 200, 176, 40], fill: systemOrange, cornerRadius: 8, shadow: { radius: 6, opacity: 0.4, offset: [4, 4] } }
              - rect: { frame: [150, 260, 38, 38], fill: systemPink, cornerRadius: 19 }
          b:
            background: systemBackground
            navigationBar: { back: " " }
            content:
              - rect: { frame: [20, 120, 60, 160], fill: systemGreen, cornerRadius: 4 }
          c:
            background: secondarySystemBackground
            content:
              - rect: { frame: [16, 30, 50, 50], fill: systemPurple }
        root: a
        transitions:
          - { from: a, to: b, style: system-push }
          - { from: a, to: c, style: page-sheet, detents: medium-large }
        timeline:
          - { at: 0.1, push: b }
          - { at: 0.9, swipe: { edge: leading, distance: "60%", velocity: 250 }, expect: finish }
          - { at: 2.5, tap: { barItem: plus } }
          - { at: 3.4, swipe: { direction: up, from: [100, 300], distance: 150, velocity: 500 }, expect: detent }
          - { at: 4.6, dismiss: true }
        """

    /// Every frame of `variant` rendered as PNGs, decoded to RGB, flipped left to right first
    /// where `flipped`.
    func frames(_ scene: URL, variant: String, flipped: Bool, in folder: URL) throws -> [UInt8] {
        let out = folder.appendingPathComponent(variant)
        let rendered = try CLI.segue(["render", scene.path, "--variant", variant, "--format", "png", "-o", out.path])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        var arguments = ["-v", "error", "-i", out.appendingPathComponent("frame-%05d.png").path]
        if flipped { arguments += ["-vf", "hflip"] }
        let decoded = try CLI.tool("ffmpeg", arguments + ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(decoded.status, 0, decoded.stderr)
        return [UInt8](decoded.stdout)
    }

    func testRightToLeftFramesAreTheLeftToRightFramesFlipped() throws {
        let folder = try CLI.temporaryFolder(self)
        let scene = try CLI.write(Self.scene, "textless.yaml", in: folder)
        let ltr = try frames(scene, variant: "leftToRight", flipped: true, in: folder)
        let rtl = try frames(scene, variant: "rightToLeft", flipped: false, in: folder)
        let frameBytes = 400 * 800 * 3
        XCTAssertEqual(ltr.count, rtl.count)
        XCTAssertEqual(ltr.count % frameBytes, 0)
        let count = ltr.count / frameBytes
        XCTAssertGreaterThan(count, 90, "the whole scene was rendered")
        var moving = 0
        for frame in 0..<count {
            var off = 0, largest = 0
            let base = frame * frameBytes
            for i in stride(from: base, to: base + frameBytes, by: 3) {
                let d = max(abs(Int(ltr[i]) - Int(rtl[i])), abs(Int(ltr[i + 1]) - Int(rtl[i + 1])), abs(Int(ltr[i + 2]) - Int(rtl[i + 2])))
                largest = max(largest, d)
                if d > 24 { off += 1 }
            }
            // Antialiasing: Cairo's coverage of a mirrored edge may differ by a little, on edge pixels only.
            XCTAssertLessThanOrEqual(off, 40, "frame \(frame): \(off) pixels differ by more than 24 (largest \(largest))")
            if frame > 0, ltr[base..<base + frameBytes] != ltr[base - frameBytes..<base] { moving += 1 }
        }
        XCTAssertGreaterThan(moving, 40, "frames in motion were compared")
    }

    /// `inspect` prints where the right-to-left screen puts things: the first tab on the right,
    /// the back chevron at the right edge, a row's icon at its right end — the left-to-right
    /// variant's frames mirrored across the 393 pt screen (worked out here from the variant's).
    func testInspectPrintsTheMirroredFrames() throws {
        let scene = ExampleScenes.repository.appendingPathComponent("scenes/right-to-left.yaml").path
        func inspected(_ arguments: [String]) throws -> [String: Any] {
            let result = try CLI.segue(["inspect", scene, "--json"] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        }
        func frames(_ json: [String: Any]) throws -> [[Double]] {
            let tabs = try XCTUnwrap((json["tabs"] as? [String: Any])?["items"] as? [[String: Any]])
            let screens = try XCTUnwrap(json["screens"] as? [[String: Any]])
            let wifi = try XCTUnwrap(screens.first { $0["name"] as? String == "wifi" })
            let settings = try XCTUnwrap(screens.first { $0["name"] as? String == "settings" })
            let row = try XCTUnwrap(((settings["collections"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])?.first)
            return try [tabs[0]["frame"], (wifi["navigationBar"] as? [String: Any])?["backChevron"], row["image"], row["cell"]]
                .map { try XCTUnwrap($0 as? [Double]) }
        }
        let rtl = try frames(try inspected([]))
        let ltr = try frames(try inspected(["--layout-direction", "leftToRight"]))
        for (mirrored, laidOut) in zip(rtl, ltr) {
            XCTAssertEqual(mirrored[0], 393 - laidOut[0] - laidOut[2], accuracy: 1e-9, "\(mirrored) mirrors \(laidOut)")
            XCTAssertEqual(Array(mirrored[1...]), Array(laidOut[1...]))
        }
        XCTAssertGreaterThan(rtl[0][0], 190, "the first tab is on the right")
        XCTAssertGreaterThan(rtl[1][0], 350, "the back chevron is at the right edge")
        XCTAssertGreaterThan(rtl[2][0], 300, "the row's icon is at its right end")
    }
}
