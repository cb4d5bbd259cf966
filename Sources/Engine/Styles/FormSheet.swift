import Geometry
import Interaction
import Motion
import Scene

/// `form-sheet`: `modalPresentationStyle = .formSheet` on an iPad: a centered card slides up over
/// the dimmed presenter on UIKit's default spring; dragged down it follows the finger and a
/// fling or a release below half its height dismisses it. Sources and certainty:
/// docs/uikit-semantics.md#system-transitions.
struct FormSheet: SheetStyle {
    var name: String { Key.name }
    let summary = "`.formSheet` on iPad: a centered 540 × 620 pt card slides up over a 0.2 black dimming view; drag down to dismiss"
    let presentations: [Presentation] = [.modal]
    typealias Key = FormSheetKeys
    var settings: [SettingDescriptor] { Key.settings }

    func driver(_ run: StyleRun) -> SheetDriver {
        let s = run.settings, b = run.stage.bounds
        let size = s[Key.size]
        var g = SheetGeometry()
        g.kind = .form(Size(width: min(size[0], b.width - 40), height: min(size[1], b.height - 40)))
        g.cornerRadius = s[Key.cornerRadius]
        g.dimmingAlpha = SheetGeometry.dimmingAlpha(s, Key.dimmingAlpha, appearance: run.stage.appearance)
        let cardHeight = min(size[1], b.height - 40)
        let rules = SheetDriver.Rules(spring: s[Key.spring],
                                      flickVelocity: s[Key.flickVelocity] * b.height,
                                      keep: 1 - s[Key.completionThreshold] * cardHeight / (b.maxY - g.detentTops(b)[0]),
                                      projection: 0.099, dismissesInteractively: !s[Setting<Bool>.modalInPresentation])
        return SheetDriver(styleName: name, geometry: g, rules: rules, stage: run.stage, forward: run.forward)
    }

    /// The card grabs a pan that begins on it.
    func grabs(_ point: Point, _ driver: SheetDriver, bounds: Rect) -> Bool {
        driver.geometry.frame(top: driver.restTop, bounds: bounds).contains(point)
    }
}
