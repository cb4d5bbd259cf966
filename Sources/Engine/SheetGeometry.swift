import Foundation
import Geometry
import Scene

/// Where a sheet (`UISheetPresentationController`, or a form sheet) and what is behind it go, as
/// a function of the sheet's top edge: the one number its driver moves.
/// Sources and certainty: docs/uikit-semantics.md#system-transitions.
struct SheetGeometry: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// `.pageSheet`: full width, slides between detents; behind it the presenter shrinks
        /// toward its top edge once the sheet rises above the next-largest detent.
        case page
        /// `.formSheet` on a regular-width device: a centered card of this size.
        case form(Size)
    }

    var kind = Kind.page
    /// Sheet heights in points, ascending: where it rests.
    var detentHeights: [Double] = []
    /// The gap over a large sheet, as a fraction of the container's height.
    var topGap = 0.08
    var cornerRadius = 12.0
    /// The scale a page sheet floats at below its large detent (Liquid Glass: 0.961), docking to 1
    /// as it reaches it; 1 keeps it edge to edge.
    var floatingScale = 1.0
    var grabber = false
    /// The scene's appearance: the grabber is `tertiaryLabel` in it.
    var appearance = Appearance.light
    var grabberColor: Color { SystemColor.named("tertiaryLabel", appearance: appearance) ?? .black }
    /// The presenter's scale and how far its top edge moves down (fraction of the height) behind a large sheet.
    var presenterScale = 0.9165
    var presenterOffset = 0.07
    var presenterCornerRadius = 12.0
    /// The black over the presenter behind a large sheet, and the dimming behind a smaller one.
    var overlayAlpha = 0.1
    var dimmingAlpha = 0.2

    /// The dimming a sheet's settings give: `dimmingAlpha` where the scene sets it, else
    /// `UIDimmingView`'s black at 0.2, or 0.48 in the dark appearance.
    static func dimmingAlpha(_ settings: SettingValues, _ key: Setting<Double>, appearance: Appearance) -> Double {
        settings.isGiven(key.key) ? settings[key] : appearance == .dark ? 0.48 : key.defaultValue
    }

    /// In the dark, the presenter (at the base level) is lightened toward the elevated background
    /// as it recedes, under its black: `UIDimmingView`'s lightening colour, `systemBackground` one
    /// level up (#1C1C1E) divided by its largest channel, at that channel's value times the share
    /// lightened (published decompilations of `-[UIDimmingView updateBackgroundColor]` and
    /// `-[_UISheetLayoutInfo _percentDimmed]`: lightened by 1 − the presenter's share of full
    /// screen, in the dark at the base level only). Over black it gives #1C1C1E at full depth.
    static let lightening = Color(red: 0x1C / Double(0x1E), green: 0x1C / Double(0x1E), blue: 1)
    static let lighteningAlpha = Double(0x1E) / 255
    /// `largestUndimmedDetent`'s height: at or below it nothing dims what the sheet covers; nil:
    /// every detent dims (UIKit's default).
    var undimmedHeight: Double?
    /// How far a sheet can be pulled above its largest detent, as a fraction of the height.
    var stretch = 0.008

    /// The sheet's height at the large detent: the container less the top gap.
    func largeHeight(_ bounds: Rect) -> Double { bounds.height * (1 - topGap) }

    /// The sheet's height at the medium detent: half the container (`UISheetPresentationController.Detent.medium()`).
    func mediumHeight(_ bounds: Rect) -> Double { bounds.height / 2 }

    /// The detent whose top edge is `top`, as a scene names it: `large`, `medium` or `custom`.
    func detentName(top: Double, bounds: Rect) -> String {
        let height = bounds.maxY - top
        if abs(height - largeHeight(bounds)) < 1e-6 { return "large" }
        if abs(height - mediumHeight(bounds)) < 1e-6 { return "medium" }
        return "custom"
    }

    /// The top edge at each detent, from the lowest (smallest sheet) to the highest.
    func detentTops(_ bounds: Rect) -> [Double] {
        switch kind {
        case .page: return detentHeights.map { bounds.maxY - min($0, largeHeight(bounds)) }
        case .form(let size): return [bounds.midY - size.height / 2]
        }
    }

    /// Where the sheet is fully off screen.
    func hiddenTop(_ bounds: Rect) -> Double { bounds.maxY }

    /// The sheet's frame with its top edge at `top`.
    func frame(top: Double, bounds: Rect) -> Rect {
        switch kind {
        case .page:
            guard floatingScale != 1 else { return Rect(x: bounds.minX, y: top, width: bounds.width, height: largeHeight(bounds) + cornerRadius) }
            // Floating: scaled about its top's centre, docking as the sheet reaches the large detent
            // (as far as the presenter has gone back: `depth`; a sheet that cannot reach it never docks).
            let s = floatingScale + (1 - floatingScale) * depth(top: top, bounds: bounds)
            return Rect(x: bounds.midX - bounds.width * s / 2, y: top, width: bounds.width * s, height: (largeHeight(bounds) + cornerRadius) * s)
        case .form(let size): return Rect(x: bounds.midX - size.width / 2, y: top, width: size.width, height: size.height)
        }
    }

    /// Whether the presenter shrinks behind a large sheet: a page sheet that can reach the large detent.
    func shrinksPresenter(_ bounds: Rect) -> Bool {
        guard case .page = kind, let largest = detentHeights.max() else { return false }
        return largest >= largeHeight(bounds) - 0.5
    }

    /// How far the presenter has gone back (0 … 1): from the next detent down (or the bottom
    /// edge) to the large detent.
    func depth(top: Double, bounds: Rect) -> Double {
        guard shrinksPresenter(bounds) else { return 0 }
        let tops = detentTops(bounds)
        let high = tops.min() ?? bounds.minY
        let low = tops.filter { $0 > high + 0.5 }.min() ?? bounds.maxY
        return min(max((low - top) / (low - high), 0), 1)
    }

    /// How far the sheet is up to its lowest detent (0 … 1): the dimming's fade.
    func shown(top: Double, bounds: Rect) -> Double {
        let lowest = detentTops(bounds).max() ?? bounds.minY
        return min(max((bounds.maxY - top) / max(bounds.maxY - lowest, 1e-9), 0), 1)
    }

    /// The large sheet's top edge: where a sheet stacked on another lines its top up
    /// (`_stackAlignmentFrame`'s top).
    func stackTop(_ bounds: Rect) -> Double { bounds.maxY - largeHeight(bounds) }

    /// Where `frame` (a view behind sheets, at its untransformed frame; `fullHeightTop` the top
    /// of its frame at full height) goes at depth `level`: how many full-height sheets are stacked
    /// over it, fractions while one moves. UIKit's `-[_UISheetLayoutInfo _transform]` (the
    /// published decompilation of `transformForViewControllerView:untransformedSheetFrame:…depthLevel:`),
    /// in this geometry's terms: k = 2(1 − 2^−min(level, 1)) (`maximumSheetDepthLevel` 2), the
    /// scale 1 − (1 − presenterScale)·k about the frame's center, the top raised by
    /// (top − fullHeightTop)(1 − scale) + topOffset·k·clamp(2 − level) + clamp(level)·(fullHeightTop − stackTop),
    /// where topOffset is how far the presenter's top rests above the large sheet's.
    /// docs/uikit-semantics.md#a-sheet-presented-from-a-sheet.
    func receded(_ frame: Rect, fullHeightTop: Double, level: Double, bounds: Rect) -> Rect {
        guard level > 0 else { return frame }
        let k = 2 * (1 - pow(2, -min(level, 1)))
        let s = 1 - (1 - presenterScale) * k
        let stack = stackTop(bounds), presenterTop = bounds.minY + bounds.height * presenterOffset
        let raised = (frame.minY - fullHeightTop) * (1 - s) + (stack - presenterTop) * k * min(max(2 - level, 0), 1)
            + min(max(level, 0), 1) * (fullHeightTop - stack)
        return Rect(x: frame.midX - frame.width * s / 2, y: frame.minY - raised, width: frame.width * s, height: frame.height * s)
    }

    /// The screen a sheet is presented from, `level` sheets deep behind it, with `overlay` of
    /// black over it, and the black behind it where a large sheet shrinks it.
    func presenterLayers(_ screen: String, level: Double, overlay: Double, bounds b: Rect) -> [Placement] {
        var placements: [Placement] = []
        if shrinksPresenter(b) {
            placements.append(Placement(id: "backdrop", content: .fill(.black), frame: b, alpha: min(level * 4, 1)))
        }
        let presenter = receded(b, fullHeightTop: b.minY, level: level, bounds: b)
        let radius = presenterCornerRadius * min(level, 1)
        placements.append(Placement(screen: screen, frame: presenter, cornerRadius: radius))
        if appearance == .dark, level > 0 {
            placements.append(Placement(id: "lightening", content: .fill(Self.lightening), frame: presenter,
                                        alpha: Self.lighteningAlpha * min(level, 1), cornerRadius: radius))
        }
        placements.append(Placement(id: "dimming", content: .fill(.black), frame: presenter, alpha: overlay, cornerRadius: radius))
        return placements
    }

    /// The share of its dimming a sheet with its top edge at `top` lays over what it covers (0 … 1):
    /// all of it, unless `largestUndimmedDetent` is set — then none at or below that detent, rising
    /// to all of it at the next detent up ([DOC] `UISheetPresentationController.largestUndimmedDetent`:
    /// "the largest detent that doesn't dim the view underneath the sheet"; the ramp between the
    /// two detents is [EST]).
    func dimmedShare(top: Double, bounds: Rect) -> Double {
        guard let undimmedHeight else { return 1 }
        let undimmedTop = bounds.maxY - min(undimmedHeight, largeHeight(bounds))
        guard let next = detentTops(bounds).filter({ $0 < undimmedTop - 0.5 }).max() else { return 0 }
        return min(max((undimmedTop - top) / (undimmedTop - next), 0), 1)
    }

    /// The black over what a sheet `depth` back (0 … 1) and `shown` up to its lowest detent covers.
    func overlay(depth d: Double, shown m: Double) -> Double { dimmingAlpha * m * (1 - d) + overlayAlpha * d }

    func layers(top: Double, stage: TransitionStage) -> [Placement] {
        let b = stage.bounds
        let d = depth(top: top, bounds: b), m = shown(top: top, bounds: b)
        var placements = stage.presentingSheet?.layers(screen: stage.below, depth: d, shown: m, bounds: b)
            ?? presenterLayers(stage.below, level: d, overlay: overlay(depth: d, shown: m) * dimmedShare(top: top, bounds: b), bounds: b)
        let sheet = frame(top: top, bounds: b)
        let rest = frame(top: detentTops(b).min() ?? b.minY, bounds: b)
        placements.append(Placement(screen: stage.above, frame: sheet, cornerRadius: cornerRadius, layout: .laidOut(rest)))
        if grabber { placements.append(grabber(on: sheet, id: "grabber")) }
        return placements
    }

    /// The grabber on a sheet at `sheet`, scaled by `s` with it where it recedes, at `alpha` of its color's.
    func grabber(on sheet: Rect, scale s: Double = 1, id: String, alpha: Double = 1) -> Placement {
        Placement(id: id, content: .fill(grabberColor.withAlpha(1)),
                  frame: Rect(x: sheet.midX - 18 * s, y: sheet.minY + 5 * s, width: 36 * s, height: 5 * s),
                  alpha: grabberColor.alpha * alpha, cornerRadius: 2.5 * s)
    }

    /// Where a released sheet goes: its top edge, or nil to dismiss. A fling of `flick` points per
    /// second decides by direction (down dismisses, up goes to the next detent up); otherwise the
    /// position the release projects to picks the nearest detent, or dismisses when less than
    /// `keep` of the smallest sheet would show.
    func target(top: Double, velocity: Double, bounds: Rect, flick: Double, keep: Double, projection: Double) -> Double? {
        let tops = detentTops(bounds).sorted()
        guard let lowest = tops.last, let highest = tops.first else { return nil }
        if velocity >= flick { return nil }
        if velocity <= -flick { return tops.last { $0 < top - 0.5 } ?? highest }
        let projected = top + velocity * projection
        let lowestHeight = bounds.maxY - lowest
        if bounds.maxY - projected < keep * lowestHeight { return nil }
        return tops.min { abs($0 - projected) < abs($1 - projected) }
    }

    /// A finger dragging the sheet above its largest detent meets a rubber band (UIScrollView's
    /// 0.55 coefficient), held within `stretch` of the height. With `holdsAboveDismissal` (a sheet
    /// modal in its presentation), dragged below its smallest detent it meets UIScrollView's own
    /// rubber band over the screen's height, (1 − 1 / (x · 0.55 / h + 1)) · h [EST: the formula a
    /// scroll view pulled past its edge follows; Apple states no number for the sheet].
    func rubberBanded(top: Double, bounds: Rect, holdsAboveDismissal: Bool = false) -> Double {
        let tops = detentTops(bounds)
        if holdsAboveDismissal, let lowest = tops.max(), top > lowest {
            let h = bounds.height, over = top - lowest
            return lowest + (1 - 1 / (over * 0.55 / max(h, 1e-9) + 1)) * h
        }
        guard let highest = tops.min(), top < highest else { return top }
        let limit = stretch * bounds.height
        let over = highest - top
        return highest - limit * (1 - 1 / (over * 0.55 / max(limit, 1e-9) + 1))
    }
}

