import Foundation
import XCTest

/// Every `](#anchor)` and `](file.md#anchor)` link in README.md and docs/*.md leads to a heading
/// of the file it names: the docs link each key to its one table, so a renamed heading or a
/// mistyped anchor must fail here rather than leave a dead link.
final class DocsLinkTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// GitHub's heading anchors: the heading's text lowercased, characters other than letters,
    /// digits, spaces, hyphens and underscores dropped, spaces made hyphens; a repeated anchor
    /// gets `-1`, `-2`, … (github/cmark-gfm's and github-slugger's rule).
    static func anchors(of markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let text = line.drop { $0 == "#" }
            guard text.first == " " else { continue }
            var slug = ""
            for character in text.trimmingCharacters(in: .whitespaces).lowercased() {
                if character == " " { slug.append("-") }
                else if character.isLetter || character.isNumber || character == "-" || character == "_" { slug.append(character) }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The `(target, anchor)` of every link with an anchor, outside code blocks; target is "" for
    /// the same file.
    static func anchoredLinks(in markdown: String) -> [(target: String, anchor: String)] {
        var links: [(String, String)] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let destination = rest[..<close]
                rest = rest[close...]
                guard !destination.contains("://"), let hash = destination.firstIndex(of: "#") else { continue }
                links.append((String(destination[..<hash]), String(destination[destination.index(after: hash)...])))
            }
        }
        return links
    }

    func testAnchorsFollowGitHubsRule() {
        let anchors = Self.anchors(of: """
            ## Key reference
            ### `slide-up-modal` (`InteractiveModalTransitionDriver`)
            #### `navigationBar`
            ### Tab bar and toolbar
            ```yaml
            # not a heading
            ```
            ### Tab bar and toolbar
            """)
        XCTAssertEqual(anchors, ["key-reference", "slide-up-modal-interactivemodaltransitiondriver", "navigationbar",
                                 "tab-bar-and-toolbar", "tab-bar-and-toolbar-1"])
        let links = Self.anchoredLinks(in: "see [a](#colors), [b](other.md#x-y) and [c](https://example.com/#z) or [d](../e.md)")
        XCTAssertEqual(links.map { "\($0.target)#\($0.anchor)" }, ["#colors", "other.md#x-y"])
    }

    func testEveryAnchorLinkInTheDocsLeadsToAHeading() throws {
        let docs = repository.appendingPathComponent("docs")
        let files = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" } + [repository.appendingPathComponent("README.md")]
        XCTAssertGreaterThan(files.count, 3, "docs/*.md and README.md")
        var checked = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for link in Self.anchoredLinks(in: text) {
                let target = link.target.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(link.target).standardizedFileURL
                guard target.pathExtension == "md" else { continue }
                let anchors = Self.anchors(of: try String(contentsOf: target, encoding: .utf8))
                XCTAssertTrue(anchors.contains(link.anchor),
                              "\(file.lastPathComponent): the link to \(link.target)#\(link.anchor) leads to no heading")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 50, "the docs link their keys and sections")
    }
}
