/// A `UIViewPropertyAnimator` replayed as a function of absolute time.
///
/// Operations (start, pause, scrub, continue, reverse) are recorded at the times they happen;
/// `value(at:)` then gives the fraction of the way from the animation's start state to its end
/// state that is on screen at any instant, without depending on any frame before it. The
/// recorded operations must come in time order.
///
/// Semantics (docs/uikit-semantics.md#percent-driven-transitions): a paused animator scrubbed through `fractionComplete` shows the
/// fraction linearly (`scrubsLinearly`); continuing resumes at the point of the curve whose value
/// equals what is on screen, so the picture does not jump, and the remaining animation takes
/// `durationFactor ×` the original duration; continuing with spring timing starts a spring from
/// the on-screen value with the given velocity.
public struct PropertyAnimator: Sendable {
    /// One stretch of the animator's life, from `start` until the next piece.
    enum Piece: Hashable, Sendable {
        /// Not moving: paused, scrubbed, finished or not started.
        case still(value: Double, fraction: Double, running: Bool)
        /// Fraction moving linearly in time from `x0` to `x1`, the value following `curve`.
        case cubic(CubicTimingCurve, duration: Double, x0: Double, x1: Double)
        /// A spring carrying the value from `from` to `to`, its time scaled so it settles in `duration`.
        case spring(Spring, from: Double, to: Double, duration: Double, timeScale: Double)
        /// `UIPercentDrivenInteractiveTransition.finish()`/`cancel()` over a layer-time animation:
        /// the fraction moves from `x0` to `x1` shaped by `progression` (the completion curve),
        /// and the value follows the animation's own `curve` of that fraction.
        case completing(CubicTimingCurve, progression: CubicTimingCurve, duration: Double, x0: Double, x1: Double)
    }

    public let timing: AnimatorTiming
    public var scrubsLinearly: Bool
    private(set) var pieces: [(start: Double, piece: Piece)]

    public init(timing: AnimatorTiming, scrubsLinearly: Bool = true) {
        self.timing = timing
        self.scrubsLinearly = scrubsLinearly
        pieces = [(-Double.infinity, .still(value: 0, fraction: 0, running: false))]
    }

    // MARK: Operations

    /// `startAnimation()`: runs from the current state to the end (or start, when reversed).
    public mutating func start(at time: Double, reversed: Bool = false) {
        continueAnimation(at: time, reversed: reversed, timing: nil, durationFactor: nil, initialVelocity: nil)
    }

    /// `pauseAnimation()`: freezes the animation where it is.
    public mutating func pause(at time: Double) {
        let state = self.state(at: time)
        append(time, .still(value: state.value, fraction: state.fraction, running: false))
    }

    /// Sets `fractionComplete` on a paused animator (clamped to [0, 1], as UIKit does).
    public mutating func scrub(to fraction: Double, at time: Double) {
        let f = min(max(fraction, 0), 1)
        let curve: CubicTimingCurve
        if case .cubic(let c, _) = timing { curve = c } else { curve = .linear }
        append(time, .still(value: scrubsLinearly ? f : curve.value(at: f), fraction: f, running: false))
    }

    /// An animator of the same timing that shows `value` (as the fraction too), paused, from
    /// `time` on, whatever this one did: a finger holding a transition there.
    public func holding(value: Double, at time: Double) -> PropertyAnimator {
        var held = PropertyAnimator(timing: timing, scrubsLinearly: scrubsLinearly)
        held.append(time, .still(value: value, fraction: value, running: false))
        return held
    }

