import Geometry
import Scene
import XCTest

/// Where the Liquid Glass chrome goes (`LiquidGlassChrome`) and where the classic one stays
/// (`ClassicChrome`), on the iPhone 16 Pro (402 × 874 pt, safe area 62 / 34), the iPhone SE (375 ×
/// 667, 20 / 0: no home indicator) and the iPhone 15 (393 × 852, 59 / 34).
///
/// Expected values are worked out here from the published numbers the sources cite
/// (docs/uikit-semantics.md#liquid-glass), not from the code's output:
/// - tab bar pill: a UITabBar layer dump of iOS 26 on a 402 pt phone [RE] — pill (21, 0, 360, 62),
///   radius 31; items 54 pt tall, 4 pt in, pitch (pill width − 16.25) / count at most 85.9375,
///   each 8.25 pt wider than its pitch; a 3-tab pill 274 pt wide, centred; the same 21 pt above
///   the bottom on a phone with a home button [EST: the gap's floor];
/// - navigation bar: 54 pt, its buttons 44 pt glass circles and capsules 5 pt from its top
///   [RE-dump]; icon items 44 pt in a shared capsule, a text item its text ± 14 pt, capsules 12 pt
///   apart [EST]; leading margin 16 pt, 20 pt from 414 pt wide (UIKit's system margins);
/// - toolbar capsules: 48 pt tall, 28 pt from the sides and the bottom [OBS: Photos on a 390 pt
///   phone], the same on a phone with a home button [EST];
/// - classic: the 49 pt tab bar and 44 pt toolbar above the bottom safe area, the 44 pt bar (Apple
///   HIG; `TabBarView.barHeight`, `ToolbarView.barHeight`).
final class LiquidGlassChromeTests: XCTestCase {
    private func device(_ name: String, _ design: InterfaceDesign = .liquidGlass) throws -> Device {
        var device = try XCTUnwrap(Device.presets[name], name)
        device.design = design
        return device
    }

    private let glass = LiquidGlassChrome()

    /// Text `n` characters long is `10 n` pt wide: the layouts' arithmetic without a font.
    private func width(_ text: String, _ prominent: Bool) -> Double { Double(text.count) * 10 }

    // MARK: Tab bar

    func testTheTabBarPillOnTheIPhone16Pro() throws {
        let phone = try device("iphone-16-pro")
        let four = glass.tabBar(itemCount: 4, on: phone)
        // 21 pt from the sides: 402 − 2 · 21 = 360 wide; 21 pt above the bottom: 874 − 21 − 62 = 791.
        let pill = try XCTUnwrap(four.pill)
        assertEqual(pill.frame, Rect(x: 21, y: 791, width: 360, height: 62), "4-tab pill")
        XCTAssertEqual(pill.cornerRadius, 31)
        assertEqual(four.area, pill.frame, "the node's box is the pill")
        // Pitch (360 − 16.25) / 4 = 85.9375 (the cap itself); items 85.9375 + 8.25 = 94.1875 wide,
        // 54 tall, 4 pt into the 62 pt pill (795), the first at 21 + 16.25 / 2 − 8.25 / 2 = 25.
        XCTAssertEqual(four.tabs.count, 4)
        for (index, tab) in four.tabs.enumerated() {
            assertEqual(tab, Rect(x: 25 + Double(index) * 85.9375, y: 795, width: 94.1875, height: 54), "tab \(index)")
        }
        // Neighbours overlap by 8.25 pt.
        XCTAssertEqual(four.tabs[0].maxX - four.tabs[1].minX, 8.25, accuracy: 1e-9)
        XCTAssertEqual(four.lenses, four.tabs, "each tab's selection lens is its box")
        // Content ends at the pill's top, measured above the bottom safe area: 874 − 34 − 791 = 49.
        XCTAssertEqual(four.contentInset, 49, accuracy: 1e-9)

        // Three tabs: the pitch stays at its cap, so the pill narrows to the dump's 274 pt, centred.
        let three = glass.tabBar(itemCount: 3, on: phone)
        let narrow = try XCTUnwrap(three.pill).frame
        XCTAssertEqual(narrow.width, 274, accuracy: 0.1, "the dump's 3-tab pill (3 · 85.9375 + 16.25 = 274.0625)")
        XCTAssertEqual(narrow.midX, 201, accuracy: 1.0 / 3, "centred on the 402 pt screen, within a pixel")
        XCTAssertEqual(narrow.minX * 3, (narrow.minX * 3).rounded(), accuracy: 1e-9, "on the @3x pixel grid: its items are copied, not resampled")
        XCTAssertEqual(narrow.width * 3, (narrow.width * 3).rounded(), accuracy: 1e-9, "whole pixels wide")
        XCTAssertEqual(narrow.minY, 791)
        XCTAssertEqual(narrow.height, 62)
        XCTAssertEqual(three.tabs[1].midX, 201, accuracy: 1.0 / 3, "the middle tab is centred, within a pixel")
    }

