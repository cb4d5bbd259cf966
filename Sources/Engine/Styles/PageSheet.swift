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
    let name = "page-sheet"
    let summary = "`UISheetPresentationController`: a sheet with detents and an optional grabber; behind a large one the presenter scales to 0.9165 and moves down; drag between detents, fling down to dismiss"
    let presentations: [Presentation] = [.modal]
    let settings: [SettingDescriptor] = [
        SettingDescriptor("detents", .choice(["large", "medium", "medium-large"]), default: .choice("large"),
                          doc: "where the sheet rests: `large` (the full height less the top gap), `medium` (half the screen) or both",
                          uikit: "`detents` (default `[.large()]`)"),
        SettingDescriptor("customDetent", .number(range: 1...100_000), defaultText: "none",
                          doc: "one more detent, the sheet's height in points",
                          uikit: "`.custom { _ in height }`"),
        SettingDescriptor("grabber", .choice(["hidden", "visible"]), default: .choice("hidden"),
                          doc: "a 36 × 5 pt pill 5 pt from the sheet's top", uikit: "`prefersGrabberVisible` (default false)"),
        SettingDescriptor("cornerRadius", .number(range: 0...200), default: .number(12),
                          doc: "the sheet's top corners, points", uikit: "`preferredCornerRadius` (nil: the system's)"),
        SettingDescriptor("topGap", .number(range: 0...0.9), default: .number(0.08),
                          doc: "the gap over a large sheet, fraction of the screen height", uikit: "the large detent's height"),
        SettingDescriptor("presenterScale", .number(range: 0.01...1), default: .number(0.9165),
                          doc: "the presenter's scale behind a large sheet", uikit: "the presenting view's transform"),
        SettingDescriptor("presenterOffset", .number(range: 0...1), default: .number(0.07),
                          doc: "how far the presenter's top edge moves down behind a large sheet, fraction of the height",
                          uikit: "the presenting view's transform"),
        SettingDescriptor("presenterCornerRadius", .number(range: 0...200), default: .number(12),
                          doc: "the presenter's corner radius behind a large sheet, points", uikit: "the presenting view's corners"),
        SettingDescriptor("overlayAlpha", .number(range: 0...1), default: .number(0.1),
                          doc: "black over the presenter behind a large sheet", uikit: "the presenting view's overlay"),
        .dimmingAlpha(0.2),
        .defaultSpring("the sheet's spring: presenting, dismissing, after a release (with the finger's velocity)"),
        .sheetFlick("a downward release faster than this many screen heights per second dismisses; as fast upward goes one detent up"),
        .completionThreshold(0.48, "without a fling, a release that projects the smallest sheet more than this share of its height down dismisses"),
        SettingDescriptor("decelerationRate", .number(range: 0...0.9999), default: .number(0.99),
                          doc: "a release projects the sheet by (v / 1000) · r / (1 − r) points before choosing a detent",
                          uikit: "`UIScrollView.DecelerationRate.fast`"),
    ]

    func geometry(_ s: SettingValues, bounds: Rect) -> SheetGeometry {
        var g = SheetGeometry()
        g.topGap = s.number("topGap") ?? 0.08
        let large = g.largeHeight(bounds), medium = g.mediumHeight(bounds)
        var heights: [Double] = switch s.choice("detents") ?? "large" {
        case "medium": [medium]
        case "medium-large": [medium, large]
        default: [large]
        }
        if let custom = s.number("customDetent") { heights.append(min(custom, large)) }
        g.detentHeights = heights.sorted()
        g.grabber = s.choice("grabber") == "visible"
        g.cornerRadius = s.number("cornerRadius") ?? 12
        g.presenterScale = s.number("presenterScale") ?? 0.9165
        g.presenterOffset = s.number("presenterOffset") ?? 0.07
        g.presenterCornerRadius = s.number("presenterCornerRadius") ?? 12
        g.overlayAlpha = s.number("overlayAlpha") ?? 0.1
        g.dimmingAlpha = s.number("dimmingAlpha") ?? 0.2
        return g
    }

    func rules(_ s: SettingValues, bounds: Rect) -> SheetDriver.Rules {
        let r = s.number("decelerationRate") ?? 0.99
        return SheetDriver.Rules(spring: s.spring("spring") ?? .uiKitDefault,
                                 flickVelocity: (s.number("flickVelocity") ?? 2) * bounds.height,
                                 keep: 1 - (s.number("completionThreshold") ?? 0.48),
                                 projection: r / (1 - r) / 1000)
    }

    func driver(_ run: StyleRun) -> SheetDriver {
        let b = run.stage.bounds
        return SheetDriver(styleName: name, geometry: geometry(run.settings, bounds: b), rules: rules(run.settings, bounds: b),
                           stage: run.stage, forward: run.forward)
    }

    /// The sheet grabs a pan that begins below its top edge.
    func grabs(_ point: Point, _ driver: SheetDriver, bounds: Rect) -> Bool {
        point.y >= driver.restTop
    }
}
