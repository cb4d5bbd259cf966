@testable import Engine
import Foundation
import Geometry
import Interaction
import RenderTree
import Scene
import XCTest

/// Right-to-left (docs/uikit-semantics.md#right-to-left): UIKit's own transitions mirror as a
/// whole — every node's frame of a right-to-left frame is the left-to-right frame's mirrored —
/// the back swipe comes from the right edge and decides on the projection with the velocity's
/// sign turned, the tutorials' absolute-x styles play as their code runs unless told to
/// mirror, and timelines say what they mean in either direction or are refused, located.
final class RightToLeftTests: XCTestCase {
    let width = 400.0

    func load(_ text: String, direction: LayoutDirection? = nil) throws -> Scene {
        try SceneLoader.load(text: text, file: "rtl.yaml", name: "rtl", traits: SceneTraits(layoutDirection: direction))
    }

    /// A scene of `transitions` and `timeline` on a 400 × 800 pt screen, with a navigation bar
    /// and a list on each screen.
    func scene(_ transitions: String, _ timeline: String, extra: String = "") -> String {
        """
        size: [400, 800]
        scale: 1
        fps: 60
        tail: 0.2
        \(extra)
        screens:
          a:
            navigationBar: { title: Settings, largeTitle: true, trailing: [{ symbol: plus, action: { present: c } }] }
            content:
              - rect: { id: card, frame: [16, 200, 120, 80], fill: systemBlue, cornerRadius: 12 }
              - list: { id: rows, frame: [0, 300, 400, 300], style: insetGrouped, sections: [{ rows: [{ title: Wi-Fi }, { title: Battery }] }] }
          b:
            navigationBar: { title: Wi-Fi, back: Settings }
            content:
              - rect: { frame: [40, 160, 100, 100], fill: systemRed }
          c:
            navigationBar: { title: Sheet }
            content:
              - rect: { frame: [20, 120, 60, 60], fill: systemGreen }
        root: a
        transitions:
        \(transitions)
        timeline:
        \(timeline)
        """
    }

    /// Every node's on-screen frame, by id, with its alpha.
    func frames(_ state: FrameState) -> [String: (Rect, Double)] {
        Dictionary(state.layers.map { ($0.id, ($0.frame, $0.alpha)) }, uniquingKeysWith: { a, _ in a })
    }

    /// Asserts every frame of `rtl` is `ltr`'s mirrored: the same nodes, each frame mirrored
    /// across the screen, the same alphas, phases and progress, the fingers mirrored.
    func assertMirrored(_ ltr: Timeline, _ rtl: Timeline, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(ltr.frameCount, rtl.frameCount, "\(label): frame count", file: file, line: line)
        for index in 0..<min(ltr.frameCount, rtl.frameCount) {
            let a = ltr.state(frame: index), b = rtl.state(frame: index)
            XCTAssertEqual(a.transition, b.transition, "\(label) frame \(index)", file: file, line: line)
            XCTAssertEqual(a.phase, b.phase, "\(label) frame \(index)", file: file, line: line)
            XCTAssertEqual(a.progress ?? -1, b.progress ?? -1, accuracy: 1e-9, "\(label) frame \(index)", file: file, line: line)
            XCTAssertEqual(a.touches.map { Point(x: width - $0.x, y: $0.y) }, b.touches, "\(label) frame \(index): fingers", file: file, line: line)
            let fa = frames(a), fb = frames(b)
            XCTAssertEqual(Set(fa.keys), Set(fb.keys), "\(label) frame \(index): nodes", file: file, line: line)
            for (id, (rect, alpha)) in fa {
                guard let (other, otherAlpha) = fb[id] else { continue }
                XCTAssertEqual(other.x, width - rect.x - rect.width, accuracy: 1e-6, "\(label) frame \(index): \(id) x", file: file, line: line)
                XCTAssertEqual(other.y, rect.y, accuracy: 1e-6, "\(label) frame \(index): \(id) y", file: file, line: line)
                XCTAssertEqual(other.width, rect.width, accuracy: 1e-6, "\(label) frame \(index): \(id) width", file: file, line: line)
                XCTAssertEqual(other.height, rect.height, accuracy: 1e-6, "\(label) frame \(index): \(id) height", file: file, line: line)
                XCTAssertEqual(otherAlpha, alpha, accuracy: 1e-9, "\(label) frame \(index): \(id) alpha", file: file, line: line)
            }
        }
    }

