import Geometry
import Motion

// The settings of the built-in transition styles, declared once here so that a scene's
// transitions decode their settings when the scene loads (`SceneLoader`): each style in the
// engine reads its settings through `typealias Key = <Style>Keys`, and the JSON Schema and the
// settings tables of docs/scene-format.md are printed from the same lists.

/// Settings most styles share, described once; each style declares its own with its default
/// (`static let duration = Setting<Double>.duration(0.3)`) and reads it typed (`s[Key.duration]`).
extension Setting where Value == Double {
    public static func duration(_ seconds: Double, _ uikit: String = "the animation's duration") -> Setting {
        Setting("duration", .seconds, default: seconds, doc: "seconds the animation takes", uikit: uikit)
    }

    public static let completionSpeed = Setting(
        "completionSpeed", .number(range: Limits.styleCompletionSpeed), default: 1,
        doc: "a release completes the rest in duration × remaining ÷ completionSpeed",
        uikit: "`UIPercentDrivenInteractiveTransition.completionSpeed`")

    /// A sheet's dimming: `UIDimmingView`'s black at 0.2, 0.48 in the dark appearance (published
    /// decompilations of `+[UIColor _dimmingViewColor]`, docs/uikit-semantics.md#dark-sheets-the-elevated-level).
    public static let sheetDimmingAlpha = Setting<Double>(
        "dimmingAlpha", .number(range: Limits.unit), default: 0.2, defaultText: "0.2; 0.48 in the dark appearance",
        doc: "the dimming view's alpha when fully in (overrides the color's own alpha)",
        uikit: "`UIDimmingView`'s color: black at 0.2, at 0.48 in the dark")

    public static func completionThreshold(_ value: Double, _ doc: String = "progress above which a release finishes") -> Setting {
        Setting("completionThreshold", .number(range: Limits.unit), default: value, doc: doc, uikit: "the tutorial's finish rule")
    }

    public static func dimmingAlpha(_ value: Double) -> Setting {
        Setting("dimmingAlpha", .number(range: Limits.unit), default: value,
                doc: "the dimming view's alpha when fully in (overrides the color's own alpha)",
                uikit: "`UIColor.black.withAlphaComponent(\(value))`")
    }

    /// A sheet's fling: screen heights per second of a release that decides by its direction.
    public static func sheetFlick(_ doc: String) -> Setting {
        Setting("flickVelocity", .number(range: Limits.sheetFlick), default: 2, doc: doc, uikit: "the sheet's fling rule")
    }
}

extension Setting where Value == Bool {
    /// A tutorial's code places screens by absolute x (`frame.origin.x = -width`, `translation.x`,
    /// `edges = .left`), which UIKit does not turn under right-to-left; adapted code would.
    public static let mirrorsInRightToLeft = Setting(
        "mirrorsInRightToLeft", default: false,
        doc: "under right-to-left, play the style mirrored (from the other side, driven the other way), as code adapted to the layout direction would; by default it plays as the tutorial's code runs there, by absolute x, only the screens' contents reading right to left",
        uikit: "`effectiveUserInterfaceLayoutDirection` read by the animator and the gesture handler")

    /// A sheet no swipe dismisses (`UIViewController.isModalInPresentation`): Apple's docs say UIKit
    /// "prevents the interactive dismissal of the view controller while it is onscreen", and the
    /// delegate hears of the attempt (`presentationControllerDidAttemptToDismiss(_:)`).
    public static let modalInPresentation = Setting(
        "isModalInPresentation", default: false,
        doc: "no swipe dismisses the sheet: dragged down past its smallest detent it follows the finger against a rubber band and springs back on release (`dismiss:` still dismisses it)",
        uikit: "`isModalInPresentation` (default false)")

