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
    /// Where the sheet rests: `detents`.
    enum Detents: String, CaseIterable, SettingChoice {
        case large, medium, mediumLarge = "medium-large"
    }

    /// `largestUndimmedDetent`.
    enum UndimmedDetent: String, CaseIterable, SettingChoice {
        case none, medium, large
    }

    /// `prefersGrabberVisible`.
    enum Grabber: String, CaseIterable, SettingChoice {
        case hidden, visible
    }

    enum Key {
        static let detents = Setting<Detents>(
            "detents", default: .large,
            doc: "where the sheet rests: `large` (the full height less the top gap), `medium` (half the screen) or `medium-large` (both; not a list)",
            uikit: "`detents` (default `[.large()]`)")
        static let customDetent = Setting<Double?>("customDetent", .number(range: Limits.positiveLength), defaultText: "none",
                                                   doc: "one more detent, the sheet's height in points", uikit: "`.custom { _ in height }`")
        static let grabber = Setting<Grabber>("grabber", default: .hidden, doc: "a 36 × 5 pt pill 5 pt from the sheet's top",
                                              uikit: "`prefersGrabberVisible` (default false)")
        static let cornerRadius = Setting<Double>("cornerRadius", .number(range: Limits.shadowRadius), default: 12,
                                                  doc: "the sheet's top corners, points", uikit: "`preferredCornerRadius` (nil: the system's)")
        static let topGap = Setting<Double>("topGap", .number(range: Limits.sheetTopGap), default: 0.08,
                                            doc: "the gap over a large sheet, fraction of the screen height", uikit: "the large detent's height")
        static let presenterScale = Setting<Double>("presenterScale", .number(range: Limits.positiveUnit), default: 0.9165,
                                                    doc: "the presenter's scale behind a large sheet", uikit: "the presenting view's transform")
        static let presenterOffset = Setting<Double>(
            "presenterOffset", .number(range: Limits.unit), default: 0.07,
            doc: "how far the presenter's top edge moves down behind a large sheet, fraction of the height",
            uikit: "the presenting view's transform")
        static let presenterCornerRadius = Setting<Double>(
            "presenterCornerRadius", .number(range: Limits.shadowRadius), default: 12,
            doc: "the presenter's corner radius behind a large sheet, points", uikit: "the presenting view's corners")
        static let overlayAlpha = Setting<Double>("overlayAlpha", .number(range: Limits.unit), default: 0.1,
                                                  doc: "black over the presenter behind a large sheet", uikit: "the presenting view's overlay")
        static let dimmingAlpha = Setting<Double>.dimmingAlpha(0.2)
        static let largestUndimmedDetent = Setting<UndimmedDetent>(
            "largestUndimmedDetent", default: .none,
            doc: "at or below this detent nothing dims the presenter (a Maps or Music card over live content); above it the dimming comes in by the next detent up",
            uikit: "`largestUndimmedDetent` (default nil: every detent dims)")
        static let spring = Setting<Spring>.defaultSpring("the sheet's spring: presenting, dismissing, after a release (with the finger's velocity)")
        static let flickVelocity = Setting<Double>.sheetFlick(
            "a downward release faster than this many screen heights per second dismisses; as fast upward goes one detent up")
        static let completionThreshold = Setting<Double>.completionThreshold(
            0.48, "without a fling, a release that projects the smallest sheet more than this share of its height down dismisses")
        static let decelerationRate = Setting<Double>(
            "decelerationRate", .number(range: Limits.decelerationRate), default: 0.99,
            doc: "a release projects the sheet by (v / 1000) · r / (1 − r) points before choosing a detent",
            uikit: "`UIScrollView.DecelerationRate.fast`")
        static let scrollingExpands = Setting<Bool>(
            "prefersScrollingExpandsWhenScrolledToEdge", default: true,
            doc: "an upward pan on a list or grid at its top raises the sheet to its largest detent first, then scrolls the content in the same pan; false: the content scrolls at any detent",
            uikit: "`prefersScrollingExpandsWhenScrolledToEdge` (default true)")
    }
    let settings = [SettingDescriptor]([
        Key.detents, Key.customDetent, Key.grabber, Key.cornerRadius, Key.topGap, Key.presenterScale, Key.presenterOffset,
        Key.presenterCornerRadius, Key.overlayAlpha, Key.dimmingAlpha, Key.largestUndimmedDetent, Key.spring, Key.flickVelocity, Key.completionThreshold,
        Key.decelerationRate, Key.scrollingExpands, Setting<Bool>.modalInPresentation,
    ])

    func geometry(_ s: SettingValues, bounds: Rect) -> SheetGeometry {
        var g = SheetGeometry()
        g.topGap = s[Key.topGap]
        let large = g.largeHeight(bounds), medium = g.mediumHeight(bounds)
        var heights: [Double] = switch s[Key.detents] {
        case .medium: [medium]
        case .mediumLarge: [medium, large]
        case .large: [large]
        }
        if let custom = s[Key.customDetent] { heights.append(min(custom, large)) }
        g.detentHeights = heights.sorted()
        g.grabber = s[Key.grabber] == .visible
        g.cornerRadius = s[Key.cornerRadius]
        g.presenterScale = s[Key.presenterScale]
        g.presenterOffset = s[Key.presenterOffset]
        g.presenterCornerRadius = s[Key.presenterCornerRadius]
        g.overlayAlpha = s[Key.overlayAlpha]
        g.dimmingAlpha = s[Key.dimmingAlpha]
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
        var geometry = geometry(run.settings, bounds: b)
        geometry.appearance = run.stage.appearance
        return SheetDriver(styleName: name, geometry: geometry, rules: rules(run.settings, bounds: b),
                           stage: run.stage, forward: run.forward)
    }

    /// The sheet grabs a pan that begins below its top edge.
    func grabs(_ point: Point, _ driver: SheetDriver, bounds: Rect) -> Bool {
        point.y >= driver.restTop
    }
}
