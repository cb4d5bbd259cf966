import Geometry
import Interaction
import Motion
import Scene

/// `page-sheet`: `UISheetPresentationController` (`modalPresentationStyle = .pageSheet`, iOS 15+).
/// The sheet slides up to its smallest detent on UIKit's default spring; behind a large sheet the
/// presenter shrinks toward its top edge with rounded corners and a black overlay; smaller
/// detents dim it. A pan on the sheet drags it between detents; a downward fling of 2 screen
/// heights per second, or a release that would leave less than half of it showing, dismisses.
/// Sources and certainty: docs/uikit-semantics.md#system-transitions.
struct PageSheet: SheetStyle {
    var name: String { Key.name }
    let summary = "`UISheetPresentationController`: a sheet with detents and an optional grabber; behind a large one the presenter scales to 0.9165 and moves down; drag between detents, fling down to dismiss"
    let presentations: [Presentation] = [.modal]
    typealias Key = PageSheetKeys
    var settings: [SettingDescriptor] { Key.settings }

    func geometry(_ s: SettingValues, bounds: Rect, appearance: Appearance, design: SheetMetrics? = nil) -> SheetGeometry {
        var g = SheetGeometry()
        g.appearance = appearance
        g.topGap = s.isGiven(Key.topGap.key) ? s[Key.topGap] : design?.topGap ?? s[Key.topGap]
        let large = g.largeHeight(bounds), medium = g.mediumHeight(bounds)
        var heights: [Double] = switch s[Key.detents] {
        case .medium: [medium]
        case .mediumLarge: [medium, large]
        case .large: [large]
        }
        if let custom = s[Key.customDetent] { heights.append(min(custom, large)) }
        g.detentHeights = heights.sorted()
        g.grabber = s[Key.grabber] == .visible
        g.cornerRadius = s.isGiven(Key.cornerRadius.key) ? s[Key.cornerRadius] : design?.cornerRadius ?? s[Key.cornerRadius]
        g.floatingScale = design?.floatingScale ?? 1
        g.presenterScale = s[Key.presenterScale]
        g.presenterOffset = s.isGiven(Key.presenterOffset.key) ? s[Key.presenterOffset] : design?.presenterOffset ?? s[Key.presenterOffset]
        g.presenterCornerRadius = s[Key.presenterCornerRadius]
        g.overlayAlpha = s[Key.overlayAlpha]
        g.dimmingAlpha = SheetGeometry.dimmingAlpha(s, Key.dimmingAlpha, appearance: appearance)
        g.undimmedHeight = switch s[Key.largestUndimmedDetent] {
        case .none: nil
        case .medium: medium
        case .large: large
        }
        return g
    }

    func rules(_ s: SettingValues, bounds: Rect) -> SheetDriver.Rules {
        let r = s[Key.decelerationRate]
        return SheetDriver.Rules(spring: s[Key.spring],
                                 flickVelocity: s[Key.flickVelocity] * bounds.height,
                                 keep: 1 - s[Key.completionThreshold],
                                 projection: r / (1 - r) / 1000,
                                 scrollingExpands: s[Key.scrollingExpands],
                                 dismissesInteractively: !s[Setting<Bool>.modalInPresentation])
    }

    func driver(_ run: StyleRun) -> SheetDriver {
        let b = run.stage.bounds
        let geometry = geometry(run.settings, bounds: b, appearance: run.stage.appearance, design: run.stage.sheet)
        return SheetDriver(styleName: name, geometry: geometry, rules: rules(run.settings, bounds: b),
                           stage: run.stage, forward: run.forward)
    }

    /// The sheet grabs a pan that begins below its top edge.
    func grabs(_ point: Point, _ driver: SheetDriver, bounds: Rect) -> Bool {
        point.y >= driver.restTop
    }
}
