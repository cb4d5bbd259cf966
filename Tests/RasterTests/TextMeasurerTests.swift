import Engine
import Foundation
import Geometry
@testable import Raster
import RenderTree
import Scene
import Workers
import XCTest

/// The text-measuring service the engine asks (`TextMeasurer`): its widths are Pango's for the
/// bundled Inter faces, the same on every call and thread, and the bar's title slide uses them.
final class TextMeasurerTests: XCTestCase {
    /// The width Pango gives `text` on one line, laid out in a context of its own.
    func pangoWidth(_ text: String, size: Double, weight: LabelView.Weight) throws -> Double {
        try FontLibrary.shared.get().withTextContext { context in
            try TextLayout(LabelView(text: text, frame: Rect(x: 0, y: 0, width: 10_000, height: 100), fontSize: size, weight: weight),
                           context: context).logicalRect.width
        }
    }

    func testWidthsArePangosAndTheSameOnEveryThread() throws {
        let measurer = try TextMeasurer.shared.get()
        let cases: [(String, Double, LabelView.Weight)] = [
            ("Settings", 17, .semibold), ("Settings", 17, .regular), ("General", 17, .semibold), ("Wi-Fi", 34, .bold), ("", 17, .regular),
        ]
        for (text, size, weight) in cases {
            XCTAssertEqual(measurer.width(of: text, size: size, weight: weight), try pangoWidth(text, size: size, weight: weight),
                           "\(text) \(size) \(weight)")
        }
        // Semibold is wider than regular, and twice the size is twice as wide (unhinted metrics).
        XCTAssertGreaterThan(measurer.width(of: "Settings", size: 17, weight: .semibold), measurer.width(of: "Settings", size: 17, weight: .regular))
        XCTAssertEqual(measurer.width(of: "Display", size: 34, weight: .regular), 2 * measurer.width(of: "Display", size: 17, weight: .regular),
                       accuracy: 0.01)
        // Measured from many threads at once, each string in a fresh spelling, every answer agrees.
        let words = (0..<64).map { "Title \($0) — Général" }
        let answers = LockedValueBox([[Double]](repeating: [], count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let widths = words.map { measurer.width(of: $0, size: 17, weight: .semibold) }
            answers.withLockedValue { $0[thread] = widths }
        }
        let expected = try words.map { try pangoWidth($0, size: 17, weight: .semibold) }
        let all = answers.withLockedValue { $0 }
        for thread in 0..<8 { XCTAssertEqual(all[thread], expected, "thread \(thread)") }
    }

    /// UINavigationController's push below an inline title: the old title's leading edge (the
    /// bar's middle less half its semibold 17 pt width) slides onto the back label's place,
    /// 26.5 pt (chevron at 8 pt, 12.5 pt wide, 6 pt gap), and the new back label comes from there.
    func testBarSlideTravelsTheMeasuredTitleWidth() throws {
        let scene = try SceneLoader.load(text: """
            size: [390, 844]
            scale: 1
            fps: 10
            tail: 0
            screens:
              a: { navigationBar: { title: General } }
              b: { navigationBar: { title: About, back: General } }
            root: a
            transitions:
              - { from: a, to: b, style: system-push }
            timeline:
              - { at: 0, push: b }
            """, file: "bar.yaml", name: "bar")
        let timeline = try Timeline(scene: scene, text: try TextMeasurer.shared.get())
        let travel = 390 / 2 - (try pangoWidth("General", size: 17, weight: .semibold)) / 2 - 26.5
        var checked = 0
        for frame in 0..<timeline.frameCount {
            let layers = timeline.state(frame: frame).layers
            if let label = layers.first(where: { $0.id == "navigationBar/b/backLabel" }), label.alpha > 0, label.alpha < 1 {
                XCTAssertEqual(label.transform.tx, (1 - label.alpha) * travel, accuracy: 1e-6, "frame \(frame)")
                checked += 1
            }
            if let title = layers.first(where: { $0.id == "navigationBar/a/title" }), title.alpha > 0, title.alpha < 1 {
                XCTAssertEqual(title.transform.tx, -(1 - title.alpha) * travel, accuracy: 1e-6, "frame \(frame)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 4, "the push has frames mid-slide")
    }
}
