@testable import Engine
import Geometry
import Motion
import Scene
import XCTest

/// Custom styles (`styles:`) in the timeline: keyframes, rotation, views moved by id, matched
/// elements, a direction's own layers, and the checks against the scene's screens.
final class CustomStyleTests: XCTestCase {
    let screens = """
        screens:
          a:
            content:
              - rect: { id: thumb, frame: [20, 100, 100, 100], fill: systemBlue }
          b:
            content:
              - rect: { id: photo, frame: [0, 200, 400, 300], fill: systemBlue }
              - label: { id: title, text: Hi, frame: [10, 600, 200, 30] }
        """

    func timeline(_ styles: String, _ timeline: String = "  - { at: 0, present: b }", style: String = "mine") throws -> Timeline {
        let text = """
            size: [400, 800]
            scale: 1
            fps: 100
            tail: 0
            \(screens)
            root: a
            styles:
            \(styles)
            transitions:
              - { from: a, to: b, style: \(style) }
            timeline:
            \(timeline)
            """
        return try Timeline(scene: SceneLoader.load(text: text, file: "c.yaml", name: "c"))
    }

    func node(_ timeline: Timeline, _ id: String, at time: Double) throws -> PlacedNode {
        try XCTUnwrap(timeline.state(at: time).layers.first { $0.id == id }, "\(id) at \(time)")
    }

    func testKeyframesEaseEachSegmentAndHoldOutsideThem() throws {
        // 1 s linear: the time is the amount.
        let t = try timeline("""
              mine:
                duration: 1
                curve: linear
                layers:
                  - node: from
                  - node: to
                    keyframes:
                      - { at: 0.2, alpha: 0, offset: [0, 100] }
                      - { at: 0.6, alpha: 1, curve: easeIn }
                      - { at: 1, offset: [0, 0] }
            """)
        XCTAssertEqual(try node(t, "b", at: 0.1).alpha, 0, accuracy: 1e-9)
        XCTAssertEqual(try node(t, "b", at: 0.4).alpha, CubicTimingCurve.easeIn.value(at: 0.5), accuracy: 1e-4)
        XCTAssertEqual(try node(t, "b", at: 0.8).alpha, 1, accuracy: 1e-9)
        // The offset runs linearly from 0.2 to 1.
        XCTAssertEqual(try node(t, "b", at: 0.6).frame.y, 50, accuracy: 1e-4)
        XCTAssertEqual(try node(t, "b", at: 0.1).frame.y, 100, accuracy: 1e-4)
    }

    func testRotationScaleAndViewsByID() throws {
        let t = try timeline("""
              mine:
                duration: 1
                curve: linear
                layers:
                  - node: from
                  - node: to
                    keyframes: [{ at: 0, rotation: 90, scale: 0.5 }, { at: 1, rotation: 0, scale: 1 }]
                  - node: to/title
                    keyframes: [{ at: 0, offset: [0, 40], alpha: 0, scale: 2 }, { at: 1, offset: [0, 0], alpha: 1, scale: 1 }]
            """)
        // Half way: rotated 45° about the center of a 0.75-scaled screen.
        let b = try node(t, "b", at: 0.5)
        let angle = Double.pi / 4, s = 0.75
        XCTAssertEqual(b.transform.a, s * cos(angle), accuracy: 1e-4)
        XCTAssertEqual(b.transform.b, s * sin(angle), accuracy: 1e-4)
        XCTAssertEqual(b.transform.c, -s * sin(angle), accuracy: 1e-4)
        let center = b.transform.apply(to: Point(x: 200, y: 400))
        XCTAssertEqual(center.x, 200, accuracy: 1e-4)
        XCTAssertEqual(center.y, 400, accuracy: 1e-4)
        // The title, inside the rotated screen, at scale 1.5, 20 pt down, half faded.
        let title = try node(t, "b/title", at: 0.5)
        XCTAssertEqual(title.alpha, 0.5, accuracy: 1e-6)
        let inScreen = try XCTUnwrap(t.state(at: 0.5).nodes.first { $0.id == "b" }?.children.first { $0.id == "b/title" })
        XCTAssertEqual(inScreen.transform.a, 1.5, accuracy: 1e-6)
        XCTAssertEqual(inScreen.transform.tx, 110 - 150, accuracy: 1e-6)
        XCTAssertEqual(inScreen.transform.ty, 615 + 20 - 22.5, accuracy: 1e-6)
        // At rest, nothing is left over.
        let rest = try node(t, "b/title", at: 2)
        XCTAssertEqual(rest.transform, AffineTransform(translationX: 10, y: 600))
    }

    func testScaleAndRotationKeepTheAnchorInPlace() throws {
        let t = try timeline("""
              mine:
                duration: 1
                curve: linear
                layers:
                  - node: from
                    anchor: [0.5, 0]
                    keyframes: [{ at: 0, scale: 1 }, { at: 1, scale: 0.5 }]
                  - node: to
                    anchor: [0, 1]
                    keyframes: [{ at: 0, rotation: 90 }, { at: 1, rotation: 0 }]
            """)
        // Scaled about its top middle: the top edge stays, centered.
        XCTAssertEqual(try node(t, "a", at: 0.5).frame, Rect(x: 50, y: 0, width: 300, height: 600))
        // Turned about its bottom-left corner, which stays put.
        let b = try node(t, "b", at: 0.5)
        let corner = b.transform.apply(to: Point(x: 0, y: 800))
        XCTAssertEqual(corner.x, 0, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 800, accuracy: 1e-9)
        XCTAssertEqual(b.transform.b, sin(Double.pi / 4), accuracy: 1e-9)
    }

