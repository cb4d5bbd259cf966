/// What a canvas painted, kept beside a copy of its pixels (or of their conversion to yuv420p)
/// so that a later frame can tell which rows of that copy it changes (`Canvas.changes(since:)`)
/// and bring only those up to date, whichever of several canvases painted either frame.
///
/// Holds the frame's paint plan and the screen cache it was painted from, nothing of the
/// pixels. Immutable; the cache it names is only compared by identity.
///
/// Unchecked Sendable: immutable; the plan's steps name screen parts (classes whose images are
/// drawn under their own claims), which a later frame only compares, never draws through this.
public struct PaintedFrame: @unchecked Sendable {
    let plan: PaintPlan
    let screens: ScreenCache
    /// The canvas the plan was made for.
    let geometry: CanvasGeometry
}
