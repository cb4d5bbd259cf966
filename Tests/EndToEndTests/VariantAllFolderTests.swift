import CLITestSupport
import Foundation
import XCTest

/// `--variant all` where a command makes one output per variant beyond a single scene: `segue
/// batch` renders every variant of each scene that declares variants, and each scene that declares
/// none as written; `segue plot` draws one plot per variant. Outputs are named by their variant as
/// `segue render --variant all` names them.
final class VariantAllFolderTests: XCTestCase {
    /// A small scene: a red square at the leading edge over the system background, a sheet at 0.3 s.
    static let scene = """
        size: [120, 240]
        scale: 1
        fps: 20
        tail: 0.2
        screens:
          list:
            background: systemBackground
            content:
              - rect: { frame: [0, 100, 40, 40], fill: systemRed }
          sheet: { background: systemBlue }
        transitions:
          - { from: list, to: sheet, style: slide-up-modal }
        timeline:
          - { at: 0.3, present: sheet }

        """
    static let declared = "variants: { appearance: [light, dark], layoutDirection: [leftToRight, rightToLeft] }\n"
    static let names = ["light-leftToRight", "light-rightToLeft", "dark-leftToRight", "dark-rightToLeft"]

    /// Frame 0 of the video at `url` as 120 × 240 RGB pixels.
    func firstFrame(_ url: URL) throws -> [UInt8] {
        let rgb = [UInt8](try CLI.tool("ffmpeg", ["-v", "error", "-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdout)
        XCTAssertEqual(rgb.count, 120 * 240 * 3, url.lastPathComponent)
        return rgb
    }

    func pixel(_ rgb: [UInt8], _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * 120 + x) * 3
        return Array(rgb[i..<(i + 3)])
    }

    func testBatchRendersEveryVariantAndScenesWithoutVariantsAsWritten() throws {
        let root = try CLI.temporaryFolder(self)
        let scenes = root.appendingPathComponent("scenes"), output = root.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: scenes.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let themed = try CLI.write(Self.declared + Self.scene, "themed.yaml", in: scenes)
        _ = try CLI.write(Self.scene, "plain.yaml", in: scenes.appendingPathComponent("sub"))
        let manifest = root.appendingPathComponent("manifest.json")

        let first = try CLI.segue(["batch", scenes.path, "-o", output.path, "--variant", "all", "--json", manifest.path])
        XCTAssertEqual(first.status, 0, "a scene without variants does not fail the batch: \(first.stderr)")
        XCTAssertTrue(first.stderr.contains("5 of 5 videos of 2 scenes and their variants"), first.stderr)
        XCTAssertTrue(first.stderr.contains("5 rendered"), first.stderr)
        let videos = Self.names.map { output.appendingPathComponent("themed@\($0).mp4") } + [output.appendingPathComponent("sub/plain.mp4")]
        for video in videos { XCTAssertTrue(FileManager.default.fileExists(atPath: video.path), video.path) }
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }),
                       Set(Self.names.map { "themed@\($0).mp4" } + ["sub"]))

        // Each variant's video is what `segue render --variant NAME` makes: the same bytes.
        let single = root.appendingPathComponent("single.mp4")
        XCTAssertEqual(try CLI.segue(["render", themed.path, "--variant", "dark-rightToLeft", "-o", single.path]).status, 0)
        XCTAssertEqual(try Data(contentsOf: videos[3]), try Data(contentsOf: single))

        // They differ where their variants do: the background is dark in the dark ones, the square
        // at the left in left-to-right and at the right in right-to-left.
        let frames = try videos.map(firstFrame)
        let isRed = { (p: [UInt8]) in p[0] > 200 && p[1] < 110 && p[2] < 110 }
        for (index, name) in Self.names.enumerated() {
            let background = pixel(frames[index], 60, 200)
            XCTAssertTrue(name.hasPrefix("dark") ? background.allSatisfy { $0 < 30 } : background.allSatisfy { $0 > 225 }, "\(name): \(background)")
            let (leading, trailing) = name.hasSuffix("rightToLeft") ? (pixel(frames[index], 100, 120), pixel(frames[index], 20, 120))
                : (pixel(frames[index], 20, 120), pixel(frames[index], 100, 120))
            XCTAssertTrue(isRed(leading) && !isRed(trailing), "\(name): leading \(leading), trailing \(trailing)")
        }
        XCTAssertTrue(isRed(pixel(frames[4], 20, 120)) && pixel(frames[4], 60, 200).allSatisfy { $0 > 225 }, "plain, as written")

