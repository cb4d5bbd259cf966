import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// A screen's toolbar lies over its content, as UIKit's toolbar lies over the view controller's
/// view: a list or grid with an id scrolls beneath it. Over a push or pop between two screens that
/// both show one, the navigation controller's one toolbar stays in place and changes its items
/// (`setToolbarItems(_:animated:)`). iPhone 15: the bar 44 pt over the 34 pt home indicator area,
/// so the toolbar's box is [0, 774, 393, 78] (docs/uikit-semantics.md, iOS metrics).
final class ToolbarTests: XCTestCase {
    let box = Rect(x: 0, y: 852 - 34 - 44, width: 393, height: 78)

    /// The scene's start: an inbox with a 30-row list with an id under a bar, and `toolbar`.
    func inbox(toolbar: String) -> String {
        """
        device: iphone-15
        fps: 30
        screens:
          inbox:
            navigationBar: { title: Inbox }
            content: [{ list: { id: mail, rows: [\(rowTitles("Row", 30))] } }]
            toolbar: \(toolbar)
        """
    }

    func timeline(detailToolbar: Bool, material: Bool = true) throws -> Timeline {
        try Timeline(yaml: inbox(toolbar: "{ items: [{ icon: trash }, { icon: square.and.pencil }]\(material ? "" : ", background: systemBackground") }") + """

              detail:
                navigationBar: { title: Message, back: Inbox }
                content: [{ label: { text: Hello, frame: [16, 200, 361, 40] } }]
                \(detailToolbar ? "toolbar: { items: [{ icon: folder }, { icon: trash }] }" : "")
            root: inbox
            transitions:
              - { from: inbox, to: detail, style: system-push }
            timeline:
              - { at: 0.2, pan: [[0, 196, 600], [0.1, 196, 400], [0.3, 196, 400]], expect: scroll }
              - { at: 1.0, push: detail }
            """)
    }

    func index(_ layers: [PlacedNode], _ id: String) -> Int? { layers.firstIndex { $0.id == id } }

    func testTheToolbarIsDrawnOverTheListThatScrollsBeneathIt() throws {
        let timeline = try timeline(detailToolbar: false)
        for time in [0.0, 0.5, 0.9] {
            let layers = timeline.state(at: time).layers
            let toolbar = try XCTUnwrap(index(layers, "inbox/toolbar"), "at \(time) s")
            let list = try XCTUnwrap(index(layers, "inbox/mail"), "at \(time) s")
            XCTAssertGreaterThan(toolbar, list, "at \(time) s: the toolbar lies over the list")
            XCTAssertFalse(layers[(toolbar + 1)...].contains { $0.id.hasPrefix("inbox/mail") }, "nothing of the list over the toolbar")
            XCTAssertEqual(layers[toolbar].frame, box)
            // Its material blurs what scrolls beneath it, under its background and items.
            XCTAssertEqual(layers[toolbar + 1].id, "inbox/toolbar/material")
            guard case .backdrop = layers[toolbar + 1].content else { return XCTFail("a backdrop") }
        }
        XCTAssertNil(index(try self.timeline(detailToolbar: false, material: false).state(at: 0).layers, "inbox/toolbar/material"),
                     "a background instead of the default material: no backdrop")
    }

    func testOneToolbarStaysInPlaceOverAPushAndChangesItsItems() throws {
        let timeline = try timeline(detailToolbar: true)
        var checked = 0
        for frame in 0..<timeline.frameCount {
            let state = timeline.state(frame: frame)
            guard state.transition != nil, let progress = state.progress else { continue }
            let layers = state.layers
            XCTAssertFalse(layers.contains { $0.id == "inbox/toolbar" || $0.id == "detail/toolbar" }, "frame \(frame): no toolbar slides")
            let toolbar = try XCTUnwrap(layers.first { $0.id == "toolbar" }, "frame \(frame)")
            XCTAssertEqual(toolbar.frame, box, "frame \(frame): in place")
            let old = try XCTUnwrap(layers.first { $0.id == "toolbar/inbox/items" }), new = try XCTUnwrap(layers.first { $0.id == "toolbar/detail/items" })
            XCTAssertEqual(old.alpha, 1 - min(max(progress, 0), 1), accuracy: 1e-9)
            XCTAssertEqual(new.alpha, min(max(progress, 0), 1), accuracy: 1e-9)
            // Over both screens and the navigation bar.
            XCTAssertGreaterThan(try XCTUnwrap(index(layers, "toolbar")), try XCTUnwrap(index(layers, "detail")))
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10)
        XCTAssertNotNil(index(timeline.state(at: 2).layers, "detail/toolbar"), "at rest the toolbar is the screen's again")
    }

