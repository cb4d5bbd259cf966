import Geometry
import Scene
import XCTest

/// The back button's title as `UINavigationItem.BackButtonDisplayMode.default` chooses it: the
/// previous screen's title where it fits, else "Back", else none (the chevron alone) — never a
/// truncated title. Text is measured here by a stand-in, 8 pt a character (9 pt in the title's
/// semibold), so each width below is arithmetic: on an iPhone 15 the back label starts at
/// 26.5 pt (the chevron 8 + 12.5 pt, then 6 pt) and must end 8 pt short of the centered title.
final class BackTitleTests: XCTestCase {
    let device = Device.presets["iphone-15"]!

    func items(_ bar: NavigationBarView) -> NavigationBarLayout.Items {
        NavigationBarLayout(bar, on: device).items(of: bar) { text, prominent in Double(text.count) * (prominent ? 9 : 8) }
    }

    func testTheBackTitleShowsWholeWhereItFitsThenBackThenNothing() {
        // "Security" is 72 pt wide, centered at 196.5: the label must end by 196.5 − 36 − 8 = 152.5.
        // "Other Networks" is 112 pt: 26.5 + 112 = 138.5 fits, whole.
        var bar = NavigationBarView(title: "Security", back: "Other Networks")
        XCTAssertEqual(items(bar).backTitle, "Other Networks")
        XCTAssertEqual(items(bar).backLabel, Rect(x: 26.5, y: NavigationBarLayout(bar, on: device).bar.y, width: 112, height: 44))
        // A 225 pt title leaves 196.5 − 112.5 − 8 = 76: "Back" (32 pt, to 58.5) instead.
        bar.title = String(repeating: "t", count: 25)
        XCTAssertEqual(items(bar).backTitle, "Back")
        XCTAssertEqual(items(bar).backLabel?.width, 32)
        // A 270 pt title leaves 53.5: not even "Back"; the chevron alone.
        bar.title = String(repeating: "t", count: 30)
        XCTAssertNil(items(bar).backTitle)
        XCTAssertNil(items(bar).backLabel)
    }

    func testWithoutATitleOnTheLineTheTrailingItemsBoundIt() {
        // A large title is below the line: the label may reach 8 pt short of the trailing items.
        // "Edit" (32 pt) ends at 393 − 16 = 377, so it starts at 345 and the label must end by 337.
        let bar = NavigationBarView(title: "Inbox", largeTitle: true, back: String(repeating: "m", count: 38), trailing: [.init(.text("Edit"))])
        XCTAssertEqual(items(bar).backTitle?.count, 38, "26.5 + 304 = 330.5 fits")
        var longer = bar
        longer.back = String(repeating: "m", count: 40)
        XCTAssertEqual(items(longer).backTitle, "Back", "26.5 + 320 = 346.5 does not")
    }
}
