import Engine
import Geometry
import Scene
import XCTest

/// The render tree as UIKit builds it: the navigation bar above a push's container, a presented
/// screen over everything, screens laid out at the size they are shown.
final class RenderTreeTests: XCTestCase {
    private func timeline(_ body: String) throws -> Timeline {
        let text = """
            size: [400, 800]
            scale: 1
            fps: 10
            tail: 0
            \(body)
            """
        return try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
    }

    private let screens = """
        screens:
          a: { navigationBar: { title: A, largeTitle: true } }
          b:
            navigationBar: { title: B, back: A }
            content:
              - label: { id: name, text: Bee, frame: [20, 300, 360, 40], autoresizing: [flexibleWidth, flexibleTopMargin, flexibleBottomMargin] }
              - grid: { id: photos, cells: [{ color: systemRed }] }
        """

    func testPushKeepsTheBarAboveTheContainerAndCrossFadesItsGroups() throws {
        let t = try timeline(screens + """

            transitions: [{ from: a, to: b, style: slide-up-modal, curve: linear, duration: 0.2 }]
            timeline: [{ at: 0.1, push: b }]
            """)
        let mid = t.state(at: 0.2)
        let ids = mid.layers.map(\.id)
        XCTAssertEqual(ids.first, "a")
        let bar = try XCTUnwrap(ids.firstIndex(of: "navigationBar"))
        XCTAssertGreaterThan(bar, try XCTUnwrap(ids.firstIndex(of: "b")), "the sheet slides under the bar")
        XCTAssertGreaterThan(bar, try XCTUnwrap(ids.firstIndex(of: "dimming")), "the dimming view stays below the bar")
        let byID = Dictionary(mid.layers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byID["navigationBar"]?.frame.minY, 0, "the bar is not moved")
        XCTAssertEqual(byID["navigationBar/a/title"]?.alpha ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(byID["navigationBar/b/title"]?.alpha ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(byID["navigationBar/b/back"]?.alpha ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertEqual(byID["b"]?.frame.minY ?? -1, 400, accuracy: 1e-9)
        XCTAssertEqual(byID["b/name"]?.frame.minY ?? -1, 700, accuracy: 1e-9, "a view with an id moves with its screen")
    }

    func testPresentCoversTheBarAndBringsItsOwn() throws {
        let t = try timeline(screens + """

            transitions: [{ from: a, to: b, style: slide-up-modal, curve: linear, duration: 0.2 }]
            timeline: [{ at: 0.1, present: b }]
            """)
        let ids = t.state(at: 0.2).layers.map(\.id)
        XCTAssertFalse(ids.contains("navigationBar/b/title"), "b is not in a's navigation controller")
        let order = ["a", "navigationBar", "dimming", "b", "b/navigationBar"].map { ids.firstIndex(of: $0) ?? -1 }
        XCTAssertEqual(order, order.sorted(), "\(ids)")
        XCTAssertFalse(order.contains(-1), "\(ids)")
        let sheetBar = try XCTUnwrap(t.state(at: 0.2).layers.first { $0.id == "b/navigationBar" })
        XCTAssertEqual(sheetBar.frame.minY, 400, accuracy: 1e-9, "a presented screen's bar moves with it")
    }

    func testDrawerIsLaidOutAtItsWidth() throws {
        let t = try timeline(screens + """

            transitions: [{ from: a, to: b, style: side-drawer }]
            timeline: [{ at: 0.1, present: b }]
            """)
        let open = t.state(at: 5).layers
        let drawer = try XCTUnwrap(open.first { $0.id == "b" })
        XCTAssertEqual(drawer.frame, Rect(x: 0, y: 0, width: 320, height: 800))
        guard case .part(let part) = drawer.content else { return XCTFail("\(drawer.content)") }
        XCTAssertEqual(part.layout.size, Size(width: 320, height: 800), "laid out, not cropped")
        let label = try XCTUnwrap(open.first { $0.id == "b/name" })
        XCTAssertEqual(label.frame.width, 280, accuracy: 1e-9, "flexible width: 360 − (400 − 320)")
        let grid = try XCTUnwrap(open.first { $0.id == "b/photos" })
        XCTAssertEqual(grid.frame.width, 320, "a list or grid without a frame takes the container's width")
    }

    func testZoomDetailIsLaidOutAtEachFrameSizeOrScaledOnRequest() throws {
        let zoom = screens + """

            transitions: [{ from: b, to: a, style: zoom-from-cell, cell: { list: photos }, curve: linear, duration: 0.2%@ }]
            root: b
            timeline: [{ at: 0.1, push: a }]
            """
        let laidOut = try timeline(zoom.replacingOccurrences(of: "%@", with: "")).state(at: 0.2).layers
        let card = try XCTUnwrap(laidOut.first { $0.id == "a" })
        guard case .part(let part) = card.content else { return XCTFail("\(card.content)") }
        XCTAssertEqual(part.layout.size, card.frame.size, "the detail view's frame animates: laid out at that size")
        XCTAssertTrue(card.transform.isTranslation)
        XCTAssertLessThan(part.layout.safeAreaTop, 59, "the safe area is where it falls in the card")

        let scaled = try timeline(zoom.replacingOccurrences(of: "%@", with: ", detailContent: scale")).state(at: 0.2).layers
        let clip = try XCTUnwrap(scaled.first { $0.id == "a" })
        let content = try XCTUnwrap(scaled.first { $0.id == "a/content" })
        guard case .part(let full) = content.content else { return XCTFail("\(content.content)") }
        XCTAssertEqual(full.layout.size, Size(width: 400, height: 800), "laid out once at full size")
        XCTAssertEqual(content.transform.a, max(clip.frame.width / 400, clip.frame.height / 800), accuracy: 1e-9,
                       "scaled to cover the card")
    }

    func testAutoresizingSharesTheChangeAmongFlexibleParts() {
        let frame = Rect(x: 20, y: 100, width: 360, height: 40)
        let written = Size(width: 400, height: 800), narrow = Size(width: 320, height: 400)
        // Table: mask → laid-out frame in a 320 × 400 container (UIView.AutoresizingMask semantics).
        let rows: [(Autoresizing, Rect)] = [
            ([], frame),
            ([.flexibleWidth], Rect(x: 20, y: 100, width: 280, height: 40)),
            ([.flexibleLeftMargin], Rect(x: -60, y: 100, width: 360, height: 40)),
            ([.flexibleLeftMargin, .flexibleRightMargin], Rect(x: -20, y: 100, width: 360, height: 40)),
            ([.flexibleTopMargin, .flexibleBottomMargin], Rect(x: 20, y: 100 - 400 * 100 / 760, width: 360, height: 40)),
            ([.flexibleHeight], Rect(x: 20, y: 100, width: 360, height: 0)),
        ]
        for (mask, expected) in rows {
            let got = mask.frame(frame, writtenIn: written, laidOutIn: narrow)
            XCTAssertEqual(got.x, expected.x, accuracy: 1e-9, "\(mask)")
            XCTAssertEqual(got.y, expected.y, accuracy: 1e-9, "\(mask)")
            XCTAssertEqual(got.width, expected.width, accuracy: 1e-9, "\(mask)")
            XCTAssertEqual(got.height, expected.height, accuracy: 1e-9, "\(mask)")
        }
    }
}