    /// Catching a running completion is Segue's addition to the tutorials: none of them lets a touch
    /// catch its animation (the slide-up tutorial's `gestureRecognizerShouldBegin` returns
    /// `transitionDriver.isInteractive`, false once `finish()` / `cancel()` ran; the zoom and
    /// scale-fade chapter begins only with no interaction controller). An app gets it by calling
    /// `pauseInteractiveTransition()` and pausing its animators when a touch lands.
    public static let interruptible = Setting(
        "interruptible", default: false,
        doc: "Segue's addition: a touch during the completion animation catches it where it is and the pan drives it from there (the tutorial's own code lets none)",
        uikit: "`pauseInteractiveTransition()` + `UIViewPropertyAnimator.pauseAnimation()`")
}

extension Setting where Value == CubicTimingCurve {
    public static func curve(_ curve: CubicTimingCurve, _ uikit: String = "the animation's `UIView.AnimationCurve`") -> Setting {
        Setting("curve", default: curve, doc: "the animation's timing curve", uikit: uikit)
    }

    public static func completionCurve(_ curve: CubicTimingCurve) -> Setting {
        Setting("completionCurve", default: curve, doc: "the curve a release finishes or cancels along",
                uikit: "`UIPercentDrivenInteractiveTransition.completionCurve`")
    }
}

extension Setting where Value == Spring {
    /// UIKit's default spring (`UISpringTimingParameters()`, curve 7), for the system styles.
    public static func defaultSpring(_ doc: String) -> Setting {
        Setting("spring", default: .uiKitDefault, doc: doc,
                uikit: "`UISpringTimingParameters()` (curve 7): mass 3, stiffness 1000, damping 500")
    }
}

extension Setting where Value == Color {
    public static let dimmingColor = Setting("dimmingColor", default: .black, doc: "the dimming view's color",
                                      uikit: "`dimmingView.backgroundColor`")
}

/// What the release velocity does to the completion spring.
public enum ReleaseVelocity: String, Sendable, Codable, CaseIterable, SettingChoice {
    /// The finger's velocity along the transition's axis, in units of the remaining distance
    /// per second, becomes the spring's initial velocity (UIKit's documented use).
    case inherit
    /// The spring starts at rest, as the `slide-up-modal` tutorial's `timingCurveVelocity()` returns `.zero`.
    case zero
}

/// The settings of `slide-up-modal`.
public enum SlideUpModalKeys {
    public static let name = "slide-up-modal"

    public static let spring = Setting<Spring>("spring", default: Spring(mass: 2.5, stiffness: 2000, damping: 95),
                                               doc: "the frame animator's spring: carries the sheet after a release",
                                               uikit: "`UISpringTimingParameters(mass: 2.5, stiffness: 2000, damping: 95)`")
    public static let curve = Setting<CubicTimingCurve>("curve", default: .easeOut, doc: "the transition animator's curve",
                                                        uikit: "`UIViewPropertyAnimator(duration:curve: .easeOut)`")
    public static let duration = Setting<Double?>(
        "duration", .seconds,
        defaultText: "the spring's settling duration, 0.3975 s (a `{dampingRatio, duration}` spring: its duration)",
        doc: "the transition animator's duration; the tutorial asks its frame animator for `duration`, which a mass/stiffness/damping spring sets to its settling duration",
        uikit: "`propertyAnimator().duration`")
    public static let dimmingAlpha = Setting<Double>.dimmingAlpha(0.66)
    public static let progressScale = Setting<Double>("progressScale", .number(range: Limits.ratio, exclusiveMinimum: 0), default: 1.1,
                                                      doc: "progress step = dy / (container height × progressScale)",
                                                      uikit: "`progressStepFor(translation:)`")
    public static let flickVelocity = Setting<Double>("flickVelocity", .number(range: Limits.speed), default: 1200,
                                                      doc: "a release faster than this (pt/s) decides by its direction", uikit: "`flickMagnitude`")
    public static let completionThreshold = Setting<Double>.completionThreshold(0.2, "without a flick, a fraction above it finishes")
    public static let cornerRadius = Setting<Double>(
        "cornerRadius", .number(range: Limits.styleCornerRadius), default: 0,
        doc: "the moving sheet's corner radius, growing with its distance from rest (`min(cornerRadius, offset)`); the tutorial rounds none",
        uikit: "`layer.cornerRadius`")
    public static let releaseVelocity = Setting<ReleaseVelocity>(
        "releaseVelocity", default: .inherit,
        doc: "`inherit`: the finger's release velocity, in units of the remaining distance, starts the spring; `zero`: the tutorial's `timingCurveVelocity()`",
        uikit: "`UISpringTimingParameters.initialVelocity`")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        spring, curve, duration, dimmingAlpha, Setting<Color>.dimmingColor, progressScale, flickVelocity,
        completionThreshold, cornerRadius, releaseVelocity, Setting<Bool>.interruptible,
    ])
}

