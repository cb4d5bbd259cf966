import Geometry
import Interaction
import Motion
import Scene

/// A transition style as a value: how it brings its screen in, what it animates, how a finger
/// drives it in each direction, and the settings it reads. Each built-in style is one file in
/// `Engine/Styles/` and one line in `StyleRegistry.builtIn`; scene files declare their own with
/// `styles:` (`CustomStyle`). The timeline asks the style for everything, by these hooks only.
protocol TransitionStyleDefinition: Sendable {
    /// The scene-file name.
    var name: String { get }
    /// One line for the docs: what moves.
    var summary: String { get }
    /// Pushed on a navigation stack, presented modally, or either.
    var presentations: [Presentation] { get }
    /// Every setting the style reads, in the order the docs list them.
    var settings: [SettingDescriptor] { get }
    /// The setting naming the list or grid cell the style grows out of (`zoom-from-cell`'s
    /// `cell`): a tap on such a cell starts the style, and a `push` needs one; nil for none.
    var sourceCellSetting: String? { get }

    /// A non-interactive run, started by an action or a tap at `time`.
    func animated(_ run: StyleRun, at time: Double) -> any TransitionDriver
    /// The gesture that starts an interactive run in `run`'s direction, if the style has one.
    func gesture(_ run: StyleRun) -> StyleGesture?
    /// What stays on screen once the style has brought its screen in; nil: the top screen alone.
    func resting(_ run: StyleRun) -> [Placement]?
    /// How a navigation controller's bar changes its items during a push or pop of this style.
    func barTransition(_ run: StyleRun) -> BarTransition
    /// Whether the style has no animator of its own in a direction, so UIKit plays its own push
    /// or pop there (a custom style's `animator: system`; the parallax back swipe's push). The
    /// timeline then asks `SystemPush.fallback` every hook, never this style.
    func usesSystemAnimator(forward: Bool) -> Bool
    /// Whether a push of a screen that hides the bottom bar (`hidesBottomBarWhenPushed`) fades the
    /// tab bar out in place, over the transition, instead of carrying it off with the covered
    /// screen (UIKit's private `_shouldCrossFadeBottomBars`, docs/uikit-semantics.md#the-zoom-and-the-tab-bar).
    var crossFadesBottomBars: Bool { get }
    /// Whether the style's code places its screens and reads the finger by absolute x — a
    /// tutorial's `frame.origin.x = -width`, `translation.x`, `edges = .left` — which does not
    /// turn under right-to-left (`AsWrittenStyle`); false for UIKit's own styles, which turn.
    var placesByAbsoluteX: Bool { get }
}

extension TransitionStyleDefinition {
    var sourceCellSetting: String? { nil }
    func resting(_ run: StyleRun) -> [Placement]? { nil }
    /// A custom animator's bar: its items cross-fade in place.
    func barTransition(_ run: StyleRun) -> BarTransition { .crossFade }
    func usesSystemAnimator(forward: Bool) -> Bool { false }
    var crossFadesBottomBars: Bool { false }
    var placesByAbsoluteX: Bool { false }
}

/// One run of a style: its settings, the screens it moves and the direction.
struct StyleRun: Sendable {
    var settings: SettingValues
    var stage: TransitionStage
    /// Present, push or open (true); dismiss, pop or close (false).
    var forward: Bool
}

/// A gesture that can start a run: the recognizer to replay the finger through, whether the pan
/// that began may start it (where it began, how it was moving), and the driver it starts.
struct StyleGesture: Sendable {
    var recognizer: PanRecognizer
    var accepts: @Sendable (_ began: PanEvent, _ movement: Point) -> Bool
    var make: @Sendable (_ began: PanEvent) -> any TransitionDriver
    /// The gesture in words, for messages: "pan from the left screen edge".
    var summary = "pan"
}

/// A style run by one percent-driven animator (the percent-driven tutorial styles): a geometry, a timing, and a
/// gesture rule for each direction that has one. The hooks come from `driver(_:)`.
protocol PercentDrivenStyle: TransitionStyleDefinition {
    /// The driver for `run`, not started.
    func driver(_ run: StyleRun) -> PercentDrivenDriver
}

extension PercentDrivenStyle {
    func animated(_ run: StyleRun, at time: Double) -> any TransitionDriver {
        var driver = driver(run)
        driver.start(at: time)
        return driver
    }

    func gesture(_ run: StyleRun) -> StyleGesture? {
        let template = driver(run)
        guard let rule = template.rule else { return nil }
        let bounds = run.stage.bounds
        return StyleGesture(
            recognizer: rule.recognizer(bounds: bounds),
            accepts: { began, _ in rule.accepts(beganAt: began.location, bounds: bounds) },
            make: { began in
                var driver = template
                driver.begin(began)
                driver.handle(began)
                return driver
            },
            summary: rule.recognizer.summary)
    }

    func resting(_ run: StyleRun) -> [Placement]? {
        driver(run).geometry.restingLayers(stage: run.stage)
    }
}

/// A style run by `SheetDriver` (page and form sheets): the sheet rests at a detent; a pan that
/// begins where `grabs` says, more vertical than sideways, drags it between detents or away.
protocol SheetStyle: TransitionStyleDefinition {
    /// The driver for `run`, not started.
    func driver(_ run: StyleRun) -> SheetDriver
    /// Whether a pan that went down at `point` grabs the sheet of `driver` at rest.
    func grabs(_ point: Point, _ driver: SheetDriver, bounds: Rect) -> Bool
}

extension SheetStyle {
    func animated(_ run: StyleRun, at time: Double) -> any TransitionDriver {
        var driver = driver(run)
        driver.start(at: time)
        return driver
    }

    /// Dismissing and changing detents: a pan that grabs the sheet, more vertical than sideways.
    func gesture(_ run: StyleRun) -> StyleGesture? {
        guard !run.forward else { return nil }
        let template = driver(run), bounds = run.stage.bounds
        return StyleGesture(
            recognizer: PanRecognizer(bounds: bounds),
            accepts: { began, movement in
                grabs(began.location - began.translation, template, bounds: bounds) && abs(movement.y) > abs(movement.x)
            },
            make: { began in
                var driver = template
                driver.begin(began)
                return driver
            },
            summary: "pan beginning on the sheet, more vertical than sideways")
    }

    func resting(_ run: StyleRun) -> [Placement]? {
        let d = driver(run)
        return d.geometry.layers(top: d.restTop, stage: run.stage)
    }
}

extension SettingValues {
    /// The dimming color: `dimmingColor` at `dimmingAlpha`, or at the color's own alpha when the
    /// scene gives a translucent color and no `dimmingAlpha`.
    func dimming(_ alpha: Setting<Double>) -> Color {
        let color = self[Setting<Color>.dimmingColor]
        if !isGiven(alpha.key), isGiven(Setting<Color>.dimmingColor.key), color.alpha < 1 { return color }
        return color.withAlpha(self[alpha])
    }

    /// A cubic timing from `curve` and `duration`.
    func cubicTiming(_ curve: Setting<CubicTimingCurve>, _ duration: Setting<Double>) -> AnimatorTiming {
        .cubic(self[curve], duration: self[duration])
    }
}
