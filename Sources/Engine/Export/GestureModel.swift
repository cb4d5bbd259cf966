import Geometry
import Interaction
import Motion
import Scene

/// An interactive transition's gesture as data: everything a player needs to turn pointer samples
/// into the transition's progress, decide the release and run the completion as the engine would
/// (docs/export.md, "The data"). Made from the driver the engine itself runs
/// (`PercentDrivenDriver.gestureModel()`), never written by hand.
public struct GestureModel: Codable, Sendable, Hashable {
    public struct Recognizer: Codable, Sendable, Hashable {
        public var slop: Double
        /// The screen edge of a screen-edge pan; nil: a pan.
        public var edge: String?
        public var edgeZone: Double
        /// Where a pan must begin: `{ "half": EDGE }` or `{ "rect": [x, y, w, h] }`; nil: anywhere.
        public var region: [String: RegionValue]?
        /// Whether the pan may begin only moving more vertically than sideways (a sheet's drag).
        public var vertical: Bool?
        /// `origin`: the region is tested where the pan started (the touch-down moved by the slop
        /// taken off at `.began`, a sheet's grab) rather than where it began.
        public var regionAt: String?
        /// The edge the movement at `.began` must head for, more along than across it (the
        /// `slide-up-modal` tutorial's downward check: `bottom`).
        public var moving: String?
    }

    /// A region's value: an edge's name or a rectangle.
    public enum RegionValue: Codable, Sendable, Hashable {
        case edge(String)
        case rect([Double])

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .edge(let name): try container.encode(name)
            case .rect(let values): try container.encode(values)
            }
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let name = try? container.decode(String.self) { self = .edge(name) } else { self = .rect(try container.decode([Double].self)) }
        }
    }

    /// The style's progress (unclamped, from a start at 0) for the value read at `start + i × step`.
    public struct Reading: Codable, Sendable, Hashable {
        public var source: String
        public var axis: String
        public var start: Double
        public var step: Double
        public var values: [Double]
        /// Whether each callback adds its reading's change to the fraction, clamped each time
        /// (the `slide-up-modal` tutorial's `fractionComplete += step`), rather than setting it.
        public var accumulates: Bool?
    }

    public struct Decision: Codable, Sendable, Hashable {
        /// `rule` (`ReleaseDecision`) or `projection` (`PopProjection`).
        public var kind: String
        public var axis: String?
        public var sign: Double?
        public var flick: Double?
        public var velocity: Double?
        public var threshold: Double?
        public var inclusive: Bool?
        public var duration: Double?
        public var distance: Double?
        public var sampleInterval: Double?
        public var movedInterval: Double?
        public var accelerationStep: Double?
        public var window: Int?
        /// `detents` (`SheetGeometry.target`): the sheet's top edge at each detent, lowest first…
        public var tops: [Double]?
        /// …the screen's bottom edge, the share of the smallest sheet a release must keep, the
        /// seconds of velocity the release projects, and whether a drag may dismiss.
        public var bottom: Double?
        public var keep: Double?
        public var projection: Double?
        public var dismisses: Bool?
    }

    public struct Curve: Codable, Sendable, Hashable {
        public var values: [Double]
        init(_ c: CubicTimingCurve) { values = [c.x1, c.y1, c.x2, c.y2] }
        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(values)
        }
        public init(from decoder: Decoder) throws {
            values = try decoder.singleValueContainer().decode([Double].self)
        }
    }

    public struct SpringModel: Codable, Sendable, Hashable {
        public var mass: Double
        public var stiffness: Double
        public var damping: Double
        public var honouredDuration: Double?
        /// `Spring.settlingDuration(epsilon:)`'s epsilon.
        public var settleEpsilon: Double

        init(_ s: Spring) {
            mass = s.mass
            stiffness = s.stiffness
            damping = s.damping
            honouredDuration = s.honouredDuration
            settleEpsilon = Spring.settlingEpsilon
        }
    }

    public struct Scrub: Codable, Sendable, Hashable {
        public var linear: Bool
        public var curve: Curve
    }

    public struct Timing: Codable, Sendable, Hashable {
        public var curve: Curve?
        public var spring: SpringModel?
        public var duration: Double
    }

    public struct Completion: Codable, Sendable, Hashable {
        /// `spring`, `layerTime` or `animator` (`PercentDrivenDriver.complete`).
        public var kind: String
        public var spring: SpringModel?
        /// Progress per second for a velocity: cx × vx + cy × vy.
        public var velocity: [Double]?
        public var curve: Curve?
        public var completionCurve: Curve?
        public var duration: Double?
        public var speed: Double?
        public var timing: Timing?
        /// `follower` (`SlideUpModalDriver.animate`): the screen that follows the finger springs
        /// `travel` points away (finishing) or back, starting with the finger's velocity when
        /// `inherits`; the animator (`curve`, `duration`) continues for the spring's run over its
        /// duration (`frameDuration` when the spring does not move).
        public var travel: Double?
        public var inherits: Bool?
        public var frameDuration: Double?
    }

    /// A screen that follows the finger one to one (its top-level nodes, by id or id prefix),
    /// apart from the rest of the picture: the pictures show it `perValue` × the key along `axis`
    /// from its rest — where a straight drag puts it — and the page moves its steps by the rest.
    public struct Follower: Codable, Sendable, Hashable {
        public var node: String
        public var axis: String
        public var perValue: Double
    }

    /// What the gesture moves and the pictures are sampled along: `value` (a percent-driven
    /// animator's on-screen value, 0…1, reached by clamping the progress and scrubbing) or `top`
    /// (a sheet's top edge in points, the reading itself).
    public var key = "value"
    /// The range of `key` the pictures cover.
    public var range = [0.0, 1.0]
    public var recognizer: Recognizer
    public var reading: Reading
    public var autoFinish: Double?
    public var decision: Decision
    public var scrub: Scrub?
    public var completion: Completion
    public var follower: Follower?
    /// `zoom` (`ZoomDriver`): the frame the drag and the springs move.
    public var zoom: ZoomModel?

    /// The zoom's pop as data: the drag shrinks the destination about where it was touched by the
    /// downward travel (`ZoomDriver.dragged`), the release pops on a downward flick or past the
    /// threshold (`popFinishes`), and the default spring carries the frame to the source view or
    /// back (x and y with the finger's velocity). The key is the frame's width; `frames` show the
    /// card at (0, 0) scaled uniformly, `popFrames` on the straight way from the container to the
    /// source view; the card's steps (`cardSteps`, `popCardSteps`) are moved to the frame.
    public struct ZoomModel: Codable, Sendable, Hashable {
        public var bounds: [Double]
        public var source: [Double]
        public var minimumScale: Double
        public var scaleDistance: Double
        public var flick: Double
        public var threshold: Double
        public var spring: SpringModel
        /// The card's nodes: by id or id prefix.
        public var nodes: [String]
    }
}

