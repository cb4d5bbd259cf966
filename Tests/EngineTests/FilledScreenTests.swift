import Engine
import Foundation
import Geometry
import RenderTree
import Scene
import XCTest

/// One detail screen filled from the row or cell tapped (`{cell.KEY}` in its strings), as a detail
/// view controller is configured from the item at the selected index path: one screen in the file,
/// shown as one per item, each with its own transition; a tap shows the tapped item's, an action
/// naming the screen the item its transition names; transitions from it leave every item's.
/// Reference values are the rows and cells the scenes below write.
final class FilledScreenTests: XCTestCase {
    private let inbox = engineTestDevice + """
        screens:
          inbox:
            navigationBar: { title: Inbox }
            content:
              - list:
                  id: mail
                  rows:
                    - { title: Anna, subtitle: Lunch, detail: "9:41 AM" }
                    - { title: Ben, subtitle: Photos }
                    - { title: Chloe, detail: Yesterday }
          message:
            navigationBar: { title: "{cell.title}", back: Inbox, trailing: [{ title: Info, action: { push: info } }] }
            content:
              - label: { id: subject, text: "Re: {cell.subtitle}", frame: [16, 120, 300, 22] }
          info: { navigationBar: { title: Info, back: Back } }
        root: inbox
        transitions:
          - { from: inbox, to: message, style: system-push, tap: { list: mail } }
          - { from: message, to: info, style: system-push }

        """

    private func load(_ text: String) throws -> Scene { try SceneLoader.load(text: text, file: "t.yaml", name: "t") }

    private func label(_ screen: ScreenSpec?, _ id: String) -> String? {
        for case .label(let label) in screen?.views ?? [] where label.id == id { return label.text }
        return nil
    }

    private func top(_ timeline: Timeline, at time: Double) -> String? {
        timeline.state(at: time).layers.last { !$0.id.contains("/") && ($0.id.hasPrefix("message[") || $0.id == "inbox" || $0.id == "info") }?.id
    }

    func testEachRowFillsItsOwnScreenAndTransition() throws {
        let scene = try load(inbox + "timeline: [{ at: 0.1, tap: { list: mail, index: 1 }, expect: finish }]\n")
        for (index, title, subject) in [(0, "Anna", "Re: Lunch"), (1, "Ben", "Re: Photos"), (2, "Chloe", "Re: ")] {
            let screen = scene.screens["message[mail \(index)]"]
            XCTAssertEqual(screen?.navigationBar?.title, title)
            XCTAssertEqual(label(screen, "subject"), subject, "a text the row lacks is empty")
            let transition = scene.transitions.first { $0.to == "message[mail \(index)]" }
            XCTAssertEqual(transition?.tap, TapTrigger(list: "mail", index: index))
            XCTAssertEqual(transition?.filled, FilledScreen(template: "message", list: "mail", index: index, isDefault: index == 0))
        }
        XCTAssertNil(scene.screens["message"], "the file's screen is shown only as its items'")
        XCTAssertEqual(Set(scene.transitions.filter { $0.to == "info" }.map(\.from)), ["message[mail 0]", "message[mail 1]", "message[mail 2]"])
    }

    func testATapShowsTheTappedRowsScreenAndAnActionTheDefaultOne() throws {
        let tapped = try Timeline(scene: try load(inbox + """
            timeline:
              - { at: 0.1, tap: { list: mail, index: 2 }, expect: finish }
              - { at: 1.2, tap: { barItem: Info }, expect: finish }
              - { at: 2.4, pop: true }
            """))
        XCTAssertEqual(top(tapped, at: 1), "message[mail 2]")
        XCTAssertEqual(top(tapped, at: 2.2), "info", "a transition from the filled screen leaves the item's screen")
        XCTAssertEqual(top(tapped, at: 3.5), "message[mail 2]", "the pop comes back to the same item")
        let pushed = try Timeline(scene: try load(inbox + "timeline: [{ at: 0.1, push: message }]\n"))
        XCTAssertEqual(top(pushed, at: 1), "message[mail 0]", "push: names the screen; the item is the transition's (index 0 by default)")
        let bound = try Timeline(scene: try load(inbox.replacingOccurrences(of: "tap: { list: mail } }", with: "tap: { list: mail, index: 1 } }")
                                                 + "timeline: [{ at: 0.1, push: message }]\n"))
        XCTAssertEqual(top(bound, at: 1), "message[mail 1]")
    }

