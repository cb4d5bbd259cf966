@testable import Engine
import Scene

/// The engine's unit tests build timelines without Raster's Pango measurer: every character is
/// `advance` em wide (0.55 em, Inter's average advance for Latin text). Tests that check a width
/// the engine takes from text set their own advance and compute the expected geometry from it.
struct AdvanceMeasurer: TextMeasuring {
    var advance = 0.55

    func width(of text: String, size: Double, weight: LabelView.Weight) -> Double {
        Double(text.count) * size * advance
    }
}

extension Timeline {
    init(scene: Scene) throws {
        try self.init(scene: scene, text: AdvanceMeasurer())
    }

    /// The timeline of a scene a test writes out (read as `t.yaml`).
    init(yaml: String) throws {
        try self.init(scene: try SceneLoader.load(text: yaml, file: "t.yaml", name: "t"))
    }
}

/// `count` row titles for a list a test writes: "`prefix` 1, `prefix` 2, …".
func rowTitles(_ prefix: String, _ count: Int) -> String {
    (1...count).map { "\(prefix) \($0)" }.joined(separator: ", ")
}

extension SceneTree {
    init(scene: Scene) {
        self.init(scene: scene, text: AdvanceMeasurer(), layouts: ScreenLayouts(screens: scene.screens, device: scene.device))
    }
}
