import Engine
import Scene
import XCTest

/// A tapped row as `UITableView` shows it: highlighted from touch-down, selected under the
/// pushed screen, faded out with the pop's progress (`clearsSelectionOnViewWillAppear` animated
/// alongside the transition), back at full strength where a pop is cancelled, gone once popped.
final class RowSelectionTests: XCTestCase {
    private let scene = engineTestDevice + """
        screens:
          a: { content: [{ list: { id: rows, style: insetGrouped, rows: [One, Two] } }] }
          b: { background: systemGroupedBackground }
        root: a
        transitions: [{ from: a, to: b, style: system-push, tap: { list: rows } }]
        timeline:
          - { at: 0.2, tap: { list: rows, index: 1 } }
          # Held at a third of the way and let go slowly: the pop is cancelled.
          - at: 2
            pan: [[0, 4, 400], [0.2, 60, 400], [0.4, 120, 400], [0.6, 130, 400], [0.7, 130, 400]]
            expect: cancel
          - { at: 4, pop: true }

        """

    private func selection(_ t: Timeline, at time: Double) -> Double? {
        t.state(at: time).layers.first { $0.id == "a/selection" }?.alpha
    }

    func testTheRowIsSelectedFromTouchDownUntilThePopFadesIt() throws {
        let t = try Timeline(scene: try SceneLoader.load(text: scene, file: "t.yaml", name: "t"))
        XCTAssertNil(selection(t, at: 0.1), "not before the finger lands")
        XCTAssertEqual(selection(t, at: 0.22), 1, "highlighted on touch-down, before the push starts at the lift (0.28 s)")
        XCTAssertNil(t.state(at: 0.22).transition)
        XCTAssertEqual(selection(t, at: 0.4), 1, "selected through the push")
        // Interactive pop: the selection's opacity is how far the pushed screen still covers.
        let mid = t.state(at: 2.5)
        XCTAssertEqual(mid.phase, .interactive)
        let alpha = try XCTUnwrap(selection(t, at: 2.5))
        XCTAssertGreaterThan(alpha, 0.05)
        XCTAssertLessThan(alpha, 0.95)
        XCTAssertEqual(alpha, 1 - (mid.progress ?? -1), accuracy: 1e-9, "faded with the pop's progress")
        // Cancelled: back at full strength under b, and the real pop starts from there.
        XCTAssertEqual(selection(t, at: 4) ?? -1, 1, accuracy: 1e-9)
        XCTAssertNil(selection(t, at: 6), "cleared once a is uncovered")
        XCTAssertEqual(t.state(at: 6).layers.filter { $0.id.hasSuffix("/selection") }.count, 0)
    }

    func testAGridCellOrAnUnboundRowIsNotSelected() throws {
        let text = scene.replacingOccurrences(of: "list: { id: rows, style: insetGrouped, rows: [One, Two] }",
                                              with: "grid: { id: rows, cells: [{ color: systemRed }, { color: systemBlue }] }")
        let t = try Timeline(scene: try SceneLoader.load(text: text, file: "t.yaml", name: "t"))
        XCTAssertNil(selection(t, at: 0.22))
        XCTAssertNil(selection(t, at: 0.4))
    }
}