/// The settings of `parallax-back-swipe`.
public enum ParallaxBackSwipeKeys {
    public static let name = "parallax-back-swipe"

    public static let duration = Setting<Double>.duration(0.3, "`transitionDuration(using:)` 0.3 s")
    public static let curve = Setting<CubicTimingCurve>.curve(.linear, "`UIView.animate(... options: .curveLinear)`")
    public static let completionCurve = Setting<CubicTimingCurve>.completionCurve(.easeOut)
    public static let completionThreshold = Setting<Double>.completionThreshold(0.5, "a release with percent above it finishes")
    public static let flickVelocity = Setting<Double>("flickVelocity", .number(range: Limits.speed), default: 1000,
                                                      doc: "a release faster than this (pt/s, rightwards) finishes", uikit: "`velocity.x > 1000`")
    public static let parallaxRatio = Setting<Double>("parallaxRatio", .number(range: Limits.ratio, exclusiveMinimum: 0), default: 3.33,
                                                      doc: "the screen below starts at x = −width / parallaxRatio",
                                                      uikit: "`-containerView.bounds.width / 3.33`")
    public static let underlayAlpha = Setting<Double>("underlayAlpha", .number(range: Limits.unit), default: 0.9,
                                                      doc: "the screen below's alpha at the start of a pop", uikit: "`toView.alpha = 0.9`")
    public static let shadowRadius = Setting<Double>("shadowRadius", .number(range: Limits.shadowRadius), default: 5,
                                                     doc: "the top screen's shadow blur, points", uikit: "`layer.shadowRadius`")
    public static let shadowOpacity = Setting<[Double]>("shadowOpacity", .numbers(count: 2, range: Limits.unit), default: [1, 0.1],
                                                        doc: "the shadow's opacity at the start and at the end of a pop",
                                                        uikit: "`layer.shadowOpacity` 1 → 0.1")
    public static let shadowColor = Setting<Color>("shadowColor", default: .black, doc: "the shadow's color", uikit: "`layer.shadowColor`")
    public static let shadowOffset = Setting<Point>("shadowOffset", default: Point(x: 0, y: -3), doc: "the shadow's offset, points",
                                                    uikit: "`layer.shadowOffset` (Core Animation's default)")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        duration, curve, completionCurve, Setting<Double>.completionSpeed, completionThreshold, flickVelocity,
        parallaxRatio, underlayAlpha, shadowRadius, shadowOpacity, shadowColor, shadowOffset, Setting<Bool>.mirrorsInRightToLeft,
    ])
}

/// The settings of `cover-from-left`.
public enum CoverFromLeftKeys {
    public static let name = "cover-from-left"

    public static let duration = Setting<Double>.duration(2.0, "`UIView.animate(withDuration: 2.0)`")
    public static let curve = Setting<CubicTimingCurve>.curve(.easeOut, "`.curveEaseOut`")
    public static let completionCurve = Setting<CubicTimingCurve>.completionCurve(.easeInOut)
    public static let autoFinish = Setting<Double>(
        "autoFinish", .number(range: Limits.unit), default: 0.7,
        doc: "past this progress the transition finishes at once, the finger still down; a release below it cancels",
        uikit: "`if progress > 0.7 { finish() }`")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        duration, curve, completionCurve, Setting<Double>.completionSpeed, autoFinish, Setting<Bool>.mirrorsInRightToLeft,
    ])
}

/// The settings of `side-drawer`.
public enum SideDrawerKeys {
    public static let name = "side-drawer"

