@testable import Engine
import Foundation
import Geometry
import Scene
import XCTest

/// The system transitions under Reduce Motion (docs/uikit-semantics.md#reduce-motion), checked on
/// every frame: the push, pop and sheets do what they do with Motion's settings off (UIKit's
/// navigation and sheet animators check neither setting); a pushed zoom is UIKit's push and pop,
/// frame for frame, with no screen ever scaled; a presented zoom dissolves, its alpha never going
/// back; the tutorial and custom styles keep their motion unless the scene names another.
final class ReduceMotionTests: XCTestCase {
    static let screens = """
        screens:
          grid:
            navigationBar: { title: Library, largeTitle: true }
            content:
              - grid: { id: photos, frame: [0, 155, 400, 400], columns: 3, cells: [{ color: systemTeal }, { color: systemOrange }, { color: systemPink }] }
          photo: { navigationBar: { title: Photo, back: Library } }
          sheet: { navigationBar: { title: Share } }
        root: grid
        """

    func scene(_ transitions: String, _ timeline: String, motion: MotionPreference? = nil, given: String = "") throws -> Scene {
        try SceneLoader.load(text: """
            size: [400, 800]
            scale: 1
            fps: 60
            tail: 0
            \(given)
            \(Self.screens)
            transitions:
            \(transitions)
            timeline:
            \(timeline)
            """, file: "motion.yaml", name: "motion", traits: SceneTraits(motion: motion))
    }

    /// Every frame's state of `scene`.
    func frames(_ scene: Scene) throws -> [FrameState] {
        let timeline = try Timeline(scene: scene)
        return (0..<timeline.frameCount).map { timeline.state(at: Double($0) / Double(scene.fps), frame: $0) }
    }

    // MARK: The system push, pop and sheets keep their motion

    func testPushPopAndSheetAreTheSameFramesUnderEveryMotionSetting() throws {
        let transitions = """
              - { from: grid, to: photo, style: system-push }
              - { from: photo, to: sheet, style: page-sheet, detents: medium-large }
            """
        // Pushed, a sheet up and down, then the back swipe from the left edge past halfway.
        let timeline = """
              - { at: 0.1, push: photo }
              - { at: 0.8, present: sheet }
              - { at: 1.5, dismiss: sheet }
              - { at: 2.2, swipe: { from: [4, 400], to: [300, 405], duration: 0.4 }, expect: finish }
            """
        let standard = try frames(scene(transitions, timeline, motion: .standard))
        XCTAssertGreaterThan(standard.count, 150)
        for motion in [MotionPreference.reduceMotion, .crossFade] {
            let reduced = try frames(scene(transitions, timeline, motion: motion))
            XCTAssertEqual(reduced.count, standard.count, "\(motion)")
            for (a, b) in zip(standard, reduced) where a != b {
                XCTFail("\(motion): frame \(a.frame) differs from the standard one"); break
            }
        }
    }

    // MARK: The zoom falls back to the push

    func testPushedZoomIsTheSystemPushFrameForFrameAndNeverScales() throws {
        let timeline = """
              - { at: 0.1, tap: [60, 210] }
              - { at: 1.0, pop: true }
              - { at: 1.8, tap: [60, 210] }
              - { at: 2.6, swipe: { from: [4, 400], to: [300, 405], duration: 0.4 }, expect: finish }
            """
        let zoom = "  - { from: grid, to: photo, style: zoom, cell: { list: photos } }"
        let push = "  - { from: grid, to: photo, style: system-push, tap: { list: photos } }"
        for motion in [MotionPreference.reduceMotion, .crossFade] {
            let reduced = try frames(scene(zoom, timeline, motion: motion))
            let pushed = try frames(scene(push, timeline, motion: .standard))
            XCTAssertEqual(reduced.count, pushed.count, "\(motion)")
            var moving = 0
            for (a, b) in zip(reduced, pushed) {
                XCTAssertEqual(a.layers, b.layers, "\(motion): frame \(a.frame)")
                if a.transition != nil { moving += 1; XCTAssertEqual(a.transition, "system-push", "frame \(a.frame)") }
                for layer in a.layers where layer.id == "photo" || layer.id == "grid" {
                    // No zoom: every screen at its size, moved only sideways.
                    XCTAssertEqual(layer.transform.a, 1, accuracy: 1e-9, "\(motion): frame \(a.frame) scales \(layer.id)")
                    XCTAssertEqual(layer.transform.d, 1, accuracy: 1e-9, "\(motion): frame \(a.frame) scales \(layer.id)")
                    XCTAssertEqual(layer.frame.minY, 0, accuracy: 1e-9, "\(motion): frame \(a.frame) moves \(layer.id) up or down")
                }
            }
            XCTAssertGreaterThan(moving, 60, "\(motion): the push, pop, push and back swipe run")
        }
    }