    /// UIKit's own styles — the push and its back swipe, a page sheet dragged between detents,
    /// a cover, a dissolve, the zoom — played right to left are the left-to-right frames
    /// mirrored, frame by frame, with a timeline written once (leading edges, taps by target).
    func testSystemStylesMirrorFrameByFrame() throws {
        let cases: [(String, String)] = [
            ("  - { from: a, to: b, style: system-push, tap: { list: rows, index: 0 } }",
             """
               - { at: 0.2, tap: { list: rows, index: 0 } }
               - { at: 1.2, swipe: { edge: leading, distance: "30%", velocity: 0 }, expect: cancel }
               - { at: 2.4, swipe: { edge: leading, distance: "60%", velocity: 300 }, expect: finish }
             """),
            ("  - { from: a, to: c, style: page-sheet, detents: medium-large }",
             """
               - { at: 0.2, tap: { barItem: plus } }
               - { at: 1.2, swipe: { direction: up, from: [200, 560], distance: 250, velocity: 800 }, expect: detent }
               - { at: 2.4, swipe: { direction: down, from: [200, 200], distance: 500, velocity: 2000 }, expect: finish }
             """),
            ("  - { from: a, to: c, style: full-screen-cover }", "  - { at: 0.2, present: c }\n  - { at: 1.0, dismiss: true }"),
            ("  - { from: a, to: c, style: cross-dissolve }", "  - { at: 0.2, present: c }\n  - { at: 1.0, dismiss: true }"),
            ("  - { from: a, to: b, style: zoom, cell: { list: rows, index: 1 } }", "  - { at: 0.2, push: b }\n  - { at: 1.2, pop: true }"),
        ]
        for (transitions, timeline) in cases {
            let text = scene(transitions, timeline)
            let ltr = try Timeline(scene: try load(text))
            let rtl = try Timeline(scene: try load(text, direction: .rightToLeft))
            assertMirrored(ltr, rtl, transitions)
        }
    }

    /// The back swipe comes from the right edge: from the right it pops, from the left it does
    /// nothing (and says so); and over a grid of releases, each one's decision right to left is
    /// the mirrored swipe's left to right — the pop's projection with the velocity's sign turned.
    func testBackSwipeComesFromTheRightEdgeAndDecidesAsMirrored() throws {
        let push = "  - { from: a, to: b, style: system-push }"
        let rtl = "layoutDirection: rightToLeft"
        XCTAssertEqual(sceneMessages(scene(push, """
              - { at: 0.2, push: b }
              - { at: 1.2, swipe: { edge: right, distance: "60%", velocity: 400 }, expect: finish }
            """, extra: rtl)), [])
        XCTAssertEqual(sceneMessages(scene(push, """
              - { at: 0.2, push: b }
              - { at: 1.2, swipe: { edge: left, distance: "60%", velocity: 400 }, expect: nothing }
            """, extra: rtl)), [])
        let wrong = sceneMessages(scene(push, """
              - { at: 0.2, push: b }
              - { at: 1.2, swipe: { edge: left, distance: "60%", velocity: 400 }, expect: finish }
            """, extra: rtl))
        XCTAssertEqual(wrong.count, 1, "\(wrong)")

        var finishes = 0, cancels = 0
        for distance in [15.0, 30, 45, 60, 75] {
            for velocity in [0.0, 150, 400, 900] {
                let swipe = "  - { at: 0.2, push: b }\n  - { at: 1.2, swipe: { edge: %@, distance: \"\(distance)%%\", velocity: \(velocity) } }"
                let ltr = try Timeline(scene: try load(scene(push, String(format: swipe, "left").replacingOccurrences(of: "%%", with: "%"))))
                let mirrored = try Timeline(scene: try load(scene(push, String(format: swipe, "right").replacingOccurrences(of: "%%", with: "%"),
                                                                  extra: rtl)))
                let a = ltr.replayed.last?.driver.completion, b = mirrored.replayed.last?.driver.completion
                XCTAssertNotNil(a, "\(distance) % at \(velocity) pt/s")
                XCTAssertEqual(a?.finished, b?.finished, "\(distance) % at \(velocity) pt/s")
                XCTAssertEqual(a?.time ?? -1, b?.time ?? -2, accuracy: 1e-9, "\(distance) % at \(velocity) pt/s")
                if a?.finished == true { finishes += 1 } else { cancels += 1 }
            }
        }
        XCTAssertGreaterThan(finishes, 0, "the grid holds releases on both sides of the decision")
        XCTAssertGreaterThan(cancels, 0, "the grid holds releases on both sides of the decision")
    }

