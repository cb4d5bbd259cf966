import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// The render tree of the Liquid Glass chrome: the tab bar's pill (`tabBar/glass`, no
/// `tabBar/background`), the navigation bar's capsules (`navigationBar/<screen>/glass/<name>`),
/// the toolbar's (`<screen>/toolbar/glass/item<N>`), and the scroll edge pocket
/// (`…/edge`, `…/edge/blur`, `…/edge/blur2`) once content scrolls under a bar — and none of these
/// in the classic design, whose tree is what it was.
///
/// Reference values: the 400 × 800 pt device keeps the iPhone 15's 59 / 34 pt safe area; the
/// pill is 62 pt tall with radius 31, 21 pt above the bottom (a UITabBar dump of iOS 26 [RE]): at
/// y 800 − 21 − 62 = 717; with two tabs at the 85.9375 pt pitch cap, 2 · 85.9375 + 16.25 = 188.125
/// wide, centred at 200 (the dump's rule that makes a 3-tab pill 274 pt wide); the back circle 44 pt at the 16 pt margin,
/// 5 pt below the 54 pt bar's top (59 + 5 = 64) [RE-dump].
final class GlassTreeTests: XCTestCase {
    private func timeline(_ text: String, design: InterfaceDesign) throws -> Timeline {
        try Timeline(scene: try SceneLoader.load(text: "design: \(design.rawValue)\n" + engineTestDevice + text, file: "t.yaml", name: "t"))
    }

    private func ids(_ state: FrameState) -> [String] { state.layers.map(\.id) }

    private let tabs = """
        screens:
          a: { navigationBar: { title: A }, content: [{ list: { id: rows, rows: [One, Two] } }] }
          c: { navigationBar: { title: C } }
        tabs:
          items:
            - { title: First, icon: star.fill, root: a }
            - { title: Second, root: c }

        """

    func testTheTabBarIsAGlassPillWithoutABackground() throws {
        let state = try timeline(tabs, design: .liquidGlass).state(at: 0)
        let pill = try layer("tabBar/glass", state)
        guard case .backdrop(let look) = pill.content else { return XCTFail("tabBar/glass is \(pill.content), not a backdrop") }
        XCTAssertNotNil(look.glass, "the pill's backdrop is glass, not a blur")
        XCTAssertEqual(pill.cornerRadius, 31)
        // 188.125 pt wide centred at 200, in whole pixels of this @1x device: 188 wide from x 106.
        assertEqual(pill.frame, Rect(x: 106, y: 717, width: 188, height: 62), "the pill on the device")
        XCTAssertFalse(ids(state).contains("tabBar/background"), "\(ids(state))")
        XCTAssertFalse(ids(state).contains("tabBar/material"), "\(ids(state))")
        XCTAssertTrue(ids(state).contains("tabBar/items"))

        let classic = try timeline(tabs, design: .classic).state(at: 0)
        XCTAssertTrue(ids(classic).contains("tabBar/background"), "\(ids(classic))")
        XCTAssertFalse(ids(classic).contains { $0.contains("glass") }, "no glass in classic: \(ids(classic))")
    }

    private let pushed = """
        screens:
          a: { navigationBar: { title: Inbox, back: Mailboxes, trailing: [{ icon: plus }] }, toolbar: { items: [{ icon: plus }, { icon: trash }] } }
        root: a

        """

    func testABackButtonSitsOnAGlassCircleAndToolbarItemsOnCapsules() throws {
        let state = try timeline(pushed, design: .liquidGlass).state(at: 0)
        let back = try XCTUnwrap(state.layers.first { $0.id.hasSuffix("/a/glass/back") && $0.id.hasPrefix("navigationBar") },
                                 "no navigationBar/a/glass/back in \(ids(state))")
        XCTAssertEqual(back.id, "navigationBar/a/glass/back")
        guard case .backdrop(let look) = back.content else { return XCTFail("the back circle is \(back.content)") }
        XCTAssertNotNil(look.glass)
        assertEqual(back.frame, Rect(x: 16, y: 64, width: 44, height: 44), "the back circle")
        XCTAssertEqual(back.cornerRadius, 22)
        let trailing = try layer("navigationBar/a/glass/trailing0", state)
        assertEqual(trailing.frame, Rect(x: 400 - 16 - 44, y: 64, width: 44, height: 44), "the plus item's circle")
        // No bar background in glass: the bar has no background node at rest.
        XCTAssertFalse(ids(state).contains { $0.hasPrefix("navigationBar") && $0.hasSuffix("/background") }, "\(ids(state))")
        // The toolbar: two 48 pt capsules 28 pt from the sides and the bottom (800 − 28 − 48 = 724).
        let first = try XCTUnwrap(state.layers.first { $0.id.hasSuffix("toolbar/glass/item0") }, "\(ids(state))")
        let second = try XCTUnwrap(state.layers.first { $0.id.hasSuffix("toolbar/glass/item1") }, "\(ids(state))")
        assertEqual(first.frame, Rect(x: 28, y: 724, width: 48, height: 48), "toolbar capsule 0")
        assertEqual(second.frame, Rect(x: 400 - 28 - 48, y: 724, width: 48, height: 48), "toolbar capsule 1")

        let classic = try timeline(pushed, design: .classic).state(at: 0)
        XCTAssertFalse(ids(classic).contains { $0.contains("/glass") }, "no glass in classic: \(ids(classic))")
        XCTAssertFalse(ids(classic).contains { $0.hasSuffix("/edge") || $0.contains("/edge/") }, "\(ids(classic))")
    }

