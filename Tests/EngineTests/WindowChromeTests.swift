import Engine
import Geometry
import Scene
import XCTest

/// The window chrome the engine decides over a frame's screens (`WindowChrome`): which tone the
/// status bar and home indicator show, read off the stacking of the render tree.
///
/// Reference values come from the geometry alone: on an iPhone 15 (393 x 852 pt) the status
/// bar's glyph band is y 23.5 … 36.5 pt (the 17 pt time's 12 pt cap height about its 30 pt
/// center line), asked at 8 evenly spaced points 13/8 pt apart starting 13/16 pt down it; the
/// home indicator is 134 x 5 pt, 8 pt above the bottom edge (x 129.5, y 839).
final class WindowChromeTests: XCTestCase {
    let device = Device.presets["iphone-15"]!
    let white = ScreenSpec(name: "white", background: .white, views: [])
    let black = ScreenSpec(name: "black", background: .black, views: [])

    private func screen(_ name: String, top: Double = 0, x: Double = 0, alpha: Double = 1) -> RenderNode {
        RenderNode(id: name, content: .part(ScreenPart(screen: name, kind: .body, layout: device)), size: device.size,
                   transform: AffineTransform(translationX: x, y: top), alpha: alpha)
    }

    private func chrome(_ screens: [ScreenSpec]? = nil, background: Color = .black) -> WindowChrome {
        WindowChrome(screens: screens ?? [white, black], device: device, background: background)
    }

    /// (id, tone, alpha) of every chrome node, depth first.
    private func summary(_ nodes: [RenderNode]) -> [String] {
        nodes.flatMap { $0.flattened() }.map { "\($0.id) \($0.tone?.rawValue ?? "-") \($0.alpha)" }
    }

    func testTheScreenUnderEachPartDecidesItsTone() {
        XCTAssertEqual(summary(chrome().nodes(over: [screen("white")])),
                       ["statusBar - 1.0", "statusBar/dark dark 1.0", "homeIndicator dark 1.0"])
        XCTAssertEqual(summary(chrome().nodes(over: [screen("black")])),
                       ["statusBar - 1.0", "statusBar/light light 1.0", "homeIndicator light 1.0"])
        // A black sheet halfway up: the white screen is under the status bar, the sheet under the indicator.
        XCTAssertEqual(summary(chrome().nodes(over: [screen("white"), screen("black", top: 426)])),
                       ["statusBar - 1.0", "statusBar/dark dark 1.0", "homeIndicator light 1.0"])
        // Only the screen on top at the middle of the bar counts, not the frontmost one.
        XCTAssertEqual(summary(chrome().nodes(over: [screen("white"), screen("black", x: 250)])),
                       ["statusBar - 1.0", "statusBar/dark dark 1.0", "homeIndicator dark 1.0"])
        // A mostly transparent screen over it does not count.
        XCTAssertEqual(summary(chrome().nodes(over: [screen("white"), screen("black", alpha: 0.4)])),
                       ["statusBar - 1.0", "statusBar/dark dark 1.0", "homeIndicator dark 1.0"])
    }

    /// A screen growing inside a card that clips it (a zoom) decides only where the card shows it:
    /// its content laid out from y 0 but cut at the card's top, y 38, leaves the glyph band
    /// (y 23.5 … 36.5) to the screen beneath.
    func testAScreenCutByAClippingAncestorDecidesOnlyWhereItShows() {
        var card = RenderNode(id: "card", size: Size(width: 389, height: 800), transform: AffineTransform(translationX: 2, y: 38),
                              clipsToBounds: true)
        card.children = [screen("black", top: -16)]
        XCTAssertEqual(summary(chrome().nodes(over: [screen("white"), card])).first { $0.hasPrefix("statusBar/") },
                       "statusBar/dark dark 1.0")
        card.transform = AffineTransform(translationX: 2, y: 20)
        XCTAssertEqual(summary(chrome().nodes(over: [screen("white"), card])).first { $0.hasPrefix("statusBar/") },
                       "statusBar/light light 1.0")
    }

    /// The default bar style is the appearance's default status bar style, whatever the screen's
    /// background: dark content in light, light content in dark (`UIStatusBarStyle.default`
    /// "automatically chooses light or dark content based on the user interface style"). A black
    /// story screen under a default bar in light keeps dark glyphs over the bar's light material;
    /// without a bar the screen's background decides.
    func testTheDefaultBarStyleFollowsTheAppearanceNotTheBackground() throws {
        for appearance in Appearance.allCases {
            let scene = try SceneLoader.load(text: """
                appearance: \(appearance.rawValue)
                screens:
                  story: { background: "#000000", navigationBar: { title: Story } }
                  page: { background: "#FFFFFF", navigationBar: { title: Page } }
                  bare: { background: "#000000" }
                root: story
                """, file: "t.yaml", name: "t")
            let chrome = WindowChrome(screens: scene.screens.values, device: device, background: .black, appearance: appearance)
            let expected = appearance == .light ? "statusBar/dark dark 1.0" : "statusBar/light light 1.0"
            for name in ["story", "page"] {
                XCTAssertEqual(summary(chrome.nodes(over: [screen(name)])).first { $0.hasPrefix("statusBar/") }, expected, "\(name) in \(appearance)")
            }
            XCTAssertEqual(summary(chrome.nodes(over: [screen("bare")])).first { $0.hasPrefix("statusBar/") }, "statusBar/light light 1.0")
        }
    }

