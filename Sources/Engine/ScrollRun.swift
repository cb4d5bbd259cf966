import Geometry
import Interaction
import Motion
import Scene

/// Every scrolled scroll view's `contentOffset` along its axis (`.y` for a vertical one, `.x`
/// for a horizontal one) at one moment, by screen and view id; a scroll view not listed is at 0.
struct ScrollOffsets: Hashable, Sendable {
    struct Key: Hashable, Sendable {
        var screen: String
        var view: String
    }

    private var values: [Key: Double] = [:]

    init() {}

    subscript(key: Key) -> Double {
        get { values[key] ?? 0 }
        set { values[key] = newValue }
    }

    /// The offsets with `key` at `offset`.
    func with(_ key: Key, at offset: Double) -> ScrollOffsets {
        var copy = self
        copy[key] = offset
        return copy
    }
}

/// One finger scrolling a scroll view, as `UIScrollView`'s pan gesture recognizer drives it:
/// the content follows the finger's translation (rubber-banded past the ends), and from the lift
/// moves freely as `ScrollMotion` says — deceleration, the bounce back (docs/uikit-semantics.md#scrolling).
struct ScrollRun: Sendable {
    let key: ScrollOffsets.Key
    let geometry: ScrollGeometry
    /// The offset when the finger began to pan.
    let startOffset: Double
    /// Each pan event's time and the offset it sets, while the finger is down.
    let drag: [(time: Double, offset: Double)]
    /// When the finger lifted: the free motion's start.
    let releaseTime: Double
    let motion: ScrollMotion
    /// The device's pixels per point: every offset shown is rounded to its pixels.
    let scale: Double
    /// The timeline entry (index in `scene.timeline`) whose touch or `scroll:` started it.
    var entry = 0
    /// Whether the content may go past the ends (`bounces`); without, it stops at them.
    private var bounces = true
    /// When another touch or a transition stopped the motion early; nil: it ran to rest.
    private(set) var stopTime: Double?
    /// An animated scroll (`scrollToRow(at:at:animated:)`): from `startOffset` to `to` over
    /// `duration` from `releaseTime` along `curve`; nil for a finger's scroll.
    private var animation: (to: Double, duration: Double, curve: CubicTimingCurve)?

    /// UIKit's animated `setContentOffset` / `scrollToRow(at:at:animated:)`: 0.3 s ease-in-out [EST]
    /// (docs/uikit-semantics.md#scrolling).
    static let animatedScrollDuration = 0.3

    /// An animated scroll of `geometry` from `offset` to `target`, starting at `time`, on a device
    /// of `scale` pixels per point.
    init(key: ScrollOffsets.Key, geometry: ScrollGeometry, from offset: Double, to target: Double, at time: Double, scale: Double) {
        self.key = key
        self.geometry = geometry
        self.scale = scale
        startOffset = offset
        drag = []
        releaseTime = time
        motion = ScrollMotion(start: target, velocity: 0, range: geometry.range)
        animation = (target, Self.animatedScrollDuration, .easeInOut)
    }

    /// Content a finger caught at `offset`, past an edge while it sprang back: held there until the
    /// finger lifts at `release`, then springing back from there.
    init(key: ScrollOffsets.Key, geometry: ScrollGeometry, caught offset: Double, releasedAt release: Double, scale: Double) {
        self.key = key
        self.geometry = geometry
        self.scale = scale
        startOffset = offset
        drag = []
        releaseTime = release
        motion = ScrollMotion(start: offset, velocity: 0, range: geometry.range,
                              rate: geometry.behavior.deceleration, scale: scale)
    }

    /// `recognition` of a pan on the scroll view `geometry` of `key.screen`, starting at `offset`.
    /// The scroll view's `decelerationRate`, `isPagingEnabled` and `bounces` are `geometry.behavior`'s.
    init(key: ScrollOffsets.Key, geometry: ScrollGeometry, offset: Double, recognition: PanRecognition, scale: Double) {
        self.init(key: key, geometry: geometry, offset: offset, events: recognition.events, lift: recognition.up.time, scale: scale)
    }