    public static let duration = Setting<Double>.duration(0.3, "`UIView.animate`'s default 0.3 s")
    public static let curve = Setting<CubicTimingCurve>.curve(.easeInOut, "`UIView.animate`'s default curve")
    public static let completionCurve = Setting<CubicTimingCurve>.completionCurve(.easeInOut)
    public static let width = Setting<Double>("width", .number(range: 0...Limits.coordinate, exclusiveMinimum: 0), default: 320,
                                              doc: "the drawer's width, points (at most the screen's)", uikit: "`menuWidth = 320`")
    public static let dimmingAlpha = Setting<Double>.dimmingAlpha(0.5)
    public static let completionThreshold = Setting<Double>.completionThreshold(0.5, "a release with percent above it finishes")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        duration, curve, completionCurve, Setting<Double>.completionSpeed, width, dimmingAlpha, Setting<Color>.dimmingColor,
        completionThreshold, Setting<Bool>.mirrorsInRightToLeft,
    ])
}

/// The settings of `zoom-from-cell`.
public enum ZoomFromCellKeys {
    public static let name = "zoom-from-cell"

    public static let duration = Setting<Double>.duration(0.3, "`UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut)`")
    public static let curve = Setting<CubicTimingCurve>.curve(.easeInOut, "`.easeInOut`")
    public static let cell = Setting<CellReference?>(
        "cell", defaultText: "none",
        doc: "the list or grid whose cells a tap zooms from; `index` is the cell a `push:` zooms from (default 0)",
        uikit: "`collectionView(_:didSelectItemAt:)`'s cell")
    public static let detailContent = Setting<DetailContent>(
        "detailContent", default: .layout,
        doc: "`layout`: the detail is laid out at each size its frame takes (the tutorial animates the frame); `scale`: laid out once and magnified to cover",
        uikit: "`toViewController.view.frame` animated")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        duration, curve, Setting<Double>.completionSpeed, cell, detailContent, Setting<Bool>.interruptible,
    ])
}

/// The settings of `scale-fade-modal`.
public enum ScaleFadeModalKeys {
    public static let name = "scale-fade-modal"

    public static let spring = Setting<Spring>(
        "spring", default: Spring(dampingRatio: 0.8, duration: 0.6, initialVelocity: 1),
        doc: "the animation's spring; a {dampingRatio, duration} spring takes exactly its duration",
        uikit: "`UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: (1, 0))` in a 0.6 s animator")
    public static let scale = Setting<Double>("scale", .number(range: Limits.styleScale, exclusiveMinimum: 0), default: 0.6,
                                              doc: "the presented screen's scale when out", uikit: "`CGAffineTransform(scaleX: 0.6, y: 0.6)`")
    public static let offset = Setting<Point>("offset", default: Point(x: 0, y: -200), doc: "its translation when out, points",
                                              uikit: "`translatedBy(x: 0, y: -200)`")
    public static let progressDistance = Setting<Double>(
        "progressDistance", .number(range: 0...Limits.coordinate, exclusiveMinimum: 0), default: 200,
        doc: "points of translation, read through the screen's model transform (its end scale), for full progress",
        uikit: "`translation(in: viewController.view).x / 200`")
    public static let completionThreshold = Setting<Double>.completionThreshold(0.5, "a release at or above it finishes")
    public static let edgeZone = Setting<Double>("edgeZone", .number(range: 0...Limits.coordinate, exclusiveMinimum: 0), default: 13,
                                                 doc: "how near the left edge the touch must go down, points",
                                                 uikit: "`UIScreenEdgePanGestureRecognizer`")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        spring, Setting<Double>.completionSpeed, scale, offset, progressDistance,
        completionThreshold, edgeZone, Setting<Bool>.interruptible, Setting<Bool>.mirrorsInRightToLeft,
    ])
}

/// The settings of `system-push`.
public enum SystemPushKeys {
    public static let name = "system-push"

