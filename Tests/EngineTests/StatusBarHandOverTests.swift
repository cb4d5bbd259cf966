import Engine
import Geometry
import RenderTree
import Scene
import XCTest

/// The status bar over a page sheet's receding presenter, as UIKit hands it over (published
/// decompilations of UIKitCore, iOS 18.2): the presenter controls the status bar while its top
/// edge is at or above half the default status bar height (`-[_UISheetLayoutInfo
/// _shouldPresentedViewControllerControlStatusBarAppearance]`; 54 / 2 = 27 pt on an iPhone 15);
/// below, the window's root presentation controller's light content shows. Under a finger the
/// change fades over 0.35 s (`UIStatusBarStyleAnimationParameters`); an animation decides it
/// once, from where it ends, and fades along with itself ([DOC] `setNeedsStatusBarAppearanceUpdate`).
/// The reference is the presenter's frame in each frame's tree and those two numbers.
final class StatusBarHandOverTests: XCTestCase {
    private func timeline(_ moves: String, detents: String = "medium-large") throws -> Timeline {
        try Timeline(yaml: """
            device: iphone-15
            fps: 60
            screens:
              inbox: { background: systemBackground, navigationBar: { title: Inbox } }
              share: { background: systemBackground }
            root: inbox
            transitions:
              - { from: inbox, to: share, style: page-sheet, detents: \(detents) }
            timeline:
            \(moves)
            """)
    }

    private func tones(_ state: FrameState) -> [ChromeTone: Double] {
        var found: [ChromeTone: Double] = [:]
        for layer in state.layers where layer.id.hasPrefix("statusBar/") { if let tone = layer.tone { found[tone] = layer.alpha } }
        return found
    }

    /// Dragged from the medium detent to the large one: dark while the presenter's top is at or
    /// above 27 pt; from the first frame it is below, light fades in linearly over 0.35 s, on
    /// every frame, whatever the sheet does meanwhile (the release, the spring).
    func testADragHandsTheStatusBarOverAtHalfItsHeightAndFadesOver035Seconds() throws {
        let t = try timeline("""
              - { at: 0.1, present: share }
              - { at: 1.2, swipe: { from: [196, 500], to: [196, 120], duration: 0.5, hold: 0 }, expect: { detent: large } }
            """)
        var handOver: Double?
        for frame in 0..<t.frameCount {
            let state = t.state(frame: frame)
            guard state.time >= 1.2, let presenter = state.layers.first(where: { $0.id == "inbox" }) else { continue }
            if handOver == nil, presenter.frame.minY > 27 { handOver = state.time }
            guard let start = handOver else {
                XCTAssertEqual(tones(state), [.dark: 1], "frame \(frame): the presenter, its top at \(presenter.frame.minY), keeps it")
                continue
            }
            let a = min((state.time - start) / 0.35, 1)
            XCTAssertEqual(tones(state)[.light] ?? 0, a, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(tones(state)[.dark] ?? 0, 1 - a, accuracy: 1e-9, "frame \(frame)")
        }
        let start = try XCTUnwrap(handOver, "the presenter recedes below 27 pt")
        XCTAssertLessThan(start, 1.7, "during the drag, not at its release")
        XCTAssertEqual(tones(t.state(at: t.duration - 0.01)), [.light: 1])
    }

    /// Presented straight to the large detent and dismissed: each animation hands the status bar
    /// over at its first frame and fades along with its own progress.
    func testAnAnimationHandsItOverAtItsStartAndFadesAlongWithIt() throws {
        let t = try timeline("""
              - { at: 0.1, present: share }
              - { at: 1.5, dismiss: true }
            """, detents: "large")
        var presenting = 0, dismissing = 0
        for frame in 0..<t.frameCount {
            let state = t.state(frame: frame)
            guard let progress = state.progress, state.phase == .animating else { continue }
            let light = tones(state)[.light] ?? 0
            if state.time < 1.5 {
                XCTAssertEqual(light, progress, accuracy: 0.01, "frame \(frame): along the presentation")
                presenting += 1
            } else {
                XCTAssertEqual(light, 1 - progress, accuracy: 0.01, "frame \(frame): along the dismissal")
                dismissing += 1
            }
        }
        XCTAssertGreaterThan(presenting, 10)
        XCTAssertGreaterThan(dismissing, 10)
    }
}