extension InteractionRule {
    /// The recognizer as data, for a container of `bounds`.
    func recognizerModel(bounds: Rect) -> GestureModel.Recognizer {
        let pan = recognizer(bounds: bounds)
        var region: [String: GestureModel.RegionValue]?
        switch recognizer {
        case .pan, .leftEdge, .edge: region = nil
        case .panInLeftHalf: region = ["half": .edge(ScreenEdge.left.rawValue)]
        case .panInHalf(let edge): region = ["half": .edge(edge.rawValue)]
        case .panInRegion(let r): region = ["rect": .rect([r.x, r.y, r.width, r.height])]
        }
        return GestureModel.Recognizer(slop: pan.slop, edge: pan.edge?.rawValue, edgeZone: pan.edgeZone, region: region)
    }

    /// `progress` sampled every `step` points over twice the container's extent each way: a
    /// translation from −2 × extent to 2 × extent, a location from −extent to 2 × extent.
    func readingModel(bounds: Rect, step: Double = 2) -> GestureModel.Reading {
        let isX = reads == .translationX || reads == .locationX
        let isTranslation = reads == .translationX || reads == .translationY
        let extent = isX ? bounds.width : bounds.height
        let start = isTranslation ? -2 * extent : (isX ? bounds.minX : bounds.minY) - extent
        let end = isTranslation ? 2 * extent : (isX ? bounds.maxX : bounds.maxY) + extent
        let count = Int(((end - start) / step).rounded(.up)) + 1
        let values = (0..<count).map { i -> Double in
            let v = start + Double(i) * step
            let point = isX ? Point(x: v, y: 0) : Point(x: 0, y: v)
            let location = isTranslation ? Point(x: bounds.midX, y: bounds.midY) : point
            let event = PanEvent(state: .changed, time: 0, location: location, translation: isTranslation ? point : .zero, velocity: .zero)
            return progress(event, bounds, 0)
        }
        return GestureModel.Reading(source: isTranslation ? "translation" : "location", axis: isX ? "x" : "y",
                                    start: start, step: step, values: values)
    }