    func testTheTabBarPillOnTheIPhoneSEAndIPhone15() throws {
        // iPhone SE: 375 − 42 = 333 wide, 21 pt above the bottom as on every phone: 667 − 21 − 62 = 584.
        let se = glass.tabBar(itemCount: 4, on: try device("iphone-se"))
        assertEqual(try XCTUnwrap(se.pill).frame, Rect(x: 21, y: 584, width: 333, height: 62), "SE pill")
        // Pitch (333 − 16.25) / 4 = 79.1875, under the cap: items 87.4375 wide from 21 + 4 = 25.
        assertEqual(se.tabs[0], Rect(x: 25, y: 588, width: 87.4375, height: 54), "SE tab 0")
        assertEqual(se.tabs[3], Rect(x: 25 + 3 * 79.1875, y: 588, width: 87.4375, height: 54), "SE tab 3")
        // No bottom safe area: content ends at the pill's top, 667 − 584 = 83 up.
        XCTAssertEqual(se.contentInset, 83, accuracy: 1e-9)

        // iPhone 15: 393 − 42 = 351 wide, 852 − 21 − 62 = 769; pitch (351 − 16.25) / 4 = 83.6875.
        let fifteen = glass.tabBar(itemCount: 4, on: try device("iphone-15"))
        assertEqual(try XCTUnwrap(fifteen.pill).frame, Rect(x: 21, y: 769, width: 351, height: 62), "iPhone 15 pill")
        assertEqual(fifteen.tabs[2], Rect(x: 25 + 2 * 83.6875, y: 773, width: 83.6875 + 8.25, height: 54), "iPhone 15 tab 2")
        XCTAssertEqual(fifteen.contentInset, 852 - 34 - 769, accuracy: 1e-9)
        // Five tabs on it: (351 − 16.25) / 5 = 66.95 each, still the full width.
        let five = glass.tabBar(itemCount: 5, on: try device("iphone-15"))
        XCTAssertEqual(try XCTUnwrap(five.pill).frame.width, 351, accuracy: 1e-9)
        XCTAssertEqual(five.tabs[4].maxX, 21 + 351 - 16.25 / 2 + 8.25 / 2, accuracy: 1e-9, "the last item ends 4 pt inside the pill")
    }

    /// The device's design picks the chrome: `device.chrome` of a liquidGlass device is the glass one.
    func testTheDeviceCarriesItsDesignsChrome() throws {
        XCTAssertNotNil(try device("iphone-16-pro").chrome.tabBar(itemCount: 4, on: device("iphone-16-pro")).pill)
        XCTAssertNil(try device("iphone-16-pro", .classic).chrome.tabBar(itemCount: 4, on: device("iphone-16-pro", .classic)).pill)
        XCTAssertEqual(Device.presets["iphone-16-pro"]?.design, .classic, "presets are classic until a scene says otherwise")
    }

    // MARK: Navigation bar