        // The manifest names each video's variant.
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        XCTAssertEqual(json["scenesInFolder"] as? Int, 2)
        XCTAssertEqual(json["videosInFolder"] as? Int, 5)
        let entries = try XCTUnwrap(json["scenes"] as? [[String: Any]])
        XCTAssertEqual(entries.map { $0["variant"] as? String }, [nil] + Self.names.map { $0 })

        // Up to date, each variant alone: nothing renders again; a change of the scene renders its variants only.
        let second = try CLI.segue(["batch", scenes.path, "-o", output.path, "--variant", "all"])
        XCTAssertTrue(second.stderr.contains("0 rendered") && second.stderr.contains("5 up to date"), second.stderr)
        try (Self.declared + Self.scene.replacingOccurrences(of: "at: 0.3", with: "at: 0.35")).write(to: themed, atomically: false, encoding: .utf8)
        let third = try CLI.segue(["batch", scenes.path, "-o", output.path, "--variant", "all"])
        XCTAssertTrue(third.stderr.contains("4 rendered") && third.stderr.contains("1 up to date"), third.stderr)
        // The as-written video is the one a batch without --variant makes: up to date there too.
        let plainBatch = try CLI.segue(["batch", scenes.path, "-o", output.path])
        XCTAssertTrue(plainBatch.stderr.contains("1 rendered") && plainBatch.stderr.contains("1 up to date"), plainBatch.stderr)

        // Sharded, the parts hold every video once.
        var sharded: [String] = []
        for part in ["1/2", "2/2"] {
            let run = try CLI.segue(["batch", scenes.path, "-o", root.appendingPathComponent("shards").path, "--variant", "all",
                                     "--shard", part, "--format", "gif"])
            XCTAssertEqual(run.status, 0, run.stderr)
            sharded += run.stderr.split(separator: "\n").filter { $0.hasPrefix("rendered") }.map { String($0.split(separator: " ")[1]) }
        }
        XCTAssertEqual(sharded.count, 5, "\(sharded)")
        XCTAssertEqual(Set(sharded).count, 5, "\(sharded)")
    }

    func testPlotDrawsEveryVariant() throws {
        let folder = try CLI.temporaryFolder(self)
        // Under Reduce Motion the album's scale-and-fade gives way to a dissolve: another curve.
        let scene = try CLI.write("""
            device: iphone-se
            fps: 30
            variants: { motion: [standard, reduceMotion] }
            screens:
              photos: { background: systemBackground }
              album: { background: systemGray }
            root: photos
            transitions: [{ from: photos, to: album, style: scale-fade-modal, reduceMotionStyle: cross-dissolve }]
            timeline:
              - { at: 0.2, present: album }

            """, "album.yaml", in: folder)
        let run = try CLI.segue(["plot", scene.path, "--variant", "all", "--width", "400", "--height", "200"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        var plots: [Data] = []
        for name in ["standard", "reduceMotion"] {
            let plot = folder.appendingPathComponent("output/album@\(name).plot.png")
            XCTAssertTrue(run.stderr.contains("Wrote \(plot.path)"), run.stderr)
            plots.append(try Data(contentsOf: plot))
            // Each is the plot `--variant NAME` draws.
            let one = folder.appendingPathComponent("one.png")
            XCTAssertEqual(try CLI.segue(["plot", scene.path, "--variant", name, "--width", "400", "--height", "200", "-o", one.path]).status, 0)
            XCTAssertEqual(try Data(contentsOf: one), plots.last, name)
        }
        // Their curves differ, not only their titles: the plots below the title line differ.
        let below = try ["standard", "reduceMotion"].map { name -> [UInt8] in
            let png = folder.appendingPathComponent("output/album@\(name).plot.png").path
            let rgb = [UInt8](try CLI.tool("ffmpeg", ["-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdout)
            XCTAssertEqual(rgb.count, 400 * 200 * 3)
            return Array(rgb.dropFirst(400 * 40 * 3))
        }
        XCTAssertNotEqual(below[0], below[1], "the variants' curves differ")

        // -o names each by its variant; a scene without variants is refused, naming its file.
        XCTAssertEqual(try CLI.segue(["plot", scene.path, "--variant", "all", "-o", folder.appendingPathComponent("p.png").path]).status, 0)
        for name in ["standard", "reduceMotion"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("p@\(name).png").path), name)
        }
        let plain = try CLI.write("device: iphone-se\nscreens: { a: { background: systemBackground } }\nroot: a\ntimeline: []\n", "plain.yaml", in: folder)
        let refused = try CLI.segue(["plot", plain.path, "--variant", "all"], in: folder)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("plain.yaml: --variant 'all', but the scene declares no 'variants'"), refused.stderr)
    }
}
