import CLITestSupport
import Foundation
import Raster
import XCTest

/// `segue inspect` and `segue still --grid`: finding the coordinates to aim a tap or a swipe at.
final class InspectCommandTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One of everything inspect lists, on a custom 200 × 400 pt device at @1x.
    static let scene = """
        size: [200, 400]
        scale: 1
        screens:
          home:
            background: white
            navigationBar: { title: Home, back: Back, trailing: [Edit] }
            content:
              - rect:
                  id: card
                  frame: [10, 50, 180, 60]
                  fill: systemGray6
                  content:
                    - label: { id: name, text: Anna, frame: [8, 8, 100, 20] }
              - list: { id: mail, frame: [0, 120, 200, 100], rows: [Anna, { title: Ben, subtitle: Lunch? }] }
              - grid: { id: photos, frame: [0, 230, 200, 100], columns: 2, cells: [{ color: "#FF0000", caption: Red }, { color: "#00FF00" }] }
            tabBar: { items: [Mail, { title: Photos, icon: photo }], selected: 1 }
        root: home
        """

    /// `--at T` replays the timeline and shows a scrolled list's rows where they are then.
    func testInspectAtATimeShowsRowsWhereTheyAreNow() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("scrolled.yaml")
        // 20 rows of 44 pt from y 0; a 100 pt pan up (90 pt after the 10 pt slop) held and lifted still.
        try """
            device: { size: [200, 400], scale: 1, safeArea: [0, 0] }
            screens:
              home: { content: [{ list: { id: mail, rows: [\((0..<20).map { "R\($0)" }.joined(separator: ", "))] } }] }
            root: home
            timeline:
              - { at: 0.1, pan: [[0, 100, 300], [0.1, 100, 280], [0.2, 100, 200], [0.3, 100, 200], [0.4, 100, 200]], expect: scroll }
            """.write(to: sceneURL, atomically: false, encoding: .utf8)
        let before = try CLI.segue(["inspect", sceneURL.path])
        XCTAssertTrue(before.text.contains("row 3    [0, 132, 200, 44]"), before.text)
        let after = try CLI.segue(["inspect", sceneURL.path, "--at", "1"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertTrue(after.text.contains("20 rows, scrolled to 90 pt"), after.text)
        XCTAssertTrue(after.text.contains("row 3    [0, 42, 200, 44]"), after.text)
        let json = try CLI.segue(["inspect", sceneURL.path, "--at", "1", "--json"])
        XCTAssertTrue(json.text.contains("\"contentOffset\": 90"), json.text)
        XCTAssertFalse(try CLI.segue(["inspect", sceneURL.path, "--json"]).text.contains("contentOffset"))
    }

    /// `--at T` reports a sheet where it rests at T: raised from the medium detent (top at half the
    /// 800 pt screen, 400) to the large one (an 8 % gap: top at 64), the sheet 748 pt tall (the
    /// 736 pt large sheet and its 12 pt corner radius) at both.
    func testInspectAtATimeGivesTheDetentTheSheetRestsAt() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("detent.yaml")
        try """
            device: { size: [400, 800], scale: 1, safeArea: [0, 0] }
            screens:
              home: {}
              sheet: {}
            root: home
            transitions: [{ from: home, to: sheet, style: page-sheet, detents: medium-large }]
            timeline:
              - { at: 0.1, present: sheet }
              - { at: 1.5, swipe: { from: [200, 600], to: [200, 300], duration: 0.3 }, expect: { detent: large } }
            """.write(to: sceneURL, atomically: false, encoding: .utf8)
        let before = try CLI.segue(["inspect", sceneURL.path, "--at", "1"])
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertTrue(before.text.contains("presented as page-sheet at [0, 400, 400, 748]"), before.text)
        let after = try CLI.segue(["inspect", sceneURL.path, "--at", "4"])
        XCTAssertTrue(after.text.contains("presented as page-sheet at [0, 64, 400, 748]"), after.text)
        XCTAssertTrue(try CLI.segue(["inspect", sceneURL.path]).text.contains("presented as page-sheet at [0, 400, 400, 748]"),
                      "without --at, where it first rests")
    }

    func testInspectJSONIsExact() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("small.yaml")
        try Self.scene.write(to: sceneURL, atomically: false, encoding: .utf8)
        let result = try CLI.segue(["inspect", sceneURL.path, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // The trailing "Edit" item: its text box ends at the 16 pt margin (200 − 16) and is as wide
        // as Pango sets "Edit" in 17 pt Inter; the touch target is 44 pt wide around its center.
        let edit = try TextMeasurer.shared.get().width(of: "Edit", size: 17, weight: .regular)
        let editX = ((200 - 16 - edit / 2 - 22) * 10_000).rounded() / 10_000
        // Rows 44 pt, 60 with a subtitle; grid columns (200 − 2 × 16 − 12) / 2 = 78 with a 6 + 20 pt
        // caption; the tab bar 49 pt above the 34 pt bottom safe area; "Edit" 4 × 9.2 = 36.8 pt wide
        // at the 16 pt trailing margin (x 147.2), its touch target widened to 44 pt about its middle.
        let expected = """
            {
              "scene": "small",
              "device": {"name": "custom", "size": [200, 400], "scale": 1, "safeAreaTop": 59, "safeAreaBottom": 34},
              "tabs": null,
              "screens": [
                {
                  "name": "home",
                  "size": [200, 400],
                  "presentedAs": null,
                  "contentTop": 103,
                  "safeAreaBottomY": null,
                  "navigationBar": {
                    "bar": [0, 59, 200, 44],
                    "title": "Home",
                    "largeTitle": null,
                    "back": "Back",
                    "backChevron": [8, 70.5, 12.5, 21],
                    "leading": [],
                    "trailing": ["Edit"],
                    "items": [
                      {"side": "trailing", "title": "Edit", "frame": [\(editX), 59, 44, 44], "action": null}
                    ]
                  },
                  "tabBar": {
                    "bar": [0, 317, 200, 49],
                    "selected": 1,
                    "items": [
                      {"index": 0, "title": "Mail", "frame": [0, 317, 100, 49]},
                      {"index": 1, "title": "Photos", "frame": [100, 317, 100, 49]}
                    ]
                  },
                  "toolbar": null,
                  "views": [
                    {"id": "card", "kind": "rect", "frame": [10, 50, 180, 60], "topLevel": true},
                    {"id": "name", "kind": "label", "frame": [18, 58, 100, 20], "topLevel": false},
                    {"id": "mail", "kind": "list", "frame": [0, 120, 200, 100], "topLevel": true},
                    {"id": "photos", "kind": "grid", "frame": [0, 230, 200, 100], "topLevel": true}
                  ],
                  "collections": [
                    {
                      "kind": "list",
                      "id": "mail",
                      "frame": [0, 120, 200, 100],
                      "headers": [],
                      "cells": [
                        {"index": 0, "section": 0, "title": "Anna", "subtitle": null, "cell": [0, 120, 200, 44], "image": null},
                        {"index": 1, "section": 0, "title": "Ben", "subtitle": "Lunch?", "cell": [0, 164, 200, 60], "image": null}
                      ]
                    },
                    {
                      "kind": "grid",
                      "id": "photos",
                      "frame": [0, 230, 200, 100],
                      "headers": [],
                      "cells": [
                        {"index": 0, "section": null, "title": "Red", "subtitle": null, "cell": [16, 246, 78, 104], "image": [16, 246, 78, 78]},
                        {"index": 1, "section": null, "title": null, "subtitle": null, "cell": [106, 246, 78, 104], "image": [106, 246, 78, 78]}
                      ]
                    }
                  ]
                }
              ]
            }

            """
        XCTAssertEqual(result.text, expected)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: result.stdout), "not valid JSON")
    }

    func testInspectTextOfAnExampleScene() throws {
        let scene = repository.appendingPathComponent("scenes/zoom-from-cell.yaml")
        let result = try CLI.segue(["inspect", scene.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Frames line up in a column per screen; rows and cells follow their grid or list.
        let expected = """
            zoom-from-cell: iphone-15, 393 × 852 pt @3x; frames are [x, y, width, height] in points from the screen's top-left corner

            screen contacts: content from y 155
              navigation bar  [0, 59, 393, 44]                          title "Contacts"
                large title   [16, 106, 361, 41]                        "Contacts"
              grid people     [0, 155, 393, 697]                        6 cells
                cell 0        [16, 171, 112.3333, 138.3333]             "Anna"  image [16, 171, 112.3333, 112.3333]
                cell 1        [140.3333, 171, 112.3333, 138.3333]       "Ben"  image [140.3333, 171, 112.3333, 112.3333]
                cell 2        [264.6667, 171, 112.3333, 138.3333]       "Chloe"  image [264.6667, 171, 112.3333, 112.3333]
                cell 3        [16, 329.3333, 112.3333, 138.3333]        "Dario"  image [16, 329.3333, 112.3333, 112.3333]
                cell 4        [140.3333, 329.3333, 112.3333, 138.3333]  "Emma"  image [140.3333, 329.3333, 112.3333, 112.3333]
                cell 5        [264.6667, 329.3333, 112.3333, 138.3333]  "Farid"  image [264.6667, 329.3333, 112.3333, 112.3333]

            screen anna: content from y 103
              navigation bar  [0, 59, 393, 44]     title "Anna"
                back          [8, 70.5, 12.5, 21]  "Contacts"

            """
        XCTAssertEqual(result.text, expected)
    }

    /// A tab bar controller is listed once, before the screens: each item's frame (the point
    /// `tap: { tab: N }` taps is its center) and its tab's root screen.
    func testInspectListsTheTabBarControllersItems() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("tabs.yaml")
        try """
            size: [300, 400]
            scale: 1
            screens:
              mail: {}
              photos: {}
            tabs: { selected: 1, items: [{ title: Mail, root: mail }, { title: Photos, icon: photo, root: photos }] }
            """.write(to: sceneURL, atomically: false, encoding: .utf8)
        // The bar 49 pt above the iPhone 15's 34 pt bottom safe area: y 400 − 34 − 49 = 317; two 150 pt columns.
        let json = try CLI.segue(["inspect", sceneURL.path, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.text.contains("""
              "tabs": {
                "bar": [0, 317, 300, 49],
                "selected": 1,
                "items": [
                  {"index": 0, "title": "Mail", "frame": [0, 317, 150, 49], "root": "mail"},
                  {"index": 1, "title": "Photos", "frame": [150, 317, 150, 49], "root": "photos"}
                ]
              },
            """), json.text)
        let text = try CLI.segue(["inspect", sceneURL.path])
        XCTAssertTrue(text.text.contains("""

            tab bar controller: bar [0, 317, 300, 49], over every tab
              tab 0  [0, 317, 150, 49]    "Mail" root mail
              tab 1  [150, 317, 150, 49]  "Photos" root photos (selected)

            """), text.text)
    }

    /// Screen `name` of `scene` (written to `url`) as `segue inspect --json` lists it, presented
    /// as a page sheet (`presentedAs`) at its own size, and the device point at the center of row
    /// `row` of its first list: the sheet's origin plus the row's center, scaled from the screen's
    /// size to the sheet's frame.
    private func inspectedSheetRow(_ scene: String, at url: URL, screen name: String, row: Int) throws
        -> (screen: [String: Any], frame: [Double], center: (x: Double, y: Double)) {
        try scene.write(to: url, atomically: false, encoding: .utf8)
        let inspected = try CLI.segue(["inspect", url.path, "--json"])
        XCTAssertEqual(inspected.status, 0, inspected.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: inspected.stdout) as? [String: Any])
        let screens = try XCTUnwrap(json["screens"] as? [[String: Any]])
        let screen = try XCTUnwrap(screens.first { $0["name"] as? String == name })
        let presented = try XCTUnwrap(screen["presentedAs"] as? [String: Any], "\(screen)")
        XCTAssertEqual(presented["style"] as? String, "page-sheet")
        let frame = try XCTUnwrap(presented["frame"] as? [Double])
        let size = try XCTUnwrap(screen["size"] as? [Double])
        XCTAssertEqual(size, [frame[2], frame[3]], "laid out at the sheet's size")
        let collections = try XCTUnwrap(screen["collections"] as? [[String: Any]])
        let cells = try XCTUnwrap(collections.first?["cells"] as? [[String: Any]])
        let cell = try XCTUnwrap(cells[row]["cell"] as? [Double])
        return (screen, frame, (frame[0] + (cell[0] + cell[2] / 2) * frame[2] / size[0],
                                frame[1] + (cell[1] + cell[3] / 2) * frame[3] / size[1]))
    }

    /// `segue validate` on `scene` with timeline entry `entry` appended.
    private func validate(_ scene: String, at url: URL, tap entry: String) throws -> CLI.Result {
        try (scene + "  - \(entry)\n").write(to: url, atomically: false, encoding: .utf8)
        return try CLI.segue(["validate", url.path])
    }

    /// A sheet's screen is listed as laid out in the sheet, in its own points, with where the
    /// presentation puts it (`presentedAs`): a row tapped at the point computed from those numbers
    /// is hit; the same row's point on a full-screen layout is not.
    func testARowOfAPresentedSheetIsTappedAtItsInspectedPoint() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("sheet.yaml")
        let scene = """
            screens:
              inbox: {}
              share:
                navigationBar: { title: Share }
                content: [{ list: { id: apps, rows: [Messages, Mail, Notes] } }]
              mail: {}
            root: inbox
            transitions:
              - { from: inbox, to: share, style: page-sheet, detents: medium }
              - { from: share, to: mail, style: full-screen-cover, tap: { list: apps, index: 1 } }
            timeline:
              - { at: 0.2, present: share }

            """
        let share = try inspectedSheetRow(scene, at: sceneURL, screen: "share", row: 1)
        // At the medium detent the sheet's top is half way down the iPhone 15's 852 pt; it is the
        // screen's width and laid out at its own size.
        XCTAssertEqual(share.frame[0], 0)
        XCTAssertEqual(share.frame[1], 426)
        XCTAssertEqual(share.frame[2], 393)
        let bar = try XCTUnwrap(share.screen["navigationBar"] as? [String: Any])
        XCTAssertEqual(bar["bar"] as? [Double], [0, 0, 393, 56], "the sheet's 56 pt bar at its top, not below the status bar")
        let hit = try validate(scene, at: sceneURL, tap: "{ at: 1.5, tap: [\(share.center.x), \(share.center.y)] }")
        XCTAssertEqual(hit.status, 0, "the tap at the inspected point starts mail's transition: \(hit.stderr)")
        // Where the row would be laid out full screen (below the status bar and the bar: y 103 + 44
        // + 22) is the presenter above the sheet.
        let missed = try validate(scene, at: sceneURL, tap: "{ at: 1.5, tap: [\(share.center.x), 169] }")
        XCTAssertNotEqual(missed.status, 0)
        XCTAssertTrue(missed.stderr.contains("this tap does nothing"), missed.stderr)
    }

    /// A screen pushed inside a sheet is listed laid out in the sheet, with the sheet's `presentedAs`:
    /// a row of it tapped at the point computed from those numbers is hit once it is pushed; its
    /// own point, taken as a device point without the sheet's origin, is not.
    func testARowOfAScreenPushedInsideASheetIsTappedAtItsInspectedPoint() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("stack.yaml")
        let scene = """
            screens:
              inbox: {}
              compose:
                navigationBar: { title: New Message }
                content: [{ list: { id: fields, rows: ["To:", "Subject:"] } }]
              contacts:
                navigationBar: { title: Contacts, back: New Message }
                content: [{ list: { id: people, style: insetGrouped, rows: [Anna, Ben, Chloe] } }]
              card: {}
            root: inbox
            transitions:
              - { from: inbox, to: compose, style: page-sheet, detents: large }
              - { from: compose, to: contacts, style: system-push }
              - { from: contacts, to: card, style: system-push, tap: { list: people, index: 2 } }
            timeline:
              - { at: 0.2, present: compose }
              - { at: 1.2, push: contacts }

            """
        let contacts = try inspectedSheetRow(scene, at: sceneURL, screen: "contacts", row: 2)
        // The large detent leaves 8 % of the iPhone 15's 852 pt above the sheet.
        XCTAssertEqual(contacts.frame[1], 852 * 0.08, accuracy: 1e-9)
        let bar = try XCTUnwrap(contacts.screen["navigationBar"] as? [String: Any])
        XCTAssertEqual(bar["bar"] as? [Double], [0, 0, 393, 56])
        let center = contacts.center
        let hit = try validate(scene, at: sceneURL, tap: "{ at: 2.5, tap: [\(center.x), \(center.y)] }")
        XCTAssertEqual(hit.status, 0, "the tap at the inspected point pushes card: \(hit.stderr)")
        // The row's own point taken as a device point (without the sheet's origin) is 68.16 pt
        // higher: on a row no transition is bound to.
        let missed = try validate(scene, at: sceneURL, tap: "{ at: 2.5, tap: [\(center.x), \(center.y - contacts.frame[1])] }")
        XCTAssertNotEqual(missed.status, 0)
        XCTAssertTrue(missed.stderr.contains("this tap does nothing"), missed.stderr)
    }

    /// A zoom pushed from a grid inside a sheet grows out of the cell where the sheet draws it:
    /// on the push's first frame the zooming card and the hidden source cover the cell's inspected
    /// frame (the sheet's origin plus the cell in the sheet's own points), by `push:` and by a tap at
    /// the cell's inspected point; on every frame the card stays inside the sheet, and it ends filling it.
    /// Presented (`present:`) from the sheet, it starts on the same cell and ends filling the screen.
    func testAZoomPushedInsideASheetGrowsOutOfTheCellWhereTheSheetDrawsIt() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("zoom.yaml")
        let scene = """
            screens:
              inbox: {}
              album:
                navigationBar: { title: Album }
                content: [{ grid: { id: photos, columns: 3, cells: [{ color: systemTeal }, { color: systemOrange }, { color: systemIndigo }, { color: systemPink }, { color: systemYellow }] } }]
              photo: { background: systemGray }
            root: inbox
            transitions:
              - { from: inbox, to: album, style: page-sheet, detents: large }
              - { from: album, to: photo, style: zoom, cell: { list: photos, index: 4 } }
            timeline:
              - { at: 0.2, present: album }

            """
        let album = try inspectedSheetRow(scene, at: sceneURL, screen: "album", row: 4)
        let sheet = album.frame
        let cells = try XCTUnwrap((album.screen["collections"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])
        let local = try XCTUnwrap((cells[4]["image"] ?? cells[4]["cell"]) as? [Double])
        let cell = [sheet[0] + local[0], sheet[1] + local[1], local[2], local[3]]
        for push in ["{ at: 1.2, push: photo }", "{ at: 1.2, tap: [\(album.center.x), \(album.center.y)] }",
                     "{ at: 1.2, present: photo }"] {
            try (scene + "  - \(push)\n").write(to: sceneURL, atomically: false, encoding: .utf8)
            let traced = try CLI.segue(["trace", sceneURL.path, "--no-touches"])
            XCTAssertEqual(traced.status, 0, traced.stderr)
            let frames = try String(decoding: traced.stdout, as: UTF8.self).split(separator: "\n").map {
                try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            let zooming = frames.filter { $0["transition"] as? String == "zoom" }
            let first = try XCTUnwrap(zooming.first, "\(push): no zoom")
            func frame(_ id: String, _ state: [String: Any]) throws -> [Double] {
                let layers = try XCTUnwrap(state["layers"] as? [[String: Any]])
                return try XCTUnwrap(layers.first { $0["id"] as? String == id }?["frame"] as? [Double], "\(push): no \(id)")
            }
            let start = try frame("photo", first), hidden = try frame("zoomSourceHidden", first)
            for i in 0..<4 {
                XCTAssertEqual(hidden[i], cell[i], accuracy: 1e-6, "\(push): the hidden source is the inspected cell \(cell)")
                // The first frame is the press's frame or the next one: the card has barely left the cell.
                XCTAssertEqual(start[i], cell[i], accuracy: 3, "\(push): the card starts on the inspected cell \(cell), not \(start)")
            }
            let end = try frame("photo", try XCTUnwrap(zooming.last))
            if push.contains("present") {
                XCTAssertEqual(end[1], 0, accuracy: 0.5, "presented, it ends filling the screen")
                continue
            }
            for state in zooming {
                let card = try frame("photo", state)
                XCTAssertGreaterThanOrEqual(card[1], sheet[1] - 1e-6, "\(push): inside the sheet at \(state["time"] ?? 0)")
                XCTAssertLessThanOrEqual(card[0] + card[2], sheet[0] + sheet[2] + 1e-6, "\(push): inside the sheet")
            }
            XCTAssertEqual(end[1], sheet[1], accuracy: 0.5, "\(push): the zoomed screen ends at the sheet's top")
        }
    }

    /// With `--at`, inspect says where each screen of the stack is drawn: with a page sheet up over
    /// a page sheet, the new sheet at its detent, the lower sheet receded one level and the root
    /// two (docs/uikit-semantics.md#a-sheet-presented-from-a-sheet). On the iPhone 15 (393 × 852):
    /// the large sheet's top 0.08 · 852 = 68.16, the presenter's 0.07 · 852 = 59.64; at level ≥ 1
    /// the scale is 0.9165 (360.1845 wide, 16.40775 in); the lower sheet's top rises by
    /// 68.16 − 59.64 to 59.64, 795.84 · 0.9165 = 729.38736 tall; the root's goes to 68.16.
    func testInspectAtAMomentGivesWhereEachSheetOfAStackIsDrawn() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("stacked.yaml")
        try """
            screens:
              inbox: {}
              compose: { navigationBar: { title: New Message } }
              photos: { navigationBar: { title: Photos } }
            root: inbox
            transitions:
              - { from: inbox, to: compose, style: page-sheet, detents: large }
              - { from: compose, to: photos, style: page-sheet, detents: large }
            timeline:
              - { at: 0.2, present: compose }
              - { at: 1.2, present: photos }

            """.write(to: sceneURL, atomically: false, encoding: .utf8)
        let inspected = try CLI.segue(["inspect", sceneURL.path, "--json", "--at", "2.5"])
        XCTAssertEqual(inspected.status, 0, inspected.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: inspected.stdout) as? [String: Any])
        let drawn = try XCTUnwrap((json["at"] as? [String: Any])?["drawn"] as? [[String: Any]])
        XCTAssertEqual(drawn.compactMap { $0["screen"] as? String }, ["inbox", "compose", "photos"])
        let expected: [[Double]] = [[16.40775, 68.16, 360.18450, 852 * 0.9165], [16.40775, 59.64, 360.18450, 729.38736],
                                    [0, 68.16, 393, 795.84]]
        for (entry, reference) in zip(drawn, expected) {
            let frame = try XCTUnwrap(entry["frame"] as? [Double])
            for (a, b) in zip(frame, reference) { XCTAssertEqual(a, b, accuracy: 1e-3, "\(entry)") }
        }
        let text = try CLI.segue(["inspect", sceneURL.path, "--at", "2.5"])
        XCTAssertTrue(String(decoding: text.stdout, as: UTF8.self).contains("'compose' drawn at  [16.4077, 59.64, 360.1845, 729.3874]"),
                      String(decoding: text.stdout, as: UTF8.self))
    }

    /// A tapped row is drawn in the selection color from touch-down — `UITableViewCell`'s
    /// default selected background, `systemGray4` (#D1D1D6 light) — and not before.
    func testATappedRowIsDrawnSelectedFromTouchDown() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("select.yaml")
        try """
            size: [200, 400]
            scale: 1
            screens:
              a: { content: [{ list: { id: rows, frame: [0, 100, 200, 88], rows: [One, Two] } }] }
              b: {}
            root: a
            transitions: [{ from: a, to: b, style: system-push, tap: { list: rows } }]
            timeline: [{ at: 0.5, tap: { list: rows, index: 1 } }]
            """.write(to: sceneURL, atomically: false, encoding: .utf8)
        func pixel(at time: Double) throws -> [UInt8] {
            let png = folder.appendingPathComponent("t\(time).png")
            let result = try CLI.segue(["still", sceneURL.path, "--at", "\(time)", "-o", png.path, "--no-touches"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let image = try pixels(of: png)
            // Row 1 spans y 144–188; x 180 is right of its title, left of the 16 pt margin's end.
            let offset = (166 * image.width + 180) * 3
            return Array(image.rgb[offset..<offset + 3])
        }
        XCTAssertEqual(try pixel(at: 0.4), [255, 255, 255], "white before the tap")
        XCTAssertEqual(try pixel(at: 0.54), [209, 209, 214], "systemGray4 while the finger is down")
    }

    /// A row tapped after its list has scrolled it into view (past the list's frame at offset 0)
    /// is drawn selected with its content, not as an empty band.
    func testARowOfAScrolledListIsDrawnSelectedWithItsContent() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("scrolled.yaml")
        try """
            size: [200, 400]
            scale: 1
            screens:
              a: { content: [{ list: { id: rows, frame: [0, 100, 200, 88], rows: [R0, R1, R2, R3, R4, R5, Row6, R7, R8, R9] } }] }
              b: {}
            root: a
            transitions: [{ from: a, to: b, style: system-push, tap: { list: rows } }]
            timeline:
              - { at: 0.1, scroll: { list: rows, to: 6, position: top } }
              - { at: 1, tap: { list: rows, index: 6 } }
            """.write(to: sceneURL, atomically: false, encoding: .utf8)
        let png = folder.appendingPathComponent("selected.png")
        let result = try CLI.segue(["still", sceneURL.path, "--at", "1.04", "-o", png.path, "--no-touches"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try pixels(of: png)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.rgb[((y * image.width + x) * 3)..<((y * image.width + x) * 3 + 3)]) }
        // Row 6 scrolled to the list's top: it spans y 100–144 on screen.
        XCTAssertEqual(pixel(180, 122), [209, 209, 214], "systemGray4 behind the selected row")
        // Its title "Row6" from x 16: dark text pixels in the row's band.
        let dark = (16..<70).flatMap { x in (108..<136).map { y in pixel(x, y) } }.filter { $0.allSatisfy { $0 < 90 } }
        XCTAssertGreaterThan(dark.count, 20, "the selected row shows its title")
    }

    /// The pixels of a PNG as RGB bytes, decoded by ffmpeg.
    private func pixels(of png: URL) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let probe = try CLI.tool("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", png.path])
        let size = probe.text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        XCTAssertEqual(size.count, 2, probe.stderr)
        let decoded = try CLI.tool("ffmpeg", ["-v", "error", "-i", png.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        return (size[0], size[1], [UInt8](decoded.stdout))
    }

    /// Under a navigation bar of `barStyle: black` the status bar shows light content, as a
    /// navigation controller takes the status bar's style from its bar; under the default style
    /// over the same black bar, dark content. The time's glyphs lie in the band y 23.5 … 36.5 pt
    /// at the left of an iPhone 15 (drawn here at @1): the brightest pixel there is the glyphs'
    /// over the black bar with light content, the black itself with dark.
    func testTheStatusBarOverABlackStyleBarIsLight() throws {
        let folder = try CLI.temporaryFolder(self)
        func brightestInTheTime(style: String) throws -> Int {
            let sceneURL = folder.appendingPathComponent("bar-\(style).yaml")
            try """
                scale: 1
                duration: 1
                screens:
                  home:
                    background: white
                    navigationBar: { title: Home, background: "#000000", barStyle: \(style) }
                root: home
                """.write(to: sceneURL, atomically: false, encoding: .utf8)
            let png = folder.appendingPathComponent("bar-\(style).png")
            let result = try CLI.segue(["still", sceneURL.path, "--at", "0", "-o", png.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let picture = try pixels(of: png)
            var brightest = 0
            for y in 24...36 { for x in 0..<150 { brightest = max(brightest, Int(picture.rgb[(y * picture.width + x) * 3])) } }
            return brightest
        }
        XCTAssertGreaterThan(try brightestInTheTime(style: "black"), 200, "light glyphs over the black bar")
        XCTAssertLessThan(try brightestInTheTime(style: "default"), 60, "dark glyphs: UIKit does not judge the bar's color")
    }

    func testStillGridDrawsLinesEveryStepAndOutlinesViews() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("plain.yaml")
        try """
            size: [200, 400]
            scale: 1
            screens:
              home:
                background: white
                content:
                  - rect: { id: box, frame: [40, 250, 120, 60], fill: white }
            root: home
            duration: 1
            """.write(to: sceneURL, atomically: false, encoding: .utf8)
        let png = folder.appendingPathComponent("grid.png")
        let result = try CLI.segue(["still", sceneURL.path, "--at", "0", "-o", png.path, "--grid"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let picture = try pixels(of: png)
        XCTAssertEqual(picture.width, 200)
        XCTAssertEqual(picture.height, 400)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(picture.rgb[(y * picture.width + x) * 3..<(y * picture.width + x) * 3 + 3]) }
        // x = 100 pt is the fifth line of 20: the strong pink (255, 0, 140) at 0.6 over white.
        // (y = 230 is between lines and clear of the coordinate tags at the left edge.)
        XCTAssertEqual(pixel(100, 230), [255, 102, 186])
        // x = 20 pt, a thin line: the same pink at 0.22.
        XCTAssertEqual(pixel(20, 230), [255, 199, 230])
        XCTAssertEqual(pixel(101, 230), [255, 255, 255], "lines are one pixel wide")
        // The view 'box' is outlined in blue at its frame.
        let outline = pixel(40, 290)
        XCTAssertLessThan(Int(outline[0]), 60, "\(outline)")
        XCTAssertGreaterThan(Int(outline[2]), 200, "\(outline)")

        // --grid-step 25: the strong line moves to 125 pt.
        let stepped = folder.appendingPathComponent("grid25.png")
        XCTAssertEqual(try CLI.segue(["still", sceneURL.path, "--at", "0", "-o", stepped.path, "--grid", "--grid-step", "25"]).status, 0)
        let other = try pixels(of: stepped)
        XCTAssertEqual(Array(other.rgb[(230 * 200 + 125) * 3..<(230 * 200 + 125) * 3 + 3]), [255, 102, 186])
        XCTAssertEqual(Array(other.rgb[(230 * 200 + 100) * 3..<(230 * 200 + 100) * 3 + 3]), [255, 199, 230])
    }

    /// A scene whose timeline fails is inspected all the same: its layout, and at `--at` the state
    /// the entries before the first failing one leave (the list where the flick left it, so the
    /// failing tap can be aimed), then a note naming where the replay stopped, the errors, and exit
    /// status 1 (before: only the errors). The offset is the flick's own: a scene of the entries
    /// before alone gives the same row frames.
    func testAFailingTimelineIsInspectedUpToItsFirstFailingEntry() throws {
        let folder = try CLI.temporaryFolder(self)
        let rows = (0..<40).map { "R\($0)" }.joined(separator: ", ")
        let head = """
            device: iphone-15
            screens:
              inbox:
                navigationBar: { title: Inbox }
                content: [{ list: { id: mail, rows: [\(rows)] } }]
              detail: {}
            root: inbox
            transitions: [{ from: inbox, to: detail, style: system-push, tap: { list: mail } }]
            timeline:
              - { at: 0.3, swipe: { from: [196, 700], to: [196, 300], duration: 0.15 } }

            """
        let failing = folder.appendingPathComponent("failing.yaml"), passing = folder.appendingPathComponent("passing.yaml")
        try (head + "  - { at: 2.5, tap: { list: mail, index: 99 } }\n").write(to: failing, atomically: true, encoding: .utf8)
        try head.write(to: passing, atomically: true, encoding: .utf8)
        for arguments in [["--at", "2.4"], ["--at", "3"], ["--json", "--at", "2.4"], []] {
            let result = try CLI.segue(["inspect", failing.path] + arguments)
            let alone = try CLI.segue(["inspect", passing.path] + arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(alone.status, 0, "\(arguments): \(alone.stderr)")
            XCTAssertEqual(result.text.replacingOccurrences(of: "failing", with: "passing"), alone.text, "\(arguments)")
            let when = arguments.contains("--at") ? " at \(arguments[arguments.firstIndex(of: "--at")! + 1]) s" : ""
            XCTAssertEqual(result.stderr, """
                \(failing.path):11:5: note: the timeline fails; what is printed\(when) replays its 1 entry before this one (at 2.5 s)
                \(failing.path):11:5: error: list or grid 'mail' of 'inbox' has 40 rows or cells; index 99 is past its end

                """, "\(arguments)")
        }
        XCTAssertTrue(try CLI.segue(["inspect", passing.path, "--at", "2.4"]).text.contains("scrolled to"), "the flick scrolled the list")
    }

    func testStillPastTheEndIsAnError() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = folder.appendingPathComponent("small.yaml")
        try (Self.scene + "\nduration: 1\n").write(to: sceneURL, atomically: false, encoding: .utf8)
        let png = folder.appendingPathComponent("late.png")
        let result = try CLI.segue(["still", sceneURL.path, "--at", "2", "-o", png.path, "--grid"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("--at 2 s is past the end of the scene, which lasts 1 s"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: png.path))
    }
}
