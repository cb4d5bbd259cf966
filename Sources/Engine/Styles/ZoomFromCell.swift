import Geometry
import Interaction
import Motion
import Scene

/// `zoom-from-cell` (its tutorial's `ContactDetailShowAnimator`, docs/uikit-semantics.md#tutorial-styles): a navigation push growing the
/// detail screen out of a tapped cell's image; a pan from the left half pops it back.
struct ZoomFromCell: PercentDrivenStyle {
    var name: String { Key.name }
    let summary = "push: the detail screen's frame grows from the tapped cell's image (radius h / 2 → 0), its content laid out at each size"
    let presentations: [Presentation] = [.navigation]
    let sourceCellSetting: String? = Key.cell.key
    typealias Key = ZoomFromCellKeys
    var settings: [SettingDescriptor] { Key.settings }

    func driver(_ run: StyleRun) -> PercentDrivenDriver {
        let s = run.settings
        // The `zoom-from-cell` tutorial: pop by a pan beginning in the left half, progress = |dx| / width, finish when velocity.x > 0.
        let rule = InteractionRule(
            recognizer: .panInLeftHalf, reads: .translationX,
            progress: { event, bounds, base in base + abs(event.translation.x) / bounds.width },
            decision: .movingRight)
        let zoom = ZoomGeometry(layout: s[Key.detailContent] == .scale ? .aspectFill : .atFrame)
        return PercentDrivenDriver(styleName: name, geometry: zoom, stage: run.stage, forward: run.forward,
                                   timing: s.cubicTiming(Key.curve, Key.duration), completionCurve: nil,
                                   completionSpeed: s[Setting<Double>.completionSpeed], scrubsInLayerTime: false,
                                   interruptible: !run.forward && s[Setting<Bool>.interruptible], rule: run.forward ? nil : rule)
    }
}

/// The tutorial's `ContactDetailShowAnimator`: the detail screen grows from the tapped cell's image frame
/// (corner radius = its height / 2) to full screen (radius 0), clipped to its bounds. The tutorial
/// animates the detail view's frame, so its content is laid out at each size (`.atFrame`);
/// `.aspectFill` magnifies the finished screen instead.
struct ZoomGeometry: StyleGeometry {
    var layout = Placement.Layout.atFrame

    func layers(amount a: Double, stage: TransitionStage) -> [Placement] {
        let start = stage.cellImage ?? Rect(x: stage.bounds.midX, y: stage.bounds.midY, width: 0, height: 0)
        let frame = start.interpolated(to: stage.bounds, fraction: a)
        let radius = (start.height / 2) * (1 - a)
        return [
            Placement(screen: stage.below, frame: stage.bounds),
            Placement(screen: stage.above, frame: frame, cornerRadius: max(radius, 0), layout: layout),
        ]
    }
}