    public static let spring = Setting<Spring>(
        "spring", default: .uiKitDefault,
        doc: "the push's and a release's spring; the default settles in 0.51 s and is 98.8 % there at 0.35 s",
        uikit: "`UISpringTimingParameters()` (curve 7): mass 3, stiffness 1000, damping 500, critically damped")
    public static let coveredOffset = Setting<Double>("coveredOffset", .number(range: Limits.unit), default: 0.3,
                                                      doc: "how far the covered screen moves left, as a fraction of the width",
                                                      uikit: "`_UINavigationParallaxTransition`'s parallax offset")
    public static let overlayAlpha = Setting<Double>("overlayAlpha", .number(range: Limits.unit), default: 0.1,
                                                     doc: "the black overlay on the covered screen when fully covered",
                                                     uikit: "`_UIParallaxDimmingView` black at 0.1")
    public static let shadowRadius = Setting<Double>("shadowRadius", .number(range: Limits.shadowRadius), default: 9,
                                                     doc: "the incoming screen's edge shadow blur, points", uikit: "the 9 pt edge shadow image")
    public static let shadowOpacity = Setting<Double>("shadowOpacity", .number(range: Limits.unit), default: 0.25,
                                                      doc: "the edge shadow's opacity", uikit: "estimated by eye")
    public static let edgeZone = Setting<Double>("edgeZone", .number(range: Limits.systemEdgeZone, exclusiveMinimum: 0), default: 13,
                                                 doc: "how near the left edge the pop's touch must go down, points",
                                                 uikit: "`interactivePopGestureRecognizer` (`UIScreenEdgePanGestureRecognizer`)")
    public static let duration = Setting<Double>(
        "duration", .seconds, default: 0.35,
        doc: "the transition's duration T over which a released pop is projected (progress + v·T + ½·a·T² against min(187.5 / width, 0.5))",
        uikit: "`UIPercentDrivenInteractiveTransition.duration`, the push's reported 0.35 s")
    public static let titleEntry = Setting<Double>("titleEntry", .number(range: Limits.entryShare), default: 0.5,
                                                   doc: "the incoming title starts this fraction of the width right of its place",
                                                   uikit: "`UINavigationBar`'s push animation")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        spring, coveredOffset, overlayAlpha, shadowRadius, shadowOpacity, edgeZone, duration, titleEntry,
    ])
}

/// The settings of `page-sheet`.
public enum PageSheetKeys {
    public static let name = "page-sheet"
/// Where the sheet rests: `detents`.
public enum Detents: String, CaseIterable, SettingChoice {
    case large, medium, mediumLarge = "medium-large"
}
/// `largestUndimmedDetent`.
public enum UndimmedDetent: String, CaseIterable, SettingChoice {
    case none, medium, large
}
/// `prefersGrabberVisible`.
public enum Grabber: String, CaseIterable, SettingChoice {
    case hidden, visible
}