/// The page sheet a page sheet is presented from (`TransitionStage.presentingSheet`): it recedes
/// behind the new sheet, and the screen it was presented from goes one level further back.
/// docs/uikit-semantics.md#a-sheet-presented-from-a-sheet.
struct PresentingSheet: Sendable, Hashable {
    /// The lower sheet's geometry and the top edge it rests at.
    var geometry: SheetGeometry
    var top: Double
    /// The screen the lower sheet was presented from, and what that one shows as its own bar.
    var root: String

    /// Behind a sheet `depth` back and `shown` up: the root screen at the lower sheet's depth plus
    /// `depth`, the lower sheet (showing `screen`) receded by `depth`, each with its black over it.
    /// The black over the root grows by a third of the new sheet's (UIKit's confined dimming: 0.6
    /// of the lower sheet's share, 0.2 of the new one's, `-[_UISheetLayoutInfo _percentDimmed]`);
    /// the lower sheet's grabber fades as the new sheet comes up (`_grabberAlpha`).
    func layers(screen: String, depth d: Double, shown m: Double, bounds b: Rect) -> [Placement] {
        let g = geometry
        let own = g.depth(top: top, bounds: b), ownShown = g.shown(top: top, bounds: b)
        var placements = g.presenterLayers(root, level: own + d, overlay: g.overlay(depth: own, shown: ownShown) + g.overlayAlpha / 3 * m,
                                           bounds: b)
        let rest = g.frame(top: g.detentTops(b).min() ?? b.minY, bounds: b)
        let sheet = g.receded(g.frame(top: top, bounds: b), fullHeightTop: rest.minY, level: d, bounds: b)
        placements.append(Placement(screen: screen, frame: sheet, cornerRadius: g.cornerRadius, layout: .laidOut(rest)))
        if g.grabber { placements.append(g.grabber(on: sheet, scale: sheet.width / max(rest.width, 1e-9), id: "\(screen)/grabber", alpha: 1 - m)) }
        placements.append(Placement(id: "\(screen)/dimming", content: .fill(.black), frame: sheet, alpha: g.overlay(depth: d, shown: m),
                                    cornerRadius: g.cornerRadius))
        return placements
    }
}
