@testable import Engine
import Scene
import XCTest

/// The styles a scene's transitions are decoded against when it loads (`BuiltInStyles`, in Scene)
/// are the styles the engine implements (`StyleRegistry.builtIn`): the same names, in the same
/// order, each with the same settings; and a transition's settings reach the engine decoded.
final class BuiltInStylesTests: XCTestCase {
    func testTheSceneDecodesAgainstTheStylesTheEngineImplements() {
        XCTAssertEqual(StyleRegistry.builtIn.map(\.name), BuiltInStyles.all.map(\.name))
        for (style, declared) in zip(StyleRegistry.builtIn, BuiltInStyles.all) {
            XCTAssertEqual(style.settings, declared.settings, style.name)
        }
    }

    func testSettingsAreDecodedWhenTheSceneLoads() throws {
        let text = """
            screens: { a: {}, b: {} }
            transitions:
              - { from: a, to: b, style: page-sheet, detents: medium, grabbr: visible }
            """
        XCTAssertThrowsError(try SceneLoader.load(text: text, file: "t.yaml", name: "t")) { error in
            XCTAssertEqual((error as? SceneError)?.diagnostics.map(\.description).first?.hasPrefix(
                "t.yaml:3:59: error: 'grabbr' is not a setting of page-sheet (did you mean 'grabber'?)"), true, "\(error)")
        }
        let scene = try SceneLoader.load(text: text.replacingOccurrences(of: "grabbr", with: "grabber"), file: "t.yaml", name: "t")
        XCTAssertEqual(scene.transitions[0].settings[PageSheetKeys.detents], .medium)
        XCTAssertEqual(scene.transitions[0].settings[PageSheetKeys.grabber], .visible)
    }
}