    func testAMatchedElementFliesBetweenTheTwoViews() throws {
        let t = try timeline("""
              mine:
                duration: 1
                curve: linear
                layers:
                  - node: from
                  - node: to
                  - match: { from: from/thumb, to: to/photo, draws: to/photo }
                    keyframes: [{ at: 0, cornerRadius: 10 }, { at: 1, cornerRadius: 0 }]
            """)
        let ids = t.state(at: 0.5).layers.map(\.id)
        XCTAssertEqual(ids, ["a", "a/thumb", "b", "b/photo", "b/title", "match/b/photo", "match/b/photo/content"])
        let start = try node(t, "match/b/photo", at: 0), middle = try node(t, "match/b/photo", at: 0.5)
        XCTAssertEqual(start.frame, Rect(x: 20, y: 100, width: 100, height: 100))
        XCTAssertEqual(middle.frame.x, 10, accuracy: 1e-6)
        XCTAssertEqual(middle.frame.width, 250, accuracy: 1e-6)
        XCTAssertEqual(middle.cornerRadius, 5, accuracy: 1e-6)
        // The photo (400 × 300) covers the square it flies in, centered and clipped.
        let content = try node(t, "match/b/photo/content", at: 0)
        XCTAssertEqual(content.transform.a, 1 / 3, accuracy: 1e-6)
        XCTAssertEqual(content.frame.midX, 70, accuracy: 1e-6)
        XCTAssertEqual(content.content, .part(ScreenPart(screen: "b", kind: .view("photo"), layout: t.scene.device)))
        // Both matched views are hidden while it flies, and shown once the transition is over.
        XCTAssertEqual(try node(t, "a/thumb", at: 0.5).alpha, 0)
        XCTAssertEqual(try node(t, "b/photo", at: 0.5).alpha, 0)
        XCTAssertEqual(try node(t, "b/photo", at: 1.5).alpha, 1)
        XCTAssertNil(t.state(at: 1.5).layers.first { $0.id.hasPrefix("match/") })
    }

    func testTheWayBackMayHaveItsOwnLayers() throws {
        let t = try timeline("""
              mine:
                duration: 1
                curve: linear
                layers:
                  - node: from
                  - node: to
                    keyframes: [{ at: 0, offset: [0, "100%"] }, { at: 1, offset: [0, 0] }]
                back:
                  layers:
                    - node: from
                    - node: to
                      keyframes: [{ at: 0, alpha: 0 }, { at: 1, alpha: 1 }]
            """, "  - { at: 0, present: b }\n  - { at: 2, dismiss: true }")
        XCTAssertEqual(try node(t, "b", at: 0.5).frame.y, 400, accuracy: 1e-6)
        XCTAssertEqual(try node(t, "b", at: 2.25).frame.y, 0, accuracy: 1e-6)
        XCTAssertEqual(try node(t, "b", at: 2.25).alpha, 0.75, accuracy: 1e-6)
    }

    func testUnknownViewsAndBuiltInNamesAreLocatedErrors() {
        XCTAssertThrowsError(try timeline("""
              mine:
                layers:
                  - node: from
                  - match: { from: from/thumbnail, to: to/photo }
                  - node: to
                    keyframes: [{ at: 0, frame: to/poster }, { at: 1, frame: full }]
            """)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("c.yaml:18:9: error: 'from/thumbnail': screen 'a' (the 'from' of the transition at line 22) has no top-level view with id 'thumbnail'; its views with ids are: thumb"), text)
            XCTAssertEqual(text.components(separatedBy: "c.yaml:18:9").count, 2, "one error per mistake: \(text)")
            XCTAssertTrue(text.contains("c.yaml:20:21: error: 'to/poster': screen 'b'"), text)
        }
        XCTAssertThrowsError(try timeline("  cover-from-left: { layers: [{ node: from }] }", style: "cover-from-left")) { error in
            XCTAssertTrue("\(error)".contains("c.yaml:15:3: error: the style 'cover-from-left' is built in"), "\(error)")
        }
        XCTAssertThrowsError(try timeline("  mine: { layers: [{ node: from }, { node: to/title }] }")) { error in
            XCTAssertTrue("\(error)".contains("moves inside the 'to' screen, which is not among these layers"), "\(error)")
        }
    }

    func testTheCellSettingExistsOnlyWhereAFrameReadsIt() throws {
        func scene(_ frame: String) throws -> Timeline {
            let text = """
                size: [400, 800]
                scale: 1
                fps: 100
                tail: 0
                screens:
                  a: { content: [{ grid: { id: g, columns: 2, cells: [{ color: systemRed }, { color: systemGreen }, { color: systemBlue }] } }] }
                  b: {}
                styles:
                  mine:
                    presentation: navigation
                    duration: 1
                    curve: linear
                    layers: [{ node: from }, { node: to, layout: frame, keyframes: [{ at: 0, frame: \(frame) }, { at: 1, frame: full }] }]
                transitions:
                  - { from: a, to: b, style: mine, cell: { list: g } }
                timeline:
                  - { at: 0.5, tap: [300, 100] }
                """
            return try Timeline(scene: SceneLoader.load(text: text, file: "g.yaml", name: "g"))
        }
        // A tap on the second cell grows the screen out of it.
        let t = try scene("cell")
        let b = try node(t, "b", at: 0.58)
        XCTAssertEqual(b.frame.width, 200, accuracy: 1)
        XCTAssertGreaterThan(b.frame.x, 190)
        XCTAssertThrowsError(try scene("[0, 0, 10, 10]")) { error in
            XCTAssertTrue("\(error)".contains("g.yaml:15:36: error: 'cell' is not a setting of mine; it takes no settings"), "\(error)")
        }
    }
}