    func testAToolbarOnOneScreenOnlyLeavesWithItsScreen() throws {
        let timeline = try timeline(detailToolbar: false)
        let frames = (0..<timeline.frameCount).map { timeline.state(frame: $0) }.filter { $0.transition != nil }
        let xs = try frames.map { state in try XCTUnwrap(state.layers.first { $0.id == "inbox/toolbar" }).frame.x }
        XCTAssertLessThan(xs.last ?? 0, -50, "it slides away with the covered screen")
        XCTAssertFalse(frames.contains { $0.layers.contains { $0.id == "toolbar" } })
    }

    /// The toolbar takes the touches that land on it: an item with an action runs it (`tap:
    /// { barItem: NAME }` finds toolbar items too, at the place the painter spreads them), and a
    /// tap between its items goes to no row of the list scrolling beneath. Items spread across the
    /// bar (leading margin 16 pt, trailing margin 16 pt on a 393 pt phone): two 24 pt icons at
    /// x 16 and 353, so their 44 pt targets are centered at x 28 and 365, on the bar's line y 774–818.
    func testTheToolbarTakesTouchesAndItsItemsAct() throws {
        func timeline(_ entry: String) throws -> Timeline {
            try Timeline(yaml: inbox(toolbar: "{ items: [{ icon: trash }, { icon: square.and.pencil, action: { present: compose } }] }") + """

                  message: { navigationBar: { title: Message, back: Inbox } }
                  compose: { navigationBar: { title: New Message } }
                root: inbox
                transitions:
                  - { from: inbox, to: message, style: system-push, tap: { list: mail } }
                  - { from: inbox, to: compose, style: page-sheet }
                timeline:
                  - \(entry)
                """)
        }
        for entry in ["{ at: 0.2, tap: [365, 796], expect: finish }", "{ at: 0.2, tap: { barItem: square.and.pencil }, expect: finish }"] {
            let t = try timeline(entry)
            XCTAssertEqual(t.navigation(at: 5).stack, ["inbox", "compose"], entry)
            XCTAssertEqual(t.state(at: 0.25).touches.first, Point(x: 365, y: 796), entry)
        }
        // Between the items: the toolbar's, not the row's beneath it.
        XCTAssertThrowsError(try timeline("{ at: 0.2, tap: [196, 796] }")) { error in
            let message = (error as? SceneError)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains("lands on the toolbar"), message)
        }
        XCTAssertEqual(try timeline("{ at: 0.2, tap: [196, 796], expect: nothing }").navigation(at: 5).stack, ["inbox"])
        // A row under the toolbar cannot be tapped by index (row 15 of 44 pt rows from y 103: center 783).
        XCTAssertThrowsError(try timeline("{ at: 0.2, tap: { list: mail, index: 15 }, expect: finish }")) { error in
            let message = (error as? SceneError)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains("under the toolbar, which takes the touch"), message)
        }
        XCTAssertEqual(try timeline("{ at: 0.2, tap: { list: mail, index: 14 }, expect: finish }").navigation(at: 5).stack,
                       ["inbox", "message"], "row 14, centered at y 739, above the toolbar's 774")
    }

    /// A pan that lands on the toolbar is the bar's: the list beneath does not scroll (UIKit
    /// hit-tests the toolbar, which lies over the scroll view), while the same pan begun just
    /// above the bar scrolls it. The toolbar's box starts at y 774.
    func testAPanThatLandsOnTheToolbarDoesNotScrollTheListBeneath() throws {
        func timeline(from y: Int, expect: String) throws -> Timeline {
            try Timeline(yaml: inbox(toolbar: "{ items: [{ icon: trash }] }") + """

                timeline:
                  - { at: 0.2, pan: [[0, 196, \(y)], [0.1, 196, \(y - 200)], [0.3, 196, \(y - 200)]], expect: \(expect) }
                """)
        }
        XCTAssertThrowsError(try timeline(from: 790, expect: "scroll")) { error in
            let message = (error as? SceneError)?.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains("lies under its toolbar where this pan began, and the bar takes the touch"), message)
        }
        let still = try timeline(from: 790, expect: "nothing")
        XCTAssertEqual(still.state(at: 1).layers.first { $0.id == "inbox/mail" }?.contentOffset ?? .zero, .zero, "no offset: at rest at its top")
        let scrolled = try timeline(from: 770, expect: "scroll")
        XCTAssertGreaterThan(scrolled.state(at: 1).layers.first { $0.id == "inbox/mail" }?.contentOffset?.y ?? 0, 100)
    }
}
