import Geometry
import Motion
import Scene
import XCTest

/// The `styles:` section: what it decodes to, and every mistake at its line and column.
final class CustomStyleDecoderTests: XCTestCase {
    func scene(_ styles: String) -> String {
        """
        size: [400, 800]
        screens: { a: {}, b: {} }
        styles:
        \(styles)
        transitions:
          - { from: a, to: b, style: mine }
        """
    }

    func load(_ text: String) throws -> Scene {
        try SceneLoader.load(text: text, file: "s.yaml", name: "s")
    }

    func diagnostics(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        rejection({ try load(text) }, file: file, line: line)
    }

    /// Fails for each of `messages` that no diagnostic starts with.
    func assertContains(_ errors: [String], _ messages: [String], file: StaticString = #filePath, line: UInt = #line) {
        for message in messages {
            XCTAssertTrue(errors.contains { $0.hasPrefix(message) }, "missing: \(message)\nin:\n\(errors.joined(separator: "\n"))",
                          file: file, line: line)
        }
    }

    func testAFullStyleDecodes() throws {
        let scene = try load(scene("""
              mine:
                presentation: [navigation, modal]
                spring: { dampingRatio: 0.8, duration: 0.5 }
                scrubbing: layer
                resting: all
                layers:
                  - node: below
                    keyframes: [{ at: 0, offset: [0, 0] }, { at: 1, offset: ["-30%", 10], scale: [0.9, 0.8], rotation: 5, curve: easeOut }]
                  - { node: dimming, color: "#FF0000", keyframes: [{ at: 0, alpha: 0 }, { at: 1, alpha: 0.4 }] }
                  - node: to
                    layout: frame
                    shadow: { radius: 6, opacity: 0.5 }
                    keyframes: [{ at: 0, frame: cell, cornerRadius: "50%" }, { at: 1, frame: full, shadowOpacity: 1 }]
                  - match: { from: cell, to: to/photo, curve: [0.2, 0, 0.2, 1] }
                back:
                  layers: [{ node: from }, { node: to, keyframes: [{ at: 0, alpha: 0 }, { at: 1, alpha: 1 }] }]
                  gesture:
                    recognizer: edgePan
                    edge: right
                    edgeZone: 20
                    beginsMoving: left
                    progress: { translation: x, distance: 250, direction: negative, readIn: to }
                    finish: { atLeast: 0.4, velocity: 500, flick: 1500 }
                    autoFinish: 0.9
                    completionCurve: linear
                    completionSpeed: 2
                    interruptible: true
            """))
        let style = try XCTUnwrap(scene.styles.first)
        XCTAssertEqual(style.name, "mine")
        XCTAssertEqual(style.location.line, 4)
        XCTAssertEqual(style.location.column, 3)
        XCTAssertEqual(style.presentations, [.navigation, .modal])
        XCTAssertEqual(style.timing, .spring(Spring(dampingRatio: 0.8, duration: 0.5)))
        XCTAssertEqual(style.resting, .all)
        XCTAssertEqual(style.layers.count, 4)
        XCTAssertEqual(style.layers[0].node, .screen(.from))
        XCTAssertEqual(style.layers[0].keyframes[1].offset, [.percent(-30), .points(10)])
        XCTAssertEqual(style.layers[0].keyframes[1].scale, [0.9, 0.8])
        XCTAssertEqual(style.layers[0].keyframes[1].rotation, 5)
        XCTAssertEqual(style.layers[0].keyframes[1].curve, .easeOut)
        XCTAssertEqual(style.layers[1].node, .fill("dimming", Color(hex: "#FF0000") ?? .black))
        XCTAssertEqual(style.layers[2].layout, .frame)
        XCTAssertEqual(style.layers[2].shadow, ShadowSpec(radius: 6, opacity: 0.5))
        XCTAssertEqual(style.layers[2].keyframes[0].frame, .cell)
        XCTAssertEqual(style.layers[2].keyframes[0].cornerRadius, .percent(50))
        guard case .match(let match) = style.layers[3].node else { return XCTFail("a match") }
        XCTAssertEqual(match.from, .cell)
        XCTAssertEqual(match.to, .view(.to, "photo"))
        XCTAssertEqual(match.draws.id, "photo")
        XCTAssertEqual(style.layers[3].layout, .fill)
        XCTAssertTrue(style.usesCell)
        XCTAssertEqual(style.back.layers?.count, 2)
        let gesture = try XCTUnwrap(style.back.gesture)
        XCTAssertEqual(gesture.recognizer, .edgePan(.right, zone: 20))
        XCTAssertEqual(gesture.region, .anywhere)
        XCTAssertEqual(gesture.beginsMoving, .left)
        XCTAssertEqual(gesture.progress, .translation(.x, distance: .points(250), direction: .negative, readIn: .to))
        XCTAssertEqual(gesture.finish, GestureSpec.Finish(threshold: 0.4, inclusive: true, velocity: 500, flick: 1500))
        XCTAssertEqual(gesture.autoFinish, 0.9)
        XCTAssertEqual(gesture.completionCurve, .linear)
        XCTAssertEqual(gesture.completionSpeed, 2)
        XCTAssertTrue(gesture.interruptible)
        XCTAssertNil(style.forward.gesture)
    }