    /// A list under a large-title bar, panned up by 90 pt at 0.3 s (ScrollingTests'
    /// `testTheTreeCollapsesTheLargeTitle`): the pocket's nodes appear faded in; at rest at 0 there
    /// are none. In classic there never are.
    func testThePocketAppearsOnlyOnceContentScrollsUnderTheBar() throws {
        let text = """
            screens:
              list:
                navigationBar: { title: Mail, largeTitle: true }
                content: [{ list: { id: rows, rows: [\((0..<40).map { "R\($0)" }.joined(separator: ", "))] } }]
            root: list
            timeline:
              - { at: 0.1, pan: [[0, 200, 700], [0.1, 200, 680], [0.2, 200, 600], [0.3, 200, 580], [0.35, 200, 580], [0.4, 200, 580]], expect: scroll }
            """
        let pocket = ["navigationBar/list/edge", "navigationBar/list/edge/blur", "navigationBar/list/edge/blur2"]
        let glass = try timeline(text, design: .liquidGlass)
        let rest = glass.state(at: 0)
        for id in pocket {
            XCTAssertNil(rest.layers.first { $0.id == id }, "\(id) at rest: \(ids(rest))")
        }
        let scrolled = glass.state(at: 0.3)
        XCTAssertGreaterThan(scrolled.layers.first { $0.id == "list/rows" }?.contentOffset?.y ?? 0, 50, "the list has scrolled")
        for id in pocket {
            let node = try layer(id, scrolled)
            XCTAssertGreaterThan(node.alpha, 0, id)
        }
        // The blurs are plain backdrops (no glass), over the band from the screen's top: the upper
        // 205/384 of it at σ 4, the rest at σ 2 [RE-dump, EST].
        let blur = try layer("navigationBar/list/edge/blur", scrolled), lower = try layer("navigationBar/list/edge/blur2", scrolled)
        guard case .backdrop(let upperLook) = blur.content, case .backdrop(let lowerLook) = lower.content else {
            return XCTFail("the pocket's blurs are backdrops")
        }
        XCTAssertNil(upperLook.glass)
        XCTAssertEqual(upperLook.blurRadius, 4)
        XCTAssertEqual(lowerLook.blurRadius, 2)
        // The band: the 59 pt status bar and the 54 pt bar, 113 pt.
        XCTAssertEqual(blur.frame.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(blur.frame.height + lower.frame.height, 113, accuracy: 1e-9)
        XCTAssertEqual(blur.frame.height, 113 * 205 / 384, accuracy: 1e-9)
        XCTAssertEqual(lower.frame.minY, blur.frame.maxY, accuracy: 1e-9)

        let classic = try timeline(text, design: .classic)
        for time in [0.0, 0.3] {
            let state = classic.state(at: time)
            XCTAssertFalse(ids(state).contains { $0.contains("/edge") || $0.contains("/glass") }, "classic at \(time) s: \(ids(state))")
        }
        XCTAssertGreaterThan(try layer("navigationBar/list/background", classic.state(at: 0.3)).alpha, 0, "classic keeps its background")
    }

    /// Reduce Transparency: the pill's glass is frosted (`GlassOptics.opaque`), and a classic tab
    /// bar's blur material becomes opaque — no blur, an opaque tint — where it is a translucent
    /// blur without it.
    func testReduceTransparencyFrostsTheGlassAndMakesBarMaterialsOpaque() throws {
        let glass = try timeline("reduceTransparency: true\n" + tabs, design: .liquidGlass).state(at: 0)
        guard case .backdrop(let look) = try layer("tabBar/glass", glass).content else { return XCTFail("no glass backdrop") }
        XCTAssertEqual(look.glass?.opaque, true, "frosted")
        let plain = try timeline(tabs, design: .liquidGlass).state(at: 0)
        guard case .backdrop(let clear) = try layer("tabBar/glass", plain).content else { return XCTFail("no glass backdrop") }
        XCTAssertEqual(clear.glass?.opaque, false)

        let classic = try timeline("reduceTransparency: true\n" + tabs, design: .classic).state(at: 0)
        guard case .backdrop(let opaque) = try layer("tabBar/material", classic).content else { return XCTFail("no material") }
        XCTAssertEqual(opaque.blurRadius, 0)
        XCTAssertEqual(opaque.tint.alpha, 1, "an opaque bar")
        let blurred = try timeline(tabs, design: .classic).state(at: 0)
        guard case .backdrop(let material) = try layer("tabBar/material", blurred).content else { return XCTFail("no material") }
        XCTAssertGreaterThan(material.blurRadius, 0)
        XCTAssertLessThan(material.tint.alpha, 1)
    }
}
