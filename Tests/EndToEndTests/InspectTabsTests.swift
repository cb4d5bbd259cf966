import CLITestSupport
import Foundation
import XCTest

/// `segue inspect` of a tab bar controller's scene: where each tab's safe area ends, and with
/// `--at T` the tab selected then and the screen on top of its stack (not the starting tab's).
final class InspectTabsTests: XCTestCase {
    /// A custom 300 × 400 pt device keeps the iPhone 15's 59 / 34 pt safe area: the bar stands on
    /// y 317–366 (400 − 34 − 49), so a tab's safe area ends at y 317.
    private let scene = """
        size: [300, 400]
        scale: 1
        fps: 30
        screens:
          mail: { navigationBar: { title: Mail } }
          message: { navigationBar: { title: Message, back: Mail } }
          photos: { navigationBar: { title: Photos } }
          full: { navigationBar: { title: Full, back: Mail }, hidesBottomBarWhenPushed: true }
        tabs: { items: [{ title: Mail, root: mail }, { title: Photos, root: photos }] }
        transitions:
          - { from: mail, to: message, style: system-push }
          - { from: message, to: full, style: system-push }
        timeline:
          - { at: 0.1, push: message }
          - { at: 1, tap: { tab: 1 } }
          - { at: 2, tap: { tab: 0 } }
          - { at: 2.5, push: full }

        """

    private func inspect(_ arguments: [String]) throws -> String {
        let folder = try CLI.temporaryFolder(self)
        let url = folder.appendingPathComponent("tabs.yaml")
        try scene.write(to: url, atomically: false, encoding: .utf8)
        let result = try CLI.segue(["inspect", url.path] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.text
    }

    func testEachScreenInsideATabEndsAtTheBar() throws {
        let text = try inspect([])
        XCTAssertTrue(text.contains("screen mail: content from y 103 to the tab bar at y 317\n"), text)
        XCTAssertTrue(text.contains("screen message: content from y 103 to the tab bar at y 317\n"), text)
        XCTAssertTrue(text.contains("screen full: content from y 103\n"), "hidesBottomBarWhenPushed: \(text)")
        let json = try inspect(["--json"])
        XCTAssertTrue(json.contains(#""contentTop": 103,"# + "\n" + #"      "safeAreaBottomY": 317,"#), json)
        XCTAssertFalse(json.contains(#""at":"#), "no moment without --at")
    }

    func testAtATimeTheSelectedTabAndItsStackTop() throws {
        XCTAssertTrue(try inspect(["--at", "0"]).contains("\nat 0 s: tab 0 selected, 'mail' on top (stack: mail)\n"))
        XCTAssertTrue(try inspect(["--at", "0.9"]).contains("\nat 0.9 s: tab 0 selected, 'message' on top (stack: mail > message)\n"))
        let photos = try inspect(["--at", "1.5"])
        XCTAssertTrue(photos.contains("\nat 1.5 s: tab 1 selected, 'photos' on top (stack: photos)\n"), photos)
        XCTAssertTrue(photos.contains("  tab 1  [150, 317, 150, 49]  \"Photos\" root photos (selected)\n"), photos)
        XCTAssertTrue(try inspect(["--at", "2.3"]).contains("\nat 2.3 s: tab 0 selected, 'message' on top (stack: mail > message)\n"),
                      "coming back shows the tab's stack as it was left")
        let json = try inspect(["--at", "4", "--json"])
        XCTAssertTrue(json.contains(#"  "at": {"# + "\n" + #"    "time": 4,"# + "\n" + #"    "stack": ["mail", "message", "full"],"#), json)
        XCTAssertTrue(json.contains(#""selected": 0,"#), json)
    }

    /// A plain list's section headers are listed where they show: with `--at`, pinned below the
    /// bar or pushed up by their section's end (StickyHeaderTests gives the layout's numbers:
    /// header lines at 111 and 283, section 0's rows ending at 271, header views 6 pt taller each side).
    func testInspectAtATimeGivesWhereSectionHeadersAre() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sticky-headers.yaml")
        let start = try CLI.segue(["inspect", url.path])
        // Columns are padded to the screen's longest label: compared with runs of spaces as one.
        func squeezed(_ text: String) -> String { text.replacingOccurrences(of: " +", with: " ", options: .regularExpression) }
        XCTAssertTrue(squeezed(start.text).contains(" header 0 [16, 111, 368, 22] \"A\"\n header 1 [16, 283, 368, 22] \"B\"\n"), start.text)
        // Scrolled by 311 − 103 = 208: A's view pushed to 271 − 34 − 208 = 29 (its line at 35),
        // B's pinned at the bar's bottom edge, 103 (its line at 109).
        let end = try CLI.segue(["inspect", url.path, "--at", "1"])
        XCTAssertEqual(end.status, 0, end.stderr)
        XCTAssertTrue(squeezed(end.text).contains(" header 0 [16, 35, 368, 22] \"A\"\n header 1 [16, 109, 368, 22] \"B\" (pinned)\n"), end.text)
    }
}