    public static let detents = Setting<Detents>(
        "detents", default: .large,
        doc: "where the sheet rests: `large` (the full height less the top gap), `medium` (half the screen) or `medium-large` (both; not a list)",
        uikit: "`detents` (default `[.large()]`)")
    public static let customDetent = Setting<Double?>("customDetent", .number(range: Limits.positiveLength), defaultText: "none",
                                                      doc: "one more detent, the sheet's height in points", uikit: "`.custom { _ in height }`")
    public static let grabber = Setting<Grabber>("grabber", default: .hidden, doc: "a 36 × 5 pt pill 5 pt from the sheet's top",
                                                 uikit: "`prefersGrabberVisible` (default false)")
    public static let cornerRadius = Setting<Double>("cornerRadius", .number(range: Limits.shadowRadius), default: 12,
                                                     doc: "the sheet's top corners, points", uikit: "`preferredCornerRadius` (nil: the system's)")
    public static let topGap = Setting<Double>("topGap", .number(range: Limits.sheetTopGap), default: 0.08,
                                               doc: "the gap over a large sheet, fraction of the screen height", uikit: "the large detent's height")
    public static let presenterScale = Setting<Double>("presenterScale", .number(range: Limits.positiveUnit), default: 0.9165,
                                                       doc: "the presenter's scale behind a large sheet", uikit: "the presenting view's transform")
    public static let presenterOffset = Setting<Double>(
        "presenterOffset", .number(range: Limits.unit), default: 0.07,
        doc: "how far the presenter's top edge moves down behind a large sheet, fraction of the height",
        uikit: "the presenting view's transform")
    public static let presenterCornerRadius = Setting<Double>(
        "presenterCornerRadius", .number(range: Limits.shadowRadius), default: 12,
        doc: "the presenter's corner radius behind a large sheet, points", uikit: "the presenting view's corners")
    public static let overlayAlpha = Setting<Double>("overlayAlpha", .number(range: Limits.unit), default: 0.1,
                                                     doc: "black over the presenter behind a large sheet", uikit: "the presenting view's overlay")
    public static let dimmingAlpha = Setting<Double>.sheetDimmingAlpha
    public static let largestUndimmedDetent = Setting<UndimmedDetent>(
        "largestUndimmedDetent", default: .none,
        doc: "at or below this detent nothing dims the presenter (a Maps or Music card over live content); above it the dimming comes in by the next detent up",
        uikit: "`largestUndimmedDetent` (default nil: every detent dims)")
    public static let spring = Setting<Spring>.defaultSpring("the sheet's spring: presenting, dismissing, after a release (with the finger's velocity)")
    public static let flickVelocity = Setting<Double>.sheetFlick(
        "a downward release faster than this many screen heights per second dismisses; as fast upward goes one detent up")
    public static let completionThreshold = Setting<Double>.completionThreshold(
        0.48, "without a fling, a release that projects the smallest sheet more than this share of its height down dismisses")
    public static let decelerationRate = Setting<Double>(
        "decelerationRate", .number(range: Limits.decelerationRate), default: 0.99,
        doc: "a release projects the sheet by (v / 1000) · r / (1 − r) points before choosing a detent",
        uikit: "`UIScrollView.DecelerationRate.fast`")
    public static let scrollingExpands = Setting<Bool>(
        "prefersScrollingExpandsWhenScrolledToEdge", default: true,
        doc: "an upward pan on a list or grid at its top raises the sheet to its largest detent first, then scrolls the content in the same pan; false: the content scrolls at any detent",
        uikit: "`prefersScrollingExpandsWhenScrolledToEdge` (default true)")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        detents, customDetent, grabber, cornerRadius, topGap, presenterScale, presenterOffset,
        presenterCornerRadius, overlayAlpha, dimmingAlpha, largestUndimmedDetent, spring, flickVelocity, completionThreshold,
        decelerationRate, scrollingExpands, Setting<Bool>.modalInPresentation,
    ])
}

/// The settings of `form-sheet`.
public enum FormSheetKeys {
    public static let name = "form-sheet"

    public static let size = Setting<[Double]>("size", .numbers(count: 2, range: Limits.positiveLength), default: [540, 620],
                                               doc: "the card's width and height, points (held within the screen less 20 pt margins)",
                                               uikit: "`preferredContentSize` (form sheet default)")
    public static let cornerRadius = Setting<Double>("cornerRadius", .number(range: Limits.shadowRadius), default: 12,
                                                     doc: "the card's corners, points", uikit: "the form sheet's corner radius")
    public static let dimmingAlpha = Setting<Double>.sheetDimmingAlpha
    public static let spring = Setting<Spring>.defaultSpring("the card's spring: presenting, dismissing, after a release")
    public static let flickVelocity = Setting<Double>.sheetFlick("a downward release faster than this many screen heights per second dismisses")
    public static let completionThreshold = Setting<Double>.completionThreshold(
        0.48, "without a fling, a release that projects the card more than this share of its height down dismisses")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([size, cornerRadius, dimmingAlpha, spring, flickVelocity,
                                        completionThreshold, Setting<Bool>.modalInPresentation])
}

/// The settings of `full-screen-cover`.
public enum FullScreenCoverKeys {
    public static let name = "full-screen-cover"

    public static let spring = Setting<Spring>(
        "spring", default: .uiKitDefault, doc: "the slide's spring; the default settles in 0.51 s",
        uikit: "`UISpringTimingParameters()` (curve 7): mass 3, stiffness 1000, damping 500, critically damped")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([spring])
}

/// The settings of `cross-dissolve`.
public enum CrossDissolveKeys {
    public static let name = "cross-dissolve"

