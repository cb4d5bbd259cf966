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

    /// A tap above the undimmed card reaches the map too: on the map still decelerating after a
    /// flick it stops it (a touch on a moving scroll view only stops it), on a row of the map's
    /// list bound to a presentation it starts nothing — the map is presenting the card, and UIKit
    /// presents nothing more from it — and elsewhere it lands on the map, where nothing acts. Each
    /// says so, and `expect: finish` on such a tap is an error. With the dimming view (no
    /// `largestUndimmedDetent`) the same taps reach nothing of the map.
    func testTapsAboveAnUndimmedSheetReachThePresenter() throws {
        func scene(_ undimmed: Bool, _ moves: String) -> String {
            """
            device: iphone-15
            fps: 60
            screens:
              map:
                content: [{ list: { id: places, rows: [\(Array(repeating: "Café", count: 60).joined(separator: ", "))] } }]
              card: { background: systemBackground }
              place: { background: systemBackground }
            root: map
            transitions:
              - { from: map, to: card, style: page-sheet, detents: medium\(undimmed ? ", largestUndimmedDetent: medium" : "") }
              - { from: map, to: place, style: page-sheet, tap: { list: places } }
            timeline:
              - { at: 0.1, present: card }
            \(moves)
            """
        }
        let flick = "  - { at: 1.5, swipe: { from: [196, 400], to: [196, 150], duration: 0.1, hold: 0 }, expect: scroll }\n"
        let stopped = try Timeline(yaml: scene(true, flick + "  - { at: 1.8, tap: [196, 300] }"))
        let offset = { (t: Double) in stopped.state(at: t).layers.first { $0.id == "map/places" }?.contentOffset?.y ?? 0 }
        XCTAssertGreaterThan(offset(1.8), 250, "the flick scrolled the map's list")
        XCTAssertEqual(offset(2.5), offset(1.85), accuracy: 0.5, "the tap stopped it where it was")
        let stops = sceneMessages(scene(true, flick + "  - { at: 1.8, tap: [196, 300], expect: finish }"))
        XCTAssertTrue(stops.first?.contains("stops 'places', which was still scrolling at 1.8") ?? false, "\(stops)")

        let row = try Timeline(yaml: scene(true, "  - { at: 1.5, tap: [196, 200], expect: nothing }"))
        XCTAssertEqual(row.navigation(at: row.duration).stack, ["map", "card"])
        let refused = sceneMessages(scene(true, "  - { at: 1.5, tap: [196, 200], expect: finish }"))
        XCTAssertTrue(refused.first?.contains("it taps item 3 of 'places' on 'map' beside the sheet 'card' (undimmed at this detent), but 'map' is presenting 'card', and UIKit presents nothing more from it") ?? false, "\(refused)")
        let dimmed = sceneMessages(scene(false, "  - { at: 1.5, tap: [196, 200], expect: finish }"))
        XCTAssertEqual(dimmed.count, 1)
        XCTAssertFalse(dimmed.first?.contains("'map'") ?? true, "with the dimming view the tap reaches nothing of the map: \(dimmed)")
        XCTAssertEqual(sceneMessages(scene(false, "  - { at: 1.5, tap: [196, 200], expect: nothing }")), [])
    }
}
