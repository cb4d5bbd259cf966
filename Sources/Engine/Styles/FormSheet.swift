import Geometry
import Interaction
import Motion
import Scene

/// `form-sheet`: `modalPresentationStyle = .formSheet` on an iPad: a centered card slides up over
/// the dimmed presenter on UIKit's default spring; dragged down it follows the finger and a
/// fling or a release below half its height dismisses it. Sources and certainty:
/// docs/uikit-semantics.md#system-transitions.
struct FormSheet: SheetStyle {
    let name = "form-sheet"
    let summary = "`.formSheet` on iPad: a centered 540 × 620 pt card slides up over a 0.2 black dimming view; drag down to dismiss"
    let presentations: [Presentation] = [.modal]
    enum Key {
        static let size = Setting<[Double]>("size", .numbers(count: 2, range: Limits.positiveLength), default: [540, 620],
                                            doc: "the card's width and height, points (held within the screen less 20 pt margins)",
                                            uikit: "`preferredContentSize` (form sheet default)")
        static let cornerRadius = Setting<Double>("cornerRadius", .number(range: Limits.shadowRadius), default: 12,
                                                  doc: "the card's corners, points", uikit: "the form sheet's corner radius")
        static let dimmingAlpha = Setting<Double>.dimmingAlpha(0.2)
        static let spring = Setting<Spring>.defaultSpring("the card's spring: presenting, dismissing, after a release")
        static let flickVelocity = Setting<Double>.sheetFlick("a downward release faster than this many screen heights per second dismisses")
        static let completionThreshold = Setting<Double>.completionThreshold(
            0.48, "without a fling, a release that projects the card more than this share of its height down dismisses")
    }
    let settings = [SettingDescriptor]([Key.size, Key.cornerRadius, Key.dimmingAlpha, Key.spring, Key.flickVelocity,
                                        Key.completionThreshold, Setting<Bool>.modalInPresentation])

    func driver(_ run: StyleRun) -> SheetDriver {
        let s = run.settings, b = run.stage.bounds
        let size = s[Key.size]
        var g = SheetGeometry()
        g.kind = .form(Size(width: min(size[0], b.width - 40), height: min(size[1], b.height - 40)))
        g.cornerRadius = s[Key.cornerRadius]
        g.dimmingAlpha = s[Key.dimmingAlpha]
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