    func testTheNavigationBarIs54PtWithCapsules5PtFromItsTop() throws {
        let phone = try device("iphone-16-pro")
        XCTAssertEqual(NavigationBarView.barHeight(on: phone), 54)
        var sheet = phone
        sheet.isSheet = true
        XCTAssertEqual(NavigationBarView.barHeight(on: sheet), 56, "a sheet's bar as the classic one")
        let bar = NavigationBarView(title: "Inbox", back: "Mailboxes", trailing: [.init(.symbol(.plus)), .init(.symbol(.share))])
        let layout = NavigationBarLayout(bar, on: phone)
        // The bar below the 62 pt status bar: 62–116; capsules 44 tall at 62 + 5 = 67.
        assertEqual(layout.bar, Rect(x: 0, y: 62, width: 402, height: 54), "the bar's line")
        assertEqual(layout.background, Rect(x: 0, y: 0, width: 402, height: 116), "the band under the status bar and the bar")
        let items = layout.items(of: bar, textWidth: width)
        XCTAssertNil(items.backLabel, "iOS 26 shows the chevron alone")
        let names = items.capsules.map(\.name)
        XCTAssertEqual(names, ["back", "trailing0"])
        // The back circle at the 16 pt margin.
        let back = try XCTUnwrap(items.capsules.first { $0.name == "back" })
        assertEqual(back.frame, Rect(x: 16, y: 67, width: 44, height: 44), "back circle")
        XCTAssertEqual(back.cornerRadius, 22)
        // Its chevron centred in it (12.5 × 21, the classic glyph): its box within the circle.
        XCTAssertTrue(back.frame.contains(Point(x: layout.backChevron.midX, y: layout.backChevron.midY)), "\(layout.backChevron) in \(back.frame)")
        // Two icons share one capsule, 44 pt each, ending at the 16 pt margin: 402 − 16 − 88 = 298.
        let icons = try XCTUnwrap(items.capsules.first { $0.name == "trailing0" })
        assertEqual(icons.frame, Rect(x: 298, y: 67, width: 88, height: 44), "the icons' shared capsule")
        XCTAssertEqual(icons.tint, .clear, "plain items' glass is untinted")
        // Each icon's 24 pt box centred in its 44 pt cell.
        XCTAssertEqual(items.trailing[0].midX, 298 + 22, accuracy: 1e-9)
        XCTAssertEqual(items.trailing[1].midX, 298 + 66, accuracy: 1e-9)
        for capsule in items.capsules {
            XCTAssertEqual(capsule.frame.minY - layout.bar.minY, 5, accuracy: 1e-9, "\(capsule.name) 5 pt from the bar's top")
            XCTAssertEqual(layout.bar.maxY - capsule.frame.maxY, 5, accuracy: 1e-9, "\(capsule.name) 5 pt from the bar's bottom")
        }
    }

    func testTextAndProminentItemsHaveTheirOwnCapsules12PtApart() throws {
        let phone = try device("iphone-16-pro")
        let tint = Color(r8: 255, g8: 45, b8: 85)
        // Trailing, in reading order: Edit (text), plus and share (icons), Done (prominent).
        let bar = NavigationBarView(title: "Library", leading: [.init(.symbol(.search))],
                                    trailing: [.init(.text("Edit")), .init(.symbol(.plus)), .init(.symbol(.share)),
                                               .init(.text("Done"), isProminent: true)],
                                    tint: tint)
        let layout = NavigationBarLayout(bar, on: phone)
        let items = layout.items(of: bar, textWidth: width)
        func capsule(_ name: String) throws -> GlassShape { try XCTUnwrap(items.capsules.first { $0.name == name }, "\(name) in \(items.capsules)") }
        // From the trailing margin (386) leftward: Done 40 + 2 · 14 = 68 wide (318–386), 12 pt gap,
        // the icons' 88 (218–306), 12 pt gap, Edit's 68 (138–206).
        let done = try capsule("trailing0"), icons = try capsule("trailing1"), edit = try capsule("trailing2")
        assertEqual(done.frame, Rect(x: 318, y: 67, width: 68, height: 44), "Done's own capsule")
        XCTAssertEqual(done.tint, tint, "a prominent item's capsule takes the bar's tint")
        assertEqual(icons.frame, Rect(x: 218, y: 67, width: 88, height: 44), "plus and share share a capsule")
        assertEqual(edit.frame, Rect(x: 138, y: 67, width: 68, height: 44), "Edit's own capsule")
        XCTAssertEqual(edit.tint, .clear)
        XCTAssertEqual(icons.frame.minX - edit.frame.maxX, 12, accuracy: 1e-9)
        XCTAssertEqual(done.frame.minX - icons.frame.maxX, 12, accuracy: 1e-9)
        // Text set 14 pt inside its capsule.
        assertEqual(items.trailing[0], Rect(x: 152, y: 62, width: 40, height: 54), "Edit's text box")
        assertEqual(items.trailing[3], Rect(x: 332, y: 62, width: 40, height: 54), "Done's text box")
        // The leading item after the margin (no back button): a 44 pt circle at 16.
        assertEqual(try capsule("leading0").frame, Rect(x: 16, y: 67, width: 44, height: 44), "the leading search item")
        // A prominent icon is not grouped with the icons beside it.
        let prominentIcon = NavigationBarView(trailing: [.init(.symbol(.plus)), .init(.symbol(.share), isProminent: true)])
        let split = NavigationBarLayout(prominentIcon, on: phone).items(of: prominentIcon, textWidth: width).capsules
        XCTAssertEqual(split.map(\.frame.width), [44, 44])
        XCTAssertEqual(split.map(\.frame.minX), [342, 286])
    }

