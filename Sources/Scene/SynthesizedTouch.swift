import Geometry
import Motion

/// A finger synthesized from a few numbers (`swipe:`), point to point or by intent.
///
/// UIKit hands touches to gesture recognizers once per display refresh, coalescing the samples a
/// faster digitizer took in between (Apple, "Getting high-fidelity input with coalesced
/// touches"): what a recognizer — and a view following it — sees changes once per frame, by
/// the samples of that frame. So a synthesized finger is sampled a whole number of times per
/// video frame: its `rate` rounded to the nearest multiple of the frame rate, and at least the
/// frame rate. A linear swipe then moves by equal steps on every frame at any `rate` and fps, and
/// no frame repeats the one before while the finger moves.
public enum SynthesizedTouch: Sendable, Hashable {
    case line(SwipeSynthesizer)
    case intent(IntentSwipe)

    /// The samples for a video at `fps` frames per second; nil: at the swipe's own `rate`.
    public func samples(framesPerSecond fps: Int?) -> [TouchSample] {
        switch self {
        case .line(var swipe):
            swipe.rate = Self.rate(swipe.rate, framesPerSecond: fps)
            return swipe.samples()
        case .intent(var swipe):
            swipe.rate = Self.rate(swipe.rate, framesPerSecond: fps)
            return swipe.samples()
        }
    }

    /// `rate` as a whole number (at least one) of samples per frame at `fps`.
    public static func rate(_ rate: Double, framesPerSecond fps: Int?) -> Double {
        guard let fps, fps > 0 else { return rate }
        let perFrame = max((rate / Double(fps)).rounded(), 1)
        return perFrame * Double(fps)
    }
}

/// Synthesizes a finger trace: touch down at `from`, optionally hold, move to `to` over
/// `duration` shaped by `curve`, sampled at `rate` Hz, lift at `to`.
public struct SwipeSynthesizer: Sendable, Hashable {
    public var from: Point, to: Point, duration: Double, curve: CubicTimingCurve, rate: Double, hold: Double

    public init(from: Point, to: Point, duration: Double, curve: CubicTimingCurve = .linear, rate: Double = 120, hold: Double = 0) {
        self.from = from
        self.to = to
        self.duration = duration
        self.curve = curve
        self.rate = rate
        self.hold = hold
    }

    /// Touch down at 0; after `hold`, a sample every 1 / `rate` s and one at the end, so samples
    /// fall a whole number of times into every frame of a video whose rate divides `rate`.
    public func samples() -> [TouchSample] {
        var samples = [TouchSample(time: 0, location: from)]
        // Samples strictly inside the movement; a step within 1 µs of the end is the end. Not
        // capped: the loader and the timeline check `Limits.samples` on what this returns, and
        // `duration` (at most `Limits.duration`) times `rate` (at most 1000 Hz, rounded to a
        // multiple of at most 240 fps) bounds it.
        let inside = Swift.max(Int(saturating: (duration * rate - 1e-6).rounded(.up)) - 1, 0)
        for i in stride(from: 1, through: inside, by: 1) {
            let t = Double(i) / rate
            samples.append(TouchSample(time: hold + t, location: from.interpolated(to: to, fraction: curve.value(at: t / duration))))
        }
        samples.append(TouchSample(time: hold + duration, location: to))
        return samples
    }
}

/// Which way a swipe by intent moves. `leading` and `trailing` are the interface's: the loader
/// turns them into `left` and `right` in the engine's left-to-right space, whatever the layout
/// direction (`TimelineMirroring`).
public enum SwipeDirection: String, Sendable, CaseIterable {
    case left, right, up, down, leading, trailing

    var isHorizontal: Bool { self != .up && self != .down }


    /// The unit vector of the movement (y down).
    var unit: Point {
        switch self {
        case .left, .leading: return Point(x: -1, y: 0)
        case .right, .trailing: return Point(x: 1, y: 0)
        case .up: return Point(x: 0, y: -1)
        case .down: return Point(x: 0, y: 1)
        }
    }
}

/// A swipe's direction or edge, which reads `left`, `right`, `leading` or `trailing` across the
/// screen: `TimelineMirroring` turns it into the engine's left-to-right space.
protocol MirroredSide: RawRepresentable<String> {
    var isHorizontal: Bool { get }
}

extension MirroredSide {
    /// `left` and `right` for `leading` and `trailing` in left-to-right space; the others as they are.
    var absolute: Self { Self(rawValue: ["leading": "left", "trailing": "right"][rawValue] ?? rawValue) ?? self }

    /// Left for right and right for left; the others as they are.
    var mirrored: Self { Self(rawValue: ["left": "right", "right": "left"][rawValue] ?? rawValue) ?? self }
}

extension SwipeDirection: MirroredSide {}
extension SwipeEdge: MirroredSide {}

/// The screen edge an edge swipe comes from; `leading` and `trailing` as for `SwipeDirection`.
public enum SwipeEdge: String, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing

    var isHorizontal: Bool { self != .top && self != .bottom }

    /// The direction that leaves the edge.
    var inward: SwipeDirection {
        switch self {
        case .left, .leading: return .right
        case .right, .trailing: return .left
        case .top: return .down
        case .bottom: return .up
        }
    }

}

/// A finger swiped by intent, sampled like a touchscreen: it speeds up from rest (constant
/// acceleration) and covers its last three samples at exactly `releaseVelocity`, so the pan's
/// release velocity — 0.2 × the latest sample's velocity + 0.8 × the one before
/// (docs/uikit-semantics.md#gestures) — is exactly the one asked for. A release velocity of 0
/// eases to a stop and holds still for three samples before lifting.
public struct IntentSwipe: Sendable, Hashable {
    public var from: Point
    public var direction: SwipeDirection
    public var distance: Double
    public var releaseVelocity: Double
    public var rate: Double

    public func samples() -> [TouchSample] {
        let dt = 1 / rate, unit = direction.unit
        func sample(_ step: Int, _ travel: Double) -> TouchSample {
            TouchSample(time: Double(step) * dt, location: Point(x: from.x + unit.x * travel, y: from.y + unit.y * travel))
        }
        var out = [sample(0, 0)]
        if releaseVelocity <= 0 {
            // Ease in and out over about 0.3 s, then hold still.
            let steps = max(Int(saturating: (0.3 * rate).rounded()), 2)
            for i in 1...steps {
                let x = Double(i) / Double(steps)
                out.append(sample(i, distance * x * x * (3 - 2 * x)))
            }
            for i in 1...3 { out.append(sample(steps + i, distance)) }
            return out
        }
        // The last three steps at the release velocity, the rest speeding up evenly.
        let cruise = min(distance, 3 * releaseVelocity * dt)
        let cruiseSteps = max(Int(saturating: (cruise / (releaseVelocity * dt)).rounded(.up)), 1)
        let step = cruise / Double(cruiseSteps)
        let speedUp = distance - cruise
        let speedUpSteps = speedUp > 0 ? max(Int(saturating: (2 * speedUp / (releaseVelocity * dt)).rounded()), 1) : 0
        for i in stride(from: 1, through: speedUpSteps, by: 1) {
            let x = Double(i) / Double(speedUpSteps)
            out.append(sample(i, speedUp * x * x))
        }
        for i in 1...cruiseSteps {
            out.append(sample(speedUpSteps + i, speedUp + step * Double(i)))
        }
        return out
    }
}