    func testDefaults() throws {
        let style = try XCTUnwrap(load(scene("  mine: { layers: [{ node: from }, { node: to }] }")).styles.first)
        XCTAssertEqual(style.presentations, [.modal])
        XCTAssertEqual(style.timing, .cubic(.easeInOut, duration: 0.3))
        XCTAssertEqual(style.scrubbing, .animator)
        XCTAssertEqual(style.resting, .top)
        XCTAssertEqual(style.layers[1].layout, .scaled)
        XCTAssertFalse(style.usesCell)
        let region = try XCTUnwrap(load(scene("  mine: { layers: [{ node: to }], back: { gesture: { beginsIn: [0, 0, 200, 400] } } }")).styles.first)
        XCTAssertEqual(region.back.gesture?.region, .rect(Rect(x: 0, y: 0, width: 200, height: 400)))
        XCTAssertEqual(region.back.gesture?.recognizer, .pan)
        XCTAssertEqual(region.back.gesture?.finish, GestureSpec.Finish(threshold: 0.5))
    }

    func testMistakesAreLocated() {
        let errors = diagnostics(scene("""
              mine:
                presentation: sideways
                curve: bouncy
                scrubbing: layers
                layers:
                  - node: tto
                  - node: to/
                  - { node: to, color: black }
                  - node: from
                    keyframes:
                      - { at: 0.5, alpha: 2 }
                      - { at: 0.2, offset: [0] }
                      - { at: 1 }
                      - { at: 1.5, frame: somewhere }
                  - match: { from: cell }
                forward:
                  gesture: { recognizer: swipe, beginsIn: middle, progress: { translation: z }, finish: {}, follow: { spring: { dampingRatio: 1, duration: 1 } } }
                sideways: true
            """))
        let expected = [
            "s.yaml:5:19: error: unknown presentation 'sideways'",
            "s.yaml:6:12: error: unknown curve 'bouncy'",
            "s.yaml:7:16: error: unknown scrubbing 'layers' (did you mean 'layer'?)",
            "s.yaml:9:15: error: unknown node 'tto' (did you mean 'to'?)",
            "s.yaml:10:15: error: expected node as from/<view id> or to/<view id>",
            "s.yaml:11:21: error: 'color' is for fill nodes",
            "s.yaml:14:31: error: alpha must be between 0 and 1, found 2",
            "s.yaml:15:32: error: expected offset [dx, dy] (a list of 2 lengths",
            "s.yaml:15:13: error: keyframe 'at' values must increase: 0.2 comes after 0.5",
            "s.yaml:16:13: error: a keyframe sets at least one of",
            "s.yaml:17:19: error: keyframe 'at' (progress) must be between 0 and 1, found 1.5",
            "s.yaml:18:16: error: missing key 'to' in a matched element",
            "s.yaml:20:30: error: unknown recognizer 'swipe'",
            "s.yaml:20:47: error: unknown beginsIn 'middle'",
            "s.yaml:20:80: error: unknown translation axis 'z'",
            "s.yaml:20:93: error: a finish rule needs above, atLeast, velocity or flick",
            "s.yaml:21:5: error: unknown key 'sideways' in a custom style",
        ]
        for message in expected {
            XCTAssertTrue(errors.contains { $0.hasPrefix(message) }, "missing: \(message)\nin:\n\(errors.joined(separator: "\n"))")
        }
        XCTAssertTrue(errors.contains { $0.contains("'follow' drives a node that follows the finger down") }, errors.joined(separator: "\n"))
    }

