import Geometry
import Interaction
import Motion
import Scene

/// The iOS 18 zoom transition (`preferredTransition = .zoom(sourceViewProvider:)`).
///
/// One rectangle moves: the zooming frame, from the source view (a cell's image) to the whole
/// container on a push and back on a pop, on a spring. Inside it the source view, magnified,
/// gives way to the destination while the frame grows. A downward pan on the destination makes it
/// follow the finger in two dimensions and shrink about the point it was touched; on release it
/// either springs back to full screen or springs onto the source view, finishing the pop, with
/// the finger's velocity. Sources and certainty: docs/uikit-semantics.md#system-transitions.
struct ZoomDriver: TransitionDriver {
    struct Parameters: Sendable, Hashable {
        var spring = Spring.uiKitDefault
        /// The source view's corner radius, and the radius a shrinking card takes on the way.
        var sourceCornerRadius = 0.0
        var cardCornerRadius = 32.0
        /// The share of the way (by size) over which the destination's content fades in.
        var fade = 0.3
        /// Dragging: the smallest scale, reached after this fraction of the height downward.
        var minimumScale = 0.5
        var scaleDistance = 0.5
        /// A release faster than this (points per second) decides by its vertical direction;
        /// otherwise a drag past this fraction of the scale distance pops.
        var flickVelocity = 300.0
        var completionThreshold = 0.15
    }

    let styleName: String
    let parameters: Parameters
    let stage: TransitionStage
    let isForward: Bool
    let source: String
    let destination: String

    private var x: Track, y: Track, width: Track, height: Track
    private var phases = PhaseLog()
    private var anchor = Point.zero
    private(set) var completion: (time: Double, finished: Bool)?

    var isInterruptible: Bool { false }

    /// The source view's frame: the cell's image, or a point at the middle without one.
    var sourceFrame: Rect {
        stage.cellImage ?? Rect(x: stage.bounds.midX, y: stage.bounds.midY, width: 0, height: 0)
    }

    init(styleName: String, parameters: Parameters, stage: TransitionStage, forward: Bool) {
        self.styleName = styleName
        self.parameters = parameters
        self.stage = stage
        self.isForward = forward
        source = forward ? stage.below : stage.above
        destination = forward ? stage.above : stage.below
        let start = forward ? (stage.cellImage ?? Rect(x: stage.bounds.midX, y: stage.bounds.midY, width: 0, height: 0)) : stage.bounds
        x = Track(start.x)
        y = Track(start.y)
        width = Track(start.width)
        height = Track(start.height)
    }

    /// Pushes (zooms in) or pops (zooms out onto the source view) now.
    mutating func start(at time: Double) {
        phases.set(.animating, at: time)
        move(to: isForward ? stage.bounds : sourceFrame, at: time, velocity: .zero, finished: true)
    }

    /// The dismissal drag has begun.
    mutating func begin(_ began: PanEvent) {
        phases.set(.interactive, at: began.time)
        anchor = began.location - began.translation
        handle(began)
    }

    // MARK: Events

    mutating func interrupt(at time: Double) {}
    mutating func resume(at time: Double) {}

    mutating func handle(_ event: PanEvent) {
        guard completion == nil, !isForward else { return }
        let frame = Self.dragged(stage.bounds, anchor: anchor, translation: event.translation, parameters: parameters)
        x.set(frame.x, at: event.time)
        y.set(frame.y, at: event.time)
        width.set(frame.width, at: event.time)
        height.set(frame.height, at: event.time)
        if event.state == .ended {
            phases.set(.animating, at: event.time)
            let pops = Self.popFinishes(translation: event.translation, velocity: event.velocity, bounds: stage.bounds,
                                        parameters: parameters)
            move(to: pops ? sourceFrame : stage.bounds, at: event.time, velocity: event.velocity, finished: pops)
        }
    }

    /// The destination while a finger drags it: shrunk about the point it was touched, by the
    /// downward travel, and moved with the finger in both directions.
    static func dragged(_ bounds: Rect, anchor: Point, translation: Point, parameters p: Parameters) -> Rect {
        let progress = min(max(translation.y / (bounds.height * p.scaleDistance), 0), 1)
        let s = 1 - (1 - p.minimumScale) * progress
        return Rect(x: anchor.x + (bounds.minX - anchor.x) * s + translation.x,
                    y: anchor.y + (bounds.minY - anchor.y) * s + translation.y,
                    width: bounds.width * s, height: bounds.height * s)
    }

