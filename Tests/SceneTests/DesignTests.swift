import Geometry
import Scene
import XCTest

/// The design as a scene setting (`design:`, `SceneTraits.design`, the `variants` axis): it sets
/// the scene's design and its device's, so every layout made for the device follows it; classic by
/// default; a misspelt value is a located error with a suggestion.
final class DesignTests: XCTestCase {
    private let screens = "screens:\n  a: { navigationBar: { title: A, trailing: [{ icon: plus }] } }\n"

    func testTheKeySetsTheScenesAndTheDevicesDesign() throws {
        let glass = try SceneLoader.load(text: "design: liquidGlass\n" + screens, file: "s.yaml", name: "s")
        XCTAssertEqual(glass.design, .liquidGlass)
        XCTAssertEqual(glass.device.design, .liquidGlass)
        XCTAssertNotNil(glass.device.chrome.tabBar(itemCount: 2, on: glass.device).pill, "the device lays chrome out in glass")
        let plain = try SceneLoader.load(text: screens, file: "s.yaml", name: "s")
        XCTAssertEqual(plain.design, .classic, "classic by default")
        XCTAssertEqual(plain.device.design, .classic)
        let classic = try SceneLoader.load(text: "design: classic\n" + screens, file: "s.yaml", name: "s")
        XCTAssertEqual(classic.design, .classic)
    }

    /// Liquid Glass draws plain bar items in the label colour where the scene gives the bar no tint
    /// (`ChromeDesign.plainItemColor`); classic leaves them the tint.
    func testTheDesignGivesPlainBarItemsTheirColour() throws {
        let glass = try SceneLoader.load(text: "design: liquidGlass\n" + screens, file: "s.yaml", name: "s")
        XCTAssertEqual(glass.screens["a"]?.navigationBar?.plainItemColor, SystemColor.named("label", appearance: .light))
        let plain = try SceneLoader.load(text: screens, file: "s.yaml", name: "s")
        XCTAssertNil(plain.screens["a"]?.navigationBar?.plainItemColor)
        let tinted = try SceneLoader.load(text: "design: liquidGlass\nscreens:\n  a: { navigationBar: { title: A, tint: systemPink } }\n",
                                          file: "s.yaml", name: "s")
        XCTAssertNil(tinted.screens["a"]?.navigationBar?.plainItemColor, "a bar the scene tints keeps its tint")
    }

    func testAnUnknownDesignIsALocatedErrorWithASuggestion() {
        let problems = sceneProblems(screens + "design: liquidglass\n")
        XCTAssertEqual(problems.count, 1, problems.description)
        let message = problems.first ?? ""
        XCTAssertTrue(message.hasPrefix("scene.yaml:3:9: error: "), message)
        XCTAssertTrue(message.contains("'liquidglass'"), message)
        XCTAssertTrue(message.contains("did you mean 'liquidGlass'?"), message)
        let listed = sceneProblems("variants: { design: [classic, glass] }\n" + screens)
        XCTAssertEqual(listed.first?.hasPrefix("scene.yaml:1:31: error: "), true, listed.description)
        XCTAssertEqual(listed.first?.contains("liquidGlass"), true, "names the choices: \(listed)")
    }

    /// The design is the first axis: `classic-light`, `classic-dark`, `liquidGlass-light`,
    /// `liquidGlass-dark`, each with its traits.
    func testDesignIsAVariantsAxis() throws {
        let scene = try SceneLoader.load(text: "variants: { design: [classic, liquidGlass], appearance: [light, dark] }\n" + screens,
                                         file: "s.yaml", name: "s")
        XCTAssertEqual(scene.variants.map(\.name), ["classic-light", "classic-dark", "liquidGlass-light", "liquidGlass-dark"])
        XCTAssertEqual(scene.variants.map(\.traits), [
            SceneTraits(appearance: .light, design: .classic), SceneTraits(appearance: .dark, design: .classic),
            SceneTraits(appearance: .light, design: .liquidGlass), SceneTraits(appearance: .dark, design: .liquidGlass),
        ])
        let one = try SceneLoader.load(text: "variants: { design: [liquidGlass] }\n" + screens, file: "s.yaml", name: "s")
        XCTAssertEqual(one.variants, [SceneVariant(name: "liquidGlass", traits: SceneTraits(design: .liquidGlass))])
        // Played at a variant's traits, the scene takes its design.
        let played = try SceneLoader.load(text: "variants: { design: [classic, liquidGlass] }\n" + screens, file: "s.yaml", name: "s",
                                          traits: scene.variants[3].traits)
        XCTAssertEqual(played.design, .liquidGlass)
        XCTAssertEqual(played.device.design, .liquidGlass)
    }

    /// `SceneTraits(design:)` (`--design`) wins over the file's key, both ways.
    func testTheTraitWinsOverTheFilesKey() throws {
        let toClassic = try SceneLoader.load(text: "design: liquidGlass\n" + screens, file: "s.yaml", name: "s",
                                             traits: SceneTraits(design: .classic))
        XCTAssertEqual(toClassic.design, .classic)
        XCTAssertEqual(toClassic.device.design, .classic)
        XCTAssertNil(toClassic.screens["a"]?.navigationBar?.plainItemColor, "decoded as classic throughout")
        let toGlass = try SceneLoader.load(text: "design: classic\n" + screens, file: "s.yaml", name: "s",
                                           traits: SceneTraits(design: .liquidGlass))
        XCTAssertEqual(toGlass.design, .liquidGlass)
        XCTAssertEqual(toGlass.device.design, .liquidGlass)
        // With a device trait too: the preset is taken, then the design set on it.
        let both = try SceneLoader.load(text: screens, file: "s.yaml", name: "s", traits: SceneTraits(device: "iphone-se", design: .liquidGlass))
        XCTAssertEqual(both.device.name, "iphone-se")
        XCTAssertEqual(both.device.design, .liquidGlass)
        // The batch stamp names the design only where it is given, so older stamps still match.
        XCTAssertFalse(SceneTraits().stampText.contains("design"))
        XCTAssertTrue(SceneTraits(design: .liquidGlass).stampText.hasPrefix("design=liquidGlass "))
    }

    /// Reduce Transparency as a key, a trait that wins over it, and a variants axis named
    /// `transparent` / `reduceTransparency`, after the other axes.
    func testReduceTransparencyIsAKeyATraitAndAVariantAxis() throws {
        XCTAssertFalse(try SceneLoader.load(text: screens, file: "s.yaml", name: "s").reduceTransparency, "off by default")
        XCTAssertTrue(try SceneLoader.load(text: "reduceTransparency: true\n" + screens, file: "s.yaml", name: "s").reduceTransparency)
        XCTAssertFalse(try SceneLoader.load(text: "reduceTransparency: true\n" + screens, file: "s.yaml", name: "s",
                                            traits: SceneTraits(transparency: .transparent)).reduceTransparency, "the trait wins")
        let scene = try SceneLoader.load(text: "variants: { appearance: [light, dark], reduceTransparency: [transparent, reduceTransparency] }\n"
                                         + screens, file: "s.yaml", name: "s")
        XCTAssertEqual(scene.variants.map(\.name), ["light-transparent", "light-reduceTransparency", "dark-transparent", "dark-reduceTransparency"])
        XCTAssertEqual(scene.variants[1].traits, SceneTraits(appearance: .light, transparency: .reduceTransparency))
        let problems = sceneProblems(screens + "variants: { reduceTransparency: [true] }\n")
        XCTAssertEqual(problems.count, 1, problems.description)
        XCTAssertTrue(problems.first?.contains("transparent, reduceTransparency") == true, problems.description)
    }
}
