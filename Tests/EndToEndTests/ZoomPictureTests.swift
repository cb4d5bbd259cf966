import Engine
import Foundation
import Pipeline
import Scene
import Stills
import XCTest

/// iOS 18's zoom transition as a picture: the zooming card is opaque (the destination fades in
/// inside it over the source image, nothing behind shows through), and the source view is
/// hidden on the screen below while the card flies out, back or under the finger.
final class ZoomPictureTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func session(_ text: String) throws -> RenderSession {
        let path = repository.appendingPathComponent("scenes/zoom.yaml").path
        return try RenderSession(scene: try SceneLoader.load(text: text, file: path, name: "zoom"), scale: 1)
    }

    private func pixel(_ image: (pixels: [UInt8], width: Int), _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 3])
    }

    private func render(_ session: RenderSession, _ state: FrameState) throws -> (pixels: [UInt8], width: Int) {
        let canvas = try session.canvas()
        session.draw(state, on: canvas)
        let image = canvas.rgbaImage()
        return (image.pixels, image.width)
    }

    /// The same scene with everything around the tapped cell changed — the other photos and the
    /// grid's background — draws the same pixels inside the card in every frame of the zoom in
    /// and of the drag back: the card hides what lies behind it.
    func testTheCardHidesWhatIsBehindIt() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("scenes/zoom.yaml"), encoding: .utf8)
        var changed = text.replacingOccurrences(of: "images/snow.png", with: "images/forest.png")
            .replacingOccurrences(of: "images/dunes.png", with: "images/dusk.png")
        let background = try XCTUnwrap(changed.range(of: "background: systemBackground"))
        changed.replaceSubrange(background, with: "background: systemRed")
        XCTAssertNotEqual(changed, text)
        let a = try session(text), b = try session(changed)
        var compared = 0, translucent = 0
        for index in 0..<a.timeline.frameCount {
            let state = a.timeline.state(frame: index)
            guard state.phase != .idle, let card = state.layers.first(where: { $0.id == "coast" }),
                  card.frame.width > 20, card.frame.height > 20 else { continue }
            if state.layers.contains(where: { $0.id == "zoomSource" }) || card.alpha < 1 { translucent += 1 }
            guard index % 3 == 0 else { continue }
            let one = try render(a, state), other = try render(b, b.timeline.state(frame: index))
            // Inside the card, clear of its rounded corners and its edge pixels.
            let inset = card.cornerRadius + 2, f = card.frame
            for y in stride(from: max(Int(f.minY + inset), 0), to: min(Int(f.maxY - inset), 852), by: 9) {
                for x in stride(from: max(Int(f.minX + inset), 0), to: min(Int(f.maxX - inset), 393), by: 9) {
                    compared += 1
                    if pixel(one, x, y) != pixel(other, x, y) {
                        XCTFail("frame \(index): (\(x), \(y)) inside the card \(card.frame) shows what is behind it")
                        return
                    }
                }
            }
        }
        XCTAssertGreaterThan(translucent, 3, "frames where the destination fades in over the source were looked at")
        XCTAssertGreaterThan(compared, 1000)
    }

    /// While the card is dragged away from its cell and while it springs back onto it, the
    /// cell's own place shows what lies behind the image (the screen's white background), not the photo.
    func testTheSourceCellIsHiddenInFlight() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("scenes/zoom.yaml"), encoding: .utf8)
        let session = try session(text)
        let scene = session.scene
        let cell = try XCTUnwrap(scene.screens["photos"]?.cellFrame(list: "photos", index: 0, on: scene.device)?.image)
        var looked = 0
        for index in 0..<session.timeline.frameCount {
            let state = session.timeline.state(frame: index)
            guard state.phase != .idle, let card = state.layers.first(where: { $0.id == "coast" }) else { continue }
            // Points of the cell's image the card does not cover.
            let points = stride(from: cell.minX + 3, to: cell.maxX - 3, by: 11).flatMap { x in
                stride(from: cell.minY + 3, to: cell.maxY - 3, by: 11).map { (x, $0) }
            }.filter { x, y in
                let f = card.frame
                return !(x > f.minX - 2 && x < f.maxX + 2 && y > f.minY - 2 && y < f.maxY + 2)
            }
            guard points.count > 4 else { continue }
            let image = try render(session, state)
            for (x, y) in points {
                looked += 1
                XCTAssertEqual(pixel(image, Int(x), Int(y)), [255, 255, 255], "frame \(index): the photo shows at (\(x), \(y))")
            }
        }
        XCTAssertGreaterThan(looked, 50, "frames where the cell's place shows were looked at")
    }
}
