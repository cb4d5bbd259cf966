import Engine

/// Which of a timeline's frames need compositing: a frame that shows exactly what the frame
/// before it shows (an idle screen, a finished animation, a held finger) reuses that frame's
/// pixels instead of compositing and converting them again.
///
/// Two frames show the same picture when their layers and touches are equal: `Canvas.draw`
/// paints those and nothing else (frame number, time and phase are labels). The plan depends
/// only on the timeline, so it is the same for every number of threads, and the encoder gets
/// the same pictures as when every frame is composited (`DeterminismTests` checks both).
public struct FramePlan: Sendable, Hashable {
    /// Frames of the video.
    public let frameCount: Int
    /// The frames that are composited, in increasing order; frame 0 always is.
    public let compositedFrames: [Int]

    /// Evaluates every frame of `timeline` once and compares it with the one before.
    public init(timeline: Timeline) {
        frameCount = timeline.frameCount
        var composited: [Int] = []
        var previous: FrameState?
        for index in 0..<timeline.frameCount {
            let state = timeline.state(frame: index)
            if let previous, Self.showSamePicture(previous, state) {
                continue
            }
            composited.append(index)
            previous = state
        }
        compositedFrames = composited
    }

    /// A plan that composites every frame, for checking that reuse changes nothing.
    public init(compositingEveryFrameOf timeline: Timeline) {
        frameCount = timeline.frameCount
        compositedFrames = Array(0..<timeline.frameCount)
    }

    /// Frames whose pixels are those of an earlier frame.
    public var reusedFrameCount: Int { frameCount - compositedFrames.count }

    /// Whether two states composite to the same pixels.
    static func showSamePicture(_ a: FrameState, _ b: FrameState) -> Bool {
        a.layers == b.layers && a.touches == b.touches
    }
}
