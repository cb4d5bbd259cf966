import Geometry
import Interaction
import Scene

/// A style whose code places its screens by absolute x (`frame.origin.x = -width`,
/// `translation.x`, `edges = .left`), played under right-to-left as that code runs there.
///
/// The engine replays every scene in left-to-right space and mirrors what it draws
/// (`FrameState.mirrored`), which turns UIKit's own styles exactly as UIKit turns them. A
/// tutorial's code does not turn: its drawer still comes in from the screen's left and a
/// rightward drag still opens it, only the screens' contents reading right to left. In the
/// engine's mirrored space that is this style mirrored: its placements and its finger mirrored
/// across the container, so that the final mirror puts them back where the code puts them. The
/// setting `mirrorsInRightToLeft` plays the style mirrored instead, as a team that adapts the
/// code for right-to-left would (docs/uikit-semantics.md#right-to-left).
struct AsWrittenStyle: TransitionStyleDefinition {
    let base: any TransitionStyleDefinition

    var name: String { base.name }
    var summary: String { base.summary }
    var presentations: [Presentation] { base.presentations }
    var settings: [SettingDescriptor] { base.settings }
    var sourceCellSetting: String? { base.sourceCellSetting }
    var crossFadesBottomBars: Bool { base.crossFadesBottomBars }

    func animated(_ run: StyleRun, at time: Double) -> any TransitionDriver {
        MirroredDriver(base: base.animated(run, at: time), across: run.stage.bounds)
    }

    func gesture(_ run: StyleRun) -> StyleGesture? {
        guard let gesture = base.gesture(run) else { return nil }
        let bounds = run.stage.bounds
        return StyleGesture(
            recognizer: gesture.recognizer.mirrored,
            accepts: { began, movement in
                gesture.accepts(began.mirrored(across: bounds), Point(x: -movement.x, y: movement.y))
            },
            make: { began in MirroredDriver(base: gesture.make(began.mirrored(across: bounds)), across: bounds) },
            summary: gesture.summary)
    }

    func resting(_ run: StyleRun) -> [Placement]? {
        base.resting(run)?.map { $0.mirrored(across: run.stage.bounds) }
    }

    func barTransition(_ run: StyleRun) -> BarTransition { base.barTransition(run) }
    func usesSystemAnimator(forward: Bool) -> Bool { base.usesSystemAnimator(forward: forward) }
}

/// A driver seen through a mirror across `bounds`: the pan events it is handed are mirrored
/// before it reads them, and the placements it gives are mirrored back.
struct MirroredDriver: TransitionDriver {
    var base: any TransitionDriver
    let across: Rect

    var styleName: String { base.styleName }
    var destination: String { base.destination }
    var source: String { base.source }
    var isForward: Bool { base.isForward }
    var completion: (time: Double, finished: Bool)? { base.completion }
    var isInterruptible: Bool { base.isInterruptible }
    var restingStage: TransitionStage? { base.restingStage }
    var detentChange: String? { base.detentChange }

    func catchingRecognizer(bounds: Rect) -> PanRecognizer? { base.catchingRecognizer(bounds: bounds)?.mirrored }

    mutating func interrupt(at time: Double) { base.interrupt(at: time) }
    mutating func resume(at time: Double) { base.resume(at: time) }
    mutating func handle(_ event: PanEvent) { base.handle(event.mirrored(across: across)) }

    func phase(at time: Double) -> Phase { base.phase(at: time) }
    func progress(at time: Double) -> Double { base.progress(at: time) }
    func amount(at time: Double) -> Double { base.amount(at: time) }
    func layers(at time: Double) -> [Placement] { base.layers(at: time).map { $0.mirrored(across: across) } }
}

extension PanRecognizer {
    /// The recognizer of a finger mirrored left to right: a left edge's is the right edge's.
    var mirrored: PanRecognizer {
        var recognizer = self
        recognizer.edge = edge.map { $0 == .left ? .right : $0 == .right ? .left : $0 }
        return recognizer
    }
}

extension PanEvent {
    /// The event as a finger mirrored across `bounds` would give it.
    func mirrored(across bounds: Rect) -> PanEvent {
        PanEvent(state: state, time: time, location: Point(x: bounds.minX + bounds.maxX - location.x, y: location.y),
                 translation: Point(x: -translation.x, y: translation.y), velocity: Point(x: -velocity.x, y: velocity.y))
    }
}

extension Rect {
    /// The rectangle mirrored across `bounds`' vertical centre line.
    func mirrored(across bounds: Rect) -> Rect {
        Rect(x: bounds.minX + bounds.maxX - x - width, y: y, width: width, height: height)
    }
}

extension Placement {
    /// The placement mirrored across `bounds`: its frame, rotation, anchor and shadow, and how
    /// its views move.
    func mirrored(across bounds: Rect) -> Placement {
        var placement = self
        placement.frame = frame.mirrored(across: bounds)
        placement.rotation = -rotation
        placement.anchor.x = 1 - anchor.x
        placement.shadow?.offset.x = -(shadow?.offset.x ?? 0)
        // A region of the screen's own layout (a cell a zoom grows out of) is where the layout
        // put it, mirrored with the screen already: it stays.
        if case .laidOut(let rect) = layout { placement.layout = .laidOut(rect.mirrored(across: bounds)) }
        placement.views = views.mapValues { adjustment in
            var adjustment = adjustment
            adjustment.offset.x = -adjustment.offset.x
            adjustment.rotation = -adjustment.rotation
            adjustment.anchor.x = 1 - adjustment.anchor.x
            return adjustment
        }
        return placement
    }
}
