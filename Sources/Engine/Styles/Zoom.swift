import Geometry
import Interaction
import Motion
import Scene

/// `zoom`: iOS 18's zoom transition (`preferredTransition = .zoom(sourceViewProvider:)`), pushed
/// or presented from a list or grid cell's image: the image grows into the destination while the
/// destination's content fades in; a downward drag shrinks the destination under the finger and
/// springs it back, or onto the cell, popping. The API is documented; the motion's numbers are
/// estimates (docs/uikit-semantics.md#system-transitions).
struct Zoom: TransitionStyleDefinition {
    let name = "zoom"
    let summary = "iOS 18 `.zoom(sourceViewProvider:)`: a cell's image grows into the destination as its content fades in; drag down to shrink it back onto the cell"
    let presentations: [Presentation] = [.navigation, .modal]
    let sourceCellSetting: String? = Key.cell.key
    enum Key {
        static let cell = Setting<CellReference?>(
            "cell", defaultText: "none",
            doc: "the list or grid whose cells a tap zooms from; `index` is the cell a `push:` or `present:` zooms from (default 0)",
            uikit: "`sourceViewProvider`'s view")
        static let spring = Setting<Spring>("spring", default: .uiKitDefault,
                                            doc: "the zoom's spring, in and out and after a release (with the finger's velocity)",
                                            uikit: "estimated: `UISpringTimingParameters()` (curve 7)")
        static let sourceCornerRadius = Setting<Double>("sourceCornerRadius", .number(range: Limits.styleCornerRadius), default: 0,
                                                        doc: "the source view's corner radius, points",
                                                        uikit: "the source view's `layer.cornerRadius`")
        static let cardCornerRadius = Setting<Double>("cardCornerRadius", .number(range: Limits.styleCornerRadius), default: 32,
                                                      doc: "the corner radius the zooming card takes halfway, points", uikit: "estimated")
        static let fade = Setting<Double>("fade", .number(range: Limits.fadeShare), default: 0.3,
                                          doc: "the share of the growth over which the destination's content fades in over the source view",
                                          uikit: "estimated")
        static let minimumScale = Setting<Double>("minimumScale", .number(range: Limits.positiveUnit), default: 0.5,
                                                  doc: "the smallest a dragged destination gets", uikit: "estimated")
        static let scaleDistance = Setting<Double>(
            "scaleDistance", .number(range: Limits.dragShare), default: 0.5,
            doc: "the downward drag, as a fraction of the height, that shrinks it to `minimumScale`", uikit: "estimated")
        static let flickVelocity = Setting<Double>("flickVelocity", .number(range: Limits.speed), default: 300,
                                                   doc: "a release faster than this (pt/s) decides by its vertical direction",
                                                   uikit: "estimated")
        static let completionThreshold = Setting<Double>.completionThreshold(
            0.15, "without a flick, a release past this share of the scale distance pops")
    }
    let settings = [SettingDescriptor]([
        Key.cell, Key.spring, Key.sourceCornerRadius, Key.cardCornerRadius, Key.fade, Key.minimumScale, Key.scaleDistance,
        Key.flickVelocity, Key.completionThreshold,
    ])

    func parameters(_ s: SettingValues) -> ZoomDriver.Parameters {
        var p = ZoomDriver.Parameters()
        p.spring = s[Key.spring]
        p.sourceCornerRadius = s[Key.sourceCornerRadius]
        p.cardCornerRadius = s[Key.cardCornerRadius]
        p.fade = s[Key.fade]
        p.minimumScale = s[Key.minimumScale]
        p.scaleDistance = s[Key.scaleDistance]
        p.flickVelocity = s[Key.flickVelocity]
        p.completionThreshold = s[Key.completionThreshold]
        return p
    }

    func animated(_ run: StyleRun, at time: Double) -> any TransitionDriver {
        var driver = ZoomDriver(styleName: name, parameters: parameters(run.settings), stage: run.stage, forward: run.forward)
        driver.start(at: time)
        return driver
    }

    /// The dismissal: a pan that starts downward, more vertical than sideways.
    func gesture(_ run: StyleRun) -> StyleGesture? {
        guard !run.forward else { return nil }
        let template = ZoomDriver(styleName: name, parameters: parameters(run.settings), stage: run.stage, forward: false)
        return StyleGesture(
            recognizer: PanRecognizer(bounds: run.stage.bounds),
            accepts: { _, movement in movement.y > 0 && abs(movement.y) > abs(movement.x) },
            make: { began in
                var driver = template
                driver.begin(began)
                return driver
            })
    }
}
