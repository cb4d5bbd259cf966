@testable import Scene
import XCTest

/// `SceneDocument` against the YAML 1.2 specification (https://yaml.org/spec/1.2.2/): what a
/// node is, where it starts, which scalars are null (§10.2.1.1, the core schema's null), that
/// keys are unique (§3.2.1.3) and what an alias is (§3.2.2.2: the anchored node itself).
final class SceneDocumentTests: XCTestCase {
    private func compose(_ text: String, aliasLimit: Int = 1_000) throws -> Node {
        try XCTUnwrap(try SceneDocument.compose(text, aliasLimit: aliasLimit)?.root)
    }

    private func failure(_ text: String, aliasLimit: Int = 1_000) -> SceneDocument.Failure? {
        do {
            _ = try SceneDocument.compose(text, aliasLimit: aliasLimit)
            return nil
        } catch {
            return error
        }
    }

    func testNodesKeepTheirOrderTextStyleAndPlace() throws {
        let root = try compose("""
            # a comment
            title: Inbox
            rows:
              - 'Message 1'
              - "Re: \\u00e9t\\u00e9"
              - { a: 1, b: [x, y] }
            note: |
              two
              lines
            """)
        let mapping = try XCTUnwrap(root.mapping)
        XCTAssertEqual(mapping.keys.map { $0.scalar?.string }, ["title", "rows", "note"])
        XCTAssertEqual(root.mark?.line, 2)
        XCTAssertEqual(root.mark?.column, 1)
        XCTAssertEqual(root["title"]?.scalar?.string, "Inbox")
        XCTAssertEqual(root["title"]?.scalar?.style, .plain)
        XCTAssertEqual(root["title"]?.mark?.column, 8)
        let rows = try XCTUnwrap(root["rows"]?.sequence)
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows[0].scalar?.string, "Message 1")
        XCTAssertEqual(rows[0].scalar?.style, .singleQuoted)
        XCTAssertEqual(rows[1].scalar?.string, "Re: été", "escapes are the parser's")
        XCTAssertEqual(rows[1].scalar?.style, .doubleQuoted)
        XCTAssertEqual(rows[1].mark?.line, 5)
        XCTAssertEqual(rows[1].mark?.column, 5)
        XCTAssertEqual(rows[2]["b"]?.sequence?.map { $0.scalar?.string }, ["x", "y"])
        XCTAssertEqual(rows[2].mark?.column, 5, "a flow mapping starts at its brace")
        XCTAssertNil(rows[2]["c"])
        XCTAssertEqual(root["note"]?.scalar?.string, "two\nlines", "clip chomping, and the text ends without a line break")
        XCTAssertEqual(root["note"]?.scalar?.style, .literal)
    }

    /// The core schema's null is a plain `~`, `null`, `Null`, `NULL` or nothing, or a node tagged
    /// `!!null`; a quoted "null" is a string.
    func testNullIsPlainOrTagged() throws {
        let root = try compose("a: ~\nb: null\nc: NULL\nd:\ne: 'null'\nf: !!null x\ng: !!str null\nh: nil\n")
        let nulls = ["a", "b", "c", "d", "e", "f", "g", "h"].map { root[$0]?.isNull }
        XCTAssertEqual(nulls, [true, true, true, true, false, true, false, false])
    }

    /// An alias is the anchored node itself: nothing is copied, and the place is the anchor's.
    func testAnAliasIsItsAnchoredNode() throws {
        let root = try compose("base: &b { x: 1 }\nuse: *b\n")
        let base = try XCTUnwrap(root["base"]), use = try XCTUnwrap(root["use"])
        XCTAssertEqual(base.index, use.index)
        XCTAssertEqual(use.mark?.line, 1)
        XCTAssertEqual(use["x"]?.scalar?.string, "1")
    }

    /// A later anchor of the same name replaces the earlier for the aliases after it.
    func testALaterAnchorReplacesAnEarlierOne() throws {
        let root = try compose("a: &n one\nb: *n\nc: &n two\nd: *n\n")
        XCTAssertEqual(root["b"]?.scalar?.string, "one")
        XCTAssertEqual(root["d"]?.scalar?.string, "two")
    }

    /// Each alias adds its anchor's whole size; the one that passes the limit is the error, at itself.
    func testAliasesAreCountedWhereTheyRepeat() {
        // [1, 2, 3] is 4 nodes: two aliases to it repeat 8, the third 12.
        let text = "a: &l [1, 2, 3]\nb: [*l, *l]\nc: *l\n"
        XCTAssertNil(failure(text, aliasLimit: 12))
        let over = failure(text, aliasLimit: 11)
        XCTAssertEqual(over?.line, 3)
        XCTAssertEqual(over?.column, 4)
        XCTAssertEqual(over?.message.hasPrefix("alias '*l' brings the nodes the aliases repeat to 12, over the limit of 11 nodes"), true)
    }

    /// Nested aliases multiply: nine levels of ten ("a billion laughs") are refused at the first
    /// alias that passes the limit, long before anything walks them.
    func testABillionLaughsIsRefusedAtOnce() {
        var text = "l0: &l0 [lol]\n"
        for level in 1 ... 9 {
            text += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let start = Date()
        let over = failure(text, aliasLimit: 4_800_000)
        XCTAssertNotNil(over)
        XCTAssertEqual(over?.message.hasPrefix("alias '*l"), true, over?.message ?? "")
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testAnAliasToNoAnchorBeforeItIsAnError() {
        let failure = failure("a: *missing\nb: &missing 1\n")
        XCTAssertEqual(failure?.line, 1)
        XCTAssertEqual(failure?.column, 4)
        XCTAssertEqual(failure?.message, "invalid YAML/JSON: alias '*missing' names no anchor defined before it")
        XCTAssertNotNil(self.failure("a: &r [*r]\n"), "an alias inside its own anchor's node")
    }

    /// YAML 1.2 §3.2.1.3: "mapping keys must be unique". The error is at the first of them.
    func testRepeatedKeysAreRefusedAtTheFirst() {
        let failure = failure("screens: {}\nroot: a\nb: 1\nscreens: []\nb: 2\n")
        XCTAssertEqual(failure?.line, 1)
        XCTAssertEqual(failure?.column, 1)
        XCTAssertEqual(failure?.message, "duplicate keys: screens, b")
        XCTAssertNil(self.failure("a: { x: 1 }\nb: { x: 1 }\n"), "the same key in two mappings")
    }

    func testOneDocumentOnly() {
        let failure = failure("a: 1\n---\nb: 2\n")
        XCTAssertEqual(failure?.line, 2)
        XCTAssertEqual(failure?.message, "invalid YAML/JSON: a scene file holds one document, but another starts here")
        XCTAssertNil(try SceneDocument.compose("# only a comment\n", aliasLimit: 10))
        XCTAssertNil(try SceneDocument.compose("", aliasLimit: 10))
    }

    /// A syntax error is the parser's message at the parser's mark; past the last line (a file
    /// that ends inside a collection), at the end of the last line.
    func testSyntaxErrorsAreAtTheParsersMark() {
        let tab = failure("a:\n\tb: 1\n")
        XCTAssertEqual(tab?.line, 2)
        XCTAssertEqual(tab?.column, 1)
        XCTAssertEqual(tab?.message.hasPrefix("invalid YAML/JSON: "), true)
        let open = failure("a: [1, 2")
        XCTAssertEqual(open?.line, 1)
        XCTAssertEqual(open?.column, 9)
    }

    /// A character YAML does not allow (a control character) is a reader error, which libyaml
    /// gives as a byte offset: the location is that character's line and column.
    func testUnreadableCharactersAreAtTheirLineAndColumn() {
        let failure = failure("a: 1\nbé: \u{1}\n")
        XCTAssertEqual(failure?.line, 2)
        XCTAssertEqual(failure?.column, 5, "columns count characters, not bytes")
        XCTAssertEqual(failure?.message, "invalid YAML/JSON: control characters are not allowed (byte 10)")
    }

    /// A long list is a few arrays, whatever its length: 100,000 rows of three keys are 700,001
    /// items, and their strings are made only when asked for.
    func testALongListIsFlat() throws {
        var text = "rows:\n"
        for n in 0 ..< 100_000 { text += "  - { title: \"Message \(n)\", subtitle: \"Re: week \(n % 14)\", detail: \"1:0\(n % 6) PM\" }\n" }
        let document = try XCTUnwrap(try SceneDocument.compose(text, aliasLimit: 10))
        XCTAssertEqual(document.items.count, 1 + 1 + 1 + 100_000 * 7)
        XCTAssertEqual(MemoryLayout<SceneDocument.Item>.stride, 20)
        XCTAssertEqual(document.root["rows"]?.sequence?[99_999]["title"]?.scalar?.string, "Message 99999")
        XCTAssertEqual(document.root["rows"]?.sequence?[99_999].mark?.line, 100_001)
    }

    /// A list of mappings is composed in time linear in its length: each mapping's close copied
    /// the pending members of every collection still open (a slice of them kept the array shared),
    /// so a tab bar of 500,000 items took 11 s to reach its count check. Eight times the mappings
    /// take about eight times as long (64 times, before); the best of two runs, against the
    /// machine's load.
    func testAListOfMappingsComposesInLinearTime() throws {
        func seconds(_ count: Int) throws -> Double {
            let text = "[" + String(repeating: "{}, ", count: count) + "]"
            var best = Double.infinity
            for _ in 0..<2 {
                let start = Date()
                XCTAssertEqual(try compose(text).sequence?.count, count)
                best = min(best, Date().timeIntervalSince(start))
            }
            return best
        }
        let small = try seconds(37_500), large = try seconds(300_000)
        XCTAssertLessThan(large / small, 16, "37,500 mappings in \(small) s, 300,000 in \(large) s")
    }
}
