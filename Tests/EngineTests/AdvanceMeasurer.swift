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
}

extension SceneTree {
    init(scene: Scene) {
        self.init(scene: scene, text: AdvanceMeasurer(), layouts: ScreenLayouts(screens: scene.screens, device: scene.device))
    }
}
