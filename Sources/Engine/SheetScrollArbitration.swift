import Geometry
import Interaction

/// How a sheet (`UISheetPresentationController`) and the scroll view under the finger share one
/// pan that began with the scroll view at its top edge, as UIKit's sheet interaction adjusts the
/// scroll view's offset while it pans (docs/uikit-semantics.md#a-scroll-view-inside-a-sheet).
///
/// With `t` the finger's vertical translation (down positive) and `room` how far the sheet may
/// still rise through this pan (from its detent to the largest one when scrolling expands it,
/// `prefersScrollingExpandsWhenScrolledToEdge`, else 0), the sheet moves by max(t, −room) and the
/// content scrolls by min(t + room, 0): a downward pan drags the sheet and holds the content at its
/// top; an upward one raises the sheet to the largest detent and hands the rest to the scroll view,
/// and back again if the finger turns. A pan that began with the content scrolled down is the
/// scroll view's alone (not modelled here).
struct SheetScrollArbitration {
    enum Owner: Equatable { case sheet, scroll }

    /// A stretch of the pan one of the two follows, as pan events of its own: `.began` where it
    /// takes over, translations from there, and `.ended` at the lift (with the finger's velocity)
    /// or where the other takes over (at rest: the sheet at the largest detent, the content at its top).
    struct Phase: Equatable {
        var owner: Owner
        var events: [PanEvent]
    }

    /// How far up (points) the sheet may go before the scroll view takes the rest; 0 when it may not.
    let room: Double

    /// Seconds after the previous pan on a scroll view within which the resting sheet leaves the
    /// next pan on it to the scroll view alone (UIKit's `MinimumSheetSwipeInterval`, 0.4 s in the
    /// decompiled `_shouldInteractWithDescendentScrollView:startOffset:maxTopOffset:`).
    static let minimumSwipeInterval = 0.4

    func sheetTranslation(_ t: Double) -> Double { max(t, -room) }
    func scrollTranslation(_ t: Double) -> Double { min(t + room, 0) }

    /// The pan's `events` (a recognition's, `.began` first) split into the phases the sheet and the
    /// scroll view follow in turn.
    func phases(_ events: [PanEvent]) -> [Phase] {
        guard !events.isEmpty else { return [] }
        // Who follows each event; one exactly at the hand-over point goes with the next that is not.
        var owners: [Owner?] = events.map { event in
            let t = event.translation.y
            return abs(t + room) < 1e-9 ? nil : t < -room ? .scroll : .sheet
        }
        var next: Owner = .sheet
        for index in owners.indices.reversed() {
            if let owner = owners[index] { next = owner } else { owners[index] = next }
        }
        var phases: [Phase] = []
        for (index, event) in events.enumerated() {
            let owner = owners[index] ?? .sheet
            if let last = phases.last, last.owner == owner {
                phases[phases.count - 1].events.append(rebased(event, owner, first: phases.count == 1))
                continue
            }
            if !phases.isEmpty {
                // The one following until now stops at the hand-over point, at rest.
                let previous = phases[phases.count - 1]
                let boundary = previous.owner == .sheet ? -room : 0
                var end = rebased(event, previous.owner, first: phases.count == 1)
                end.state = .ended
                end.translation.y = boundary - base(previous.owner, first: phases.count == 1)
                end.velocity = .zero
                phases[phases.count - 1].events.append(end)
            }
            if phases.isEmpty, owner == .scroll, room > 0 {
                // Past the hand-over point before the pan began: the sheet is at the largest detent at once.
                var began = event, end = event
                began.state = .began
                began.translation.y = 0
                end.state = .ended
                end.translation.y = -room
                end.velocity = .zero
                phases.append(Phase(owner: .sheet, events: [began, end]))
            }
            var began = rebased(event, owner, first: phases.isEmpty)
            began.state = .began
            phases.append(Phase(owner: owner, events: [began]))
            if event.state == .ended {
                phases[phases.count - 1].events.append(rebased(event, owner, first: phases.count == 1))
            }
        }
        return phases
    }

    /// Where a phase's translations count from: the pan's start for the first, the hand-over point after.
    private func base(_ owner: Owner, first: Bool) -> Double {
        owner == .sheet && !first ? -room : 0
    }

    private func rebased(_ event: PanEvent, _ owner: Owner, first: Bool) -> PanEvent {
        var copy = event
        let share = owner == .sheet ? sheetTranslation(event.translation.y) : scrollTranslation(event.translation.y)
        copy.translation.y = share - base(owner, first: first)
        return copy
    }
}
