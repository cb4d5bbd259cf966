import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// `largestUndimmedDetent` ([DOC] `UISheetPresentationController`: "the largest detent that
/// doesn't dim the view underneath the sheet"): a Maps-like card at its medium detent leaves the
/// map undimmed; dragged up to the large detent the dimming comes in, all of it (the presenter
/// behind a large sheet: 0.1 black, `overlayAlpha`) by the large detent.
final class UndimmedDetentTests: XCTestCase {
    func timeline(_ undimmed: String?) throws -> Timeline {
        try Timeline(yaml: """
            device: iphone-15
            fps: 60
            screens:
              map: { background: systemGreen }
              card: { background: systemBackground }
            root: map
            transitions:
              - { from: map, to: card, style: page-sheet, detents: medium-large\(undimmed.map { ", largestUndimmedDetent: \($0)" } ?? "") }
            timeline:
              - { at: 0.1, present: card }
              - { at: 1.5, pan: [[0, 196, 500], [0.1, 196, 400], [0.2, 196, 200], [0.3, 196, 150], [0.5, 196, 150]], expect: { detent: large } }
            """)
    }

    func dimming(_ state: FrameState) -> Double {
        state.layers.first { $0.id == "dimming" }?.alpha ?? 0
    }

    func testTheMapIsNotDimmedAtOrBelowTheUndimmedDetent() throws {
        let medium = try timeline("medium"), plain = try timeline(nil)
        // Presented to its medium detent: plain dims by 0.2, the undimmed card not at all.
        for time in stride(from: 0.1, through: 1.4, by: 0.1) {
            XCTAssertEqual(dimming(medium.state(at: time)), 0, "t = \(time)")
        }
        XCTAssertEqual(dimming(plain.state(at: 1.4)), 0.2, accuracy: 1e-9)
        // At the large detent both show the presenter's overlay behind a large sheet.
        XCTAssertEqual(dimming(medium.state(at: 4)), 0.1, accuracy: 1e-9)
        XCTAssertEqual(dimming(plain.state(at: 4)), 0.1, accuracy: 1e-9)
        // On the way up it comes in, never more than it is at the top.
        var previous = 0.0, risen = false
        for frame in 0..<medium.frameCount where medium.time(ofFrame: frame) > 1.5 {
            let d = dimming(medium.state(frame: frame))
            XCTAssertLessThanOrEqual(d, 0.1 + 1e-9)
            if d > previous + 1e-6 { risen = true }
            previous = d
        }
        XCTAssertTrue(risen)
        // `large`: never dimmed.
        let large = try timeline("large")
        for frame in 0..<large.frameCount {
            XCTAssertEqual(dimming(large.state(frame: frame)), 0, "frame \(frame)")
        }
    }

    /// Where nothing dims, the view underneath takes touches ([DOC] nil "adds a noninteractive
    /// dimming view underneath the sheet at all detents"): a pan on the map above the medium card
    /// scrolls the map, as in Maps; with the dimming view (no `largestUndimmedDetent`), or above a
    /// large sheet, it reaches nothing.
    func testThePresenterTakesTouchesAroundAnUndimmedSheet() throws {
        let up = "[[0, 196, 350], [0.1, 196, 300], [0.2, 196, 200], [0.3, 196, 150], [0.4, 196, 150], [0.5, 196, 150]]"
        func timeline(_ undimmed: String?, detents: String = "medium", pan: String = up, expect: String) throws -> Timeline {
            try Timeline(yaml: """
                device: iphone-15
                fps: 60
                screens:
                  map:
                    content: [{ scroll: { id: map, frame: [0, 0, 393, 852], content: [{ rect: { frame: [0, 0, 393, 3000], fill: systemGreen } }] } }]
                  card: { background: systemBackground }
                root: map
                transitions:
                  - { from: map, to: card, style: page-sheet, detents: \(detents)\(undimmed.map { ", largestUndimmedDetent: \($0)" } ?? "") }
                timeline:
                  - { at: 0.1, present: card }
                  - { at: 1.5, pan: \(pan), expect: \(expect) }
                """)
        }
        func mapOffset(_ t: Timeline) -> Double { t.state(at: t.duration).layers.first { $0.id == "map/map" }?.contentOffset?.y ?? 0 }
        let maps = try timeline("medium", expect: "scroll")
        XCTAssertEqual(mapOffset(maps), 200 - 10, accuracy: 1, "the finger's 200 pt less the pan's 10 pt slop, lifted still")
        XCTAssertEqual(maps.navigation(at: maps.duration).stack, ["map", "card"])
        XCTAssertEqual(mapOffset(try timeline(nil, expect: "nothing")), 0)
        XCTAssertThrowsError(try timeline(nil, expect: "scroll"))
        // A large sheet leaves 68 pt above it: a finger there is on the receded presenter, which a large sheet always dims.
        let above = "[[0, 196, 20], [0.1, 196, 40], [0.2, 196, 60], [0.3, 196, 60], [0.4, 196, 60]]"
        XCTAssertEqual(mapOffset(try timeline("medium", detents: "large", pan: above, expect: "nothing")), 0)
    }
}