    /// iOS 18's zoom from a grid: the photo's screen shows the tapped cell's image, the card grows
    /// from that cell, and `push:` uses the transition's `cell: { index }`.
    func testAZoomShowsTheTappedCellsImage() throws {
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/images")
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("filled-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        let scene = engineTestDevice + """
            screens:
              library:
                content:
                  - grid: { id: photos, columns: 3, cells: ["\(images.path)/coast.png", "\(images.path)/dunes.png", "\(images.path)/lake.png"] }
              photo:
                background: black
                content: [{ image: { id: photo, file: "{cell.image}", frame: [0, 300, 400, 200] } }]
            root: library
            transitions:
              - { from: library, to: photo, style: zoom, cell: { list: photos, index: 2 } }
            timeline:
              - { at: 0.1, tap: { list: photos, index: 1 }, expect: finish }
              - { at: 1.5, pop: true }
              - { at: 3, push: photo }
            """
        try scene.write(to: file, atomically: true, encoding: .utf8)
        let loaded = try SceneLoader.load(contentsOf: file)
        for (index, name) in ["coast", "dunes", "lake"].enumerated() {
            guard case .image(let view)? = loaded.screens["photo[photos \(index)]"]?.views.first else { return XCTFail("no image view") }
            XCTAssertEqual(URL(fileURLWithPath: view.image.path).lastPathComponent, "\(name).png")
        }
        let timeline = try Timeline(scene: loaded)
        let growing = timeline.state(at: 0.2).layers.first { $0.id == "zoomSource" }
        // Cell 1 of three columns on 400 pt: the middle third of the first row.
        XCTAssertEqual(try XCTUnwrap(growing).frame.midX, 200, accuracy: 40, "the card grows from the tapped cell")
        XCTAssertTrue(timeline.state(at: 1.2).layers.contains { $0.id == "photo[photos 1]" })
        XCTAssertTrue(timeline.state(at: 4.5).layers.contains { $0.id == "photo[photos 2]" }, "push: zooms from cell: { index: 2 }")
    }

    func testMisusesAreLocatedErrors() {
        let typo = sceneMessages(inbox.replacingOccurrences(of: "\"{cell.title}\"", with: "\"{cell.titel}\"") + "timeline: []\n")
        XCTAssertEqual(typo, ["t.yaml:16:29: error: title: unknown placeholder '{cell.titel}' (did you mean 'title'?); a row of 'mail' gives: {cell.title}, {cell.subtitle}, {cell.detail}, {cell.preview}, {cell.image}"],
                       "reported once, not once per row")
        let unbound = sceneMessages(inbox.replacingOccurrences(of: ", tap: { list: mail } }", with: " }") + "timeline: []\n")
        XCTAssertEqual(unbound.count, 1, "\(unbound)")
        XCTAssertTrue(unbound.first?.hasPrefix("t.yaml:22:5: error: screen 'message' is filled from the tapped row or cell ('{cell.title}'), so a transition to it is bound to a list or grid") ?? false, "\(unbound)")
        let root = sceneMessages(inbox.replacingOccurrences(of: "root: inbox", with: "root: message") + "timeline: []\n")
        XCTAssertTrue(root.contains { $0.hasPrefix("t.yaml:20:7: error: screen 'message' is filled from a tapped row or cell") }, "\(root)")
        let noImage = sceneMessages(inbox.replacingOccurrences(of: "content:\n      - label: { id: subject", with: "content:\n      - image: { file: \"{cell.image}\", frame: [0, 0, 10, 10] }\n      - label: { id: subject") + "timeline: []\n")
        XCTAssertTrue(noImage.first?.contains("row 0 of 'mail' has no image for '{cell.image}'") ?? false, "\(noImage)")
        let rows = Array(repeating: "x", count: Limits.filledScreens + 1).joined(separator: ", ")
        let many = sceneMessages(inbox.replacingOccurrences(of: "id: mail\n", with: "id: big\n          rows: [\(rows)]\n      - list:\n          id: mail\n")
            .replacingOccurrences(of: "tap: { list: mail } }", with: "tap: { list: big } }") + "timeline: []\n")
        XCTAssertEqual(many.count, 1, "\(many.prefix(3))")
        XCTAssertTrue(many.first?.contains("filling 'message' from 2001 items of 'big' makes 2001 screens, over the limit of 2000") ?? false, "\(many.prefix(3))")
        // Each item's screen copies the screen's rows: 3 × 40,000 rows pass the scene's 100,000, refused before any is read.
        let rowsPerCopy = Array(repeating: "y", count: 40_000).joined(separator: ", ")
        let copies = sceneMessages(inbox.replacingOccurrences(of: "      - label: { id: subject", with: "      - list: { rows: [\(rowsPerCopy)] }\n      - label: { id: subject")
                                   + "timeline: []\n")
        XCTAssertEqual(copies.count, 1, "\(copies.map { $0.prefix(200) })")
        XCTAssertTrue(copies.first?.contains("copies its 2 views and 40000 rows and cells for each, 120006 in all, over the limit of 100000") ?? false,
                      "\(copies.map { $0.prefix(300) })")
        // The item a push shows must be in the list.
        let past = sceneMessages(inbox.replacingOccurrences(of: "tap: { list: mail } }", with: "tap: { list: mail, index: 7 } }") + "timeline: []\n")
        XCTAssertEqual(past, ["t.yaml:22:5: error: 'mail' of 'inbox' has 3 rows or cells (0 to 2); index 7 is past its end, so 'message' cannot be filled from it"])
        // A problem of one item's reading names the item.
        let missing = sceneMessages(inbox.replacingOccurrences(of: "content:\n      - label: { id: subject",
                                                                with: "content:\n      - image: { file: \"/nowhere/{cell.title}.png\", frame: [0, 0, 10, 10] }\n      - label: { id: subject")
                                    + "timeline: []\n")
        XCTAssertEqual(missing.count, 3, "\(missing)")
        XCTAssertTrue(missing.allSatisfy { $0.contains("/nowhere/") }, "\(missing)")
        XCTAssertTrue(missing[1].hasSuffix("(reading 'message[mail 1]', filled from row 1 of 'mail')"), missing[1])
    }
}
