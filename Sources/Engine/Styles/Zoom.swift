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
    var name: String { Key.name }
    let summary = "iOS 18 `.zoom(sourceViewProvider:)`: a cell's image grows into the destination as its content fades in; drag down to shrink it back onto the cell"
    let presentations: [Presentation] = [.navigation, .modal]
    let sourceCellSetting: String? = Key.cell.key
    /// `-[_UIZoomTransitionController _shouldCrossFadeBottomBars]` returns YES.
    let crossFadesBottomBars = true
    typealias Key = ZoomKeys
    var settings: [SettingDescriptor] { Key.settings }

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