    /// Whether a released drag pops: a vertical flick decides by its direction, otherwise a drag
    /// past the threshold share of the scale distance pops.
    static func popFinishes(translation: Point, velocity: Point, bounds: Rect, parameters p: Parameters) -> Bool {
        if velocity.y >= p.flickVelocity { return true }
        if velocity.y <= -p.flickVelocity { return false }
        return translation.y / (bounds.height * p.scaleDistance) > p.completionThreshold
    }

    private mutating func move(to target: Rect, at time: Double, velocity: Point, finished: Bool) {
        let spring = parameters.spring
        let durations = [
            x.animate(to: target.x, at: time, spring: spring, velocity: velocity.x),
            y.animate(to: target.y, at: time, spring: spring, velocity: velocity.y),
            width.animate(to: target.width, at: time, spring: spring),
            height.animate(to: target.height, at: time, spring: spring),
        ]
        completion = (time + (durations.max() ?? 0), finished)
    }

    // MARK: Evaluation

    /// This run held with the zooming frame at `frame` from `time` on (a finger dragging it there).
    func held(atFrame frame: Rect, at time: Double) -> ZoomDriver {
        var copy = self
        copy.phases = .held(from: time)
        copy.x = Track(frame.x)
        copy.y = Track(frame.y)
        copy.width = Track(frame.width)
        copy.height = Track(frame.height)
        copy.completion = nil
        return copy
    }

    func phase(at time: Double) -> Phase { phases.phase(at: time) }

    func frame(at time: Double) -> Rect {
        Rect(x: x.value(at: time), y: y.value(at: time), width: width.value(at: time), height: height.value(at: time))
    }

    /// How far the zoom is in, by the frame's width from the source view's to the container's.
    func amount(at time: Double) -> Double {
        let from = sourceFrame.width, to = stage.bounds.width
        return abs(to - from) > 1e-9 ? (frame(at: time).width - from) / (to - from) : 1
    }

    func progress(at time: Double) -> Double {
        let a = min(max(amount(at: time), 0), 1)
        return isForward ? a : 1 - a
    }

    func layers(at time: Double) -> [Placement] {
        ZoomSystemGeometry(parameters: parameters).layers(frame: frame(at: time), amount: amount(at: time), stage: stage)
    }
}

/// The zoom's picture for a zooming `frame` that is `amount` of the way from the source view to
/// the container. The zooming card is opaque: the source view, magnified into the frame, and over
/// it the destination, laid out full size and scaled to cover the frame, fading in; nothing of
/// the screen below shows through it. The source view itself is hidden on the screen below while
/// the card flies out, back or under a finger, showing what lies behind it (`cellBackdrop`).
struct ZoomSystemGeometry: Sendable {
    var parameters = ZoomDriver.Parameters()

    func layers(frame: Rect, amount a: Double, stage: TransitionStage) -> [Placement] {
        let p = parameters
        let clamped = min(max(a, 0), 1)
        let content = min(clamped / max(p.fade, 1e-9), 1)
        let radius = p.sourceCornerRadius * (1 - clamped) + p.cardCornerRadius * 4 * clamped * (1 - clamped)
        var placements = [Placement(screen: stage.below, frame: stage.bounds)]
        if let cell = stage.cellImage, let backdrop = stage.cellBackdrop {
            placements.append(Placement(id: "zoomSourceHidden", content: .fill(backdrop), frame: cell,
                                        cornerRadius: p.sourceCornerRadius))
        }
        var alpha = 1.0
        if let cell = stage.cellImage, content < 1 {
            placements.append(Placement(id: "zoomSource", content: .screen(stage.below), frame: frame,
                                        cornerRadius: radius, layout: .region(cell)))
            alpha = content
        }
        placements.append(Placement(screen: stage.above, frame: frame, alpha: alpha, cornerRadius: radius, layout: .aspectFill))
        return placements
    }
}