    /// A navigation controller takes the status bar's style from its bar (`barStyle`): `black`
    /// gives light content over a white screen; the default style gives the appearance's default.
    func testABlackStyleNavigationBarGivesLightContent() throws {
        let scene = try SceneLoader.load(text: """
            screens:
              home: { background: white, navigationBar: { title: Home, barStyle: black } }
              plain: { background: white, navigationBar: { title: Plain } }
            root: home
            """, file: "t.yaml", name: "t")
        let chrome = WindowChrome(screens: scene.screens.values, device: device, background: .black)
        XCTAssertEqual(summary(chrome.nodes(over: [screen("home")])).first { $0.hasPrefix("statusBar/") }, "statusBar/light light 1.0")
        XCTAssertEqual(summary(chrome.nodes(over: [screen("plain")])).first { $0.hasPrefix("statusBar/") }, "statusBar/dark dark 1.0")
        // The bar itself in the dark appearance: white titles.
        XCTAssertEqual(scene.screens["home"]?.navigationBar?.titleColor, .white)
        XCTAssertEqual(scene.screens["plain"]?.navigationBar?.titleColor, .black)
    }

    func testTheNodesSitWhereTheDevicePutsThem() throws {
        let nodes = chrome().nodes(over: [screen("white", x: 40)]).flatMap { $0.flattened() }
        XCTAssertEqual(nodes.map(\.frame), [Rect(x: 0, y: 0, width: 393, height: 54), Rect(x: 0, y: 0, width: 393, height: 54),
                                            Rect(x: 129.5, y: 839, width: 134, height: 5)])
    }

    /// A white screen lowered so its top edge crosses the glyph band: the probes above the edge
    /// see the black background (light), those below see the screen (dark); each tone is a child
    /// at its share of the 8 probes.
    func testAnEdgeUnderTheGlyphsSharesTheTonesOut() {
        let probes = (0..<8).map { 23.5 + 13 * (Double($0) + 0.5) / 8 }
        for top in [20.0, 24, 27, 30, 33.5, 36, 40] {
            let light = probes.filter { $0 < top }.count
            var expected = ["statusBar - 1.0"]
            if light < 8 { expected.append("statusBar/dark dark \(Double(8 - light) / 8)") }
            if light > 0 { expected.append("statusBar/light light \(Double(light) / 8)") }
            expected.append("homeIndicator dark 1.0")
            XCTAssertEqual(summary(chrome([white]).nodes(over: [screen("white", top: top)])), expected, "top \(top)")
        }
    }

    func testOverTheBackgroundTheToneFollowsItsLuminance() {
        let lowered = [screen("white", top: 80)]
        XCTAssertEqual(summary(chrome([white], background: .white).nodes(over: lowered)).first { $0.hasPrefix("statusBar/") },
                       "statusBar/dark dark 1.0")
        XCTAssertEqual(summary(chrome([white], background: Color(red: 0.2, green: 0.2, blue: 0.2)).nodes(over: lowered))
                        .first { $0.hasPrefix("statusBar/") }, "statusBar/light light 1.0")
        // A transparent frame shows nothing there to take a tone from.
        XCTAssertEqual(summary(chrome([white], background: .clear).nodes(over: lowered)), ["homeIndicator dark 1.0"])
    }

    func testScreensThatHideThemHideThem() {
        let hidden = ScreenSpec(name: "hidden", background: .white, views: [], statusBar: .hidden, homeIndicator: false)
        let forced = ScreenSpec(name: "forced", background: .white, views: [], statusBar: .lightContent)
        let all = chrome([white, hidden, forced])
        XCTAssertEqual(summary(all.nodes(over: [screen("hidden")])), [])
        // The frontmost screen hides the status bar even where the background shows under it.
        XCTAssertEqual(summary(all.nodes(over: [screen("hidden", top: 80)])), [])
        XCTAssertEqual(summary(all.nodes(over: [screen("forced")])),
                       ["statusBar - 1.0", "statusBar/light light 1.0", "homeIndicator dark 1.0"])
        XCTAssertEqual(summary(all.nodes(over: [])), [], "nothing on screen, nothing decides")
        // A custom device shows neither unless a screen asks.
        let custom = Device(name: "custom", size: Size(width: 200, height: 300), scale: 1, safeAreaTop: 59, safeAreaBottom: 34)
        let plain = WindowChrome(screens: [white], device: custom, background: .black)
        XCTAssertEqual(summary(plain.nodes(over: [RenderNode(id: "white", content: .part(ScreenPart(screen: "white", kind: .body,
                                                                                                 layout: custom)),
                                                             size: custom.size)])), [])
    }
}