    /// The side-drawer tutorial's code places the drawer at x = 0 and opens on a rightward drag
    /// (`frame.origin.x = -width`, `translation.x`): so it plays right to left, its content
    /// mirrored; `mirrorsInRightToLeft: true` plays it from the right, opened by a leftward drag.
    func testTutorialStylePlaysAsItsCodeRunsUnlessToldToMirror() throws {
        func drawer(_ setting: String, swipe: String) throws -> Rect? {
            let text = scene("  - { from: a, to: c, style: side-drawer\(setting) }", """
                  - { at: 0.2, swipe: { direction: \(swipe), from: [200, 400], distance: 250, velocity: 800 }, expect: finish }
                """, extra: "layoutDirection: rightToLeft")
            let timeline = try Timeline(scene: try load(text))
            return timeline.state(at: 2).layers.first { $0.id == "c" }?.frame
        }
        let asWritten = try XCTUnwrap(drawer("", swipe: "right"))
        XCTAssertEqual(asWritten.minX, 0, accuracy: 1e-9, "the tutorial's drawer is at the screen's left")
        XCTAssertEqual(asWritten.width, 320, accuracy: 1e-9)
        let mirrored = try XCTUnwrap(drawer(", mirrorsInRightToLeft: true", swipe: "left"))
        XCTAssertEqual(mirrored.maxX, width, accuracy: 1e-9, "mirrored, the drawer comes in from the right")
        XCTAssertEqual(mirrored.width, 320, accuracy: 1e-9)
        // As written, a leftward drag drives it below zero: the release cancels.
        XCTAssertEqual(sceneMessages(scene("  - { from: a, to: c, style: side-drawer }", """
              - { at: 0.2, swipe: { direction: left, from: [200, 400], distance: 250, velocity: 800 }, expect: cancel }
            """, extra: "layoutDirection: rightToLeft")), [])
    }

    /// The scale-fade tutorial dismisses from `edges = .left`, the screen's left edge, under
    /// right-to-left too; mirrored on request, from the right edge.
    func testTutorialEdgePanKeepsItsScreenEdge() {
        func messages(_ setting: String, edge: String, expect: String) -> [String] {
            sceneMessages(scene("  - { from: a, to: c, style: scale-fade-modal\(setting) }", """
                  - { at: 0.2, present: c }
                  - { at: 1.5, swipe: { edge: \(edge), distance: 300, velocity: 500 }, expect: \(expect) }
                """, extra: "layoutDirection: rightToLeft"))
        }
        XCTAssertEqual(messages("", edge: "left", expect: "finish"), [])
        XCTAssertEqual(messages("", edge: "right", expect: "nothing"), [])
        XCTAssertEqual(messages(", mirrorsInRightToLeft: true", edge: "right", expect: "finish"), [])
        XCTAssertEqual(messages(", mirrorsInRightToLeft: true", edge: "left", expect: "nothing"), [])
    }

    /// Played in the other direction than written, an entry whose meaning depends on it is a
    /// located error (naming what to write instead) unless the scene mirrors its timeline; a
    /// point on the centre line, leading and trailing, and taps by target play either way.
    func testTimelineWrittenOnceOrRefusedLocated() throws {
        let push = "  - { from: a, to: b, style: system-push }"
        let swipe = "  - { at: 0.2, push: b }\n  - { at: 1.2, swipe: { from: [4, 400], to: [300, 400], duration: 0.3 }, expect: finish }"
        XCTAssertNoThrow(try load(scene(push, swipe)))
        XCTAssertThrowsError(try load(scene(push, swipe), direction: .rightToLeft)) { error in
            let message = (error as? SceneError)?.description ?? ""
            XCTAssertTrue(message.contains("rtl.yaml:"), message)
            XCTAssertTrue(message.contains("depends on the layout direction"), message)
            XCTAssertTrue(message.contains("mirrorTimeline"), message)
        }
        // mirrorTimeline: the written swipe mirrors with the layout, and pops from the right edge.
        let mirrored = try Timeline(scene: try load(scene(push, swipe, extra: "mirrorTimeline: true"), direction: .rightToLeft))
        XCTAssertEqual(mirrored.replayed.last?.driver.completion?.finished, true)
        let touched = (0..<mirrored.frameCount).map { mirrored.state(frame: $0) }.first { !$0.touches.isEmpty }
        XCTAssertEqual(try XCTUnwrap(touched?.touches.first).x, width - 4, accuracy: 1e-9, "the finger is drawn at the right edge")
        // Taps at a point and edge swipes from a side are refused too; the centre line is not.
        for entry in ["{ at: 0.2, tap: [30, 100], expect: nothing }", "{ at: 0.2, swipe: { edge: right }, expect: nothing }",
                      "{ at: 0.2, swipe: { direction: left }, expect: nothing }"] {
            XCTAssertThrowsError(try load(scene(push, "  - \(entry)"), direction: .rightToLeft), entry)
        }
        XCTAssertNoThrow(try load(scene(push, "  - { at: 0.2, swipe: { direction: up, from: [200, 500] }, expect: nothing }"),
                                  direction: .rightToLeft))
        XCTAssertNoThrow(try load(scene(push, "  - { at: 0.2, swipe: { edge: leading }, expect: nothing }"), direction: .rightToLeft))
    }

    /// Bad layout directions are located, with a did-you-mean.
    func testBadDirectionIsLocatedWithDidYouMean() {
        let messages = sceneMessages(scene("  - { from: a, to: b, style: system-push }", "  - { at: 0.2, push: b }",
                                           extra: "layoutDirection: rightToleft\nvariants: { layoutDirection: [leftToright] }"))
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.allSatisfy { $0.hasPrefix("t.yaml:") && $0.contains("did you mean") }, "\(messages)")
    }
}
