import Geometry
import Scene

/// The screens a transition moves and the container it happens in.
struct TransitionStage: Sendable, Hashable {
    var bounds: Rect
    /// The screen underneath: presenting, or the one below on the navigation stack.
    var below: String
    /// The screen on top: presented, or pushed.
    var above: String
    /// For zoom-from-cell: the cell image's frame in the screen underneath.
    var cellImage: Rect?
    /// What shows where that image is hidden (`ScreenSpec.cellBackdrop`); nil: nothing to hide.
    var cellBackdrop: Color?
    /// For a sheet: the top of the detent it rests at, once dragged there; nil: where it was presented.
    var detentTop: Double?
    /// For a page sheet presented from a page sheet: the lower sheet, which recedes behind it.
    var presentingSheet: PresentingSheet?
    /// The scene's appearance, for what a style draws in system colours itself (a sheet's grabber).
    var appearance: Appearance = .light
    /// What the scene's design changes of a page sheet (`ChromeDesign.sheet`); nil: nothing.
    var sheet: SheetMetrics?
    /// Whether the run is a push or pop (true) or a presentation or dismissal (false).
    var pushed = false
}

/// A style's picture as a function of how far its screen is in: `amount` 0 = not shown
/// (the state before a present/push, after a dismiss/pop), 1 = fully in. Values past the ends
/// come from springs and follow them.
protocol StyleGeometry: Sendable {
    func layers(amount: Double, stage: TransitionStage) -> [Placement]
    /// What stays on screen once the screen is fully in; nil means the top screen alone.
    func restingLayers(stage: TransitionStage) -> [Placement]?
}

extension StyleGeometry {
    func restingLayers(stage: TransitionStage) -> [Placement]? { nil }
}
