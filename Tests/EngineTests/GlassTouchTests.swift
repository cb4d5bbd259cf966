import Engine
import Geometry
import Scene
import XCTest

/// Taps on Liquid Glass buttons: the glass is the button (a `UIButton` on its glass capsule takes
/// touches over the whole capsule), so a tap anywhere on the back button's 44 pt circle pops, and
/// a tap on a text item's capsule, beside its text, is a tap on the item.
///
/// Reference values: the 400 × 800 pt device keeps the iPhone 15's 59 pt top safe area; the glass
/// bar is 54 pt (59–113, mid 86); the back circle 44 pt at the 16 pt margin, 16–60 [RE-dump]; a
/// text item's capsule its text ± 14 pt [EST], ending at the trailing margin 384.
final class GlassTouchTests: XCTestCase {
    private func timeline(_ tap: String, design: InterfaceDesign = .liquidGlass) throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: "design: \(design.rawValue)\n" + engineTestDevice + """
            screens:
              a: { navigationBar: { title: A } }
              b: { navigationBar: { title: B, back: A } }
              c: { navigationBar: { title: C, trailing: [{ title: Close, action: pop }] } }
            root: a
            transitions: [{ from: a, to: b, style: system-push }, { from: a, to: c, style: system-push }]
            timeline:
            \(tap)
            """, file: "t.yaml", name: "t"))
    }

    /// The stack at the end of the scene, or the error that refused it (a tap that does nothing
    /// is an error at its entry).
    private func stack(_ tap: String) -> String {
        do {
            let t = try timeline(tap)
            return t.navigation(at: t.duration).stack.joined(separator: " > ")
        } catch {
            return "\(error)"
        }
    }

    /// The circle's centre (38, 86) pops; so does a point inside it right of the classic 44 pt
    /// target (54, 86: 16 pt from the circle's centre, within its 22 pt radius).
    func testATapAnywhereOnTheBackCirclePops() {
        for x in [38.0, 54.0] {
            let stack = stack("""
                  - { at: 0.1, push: b }
                  - { at: 1, tap: [\(x), 86] }
                """)
            XCTAssertEqual(stack, "a",
                           "GLASS BUG (AtRest.backButtonFrame): a tap at (\(x), 86) on the back button's glass circle (16–60) does not pop; "
                           + "the target is still the classic chevron's 0–44")
        }
    }

    /// "Close" is on its own capsule from 384 − (w + 28) to 384; a tap 6 pt inside the capsule's
    /// leading end, 8 pt before the text, is a tap on it.
    func testATapOnATextItemsCapsuleBesideItsTextIsATapOnTheItem() throws {
        let probe = try timeline("  - { at: 0.1, push: c }")
        let device = probe.scene.device
        let spec = try XCTUnwrap(probe.scene.screens["c"]?.navigationBar)
        let capsule = try XCTUnwrap(NavigationBarLayout(spec, on: device).items(of: spec, text: AdvanceMeasurer()).capsules.first)
        XCTAssertEqual(capsule.frame.maxX, 384, accuracy: 1e-9)
        let stack = stack("""
              - { at: 0.1, push: c }
              - { at: 1, tap: [\(capsule.frame.minX + 6), 86] }
            """)
        XCTAssertEqual(stack, "a",
                       "GLASS BUG (AtRest.barItems): a tap on the 'Close' capsule at \(capsule.frame.minX + 6) (capsule \(capsule.frame)), "
                       + "beside its text, does not reach the item")
    }
}
