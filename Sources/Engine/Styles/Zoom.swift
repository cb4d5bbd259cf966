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
    let sourceCellSetting: String? = "cell"
    let settings: [SettingDescriptor] = [
        SettingDescriptor("cell", .cell, defaultText: "none",
                          doc: "the list or grid whose cells a tap zooms from; `index` is the cell a `push:` or `present:` zooms from (default 0)",
                          uikit: "`sourceViewProvider`'s view"),
        SettingDescriptor("spring", .spring, default: .spring(.uiKitDefault),
                          doc: "the zoom's spring, in and out and after a release (with the finger's velocity)",
                          uikit: "estimated: `UISpringTimingParameters()` (curve 7)"),
        SettingDescriptor("sourceCornerRadius", .number(range: 0...1000), default: .number(0),
                          doc: "the source view's corner radius, points", uikit: "the source view's `layer.cornerRadius`"),
        SettingDescriptor("cardCornerRadius", .number(range: 0...1000), default: .number(32),
                          doc: "the corner radius the zooming card takes halfway, points", uikit: "estimated"),
        SettingDescriptor("fade", .number(range: 0.001...1), default: .number(0.3),
                          doc: "the share of the growth over which the destination's content fades in over the source view",
                          uikit: "estimated"),
        SettingDescriptor("minimumScale", .number(range: 0.01...1), default: .number(0.5),
                          doc: "the smallest a dragged destination gets", uikit: "estimated"),
        SettingDescriptor("scaleDistance", .number(range: 0.01...10), default: .number(0.5),
                          doc: "the downward drag, as a fraction of the height, that shrinks it to `minimumScale`", uikit: "estimated"),
        SettingDescriptor("flickVelocity", .number(range: 0...100_000), default: .number(300),
                          doc: "a release faster than this (pt/s) decides by its vertical direction", uikit: "estimated"),
        .completionThreshold(0.15, "without a flick, a release past this share of the scale distance pops"),
    ]

    func parameters(_ s: SettingValues) -> ZoomDriver.Parameters {
        var p = ZoomDriver.Parameters()
        p.spring = s.spring("spring") ?? .uiKitDefault
        p.sourceCornerRadius = s.number("sourceCornerRadius") ?? 0
        p.cardCornerRadius = s.number("cardCornerRadius") ?? 32
        p.fade = s.number("fade") ?? 0.3
        p.minimumScale = s.number("minimumScale") ?? 0.5
        p.scaleDistance = s.number("scaleDistance") ?? 0.5
        p.flickVelocity = s.number("flickVelocity") ?? 300
        p.completionThreshold = s.number("completionThreshold") ?? 0.15
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