    func testTheLeadingItemsFollowTheBackCircleAndTheMarginIs20PtOnA440PtPhone() throws {
        let bar = NavigationBarView(title: "Album", back: "Library", leading: [.init(.symbol(.search))])
        let pro = try device("iphone-16-pro")
        let items = NavigationBarLayout(bar, on: pro).items(of: bar, textWidth: width)
        // Back 16–60, 12 pt gap, the search circle at 72.
        XCTAssertEqual(items.capsules.map(\.name), ["back", "leading0"])
        assertEqual(items.capsules[1].frame, Rect(x: 72, y: 67, width: 44, height: 44), "leading item after the back circle")
        // The iPhone 16 Pro Max is 440 pt wide: the 20 pt margin, its bar below a 62 pt status bar.
        let max = try device("iphone-16-pro-max")
        let wide = NavigationBarLayout(bar, on: max).items(of: bar, textWidth: width)
        assertEqual(wide.capsules[0].frame, Rect(x: 20, y: 67, width: 44, height: 44), "back circle at the 20 pt margin")
        // The iPhone SE: a 20 pt status bar, the bar 20–74, capsules at 25.
        let se = NavigationBarLayout(bar, on: try device("iphone-se")).items(of: bar, textWidth: width)
        assertEqual(se.capsules[0].frame, Rect(x: 16, y: 25, width: 44, height: 44), "SE back circle")
    }

    // MARK: Toolbar

    func testToolbarCapsulesAre48PtTall28PtFromTheSidesAndBottom() throws {
        let pro = try device("iphone-16-pro")
        // Three icons (24 pt: a 48 pt circle each) spread: 402 − 2 · 28 − 3 · 48 = 202 between, 101 each.
        let three = glass.toolbar(itemWidths: [24, 24, 24], on: pro)
        XCTAssertEqual(three.capsules.map(\.frame), [
            Rect(x: 28, y: 798, width: 48, height: 48), Rect(x: 177, y: 798, width: 48, height: 48), Rect(x: 326, y: 798, width: 48, height: 48),
        ], "874 − 28 − 48 = 798")
        XCTAssertEqual(three.capsules.map(\.name), ["item0", "item1", "item2"])
        XCTAssertEqual(three.capsules.map(\.cornerRadius), [24, 24, 24])
        XCTAssertEqual(three.items.map(\.midX), [52, 201, 350], "each item centred on its capsule")
        assertEqual(three.area, Rect(x: 0, y: 798, width: 402, height: 76), "from the capsules' top to the screen's bottom")
        // A text item 60 pt wide: 60 + 28 = 88 pt capsule; alone it is centred.
        let one = glass.toolbar(itemWidths: [60], on: pro)
        assertEqual(one.capsules[0].frame, Rect(x: 157, y: 798, width: 88, height: 48), "a lone text item centred")
        assertEqual(one.items[0], Rect(x: 171, y: 798, width: 60, height: 48), "its text centred on it")
        // iPhone SE: 28 pt above the bottom as on every phone, 667 − 28 − 48 = 591; 28 pt from the sides.
        let se = glass.toolbar(itemWidths: [24, 24], on: try device("iphone-se"))
        assertEqual(se.capsules[0].frame, Rect(x: 28, y: 591, width: 48, height: 48), "SE first capsule")
        assertEqual(se.capsules[1].frame, Rect(x: 375 - 28 - 48, y: 591, width: 48, height: 48), "SE last capsule")
        // iPhone 15: 852 − 28 − 48 = 776.
        let fifteen = glass.toolbar(itemWidths: [24, 24], on: try device("iphone-15"))
        XCTAssertEqual(fifteen.capsules.map(\.frame.minY), [776, 776])
        XCTAssertEqual(fifteen.capsules[1].frame.maxX, 393 - 28)
    }

    // MARK: Classic

