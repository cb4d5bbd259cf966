import Geometry
import Scene
import XCTest

/// `deviceFrame:`: the body around each preset's display, where the screen sits in the picture,
/// and the key's decoding.
final class DeviceFrameTests: XCTestCase {
    /// Apple's Tech Specs ("Size and Weight": height × width in mm) and each display's density
    /// in pixels per inch, from the same pages. A body `side` / `top` / `bottom` points wider than
    /// the display makes the device, at the display's millimetres per point (25.4 × scale / ppi),
    /// these sizes within 0.1 mm.
    static let published: [(preset: String, height: Double, width: Double, ppi: Double)] = [
        ("iphone-se", 138.4, 67.3, 326),
        ("iphone-15", 147.6, 71.6, 460), ("iphone-15-pro", 146.6, 70.6, 460), ("iphone-15-pro-max", 159.9, 76.7, 460),
        ("iphone-16", 147.6, 71.6, 460), ("iphone-16-plus", 160.9, 77.8, 460), ("iphone-16-pro", 149.6, 71.5, 460),
        ("iphone-16-pro-max", 163.0, 77.6, 460),
        ("ipad", 248.6, 179.5, 264), ("ipad-air", 247.6, 178.5, 264), ("ipad-air-13", 280.6, 214.9, 264),
        ("ipad-mini", 195.4, 134.8, 326), ("ipad-pro-11", 249.7, 177.5, 264), ("ipad-pro-13", 281.6, 215.5, 264),
    ]

    func testEachPresetsBodyIsTheSizeApplePublishes() throws {
        XCTAssertEqual(Set(Self.published.map(\.preset)), Set(Device.presets.keys), "every preset has its published size")
        for row in Self.published {
            let device = try XCTUnwrap(Device.presets[row.preset])
            let body = DeviceBody.of(device)
            let millimetresPerPoint = 25.4 * device.scale / row.ppi
            XCTAssertEqual((device.size.width + 2 * body.side) * millimetresPerPoint, row.width, accuracy: 0.1, row.preset)
            XCTAssertEqual((device.size.height + body.top + body.bottom) * millimetresPerPoint, row.height, accuracy: 0.1, row.preset)
            XCTAssertGreaterThanOrEqual(body.cornerRadius, device.cornerRadius, "\(row.preset): the body's corner encloses the display's")
            if let island = body.island {
                XCTAssertEqual(island.midX, device.size.width / 2, accuracy: 1e-9, "\(row.preset): the island is centered")
                XCTAssertLessThan(island.maxY, device.safeAreaTop, "\(row.preset): the island is inside the status bar's area")
            }
        }
    }

    /// For every preset, scale and padding: the screen at even whole pixels (so rows pair as
    /// the encoder's chroma pairs them), an even picture, and the body, its buttons and the
    /// padding inside it.
    func testTheScreenSitsAtEvenPixelsInsideTheBodyInsideThePicture() throws {
        for (name, device) in Device.presets {
            for scale in [1.0, 2, 3, 1.5] {
                for padding in [0, 13.3, 40, 120] {
                    var scaled = device
                    scaled.scale = scale
                    let spec = DeviceFrameSpec(padding: padding)
                    let screenWidth = Int((device.size.width * scale).rounded()), screenHeight = Int((device.size.height * scale).rounded())
                    let layout = DeviceFrameLayout(spec: spec, device: scaled, screenWidth: screenWidth, screenHeight: screenHeight)
                    let what = "\(name) @\(scale)x padding \(padding)"
                    XCTAssertEqual(layout.screenX % 2, 0, what)
                    XCTAssertEqual(layout.screenY % 2, 0, what)
                    XCTAssertEqual(layout.width % 2, 0, what)
                    XCTAssertEqual(layout.height % 2, 0, what)
                    let picture = Rect(x: 0, y: 0, width: Double(layout.width) / scale, height: Double(layout.height) / scale)
                    let body = layout.bodyRect, screen = layout.screenRect
                    XCTAssertTrue(body.minX <= screen.minX && body.maxX >= screen.maxX && body.minY <= screen.minY && body.maxY >= screen.maxY, what)
                    for part in [body] + layout.buttonRects {
                        XCTAssertGreaterThanOrEqual(part.minX, padding - 1e-9, what)
                        XCTAssertGreaterThanOrEqual(part.minY, padding - 1e-9, what)
                        XCTAssertLessThanOrEqual(part.maxX, picture.maxX - padding + 1 / scale, what)
                        XCTAssertLessThanOrEqual(part.maxY, picture.maxY - padding + 1 / scale, what)
                    }
                }
            }
        }
    }

    func testTheKeyDecodes() throws {
        func frame(_ text: String, background: String = "") throws -> DeviceFrameSpec? {
            try SceneLoader.load(text: "screens: { a: {} }\n\(background)deviceFrame: \(text)\n", file: "scene.yaml", name: "scene").deviceFrame
        }
        XCTAssertNil(try frame("false"))
        XCTAssertEqual(try frame("true"), DeviceFrameSpec())
        XCTAssertEqual(try frame("true", background: "background: transparent\n"), DeviceFrameSpec(background: .color(.clear)),
                       "around a transparent scene the frame's background is transparent too")
        XCTAssertEqual(try frame("{ finish: light, gradient: ['#000000', '#FFFFFF'], padding: 12 }"),
                       DeviceFrameSpec(finish: .light, background: .gradient(.black, .white), padding: 12))
        XCTAssertEqual(try frame("{ background: systemIndigo }")?.background, .color(try XCTUnwrap(SystemColor.named("systemIndigo", appearance: .light))))
        XCTAssertEqual(try frame("{ background: transparent }")?.background, .color(.clear))
    }

    func testMisusesAreLocatedErrors() {
        func messages(_ text: String, device: String = "") -> [String] {
            sceneProblems("screens: { a: {} }\n\(device)deviceFrame: \(text)\n")
        }
        XCTAssertEqual(messages("{ background: '#FFFFFF', gradient: ['#000000', '#FFFFFF'] }"),
                       ["scene.yaml:2:49: error: a device frame's background is one of 'background', 'gradient' and 'image'; this one has 'background' and 'gradient'"])
        XCTAssertEqual(messages("{ gradient: ['#000000'] }"), ["scene.yaml:2:26: error: expected a gradient as two colors [top, bottom], found 1"])
        XCTAssertEqual(messages("{ image: backdrop.jpg }"), ["scene.yaml:2:23: error: image 'backdrop.jpg' is not a .png file; Segue reads PNG images"])
        XCTAssertEqual(messages("{ padding: -4 }").first?.hasPrefix("scene.yaml:2:25: error: padding must be between 0 and 1000"), true,
                       messages("{ padding: -4 }").description)
        // (852 pt + 2 × 19.5 pt of body + 2 × 1000 pt of padding) × 3.
        XCTAssertEqual(messages("{ padding: 1000 }", device: "scale: 3\n"),
                       ["scene.yaml:3:14: error: the framed picture is 8673 px on its longer side, over the limit of 8192 px; lower 'padding' or the scale"])
        XCTAssertEqual(messages("{ finsh: light }").first?.contains("unknown key 'finsh'") ?? false, true)
        XCTAssertEqual(messages("{ finish: gold }").first?.contains("dark, light") ?? false, true, messages("{ finish: gold }").description)
        XCTAssertEqual(messages("maybe").first?.contains("expected deviceFrame (true, false or a mapping)") ?? false, true,
                       messages("maybe").description)
    }
}