    func testPresentedZoomDissolvesWithAlphaThatNeverGoesBack() throws {
        let transitions = "  - { from: grid, to: photo, style: zoom, cell: { list: photos, index: 0 } }"
        let reduced = try frames(scene(transitions, "  - { at: 0.1, present: photo }\n  - { at: 1.0, dismiss: photo }",
                                       motion: .reduceMotion))
        var alphas: [Double] = []
        for state in reduced {
            guard let photo = state.layers.first(where: { $0.id == "photo" }) else { continue }
            XCTAssertEqual(photo.frame, Rect(x: 0, y: 0, width: 400, height: 800), "frame \(state.frame): the dissolve never moves the screen")
            alphas.append(photo.alpha)
        }
        guard let peak = alphas.firstIndex(of: 1) else { return XCTFail("the photo never shows fully: \(alphas)") }
        XCTAssertGreaterThan(peak, 10, "it fades in over frames")
        for i in 1..<alphas.count {
            if i <= peak { XCTAssertGreaterThanOrEqual(alphas[i], alphas[i - 1], "fading in, frame \(i)") }
            else { XCTAssertLessThanOrEqual(alphas[i], alphas[i - 1], "fading out, frame \(i)") }
        }
        XCTAssertEqual(reduced.compactMap(\.transition).first, "cross-dissolve")
    }

    // MARK: Tutorial and custom styles

    func testTutorialStyleKeepsItsMotionUnlessTheSceneNamesAnother() throws {
        let timeline = "  - { at: 0.1, present: sheet }"
        let own = "  - { from: grid, to: sheet, style: slide-up-modal }"
        let standard = try frames(scene(own, timeline, motion: .standard))
        XCTAssertEqual(try frames(scene(own, timeline, motion: .reduceMotion)), standard, "no fallback named: the tutorial's own motion")

        let named = "  - { from: grid, to: sheet, style: slide-up-modal, reduceMotionStyle: cross-dissolve, crossFadeStyle: full-screen-cover }"
        XCTAssertEqual(try frames(scene(named, timeline, motion: .standard)), standard, "Motion off: its own")
        XCTAssertEqual(Set(try frames(scene(named, timeline, motion: .reduceMotion)).compactMap(\.transition)), ["cross-dissolve"])
        XCTAssertEqual(Set(try frames(scene(named, timeline, motion: .crossFade)).compactMap(\.transition)), ["full-screen-cover"])
        let reduceOnly = "  - { from: grid, to: sheet, style: slide-up-modal, reduceMotionStyle: cross-dissolve }"
        XCTAssertEqual(Set(try frames(scene(reduceOnly, timeline, motion: .crossFade)).compactMap(\.transition)), ["cross-dissolve"],
                       "crossFade plays reduceMotionStyle when no crossFadeStyle is named")
    }

    func testSceneMotionKeyAndTheTraitThatWins() throws {
        let transitions = "  - { from: grid, to: photo, style: zoom, cell: { list: photos } }"
        let timeline = "  - { at: 0.1, tap: [60, 210] }"
        XCTAssertEqual(try scene(transitions, timeline, given: "motion: crossFade").motion, .crossFade)
        XCTAssertEqual(try scene(transitions, timeline, motion: .standard, given: "motion: crossFade").motion, .standard)
        XCTAssertEqual(Set(try frames(scene(transitions, timeline, given: "motion: reduceMotion")).compactMap(\.transition)), ["system-push"])
    }

    // MARK: Located errors

    func testBadMotionValuesAndFallbacksAreLocatedWithDidYouMean() {
        func messages(_ given: String, _ transition: String = "{ from: grid, to: photo, style: zoom, cell: { list: photos } }") -> [String] {
            sceneMessages("""
                size: [400, 800]
                \(given)
                \(Self.screens)
                transitions:
                  - \(transition)
                timeline:
                  - { at: 0.1, tap: [60, 210] }
                """)
        }
        let motion = messages("motion: reduceMotoin")
        XCTAssertTrue(motion.contains { $0.hasPrefix("t.yaml:2:9:") && $0.contains("'reduceMotoin'") && $0.contains("did you mean 'reduceMotion'?") }, "\(motion)")

        let variant = messages("variants: { motion: [standard, crossfade] }")
        XCTAssertTrue(variant.contains { $0.hasPrefix("t.yaml:2:32:") && $0.contains("unknown motion 'crossfade'") && $0.contains("did you mean 'crossFade'?") }, "\(variant)")

        let style = messages("", "{ from: grid, to: photo, style: zoom, cell: { list: photos }, reduceMotionStyle: cross-disolve }")
        XCTAssertTrue(style.contains { $0.contains("unknown 'reduceMotionStyle' 'cross-disolve'") && $0.contains("did you mean 'cross-dissolve'?") && $0.hasPrefix("t.yaml:12:") }, "\(style)")

        let key = messages("", "{ from: grid, to: photo, style: zoom, cell: { list: photos }, reducedMotionStyle: cross-dissolve }")
        XCTAssertTrue(key.contains { $0.contains("reducedMotionStyle") && $0.contains("did you mean 'reduceMotionStyle'?") }, "\(key)")

        let presentation = messages("", "{ from: grid, to: photo, style: cross-dissolve, crossFadeStyle: system-push }")
        XCTAssertTrue(presentation.contains { $0.contains("'system-push' cannot play instead of 'cross-dissolve'") && $0.hasPrefix("t.yaml:12:") }, "\(presentation)")
    }

    // MARK: Variants

    func testMotionAxisComesAfterTextSizeAndBeforeDevice() {
        let names = SceneVariant.product(appearance: [.dark], contentSize: [.large], motion: [.standard, .reduceMotion],
                                         device: ["iphone-se"]).map(\.name)
        XCTAssertEqual(names, ["dark-large-standard-iphone-se", "dark-large-reduceMotion-iphone-se"])
        XCTAssertEqual(SceneVariant.product(appearance: nil, contentSize: nil, motion: [.crossFade], device: nil).first?.traits.motion, .crossFade)
    }
}