    func testRulesThatDoNotGoTogether() {
        let errors = diagnostics(scene("""
              mine:
                spring: { dampingRatio: 1, duration: 0.4 }
                layers: [{ node: from }, { node: to }]
                back:
                  gesture:
                    recognizer: edgePan
                    beginsIn: leftHalf
                    progress: { translation: y }
                    finish: { atLeast: 0.3 }
                    completionSpeed: 2
                    follow: { spring: { dampingRatio: 1, duration: 0.4 } }
            """))
        assertContains(errors, [
            "s.yaml:5:5: error: a style whose way back has 'follow' runs its other layers on a transition animator",
            "s.yaml:10:9: error: 'beginsIn' goes with 'recognizer: pan'",
            "s.yaml:13:9: error: 'completionSpeed' does not go with 'follow'",
            "s.yaml:12:17: error: with 'follow' a release decides by 'flick'",
        ])
    }

    func testMissingLayersAndBadNames() {
        let errors = diagnostics("""
            size: [400, 800]
            screens: { a: {}, b: {} }
            styles:
              mine: { duration: 0.4, spring: { dampingRatio: 1, duration: 1 } }
              "a/b": { layers: [{ node: from }] }
            """)
        XCTAssertTrue(errors.contains { $0.hasPrefix("s.yaml:4:9: error: missing key 'layers' in a custom style") }, errors.joined(separator: "\n"))
        XCTAssertTrue(errors.contains { $0.hasPrefix("s.yaml:4:11: error: 'duration' cannot be combined with 'spring'") }, errors.joined(separator: "\n"))
        XCTAssertTrue(errors.contains { $0.hasPrefix("s.yaml:5:3: error: a style name is a plain name") }, errors.joined(separator: "\n"))
    }

    /// `animator: system` is UIKit's own push or pop: navigation only, with no layers or gesture of its own.
    func testASystemAnimatorIsANavigationDirectionWithoutLayersOrGesture() throws {
        let loaded = try load(scene("""
              mine:
                presentation: navigation
                layers: [{ node: from }, { node: to }]
                forward: { animator: system }
            """))
        XCTAssertEqual(loaded.styles.first?.forward.animator, .system)
        XCTAssertEqual(loaded.styles.first?.back.animator, .style)
        let errors = diagnostics(scene("""
              mine:
                layers: [{ node: from }, { node: to }]
                back:
                  animator: system
                  layers: [{ node: to }]
                  gesture: { progress: { translation: x } }
                forward: { animator: sytem }
            """))
        assertContains(errors, [
            "s.yaml:7:7: error: 'back: { animator: system }' is UIKit's default push or pop: it needs 'presentation: navigation'",
            "s.yaml:8:7: error: 'layers' cannot be combined with 'animator: system': UIKit's default pop has its own",
            "s.yaml:9:7: error: 'gesture' cannot be combined with 'animator: system'",
            "s.yaml:10:26: error: unknown animator 'sytem' (did you mean 'system'?); expected one of: style, system",
        ])
    }
}