    /// The classic chrome is the iOS 18 metrics unchanged: the 49 pt tab bar and the 44 pt toolbar
    /// on the bottom safe area, their backgrounds to the screen's bottom, no glass.
    func testClassicChromeKeepsTheClassicNumbers() throws {
        let classic = ClassicChrome()
        let pro = try device("iphone-16-pro", .classic)
        let tabs = classic.tabBar(itemCount: 4, on: pro)
        // 874 − 34 − 49 = 791; the background to the bottom, 83 pt.
        assertEqual(tabs.bar, Rect(x: 0, y: 791, width: 402, height: 49), "classic tab bar line")
        assertEqual(tabs.area, Rect(x: 0, y: 791, width: 402, height: 83), "classic tab bar background")
        XCTAssertEqual(tabs.tabs.map(\.width), [100.5, 100.5, 100.5, 100.5], "equal columns")
        XCTAssertEqual(tabs.tabs.map(\.minX), [0, 100.5, 201, 301.5])
        XCTAssertNil(tabs.pill)
        XCTAssertEqual(tabs.lenses, [])
        XCTAssertEqual(tabs.contentInset, 49)
        let se = classic.tabBar(itemCount: 2, on: try device("iphone-se", .classic))
        assertEqual(se.bar, Rect(x: 0, y: 618, width: 375, height: 49), "667 − 49 on the SE")
        // The toolbar: 44 pt on the safe area, items from the 16 pt margins.
        let toolbar = classic.toolbar(itemWidths: [24, 24], on: pro)
        assertEqual(toolbar.bar, Rect(x: 0, y: 796, width: 402, height: 44), "874 − 34 − 44")
        assertEqual(toolbar.area, Rect(x: 0, y: 796, width: 402, height: 78), "classic toolbar background")
        XCTAssertEqual(toolbar.items.map(\.minX), [16, 362])
        XCTAssertEqual(toolbar.capsules, [])
        // The navigation bar: 44 pt (56 in a sheet), the chevron at 8 pt, its title beside it, no capsules.
        XCTAssertEqual(NavigationBarView.barHeight(on: pro), 44)
        var sheet = pro
        sheet.isSheet = true
        XCTAssertEqual(NavigationBarView.barHeight(on: sheet), 56)
        let bar = NavigationBarView(title: "Inbox", back: "Mail", trailing: [.init(.symbol(.plus)), .init(.text("Edit"))])
        let layout = NavigationBarLayout(bar, on: pro)
        assertEqual(layout.bar, Rect(x: 0, y: 62, width: 402, height: 44), "classic bar")
        assertEqual(layout.backChevron, Rect(x: 8, y: 84 - 10.5, width: 12.5, height: 21), "classic chevron")
        let items = layout.items(of: bar, textWidth: width)
        XCTAssertEqual(items.capsules, [])
        XCTAssertEqual(items.backTitle, "Mail")
        XCTAssertTrue(classic.drawsBarBackgrounds)
        XCTAssertNil(classic.plainItemColor)
        XCTAssertEqual(classic.unselectedTabColor, "systemGray")
    }

    // MARK: Content top

    /// A scroll view written for the classic 44 pt bar (its top 10 pt above the glass bar's content
    /// top) still counts as starting under the bar in Liquid Glass; in classic only the exact top does.
    func testAScrollViewWrittenUnderTheClassicBarStillReachesUnderTheGlassBar() {
        XCTAssertTrue(LiquidGlassChrome().isAtContentTop(106, top: 116))
        XCTAssertTrue(LiquidGlassChrome().isAtContentTop(116, top: 116))
        XCTAssertFalse(LiquidGlassChrome().isAtContentTop(100, top: 116))
        XCTAssertFalse(LiquidGlassChrome().isAtContentTop(117, top: 116))
        XCTAssertFalse(ClassicChrome().isAtContentTop(106, top: 116))
        XCTAssertTrue(ClassicChrome().isAtContentTop(116.2, top: 116))
    }

    /// Every preset, every tab count from 1 to 6: the pill's frame is in whole device pixels, so its
    /// items part is copied at its pixel size, never resampled (a resampled part makes the
    /// compositor repaint every frame whole: bench (h) measured no rows moved before this).
    func testThePillIsOnThePixelGridOnEveryDeviceAndTabCount() {
        for (name, preset) in Device.presets.sorted(by: { $0.key < $1.key }) {
            var device = preset
            device.design = .liquidGlass
            for count in 1...6 {
                guard let pill = device.chrome.tabBar(itemCount: count, on: device).pill?.frame else {
                    return XCTFail("\(name): no pill")
                }
                for (what, value) in [("x", pill.minX), ("y", pill.minY), ("width", pill.width), ("height", pill.height)] {
                    let pixels = value * device.scale
                    XCTAssertEqual(pixels, pixels.rounded(), accuracy: 1e-9, "\(name), \(count) tabs: the pill's \(what) \(value) pt")
                }
            }
        }
    }
}

/// Two rectangles equal component by component within `accuracy`.
private func assertEqual(_ a: Rect, _ b: Rect, _ message: String, accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line) {
    for (x, y) in [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)] {
        XCTAssertEqual(x, y, accuracy: accuracy, "\(message): \(a) is not \(b)", file: file, line: line)
    }

}