    public static let duration = Setting<Double>.duration(0.4, "the modal presentation animator's 0.4 s")
    public static let curve = Setting<CubicTimingCurve>.curve(.easeInOut, "`UIView.AnimationOptions.transitionCrossDissolve`'s curve (estimated)")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([duration, curve])
}

/// The settings of `zoom`.
public enum ZoomKeys {
    public static let name = "zoom"

    public static let cell = Setting<CellReference?>(
        "cell", defaultText: "none",
        doc: "the list or grid whose cells a tap zooms from; `index` is the cell a `push:` or `present:` zooms from (default 0)",
        uikit: "`sourceViewProvider`'s view")
    public static let spring = Setting<Spring>("spring", default: .uiKitDefault,
                                               doc: "the zoom's spring, in and out and after a release (with the finger's velocity)",
                                               uikit: "estimated: `UISpringTimingParameters()` (curve 7)")
    public static let sourceCornerRadius = Setting<Double>("sourceCornerRadius", .number(range: Limits.styleCornerRadius), default: 0,
                                                           doc: "the source view's corner radius, points",
                                                           uikit: "the source view's `layer.cornerRadius`")
    public static let cardCornerRadius = Setting<Double>("cardCornerRadius", .number(range: Limits.styleCornerRadius), default: 32,
                                                         doc: "the corner radius the zooming card takes halfway, points", uikit: "estimated")
    public static let fade = Setting<Double>("fade", .number(range: Limits.fadeShare), default: 0.3,
                                             doc: "the share of the growth over which the destination's content fades in over the source view",
                                             uikit: "estimated")
    public static let minimumScale = Setting<Double>("minimumScale", .number(range: Limits.positiveUnit), default: 0.5,
                                                     doc: "the smallest a dragged destination gets", uikit: "estimated")
    public static let scaleDistance = Setting<Double>(
        "scaleDistance", .number(range: Limits.dragShare), default: 0.5,
        doc: "the downward drag, as a fraction of the height, that shrinks it to `minimumScale`", uikit: "estimated")
    public static let flickVelocity = Setting<Double>("flickVelocity", .number(range: Limits.speed), default: 300,
                                                      doc: "a release faster than this (pt/s) decides by its vertical direction",
                                                      uikit: "estimated")
    public static let completionThreshold = Setting<Double>.completionThreshold(
        0.15, "without a flick, a release past this share of the scale distance pops")

    /// Every setting, in the order the docs list them.
    public static let settings = [SettingDescriptor]([
        cell, spring, sourceCornerRadius, cardCornerRadius, fade, minimumScale, scaleDistance,
        flickVelocity, completionThreshold,
    ])
}

/// The built-in styles' names and settings, in the order the docs list them: what a scene's
/// transitions are decoded against when it loads (`StyleRegistry.builtIn` in the engine implements
/// the same styles in the same order, which `StyleRegistryTests` checks).
public enum BuiltInStyles {
    public static let all: [(name: String, settings: [SettingDescriptor])] = [
        (SlideUpModalKeys.name, SlideUpModalKeys.settings), (ParallaxBackSwipeKeys.name, ParallaxBackSwipeKeys.settings),
        (CoverFromLeftKeys.name, CoverFromLeftKeys.settings), (SideDrawerKeys.name, SideDrawerKeys.settings),
        (ZoomFromCellKeys.name, ZoomFromCellKeys.settings), (ScaleFadeModalKeys.name, ScaleFadeModalKeys.settings),
        (SystemPushKeys.name, SystemPushKeys.settings), (PageSheetKeys.name, PageSheetKeys.settings),
        (FormSheetKeys.name, FormSheetKeys.settings), (FullScreenCoverKeys.name, FullScreenCoverKeys.settings),
        (CrossDissolveKeys.name, CrossDissolveKeys.settings), (ZoomKeys.name, ZoomKeys.settings),
    ]

    /// The settings of the built-in style `name`; nil for a name no built-in style has.
    public static func settings(of name: String) -> [SettingDescriptor]? {
        all.first { $0.name == name }?.settings
    }
}