    func decisionModel(width: Double) -> GestureModel.Decision {
        if let duration = popProjectionDuration {
            let projection = PopProjection(totalDistance: width)
            return GestureModel.Decision(kind: "projection", duration: duration, distance: width, sampleInterval: PopProjection.sampleInterval,
                                         movedInterval: PopProjection.movedInterval, accelerationStep: PopProjection.accelerationStep,
                                         window: PopProjection.window, threshold: projection.threshold)
        }
        let d = decision
        return GestureModel.Decision(kind: "rule", axis: d.axis.rawValue, sign: d.sign, flick: d.flick, velocity: d.velocity,
                                     threshold: d.threshold, inclusive: d.inclusive)
    }
}

extension GestureModel.Decision {
    init(kind: String, duration: Double, distance: Double, sampleInterval: Double, movedInterval: Double,
         accelerationStep: Double, window: Int, threshold: Double) {
        self.kind = kind
        self.duration = duration
        self.distance = distance
        self.sampleInterval = sampleInterval
        self.movedInterval = movedInterval
        self.accelerationStep = accelerationStep
        self.window = window
        self.threshold = threshold
    }

    init(kind: String, axis: String, sign: Double, flick: Double?, velocity: Double?, threshold: Double?, inclusive: Bool) {
        self.kind = kind
        self.axis = axis
        self.sign = sign
        self.flick = flick
        self.velocity = velocity
        self.threshold = threshold
        self.inclusive = inclusive
    }
}

extension PercentDrivenDriver {
    /// The gesture that drives this run, as data; nil when no gesture drives it.
    func gestureModel() -> GestureModel? {
        guard let rule else { return nil }
        let bounds = stage.bounds
        let timing = animator.timing
        let curve: CubicTimingCurve
        if case .cubic(let c, _) = timing { curve = c } else { curve = .linear }
        var completion: GestureModel.Completion
        if let spring = completionSpring {
            let unit: [Double] = rule.progressVelocity.map { [$0(Point(x: 1, y: 0), bounds), $0(Point(x: 0, y: 1), bounds)] } ?? [0, 0]
            completion = GestureModel.Completion(kind: "spring", spring: GestureModel.SpringModel(spring), velocity: unit)
        } else if scrubsInLayerTime {
            completion = GestureModel.Completion(kind: "layerTime", curve: GestureModel.Curve(curve),
                                                 completionCurve: GestureModel.Curve(completionCurve ?? .easeInOut),
                                                 duration: timing.duration, speed: completionSpeed)
        } else {
            let model: GestureModel.Timing
            switch timing {
            case .cubic(let c, let duration): model = GestureModel.Timing(curve: GestureModel.Curve(c), duration: duration)
            case .spring(let s): model = GestureModel.Timing(spring: GestureModel.SpringModel(s.withInitialVelocity(0)), duration: timing.duration)
            }
            completion = GestureModel.Completion(kind: "animator", speed: completionSpeed, timing: model)
        }
        return GestureModel(key: "value", range: [0, 1], recognizer: rule.recognizerModel(bounds: bounds), reading: rule.readingModel(bounds: bounds),
                            autoFinish: rule.autoFinish, decision: rule.decisionModel(width: bounds.width),
                            scrub: GestureModel.Scrub(linear: animator.scrubsLinearly, curve: GestureModel.Curve(curve)),
                            completion: completion)
    }
}

extension SheetDriver {
    /// Where a drag must begin to grab the resting sheet.
    var grabRegion: Rect {
        switch geometry.kind {
        case .page: return Rect(x: stage.bounds.minX, y: restTop, width: stage.bounds.width, height: stage.bounds.maxY - restTop)
        case .form: return geometry.frame(top: restTop, bounds: stage.bounds)
        }
    }

    /// The drag of the resting sheet as data (a dismissal's run; nil for a presentation): the
    /// top edge follows `restTop + translation.y`, rubber-banded; the release picks a detent or
    /// dismisses (`SheetGeometry.target`) and the default spring carries the top edge there.
    func gestureModel() -> GestureModel? {
        guard !isForward else { return nil }
        let bounds = stage.bounds, region = grabRegion
        let step = 2.0, extent = bounds.height
        let values = stride(from: -extent, through: extent, by: step).map { t in
            geometry.rubberBanded(top: restTop + t, bounds: bounds, holdsAboveDismissal: !rules.dismissesInteractively)
        }
        let tops = geometry.detentTops(bounds).sorted(by: >)
        let highest = tops.last ?? bounds.minY
        let lowest = rules.dismissesInteractively ? geometry.hiddenTop(bounds) : min(geometry.hiddenTop(bounds), (values.last ?? bounds.maxY))
        var decision = GestureModel.Decision(kind: "detents")
        decision.tops = tops
        decision.bottom = bounds.maxY
        decision.flick = rules.flickVelocity
        decision.keep = rules.keep
        decision.projection = rules.projection
        decision.dismisses = rules.dismissesInteractively
        return GestureModel(
            key: "top", range: [highest - geometry.stretch * bounds.height, lowest],
            recognizer: GestureModel.Recognizer(slop: PanRecognizer(bounds: bounds).slop, edge: nil, edgeZone: 0,
                                                region: ["rect": .rect([region.x, region.y, region.width, region.height])], vertical: true,
                                                regionAt: "origin"),
            reading: GestureModel.Reading(source: "translation", axis: "y", start: -extent, step: step, values: values),
            autoFinish: nil, decision: decision, scrub: nil,
            completion: GestureModel.Completion(kind: "spring", spring: GestureModel.SpringModel(rules.spring), velocity: [0, 1]))
    }
}

