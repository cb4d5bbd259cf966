import CLITestSupport
import Foundation
import Geometry
import Raster
import Scene
import Stills
import XCTest
import Engine
@testable import Pipeline

/// Device frames through the binary and the render's workers: the screen inside a framed
/// picture is the unframed render byte for byte (outside the display's corners and the island,
/// which the frame covers); every format writes the framed picture; a framed render's bytes do
/// not depend on the workers or on which frame a worker drew before; ProRes keeps the frame's
/// transparent background; snapshots and `--no-device-frame` draw the screen alone.
final class DeviceFrameRenderTests: XCTestCase {
    /// An iPhone 15 at @1x: a list pushes a detail, whose long list a finger scrolls (rows moved
    /// whole), then a sheet rises; touches on.
    static let scene = """
        device: iphone-15
        scale: 1
        fps: 20
        tail: 0.2
        screens:
          inbox:
            background: systemGroupedBackground
            navigationBar: { title: Inbox, largeTitle: true }
            content: [{ list: { id: mail, style: insetGrouped, rows: [Anna, Ben, Chloe, Dario] } }]
          thread:
            background: systemBackground
            navigationBar: { title: Thread, back: Inbox }
            content: [{ list: { id: messages, rows: [M1, M2, M3, M4, M5, M6, M7, M8, M9, M10, M11, M12, M13, M14, M15, M16, M17, M18, M19, M20, M21, M22] } }]
        root: inbox
        transitions: [{ from: inbox, to: thread, style: system-push, tap: { list: mail } }]
        timeline:
          - { at: 0.2, tap: { list: mail, index: 1 } }
          - { at: 1.0, swipe: { direction: up, distance: 300, velocity: 600 }, expect: scroll }
        """

    /// Where `scene`'s frame (the standard one if it has none) puts everything, as its render does.
    private func layout(_ scene: Scene) throws -> DeviceFrameLayout {
        var scene = scene
        scene.deviceFrame = scene.deviceFrame ?? DeviceFrameSpec()
        return try XCTUnwrap(try RenderJob.frameLayout(of: scene))
    }

