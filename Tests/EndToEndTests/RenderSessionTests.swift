import Engine
import Foundation
import Pipeline
import Scene
import Stills
import XCTest

/// Every sink starts from one `RenderSession`, so stills, snapshots and sheets draw the frame
/// the video does: on the scene's own device, over its own background.
final class RenderSessionTests: XCTestCase {
    private func load(_ text: String) throws -> Scene {
        try SceneLoader.load(text: text, file: "t.yaml", name: "t")
    }

    func testSnapshotsKeepATransparentBackground() throws {
        let scene = try load("""
            size: [100, 200]
            scale: 1
            background: transparent
            screens:
              a: { background: clear, content: [{ rect: { frame: [0, 0, 50, 50], fill: "#00FF00" } }] }
            timeline: []
            """)
        let renderer = try StillRenderer(scene: scene)
        let image = renderer.image(of: renderer.timeline.state(frame: 0))
        XCTAssertEqual(image.pixels[(150 * 100 + 80) * 4 + 3], 0, "transparent where nothing covers")
        XCTAssertEqual(Array(image.pixels[(10 * 100 + 10) * 4..<(10 * 100 + 10) * 4 + 4]), [0, 255, 0, 255])
    }

    func testASheetTileIsTheSceneOnItsOwnDevice() throws {
        // On the iPhone 15 preset the status bar is drawn, and a list without a frame starts under
        // the 59 pt safe area: neither holds on a "custom" device of the tile's size.
        let scene = try load("""
            device: iphone-15
            screens:
              a: { background: "#FFFFFF", content: [{ list: { rows: [One, Two] } }] }
            timeline: []
            """)
        let session = try RenderSession(scene: scene, scale: 1)
        XCTAssertEqual(session.scene.device.name, "iphone-15")
        XCTAssertEqual(session.scene.device.safeAreaTop, 59)
        let canvas = try session.canvas()
        session.draw(session.timeline.state(frame: 0), on: canvas)
        let image = canvas.rgbaImage()
        func red(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4] }
        let statusBarInk = (0..<image.width).contains { x in (10..<40).contains { y in red(x, y) < 128 } }
        XCTAssertTrue(statusBarInk, "the status bar's time and symbols are drawn")
    }
}
