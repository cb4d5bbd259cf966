import Geometry
import Scene
import XCTest

/// `variants:`: every combination of the axes' values, named by them in the order appearance,
/// text size, device; bad values are located errors with a suggestion.
final class VariantsTests: XCTestCase {
    func testEveryCombinationIsAVariantNamedByItsValues() throws {
        let scene = try SceneLoader.load(text: """
            variants: { device: [iphone-15, iphone-se], appearance: [light, dark], contentSize: [large, accessibilityLarge] }
            screens: { a: {} }
            """, file: "scene.yaml", name: "scene")
        XCTAssertEqual(scene.variants.map(\.name), [
            "light-large-iphone-15", "light-large-iphone-se", "light-accessibilityLarge-iphone-15", "light-accessibilityLarge-iphone-se",
            "dark-large-iphone-15", "dark-large-iphone-se", "dark-accessibilityLarge-iphone-15", "dark-accessibilityLarge-iphone-se",
        ])
        XCTAssertEqual(scene.variants[6].traits, SceneTraits(appearance: .dark, contentSize: .accessibilityLarge, device: "iphone-15"))
        let one = try SceneLoader.load(text: "variants: { appearance: [dark] }\nscreens: { a: {} }\n", file: "s.yaml", name: "s")
        XCTAssertEqual(one.variants, [SceneVariant(name: "dark", traits: SceneTraits(appearance: .dark))])
        XCTAssertEqual(try SceneLoader.load(text: "screens: { a: {} }\n", file: "s.yaml", name: "s").variants, [])
    }

    func testTraitsDecodeTheSceneAsItsOwnKeysWould() throws {
        let text = "screens:\n  a: { background: systemBackground, content: [{ label: { text: Hi, font: body, frame: [0, 0, 100, 40] } }] }\n"
        let played = try SceneLoader.load(text: text, file: "s.yaml", name: "s",
                                          traits: SceneTraits(appearance: .dark, contentSize: .extraLarge, device: "iphone-se"))
        let written = try SceneLoader.load(text: "appearance: dark\ncontentSize: extraLarge\ndevice: iphone-se\n" + text, file: "s.yaml", name: "s")
        XCTAssertEqual(played.device, written.device)
        XCTAssertEqual(played.device.name, "iphone-se")
        XCTAssertEqual(played.screens["a"]?.background, written.screens["a"]?.background)
        XCTAssertEqual(played.screens["a"]?.background, SystemColor.named("systemBackground", appearance: .dark))
        guard case .label(let label) = played.screens["a"]?.views.first else { return XCTFail("a label") }
        XCTAssertEqual(label.fontSize, 19, "body at extraLarge (HIG)")
    }

    func testMisusesAreLocatedErrors() {
        func messages(_ variants: String) -> [String] { sceneProblems("variants: \(variants)\nscreens: { a: {} }\n") }
        XCTAssertEqual(messages("{ appearance: [light, dim] }"),
                       ["scene.yaml:1:33: error: unknown appearance 'dim'; expected one of: light, dark"])
        XCTAssertEqual(messages("{ contentSize: [accessibilityLarg] }").first?.contains("(did you mean 'accessibilityLarge'?)"), true,
                       messages("{ contentSize: [accessibilityLarg] }").description)
        XCTAssertEqual(messages("{ device: [iphone-15, iphone-15] }"), ["scene.yaml:1:33: error: 'iphone-15' is listed twice under 'device'"])
        XCTAssertEqual(messages("{ appearance: [] }"), ["scene.yaml:1:25: error: 'appearance' lists no values; list at least one, or leave the axis out"])
        let all = "[" + ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ") + "]"
        let devices = "[" + Device.presets.keys.sorted().joined(separator: ", ") + "]"
        XCTAssertEqual(messages("{ appearance: [light, dark], contentSize: \(all), device: \(devices) }"),
                       ["scene.yaml:1:11: error: 336 variants is over the limit of 64; list fewer values"])
        XCTAssertEqual(messages("{ apperance: [dark] }").first?.contains("unknown key 'apperance'"), true)
    }
}