    func testTheScreenInsideAFramedFrameIsTheUnframedFrameByteForByte() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = try CLI.write(Self.scene, "scene.yaml", in: folder)
        let plain = folder.appendingPathComponent("plain"), framed = folder.appendingPathComponent("framed")
        for (output, flag) in [(plain, "--no-device-frame"), (framed, "--device-frame")] {
            let result = try CLI.segue(["render", file.path, "--format", "png", "-o", output.path, flag])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        var scene = try SceneFile.load(file.path)
        scene.deviceFrame = DeviceFrameSpec()
        let layout = try layout(scene)
        let plate = try XCTUnwrap(try RenderJob.plate(of: scene))
        let names = try FileManager.default.contentsOfDirectory(atPath: plain.path).sorted()
        XCTAssertGreaterThan(names.count, 40)
        XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: framed.path).sorted())
        for name in names.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
            let screen = try RGBAImage.load(png: plain.appendingPathComponent(name))
            let picture = try RGBAImage.load(png: framed.appendingPathComponent(name))
            XCTAssertEqual([picture.width, picture.height], [layout.width, layout.height])
            var compared = 0, covered = 0
            for y in 0..<screen.height {
                for x in 0..<screen.width {
                    guard plate.coverage(x: x, y: y) == 0 else { covered += 1; continue }
                    let s = (y * screen.width + x) * 4, p = ((y + layout.screenY) * picture.width + x + layout.screenX) * 4
                    if screen.pixels[s..<s + 4] != picture.pixels[p..<p + 4] {
                        XCTFail("\(name): screen pixel (\(x), \(y)) differs inside the frame")
                        return
                    }
                    compared += 1
                }
            }
            // The display's four continuous corners (55 pt) and the island (126 × 37 pt) are a
            // few percent of the screen.
            XCTAssertLessThan(Double(covered) / Double(compared + covered), 0.03, name)
            XCTAssertGreaterThan(covered, 4 * 400, "\(name): the corners and the island are covered")
        }
    }

    func testEveryFormatWritesTheFramedPicture() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = try CLI.write(Self.scene + "\ndeviceFrame: { finish: light, gradient: [systemIndigo, systemTeal] }\n", "scene.yaml", in: folder)
        let layout = try layout(try SceneFile.load(file.path))
        for (format, name) in [("mp4", "a.mp4"), ("hevc", "b.mp4"), ("gif", "c.gif"), ("prores", "d.mov")] {
            let output = folder.appendingPathComponent(name)
            let result = try CLI.segue(["render", file.path, "--format", format, "-o", output.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let probe = try CLI.tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                                 "-of", "csv=p=0", output.path])
            XCTAssertEqual(probe.text.trimmingCharacters(in: .whitespacesAndNewlines), "\(layout.width),\(layout.height)", format)
        }
        let still = folder.appendingPathComponent("still.png")
        XCTAssertEqual(try CLI.segue(["still", file.path, "--at", "0.5", "-o", still.path]).status, 0)
        let image = try RGBAImage.load(png: still)
        XCTAssertEqual([image.width, image.height], [layout.width, layout.height])
        // The gradient's top row is systemIndigo, its bottom row systemTeal.
        let indigo = try XCTUnwrap(SystemColor.named("systemIndigo")), teal = try XCTUnwrap(SystemColor.named("systemTeal"))
        func rgb(_ x: Int, _ y: Int) -> [Int] { let i = (y * image.width + x) * 4; return image.pixels[i..<i + 3].map(Int.init) }
        func rgb(_ color: Color) -> [Int] { [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) } }
        for (channel, expected) in zip(rgb(0, 0), rgb(indigo)) { XCTAssertEqual(Double(channel), Double(expected), accuracy: 2) }
        for (channel, expected) in zip(rgb(0, image.height - 1), rgb(teal)) { XCTAssertEqual(Double(channel), Double(expected), accuracy: 2) }
    }

    /// `image:` covers the picture with a PNG beside the scene; its edges are the image's own
    /// pixels (not faded into the transparent beyond them).
    func testAnImageBackgroundCoversThePicture() throws {
        let folder = try CLI.temporaryFolder(self)
        let png = TestPNG.make(width: 8, height: 6, bitDepth: 8, colorType: 2, pixel: [200, 120, 40])
        try Data(png).write(to: folder.appendingPathComponent("backdrop.png"))
        let file = try CLI.write(Self.scene + "\ndeviceFrame: { image: backdrop.png, padding: 20 }\n", "scene.yaml", in: folder)
        let still = folder.appendingPathComponent("still.png")
        let result = try CLI.segue(["still", file.path, "--at", "0", "-o", still.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try RGBAImage.load(png: still)
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width / 2, 1)] {
            let i = (y * image.width + x) * 4
            XCTAssertEqual(Array(image.pixels[i..<i + 4]), [200, 120, 40, 255], "(\(x), \(y))")
        }
        let missing = try CLI.write(Self.scene + "\ndeviceFrame: { image: nowhere.png }\n", "missing.yaml", in: folder)
        let refused = try CLI.segue(["still", missing.path, "--at", "0", "-o", still.path])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("missing.yaml:19:23: error: cannot use image 'nowhere.png'"), refused.stderr)
    }

    /// The render's own path (incremental repaints, moved rows, ring buffers): one worker frame
    /// after frame gives each frame as a worker drawing it alone does, and two workers' MP4 the
    /// same bytes as one's.
    func testAFramedRenderDependsOnTheSceneAlone() throws {
        let folder = try CLI.temporaryFolder(self)
        // Captions beside the device fading in and out while the screen changes, and one over it.
        let captions = """
            captions:
              - { text: Inbox to thread, from: 0, to: 1.2, position: above, style: title }
              - { text: A flick scrolls the thread, from: 0.9, to: 2, position: below, fade: 0.3 }
              - { text: Over the screen, from: 0.5, to: 1.5 }
            """
        let file = try CLI.write(Self.scene + "\ndeviceFrame: true\n" + captions, "scene.yaml", in: folder)
        let scene = try SceneFile.load(file.path)
        let session = try RenderSession(scene: scene)
        let plate = try XCTUnwrap(try RenderJob.plate(of: scene))
        let worker = try FrameWorker(session: session, plate: plate)
        let size = try RenderJob.pictureSize(of: scene, padded: true)
        let buffer = ConvertedFrame(width: size.width, height: size.height)
        for index in 0..<session.timeline.frameCount {
            try worker.render(frame: index, into: buffer)
            guard index % 3 == 0 else { continue }
            let fresh = try FrameWorker(session: session, plate: plate)
            XCTAssertTrue(buffer.yuv.packedBytes() == (try fresh.packedFrame(index)), "frame \(index) drawn after the others differs")
        }
        XCTAssertGreaterThan(worker.movedRows + worker.convertedRows, 0)
        // Buffers filled by two workers in turn, in rotation and then shuffled: a buffer holds
        // whatever frame (and captions beside the device) another worker left in it, yet comes
        // out as the frame converted whole.
        let workers = try [FrameWorker(session: session, plate: plate), FrameWorker(session: session, plate: plate)]
        let buffers = (0..<3).map { _ in ConvertedFrame(width: size.width, height: size.height) }
        let count = session.timeline.frameCount
        var generator = SplitMix64(seed: 41)
        let visits = (0..<count).map { ($0, $0 % 3) } + (0..<count).shuffled(using: &generator).prefix(40).map { ($0, $0 % 3) }
        for (step, (index, slot)) in visits.enumerated() {
            try workers[step % 2].render(frame: index, into: buffers[slot])
            guard step % 4 == 0 || step >= count else { continue }
            let fresh = try FrameWorker(session: session, plate: plate)
            XCTAssertTrue(buffers[slot].yuv.packedBytes() == (try fresh.packedFrame(index)), "frame \(index), visit \(step), differs")
        }
        var videos: [Data] = []
        for threads in ["1", "2"] {
            let output = folder.appendingPathComponent("t\(threads).mp4")
            let result = try CLI.segue(["render", file.path, "--threads", threads, "-o", output.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            videos.append(try Data(contentsOf: output))
        }
        XCTAssertEqual(videos[0], videos[1], "one worker and two write the same bytes")
    }

    /// A caption `above` or `below` goes into the frame's margin, which grows to hold it, and
    /// leaves the screen as it is without the caption; without a frame it is drawn over the
    /// screen, at the top or bottom.
    func testCaptionsBesideTheDeviceGoIntoTheMargin() throws {
        let folder = try CLI.temporaryFolder(self)
        let captions = """
            captions:
              - { text: Mail, from: 0, to: 3, position: above, style: title, fade: 0 }
              - { text: Tap a message to open it, from: 0, to: 3, position: below, fade: 0 }
            """
        let plainFile = try CLI.write(Self.scene + "\ndeviceFrame: true\n", "plain.yaml", in: folder)
        let captioned = try CLI.write(Self.scene + "\ndeviceFrame: true\n" + captions, "captioned.yaml", in: folder)
        var images: [RGBAImage] = []
        for (file, name) in [(plainFile, "plain"), (captioned, "captioned")] {
            let still = folder.appendingPathComponent("\(name).png")
            let result = try CLI.segue(["still", file.path, "--at", "0.1", "-o", still.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            images.append(try RGBAImage.load(png: still))
        }
        let plain = try layout(try SceneFile.load(plainFile.path)), framed = try layout(try SceneFile.load(captioned.path))
        let boxes = try Timeline.captionBoxes(of: try SceneFile.load(captioned.path))
        XCTAssertEqual(framed.width, plain.width)
        XCTAssertEqual(Double(framed.height - plain.height),
                       (boxes[0].size.height + boxes[1].size.height + 2 * DeviceFrameLayout.captionGap) * 1, accuracy: 2,
                       "the margins grow by each caption and its gap")
        // The screen's pixels are the same with the captions beside it.
        let (a, b) = (images[0], images[1])
        for y in stride(from: 0, to: plain.screenHeight, by: 3) {
            let rowA = ((y + plain.screenY) * a.width + plain.screenX) * 4, rowB = ((y + framed.screenY) * b.width + framed.screenX) * 4
            XCTAssertTrue(a.pixels[rowA..<rowA + plain.screenWidth * 4] == b.pixels[rowB..<rowB + plain.screenWidth * 4], "screen row \(y)")
        }
        // The caption's pill (black at 0.72) darkens the margin's background where it is.
        for (index, above) in [(0, true), (1, false)] {
            let rect = framed.captionRect(boxes[index].size, above: above)
            XCTAssertLessThan(rect.maxY, above ? framed.bodyRect.minY : .infinity)
            XCTAssertGreaterThan(rect.minY, above ? 0 : framed.bodyRect.maxY)
            let x = Int(rect.minX) + 4, y = Int(rect.midY), i = (y * b.width + x) * 4
            XCTAssertLessThan(Int(b.pixels[i]), 90, "caption \(index)'s pill at (\(x), \(y))")
        }
        // Without a frame the captions are over the screen, at its top and bottom.
        let bare = folder.appendingPathComponent("bare.png")
        XCTAssertEqual(try CLI.segue(["still", captioned.path, "--at", "0.1", "--no-device-frame", "-o", bare.path]).status, 0)
        let screen = try RGBAImage.load(png: bare)
        XCTAssertEqual([screen.width, screen.height], [393, 852])
        let unframedPlain = folder.appendingPathComponent("unframed.png")
        XCTAssertEqual(try CLI.segue(["still", plainFile.path, "--at", "0.1", "--no-device-frame", "-o", unframedPlain.path]).status, 0)
        let without = try RGBAImage.load(png: unframedPlain)
        func differs(_ rows: Range<Int>) -> Bool {
            rows.contains { y in screen.pixels[(y * 393 * 4)..<((y + 1) * 393 * 4)] != without.pixels[(y * 393 * 4)..<((y + 1) * 393 * 4)] }
        }
        XCTAssertTrue(differs(59..<140), "the caption above is under the status bar")
        XCTAssertTrue(differs(720..<818), "the caption below is above the home indicator")
    }

    func testProResKeepsTheTransparentBackgroundAroundTheDevice() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = try CLI.write(Self.scene + "\ndeviceFrame: { background: transparent, padding: 24 }\n", "scene.yaml", in: folder)
        let layout = try layout(try SceneFile.load(file.path))
        let movie = folder.appendingPathComponent("framed.mov")
        let render = try CLI.segue(["render", file.path, "-o", movie.path])
        XCTAssertEqual(render.status, 0, render.stderr)
        let decoded = try CLI.tool("ffmpeg", ["-v", "error", "-i", movie.path, "-vframes", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let pixels = [UInt8](decoded.stdout)
        XCTAssertEqual(pixels.count, layout.width * layout.height * 4, decoded.stderr)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels[(y * layout.width + x) * 4 + 3] }
        for (x, y) in [(0, 0), (layout.width - 1, 0), (0, layout.height - 1), (layout.width - 1, layout.height - 1), (2, layout.height / 2)] {
            XCTAssertEqual(alpha(x, y), 0, "(\(x), \(y)) outside the device is transparent")
        }
        XCTAssertEqual(alpha(layout.width / 2, layout.height / 2), 255, "the screen is opaque")
        XCTAssertEqual(alpha(layout.screenX - 8, layout.height / 2), 255, "the body is opaque")
    }

    func testSnapshotsAndTheCommandLineCanLeaveTheFrameOff() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = try CLI.write(Self.scene + "\ndeviceFrame: true\nsnapshots: [{ at: 0.5, name: pushing }]\n", "scene.yaml", in: folder)
        let snapshot = try CLI.segue(["snapshot", file.path, "--record", "all"])
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        let golden = try RGBAImage.load(png: folder.appendingPathComponent("__snapshots__/scene/pushing.png"))
        XCTAssertEqual([golden.width, golden.height], [393, 852], "a snapshot is the screen alone")
        for (flags, size) in [(["--no-device-frame"], [393, 852]), (["--grid"], [393, 852])] {
            let still = folder.appendingPathComponent("still.png")
            let result = try CLI.segue(["still", file.path, "--at", "0.5", "-o", still.path] + flags)
            XCTAssertEqual(result.status, 0, result.stderr)
            let image = try RGBAImage.load(png: still)
            XCTAssertEqual([image.width, image.height], size, flags.joined())
        }
    }
}