    /// `continueAnimation(withTimingParameters:durationFactor:)` toward the end, or toward the start
    /// when `reversed` (`isReversed = true`).
    ///
    /// - Parameters:
    ///   - timing: new timing, or nil to keep the animator's own.
    ///   - durationFactor: the remaining animation takes this × the original duration; nil means
    ///     the remaining share of the original duration.
    ///   - initialVelocity: for spring timing, in units of the remaining distance per second; nil
    ///     keeps the spring's own `initialVelocity`.
    public mutating func continueAnimation(at time: Double, reversed: Bool, timing newTiming: AnimatorTiming?,
                                           durationFactor: Double?, initialVelocity: Double? = 0) {
        let state = self.state(at: time)
        let target = reversed ? 0.0 : 1.0
        switch newTiming ?? timing {
        case .cubic(let curve, let duration):
            // Resume at the point of the curve whose value is on screen.
            let x0 = abs(curve.value(at: state.fraction) - state.value) < 1e-9 ? state.fraction : curve.input(forValue: state.value)
            let remaining = durationFactor.map { $0 * timing.duration } ?? duration * abs(target - x0)
            if remaining <= 0 || x0 == target {
                append(time, .still(value: curve.value(at: target), fraction: target, running: false))
            } else {
                append(time, .cubic(curve, duration: remaining, x0: x0, x1: target))
            }
        case .spring(let spring):
            let moving = initialVelocity.map { spring.withInitialVelocity($0) } ?? spring
            // A spring with an honoured duration runs on its own clock and ends at that duration;
            // one asked to finish in a share of the animator's duration runs faster to fit it.
            let settling = moving.honouredDuration ?? moving.settlingDuration()
            let duration = durationFactor.map { $0 * timing.duration } ?? settling
            if duration <= 0 || abs(target - state.value) < 1e-12 {
                append(time, .still(value: target, fraction: target, running: false))
            } else {
                append(time, .spring(moving, from: state.value, to: target, duration: duration, timeScale: settling / duration))
            }
        }
    }

    /// Completes a percent-driven transition whose animation is scrubbed in layer time
    /// (`UIPercentDrivenInteractiveTransition.finish()` toward the end, `cancel()` toward the start):
    /// the remaining fraction runs in `duration`, shaped by `completionCurve`.
    public mutating func complete(at time: Double, toEnd: Bool, completionCurve: CubicTimingCurve, duration: Double) {
        let state = self.state(at: time)
        let target = toEnd ? 1.0 : 0.0
        let curve: CubicTimingCurve
        if case .cubic(let c, _) = timing { curve = c } else { curve = .linear }
        if duration <= 0 || state.fraction == target {
            append(time, .still(value: curve.value(at: target), fraction: target, running: false))
        } else {
            append(time, .completing(curve, progression: completionCurve, duration: duration, x0: state.fraction, x1: target))
        }
    }

    private mutating func append(_ time: Double, _ piece: Piece) {
        precondition(time >= (pieces.last?.start ?? -.infinity), "animator operations come in time order")
        while let last = pieces.last, last.start == time, pieces.count > 1 { pieces.removeLast() }
        pieces.append((time, piece))
    }

    // MARK: Evaluation

    /// The on-screen value, the fraction complete and whether it is animating at `time`.
    public func state(at time: Double) -> (value: Double, fraction: Double, running: Bool) {
        let index = pieces.lastIndex { $0.start <= time } ?? 0
        let (start, piece) = pieces[index]
        let t = time - start
        switch piece {
        case let .still(value, fraction, running):
            return (value, fraction, running)
        case let .cubic(curve, duration, x0, x1):
            // Ended exactly at `completionTime` (start + duration), whatever (start + duration) − start rounds to.
            let s = time >= start + duration ? 1 : min(max(t / duration, 0), 1)
            let x = x0 + (x1 - x0) * s
            return (curve.value(at: x), x, s < 1)
        case let .spring(spring, from, to, duration, timeScale):
            if time >= start + duration { return (to, to, false) }
            let v = from + (to - from) * spring.value(at: t * timeScale)
            return (v, min(max(t / duration, 0), 1), true)
        case let .completing(curve, progression, duration, x0, x1):
            if time >= start + duration { return (curve.value(at: x1), x1, false) }
            let x = x0 + (x1 - x0) * progression.value(at: t / duration)
            return (curve.value(at: x), x, true)
        }
    }

    /// The on-screen fraction of the way from the start state to the end state.
    public func value(at time: Double) -> Double { state(at: time).value }

    /// When the last recorded run reaches its end, or nil if the animator is paused or idle.
    public var completionTime: Double? {
        guard let (start, piece) = pieces.last else { return nil }
        switch piece {
        case .still: return nil
        case .cubic(_, let duration, _, _): return start + duration
        case .spring(_, _, _, let duration, _): return start + duration
        case .completing(_, _, let duration, _, _): return start + duration
        }
    }

    /// Where the last recorded run ends: 1 at the end, 0 at the start, nil if it is not running.
    public var completionPosition: Double? {
        guard let (_, piece) = pieces.last else { return nil }
        switch piece {
        case .still: return nil
        case .cubic(_, _, _, let x1): return x1
        case .spring(_, _, let to, _, _): return to
        case .completing(_, _, _, _, let x1): return x1
        }
    }
}
