import CLITestSupport
import Engine
import Foundation
import Raster
import Scene
import Stills
import XCTest

/// `systemFont:` (issue 41, item 5): UIKit's system text — the navigation bar's title and bar
/// button, a row, the tab titles, the status bar's time, labels that name no family — is set in
/// the family the scene names, measured in it, and a scene's fonts never reach another scene.
final class SystemFontRenderTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu"

    override func setUpWithError() throws {
        try Requirements.fail(if: !FileManager.default.fileExists(atPath: "\(Self.dejaVu)/DejaVuSerif-Bold.ttf"), .dejaVuFont,
                              "fonts-dejavu-core is not installed")
    }

    /// A tab bar app on the iPhone 15 at one pixel per point: a bar with a title and an "Edit"
    /// button, a row, and two labels, the first naming no family, the second `family`.
    static func scene(fonts: [String] = ["DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"], system: String?, family: String) throws -> Scene {
        let files = fonts.map { "\(dejaVu)/\($0)" }.joined(separator: ", ")
        return try SceneLoader.load(text: """
            device: iphone-15
            scale: 1
            fonts: [\(files)]
            \(system.map { "systemFont: \($0)" } ?? "")
            screens:
              home:
                background: "#FFFFFF"
                navigationBar: { title: Settings, trailing: [{ title: Edit }] }
                content:
                  - list: { frame: [0, 200, 393, 100], style: plain, rows: [Bluetooth] }
                  - label: { text: Hamburgefonts, frame: [16, 500, 300, 30] }
                  - label: { text: Hamburgefonts, family: \(family), frame: [16, 540, 300, 30] }
              other: { background: "#FFFFFF" }
            tabs:
              items:
                - { title: Settings, icon: gear, root: home }
                - { title: Other, icon: star, root: other }
            timeline: []
            """, file: "/tmp/system-font.yaml", name: "system-font")
    }

    static func still(_ scene: Scene, store: ScreenCacheStore? = nil) throws -> RGBAImage {
        let session = try RenderSession(scene: scene, store: store)
        let canvas = try session.canvas()
        session.draw(session.timeline.state(frame: 0), on: canvas)
        return canvas.rgbaImage()
    }

    /// A region of the 393 x 852 frame.
    struct Region {
        var x: Range<Int>, y: Range<Int>
    }
    static let statusBarTime = Region(x: 0..<150, y: 0..<54)
    static let barTitle = Region(x: 100..<293, y: 59..<103)
    static let barButton = Region(x: 300..<393, y: 59..<103)
    static let row = Region(x: 0..<250, y: 200..<244)
    static let tabTitles = Region(x: 0..<393, y: 769..<818)
    static let firstLabel = Region(x: 0..<393, y: 500..<530)

    /// The RGB of `region` in `image`, `dy` rows lower.
    static func pixels(_ image: RGBAImage, _ region: Region, dy: Int = 0) -> [UInt8] {
        region.y.flatMap { y in
            region.x.flatMap { x in
                let i = ((y + dy) * image.width + x) * 4
                return Array(image.pixels[i..<i + 3])
            }
        }
    }

    /// The columns of `region` holding ink darker than mid-grey or coloured (the tint).
    static func inkWidth(_ image: RGBAImage, _ region: Region) -> Int? {
        let columns = region.x.filter { x in
            region.y.contains { y in
                let i = (y * image.width + x) * 4
                return image.pixels[i..<i + 3].contains { $0 < 128 }
            }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return last - first + 1
    }

    func testSystemTextIsSetInTheSystemFont() throws {
        let inter = try Self.still(try Self.scene(system: nil, family: "DejaVu Serif"))
        let serif = try Self.still(try Self.scene(system: "DejaVu Serif", family: "Inter"))
        XCTAssertEqual(inter.width, 393)
        let regions: [(String, Region)] = [("status bar time", Self.statusBarTime), ("bar title", Self.barTitle),
                                           ("bar button", Self.barButton), ("row", Self.row), ("tab titles", Self.tabTitles),
                                           ("label without a family", Self.firstLabel)]
        for (name, region) in regions {
            let a = Self.pixels(inter, region), b = Self.pixels(serif, region)
            let changed = stride(from: 0, to: a.count, by: 3).filter { a[$0..<$0 + 3] != b[$0..<$0 + 3] }.count
            XCTAssertGreaterThan(changed, 20, "\(name): set in DejaVu Serif, not Inter")
        }
        // The label naming no family in the system font is the label naming the family outright,
        // and the label naming Inter under the other system font is Inter's: pixel for pixel.
        XCTAssertEqual(Self.pixels(serif, Self.firstLabel), Self.pixels(inter, Self.firstLabel, dy: 40))
        XCTAssertEqual(Self.pixels(inter, Self.firstLabel), Self.pixels(serif, Self.firstLabel, dy: 40))

        // The bar's title is as wide as the measuring service says the family sets it.
        for (image, fonts) in [(inter, SceneFonts.standard), (serif, try Self.scene(system: "DejaVu Serif", family: "Inter").fonts)] {
            let measured = try TextMeasurer.measuring(fonts).width(of: "Settings", size: 17, weight: .semibold)
            let ink = Double(try XCTUnwrap(Self.inkWidth(image, Self.barTitle)))
            XCTAssertEqual(ink, measured, accuracy: 3, "\(fonts)")
        }
    }

    /// UINavigationController's push: the old title's leading edge slides onto the back label's
    /// place (26.5 pt from the edge), a travel the title's width sets: the system font's.
    func testLayoutMeasuresTheSystemFont() throws {
        func scene(_ system: String?) throws -> Scene {
            try SceneLoader.load(text: """
                size: [390, 844]
                scale: 1
                fps: 10
                tail: 0
                fonts: [\(Self.dejaVu)/DejaVuSerif.ttf, \(Self.dejaVu)/DejaVuSerif-Bold.ttf]
                \(system.map { "systemFont: \($0)" } ?? "")
                screens:
                  a: { navigationBar: { title: General } }
                  b: { navigationBar: { title: About, back: General } }
                root: a
                transitions:
                  - { from: a, to: b, style: system-push }
                timeline:
                  - { at: 0, push: b }
                """, file: "/tmp/bar.yaml", name: "bar")
        }
        var travels: [Double] = []
        for system in [nil, "DejaVu Serif"] {
            let scene = try scene(system)
            let timeline = try Timeline(scene: scene)
            let width = try TextMeasurer.measuring(scene.fonts).width(of: "General", size: 17, weight: .semibold)
            let travel = 390 / 2 - width / 2 - 26.5
            travels.append(travel)
            var checked = 0
            for frame in 0..<timeline.frameCount {
                let layers = timeline.state(frame: frame).layers
                if let label = layers.first(where: { $0.id == "navigationBar/b/backLabel" }), label.alpha > 0, label.alpha < 1 {
                    XCTAssertEqual(label.transform.tx, (1 - label.alpha) * travel, accuracy: 1e-6, "frame \(frame)")
                    checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 2, "the push has frames mid-slide")
        }
        XCTAssertGreaterThan(abs(travels[0] - travels[1]), 2, "DejaVu Serif's 'General' is not Inter's width")
    }

    /// Two scenes of one process: a store of drawn screens keeps them apart by their fonts, and a
    /// scene's files reach no other scene, whichever renders first.
    func testScenesOfOneProcessDoNotShareFonts() throws {
        let store = ScreenCacheStore()
        let interScene = try Self.scene(system: nil, family: "Inter")
        let serifScene = try Self.scene(system: "DejaVu Serif", family: "Inter")
        let inter = try Self.still(interScene, store: store)
        let serif = try Self.still(serifScene, store: store)
        XCTAssertNotEqual(Self.pixels(inter, Self.barTitle), Self.pixels(serif, Self.barTitle), "the same screens in other fonts are drawn again")
        XCTAssertEqual(Self.pixels(try Self.still(interScene), Self.barTitle), Self.pixels(inter, Self.barTitle))

        // The same family from fewer files: DejaVu Serif without its bold file sets the
        // semibold title in the regular face, before and after a scene that brings the bold one.
        let regularOnly = try Self.scene(fonts: ["DejaVuSerif.ttf"], system: "DejaVu Serif", family: "Inter")
        let before = try Self.still(regularOnly)
        let bold = try Self.still(serifScene)
        let after = try Self.still(regularOnly)
        XCTAssertEqual(before.pixels, after.pixels, "the bold file of another scene is not seen")
        XCTAssertNotEqual(Self.pixels(before, Self.barTitle), Self.pixels(bold, Self.barTitle), "the bold file is used where given")
    }
}