extension SlideUpModalDriver {
    /// The dismissal drag of the `slide-up-modal` tutorial as data (nil for a presentation or a
    /// custom picture): the fraction moves by dy / (height × scale) per callback, the sheet follows
    /// the finger, a flick or the threshold decides, and the two animators complete it.
    func gestureModel() -> GestureModel? {
        guard !isForward, picture == nil else { return nil }
        let p = parameters
        let step = 2.0, extent = bounds.height
        let values = stride(from: -2 * extent, through: 2 * extent, by: step).map { $0 / (bounds.height * p.progressScale) }
        var reading = GestureModel.Reading(source: "translation", axis: "y", start: -2 * extent, step: step, values: values)
        reading.accumulates = true
        var completion = GestureModel.Completion(kind: "follower", spring: GestureModel.SpringModel(p.spring))
        completion.curve = GestureModel.Curve(p.curve)
        completion.duration = transitionDuration
        completion.travel = travel
        completion.inherits = p.releaseVelocity == .inherit
        completion.frameDuration = Self.frameAnimatorDuration(p)
        return GestureModel(
            key: "value", range: [0, 1],
            recognizer: GestureModel.Recognizer(slop: PanRecognizer(bounds: bounds).slop, edge: nil, edgeZone: 0, region: nil, moving: "bottom"),
            reading: reading, autoFinish: nil,
            decision: GestureModel.Decision(kind: "rule", axis: "y", sign: 1, flick: p.flickVelocity, velocity: nil,
                                            threshold: p.completionThreshold, inclusive: false),
            scrub: GestureModel.Scrub(linear: true, curve: GestureModel.Curve(.linear)),
            completion: completion, follower: GestureModel.Follower(node: sheet, axis: "y", perValue: bounds.height * p.progressScale))
    }
}

extension ZoomDriver {
    /// The pop's drag as data (nil for a push).
    func gestureModel() -> GestureModel? {
        guard !isForward else { return nil }
        let b = stage.bounds, src = sourceFrame, p = parameters
        let zoom = GestureModel.ZoomModel(bounds: [b.x, b.y, b.width, b.height], source: [src.x, src.y, src.width, src.height],
                                          minimumScale: p.minimumScale, scaleDistance: p.scaleDistance, flick: p.flickVelocity,
                                          threshold: p.completionThreshold, spring: GestureModel.SpringModel(p.spring),
                                          nodes: [source, "zoomSource"])
        return GestureModel(
            key: "width", range: [min(b.width * p.minimumScale, src.width), b.width],
            recognizer: GestureModel.Recognizer(slop: PanRecognizer(bounds: b).slop, edge: nil, edgeZone: 0, region: nil, moving: "bottom"),
            reading: GestureModel.Reading(source: "translation", axis: "y", start: 0, step: 1, values: [0]),
            autoFinish: nil,
            decision: GestureModel.Decision(kind: "zoom"),
            scrub: nil,
            completion: GestureModel.Completion(kind: "zoom", spring: GestureModel.SpringModel(p.spring)),
            zoom: zoom)
    }

    /// The frame a picture of the pop shows at `width`: the card scaled uniformly at the
    /// container's origin (`dragged`), or on the straight way from the container to the source view (`popping`).
    func sampleFrame(width: Double, popping: Bool) -> Rect {
        let b = stage.bounds
        if !popping { return Rect(x: b.minX, y: b.minY, width: width, height: width * b.height / max(b.width, 1e-9)) }
        let src = sourceFrame
        let phi = abs(b.width - src.width) > 1e-9 ? (b.width - width) / (b.width - src.width) : 1
        return Rect(x: b.x + (src.x - b.x) * phi, y: b.y + (src.y - b.y) * phi,
                    width: width, height: b.height + (src.height - b.height) * phi)
    }
}