    /// Pan `events` on the scroll view (translations from where it took the pan, at `offset`), the
    /// finger lifting at `lift` where they do not end; a last `.ended` event's velocity is the release's.
    init(key: ScrollOffsets.Key, geometry: ScrollGeometry, offset: Double, events: [PanEvent], lift: Double, scale: Double) {
        self.key = key
        self.geometry = geometry
        self.scale = scale
        startOffset = offset
        let behavior = geometry.behavior
        // A finger moving up (left), a negative translation, scrolls toward larger offsets.
        drag = events.map { event in
            (event.time, ScrollPhysics.dragged(offset - geometry.along(event.translation), range: geometry.range,
                                               dimension: geometry.dimension, bounces: behavior.bounces))
        }
        let last = events.last
        releaseTime = last?.time ?? lift
        let velocity = last?.state == .ended ? -(last.map { geometry.along($0.velocity) } ?? 0) : 0
        let start = drag.last?.offset ?? offset
        let page = behavior.paging
            ? ScrollPhysics.pageTarget(offset: start, velocity: velocity, pageSize: geometry.dimension, range: geometry.range) : nil
        motion = ScrollMotion(start: start, velocity: velocity, range: geometry.range,
                              rate: behavior.deceleration, scale: scale, pageTarget: page)
        bounces = behavior.bounces
    }

    /// When the pan began: the first frame the content moves.
    var beginTime: Double { drag.first?.time ?? releaseTime }
    /// When the content is at rest: a scroll view that does not bounce stops at the edge it reaches.
    var endTime: Double {
        stopTime ?? releaseTime + (animation?.duration ?? (bounces ? motion.duration : motion.edgeArrival ?? motion.duration))
    }
    /// Where the content rests, as shown (rounded to the device's pixels).
    var restingOffset: Double {
        ScrollPhysics.shownOffset(stopTime.map { physicsOffset(at: $0) } ?? animation?.to ?? motion.restingOffset, scale: scale)
    }

    /// The scroll view's `contentOffset` along its axis at `time`: the physics' offset rounded to the device's
    /// pixels, as `setContentOffset:` rounds every offset it is given (docs/uikit-semantics.md#scrolling).
    /// Everything that reads the offset (the bar, sticky headers, hit-testing) reads this one.
    func offset(at time: Double) -> Double {
        ScrollPhysics.shownOffset(physicsOffset(at: time), scale: scale)
    }

    /// The offset the physics proposes at `time`, before rounding: the last pan event's while the
    /// finger is down, then the free motion's.
    func physicsOffset(at time: Double) -> Double {
        let t = min(time, stopTime ?? .infinity)
        if t < releaseTime {
            return drag.last { $0.time <= t + 1e-9 }?.offset ?? startOffset
        }
        if let animation {
            let progress = min(max((t - releaseTime) / animation.duration, 0), 1)
            return startOffset + (animation.to - startOffset) * animation.curve.value(at: progress)
        }
        let free = motion.offset(at: t - releaseTime)
        return bounces ? free : min(max(free, geometry.range.lowerBound), geometry.range.upperBound)
    }

    /// Whether the content moves on its own at `time` as `UIScrollView.isDecelerating` reads it:
    /// released, and past an edge (bouncing) or faster than 10 pt/s. UIKit ends a deceleration
    /// once h² + v² < 0.0001 in points per millisecond, so the last few points of Segue's
    /// deceleration, which runs on to half a device pixel, are already at rest for a touch
    /// (docs/uikit-semantics.md#scrolling).
    func isDecelerating(at time: Double) -> Bool {
        guard time >= releaseTime, time < endTime else { return false }
        let offset = physicsOffset(at: time)
        guard geometry.range.contains(offset) else { return true }
        let step = 0.001
        return abs(physicsOffset(at: time + step) - offset) / step >= Self.restingSpeed
    }

    /// Below this speed (points per second) UIKit's scroll view no longer counts as decelerating.
    static let restingSpeed = 10.0

    /// A touch going down or a transition starting at `time` stops the content where it is
    /// (`UIScrollView` stops decelerating when touched).
    mutating func stop(at time: Double) {
        guard time < endTime else { return }
        stopTime = max(time, releaseTime)
    }
}
