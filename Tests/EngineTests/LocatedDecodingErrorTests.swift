import XCTest

/// Located errors of keys that take one of several shapes or name a screen: each message at the
/// line and column of the token it is about (worked out from the scene text itself).
final class LocatedDecodingErrorTests: XCTestCase {
    /// "t.yaml:LINE:COLUMN" of the first `token` on 1-based line `line` of `text`.
    private func at(_ token: String, line: Int, in text: String) throws -> String {
        let lines = text.components(separatedBy: "\n")
        let range = try XCTUnwrap(lines[line - 1].range(of: token), "'\(token)' on line \(line)")
        return "t.yaml:\(line):\(lines[line - 1].distance(from: lines[line - 1].startIndex, to: range.lowerBound) + 1)"
    }

    func testAnExpectMappingIsToldByTheKeyItGives() throws {
        let text = """
            size: [200, 400]
            screens:
              a: { content: [{ list: { id: l, frame: [0, 100, 200, 200], rows: [A, B, C, D, E, F, G, H, I, J] } }] }
            timeline:
              - { at: 1, swipe: { from: [100, 280], to: [100, 120], duration: 0.3 }, expect: { scrol: { list: l, offset: 10 } } }
              - { at: 3, swipe: { from: [100, 280], to: [100, 120], duration: 0.3 }, expect: { scroll: { list: l, offset: 10 }, detent: large } }
              - { at: 5, swipe: { from: [100, 280], to: [100, 120], duration: 0.3 }, expect: {} }

            """
        let found = sceneMessages(text)
        XCTAssertEqual(found.count, 3, "\(found)")
        XCTAssertTrue(found[0].hasPrefix(try at("{ scrol", line: 5, in: text)), found[0])
        XCTAssertTrue(found[0].contains("(did you mean 'scroll'?)"), found[0])
        XCTAssertTrue(found[0].contains("{ scroll: { list, offset } } or { detent: NAME }"), found[0])
        XCTAssertTrue(found[1].hasPrefix(try at("{ scroll", line: 6, in: text)), found[1])
        XCTAssertTrue(found[1].contains("not both"), found[1])
        XCTAssertTrue(found[2].hasPrefix(try at("{}", line: 7, in: text)), found[2])
        XCTAssertTrue(found[2].contains("found an empty mapping"), found[2])
    }

    func testABarButtonActionNamesAScreenOfTheScene() throws {
        let text = """
            size: [200, 400]
            screens:
              a: { navigationBar: { title: A, trailing: [{ title: Add, action: { present: bb } }, { title: Go, action: { push: zzzz } }] } }
              b: {}

            """
        let found = sceneMessages(text)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertEqual(found[0], try at("bb", line: 3, in: text) + ": error: unknown screen 'bb' (did you mean 'b'?) in the bar button's 'present'; screens are: a, b")
        XCTAssertEqual(found[1], try at("zzzz", line: 3, in: text) + ": error: unknown screen 'zzzz' in the bar button's 'push'; screens are: a, b")
    }

    /// A pan that lands on the tab bar is the bar's, not the list's under it; a list in a side
    /// drawer does not scroll (only a full screen's and a sheet's do), and the error says why
    /// rather than that the list is missing.
    func testWhereAListDoesNotScroll() throws {
        let rows = (0..<30).map { "R\($0)" }.joined(separator: ", ")
        let text = """
            size: [400, 800]
            screens:
              a: { content: [{ list: { id: l, rows: [\(rows)] } }] }
              b: { content: [{ list: { id: m, rows: [\(rows)] } }] }
            tabs: { items: [{ title: A, root: a }] }
            transitions: [{ from: a, to: b, style: page-sheet }]
            timeline:
              - { at: 0.5, swipe: { from: [200, 760], to: [200, 300], duration: 0.3 } }

            """
        let found = sceneMessages(text)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix(try at("{ at: 0.5", line: 8, in: text)) ?? false, "\(found)")
        XCTAssertTrue(found.first?.contains("'l' of 'a' lies under the tab bar where this pan began, and the bar takes the touch") ?? false, "\(found)")
        let drawer = """
            size: [400, 800]
            screens:
              a: { content: [{ list: { id: l, rows: [\(rows)] } }] }
              b: { content: [{ list: { id: m, rows: [\(rows)] } }] }
            transitions: [{ from: a, to: b, style: side-drawer }]
            timeline:
              - { at: 2, present: b }
              - { at: 4, scroll: { list: m, to: 20 } }

            """
        let inDrawer = sceneMessages(drawer)
        XCTAssertEqual(inDrawer.count, 1, "\(inDrawer)")
        XCTAssertTrue(inDrawer.first?.hasPrefix(try at("{ at: 4", line: 8, in: drawer)) ?? false, "\(inDrawer)")
        XCTAssertTrue(inDrawer.first?.contains("'b' is shown by side-drawer, and only the lists and grids of a screen that fills the screen, of a sheet or of a screen pushed inside one scroll") ?? false,
                      "\(inDrawer)")
    }

    /// Once a large title has collapsed, the rows that scroll up into its place (between the
    /// inline bar's bottom, 59 + 44 = 103, and the list's frame top, 103 + 52 = 155) are
    /// on screen and take taps, by index and by point.
    func testRowsWhereTheLargeTitleWasTakeTaps() throws {
        let rows = (0..<30).map { "R\($0)" }.joined(separator: ", ")
        func scene(_ tap: String) -> String {
            """
            size: [400, 800]
            screens:
              a: { navigationBar: { title: A, largeTitle: true }, content: [{ list: { id: l, rows: [\(rows)] } }] }
              b: { navigationBar: { title: B, back: A } }
            transitions: [{ from: a, to: b, style: system-push, tap: { list: l } }]
            timeline:
              - { at: 0.2, scroll: { list: l, to: 5, position: top } }
              - { at: 1, tap: \(tap), expect: finish }

            """
        }
        // Row 5 at the list's top (155) puts row 4 at 111–155, its center at y 133.
        XCTAssertEqual(sceneMessages(scene("{ list: l, index: 4 }")), [])
        XCTAssertEqual(sceneMessages(scene("[200, 133]")), [])
        // Row 2 (center 133 − 2 × 44 = 45) is under the bar, still off-screen.
        XCTAssertTrue(sceneMessages(scene("{ list: l, index: 2 }")).first?.contains("the list's visible 103–800") == true,
                      "\(sceneMessages(scene("{ list: l, index: 2 }")))")
    }
}
