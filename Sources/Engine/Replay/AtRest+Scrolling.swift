import Geometry
import Interaction
import Scene

/// Whether a pan or a `scroll:` entry scrolls one of the top screen's scroll views, and how.
extension AtRest {
    /// What a pan does to a scroll view under it.
    enum PanAnswer {
        case scrolls
        /// Not a scroll, and why in words where that is worth saying.
        case declined(String?)
    }

    /// Whether the pan `recognition` on scroll view `hit` of the top screen scrolls it: not where
    /// it never began, began moving mostly across the view's axis or before `earliest`, or the
    /// content cannot scroll.
    func answer(to recognition: PanRecognition, on hit: ScrollHit, notBefore earliest: Double) -> PanAnswer {
        let geometry = hit.geometry
        let name = "'\(geometry.id)' of '\(top.screen)'"
        guard let began = recognition.events.first, let movement = recognition.movementAtBegin else {
            return .declined(nil)
        }
        guard ScrollAxis.dominant(in: movement) == geometry.axis else {
            return .declined("\(name) scrolls \(geometry.axis.rawValue)ly and ignores this pan, which began moving mostly \(geometry.axis == .vertical ? "sideways" : "up or down") (\(Wording.point(movement)))")
        }
        guard geometry.scrolls else {
            return .declined("\(name) does not scroll: its content fits its \(Wording.number(geometry.dimension)) pt \(geometry.axis == .vertical ? "height" : "width")" +
                (geometry.behavior.bounces ? " and it does not bounce when it fits ('alwaysBounceVertical: true' makes it)" : " and 'bounces' is false"))
        }
        guard began.time >= earliest else {
            return .declined("as a scroll of \(name) it began at \(Wording.number(began.time)) s, while the transition before ran (until \(Wording.number(earliest)) s)")
        }
        return .scrolls
    }

    /// Why a pan that began on the screen's toolbar or the tab bar over scroll view `hit` does not
    /// scroll it: the bar lies over the content and takes the touch (UIKit hit-tests the bar, not
    /// the scroll view beneath); nil where the pan began elsewhere.
    func bottomBarTakes(_ location: Point, over hit: ScrollHit) -> String? {
        let bar: String
        if toolbarFrame()?.contains(location) == true {
            bar = "its toolbar"
        } else if navigation.restingTabBar != nil, tabBarLayout.area.contains(location) {
            bar = "the tab bar"
        } else {
            return nil
        }
        return "'\(hit.geometry.id)' of '\(top.screen)' lies under \(bar) where this pan began, and the bar takes the touch"
    }

    /// `scroll: { list, to }` at `time`: the row or cell brought into view as
    /// `scrollToRow(at:at:animated:)` does — the least scrolling that shows it whole (`.none`), or
    /// to the `top`, `middle` or `bottom` of the list — animated, and never past the content's ends.
    func scrollRun(to target: ScrollTarget, at time: Double) -> Result<ScrollRun, Refusal> {
        let shown = topShown()
        let screen = shown.screen
        let at = Wording.number(time)
        if !topScrolls, let transition = top.transition {
            return .refused("cannot scroll '\(target.list)' at \(at) s: '\(top.screen)' is shown by \(transition.style.name), and only the lists and grids of a screen that fills the screen, of a sheet or of a screen pushed inside one scroll")
        }
        guard let geometry = screen?.scrollView(target.list, on: shown.layout),
              let frames = screen?.cellFrames(list: target.list, on: shown.layout) else {
            let ids = screen?.scrollViews(on: shown.layout).map(\.id) ?? []
            return .refused("cannot scroll '\(target.list)' at \(at) s: '\(top.screen)' is on screen and has no list or grid '\(target.list)' that scrolls"
                            + Diagnostic.didYouMean(target.list, in: ids) +
                            (ids.isEmpty ? " (only top-level lists and grids with an id scroll)" : "; its scroll views are: \(ids.joined(separator: ", "))"))
        }
        guard frames.indices.contains(target.index) else {
            return .refused("list or grid '\(target.list)' of '\(top.screen)' has \(frames.count) rows or cells; index \(target.index) is past its end")
        }
        let key = ScrollOffsets.Key(screen: top.screen, view: target.list)
        let current = offsets[key]
        // The row's extent along the axis in content coordinates: 0 at the content's top (left).
        let frame = frames[target.index].cell
        let (start, end) = geometry.axis == .vertical ? (frame.minY - geometry.frame.minY, frame.maxY - geometry.frame.minY)
                                                      : (frame.minX - geometry.frame.minX, frame.maxX - geometry.frame.minX)
        // What shows unobscured: above the bottom inset (the home indicator, a tab bar).
        let length = geometry.visibleLength
        var wanted: Double
        // Across a horizontal scroll view top, middle and bottom are UICollectionView's left,
        // centeredHorizontally and right.
        switch target.position {
        case .top: wanted = start
        case .middle: wanted = (start + end) / 2 - length / 2
        case .bottom: wanted = end - length
        case .none: wanted = start < current ? start : end > current + length ? end - length : current
        }
        wanted = min(max(wanted, geometry.range.lowerBound), geometry.range.upperBound)
        return .success(ScrollRun(key: key, geometry: geometry, from: current, to: wanted, at: time, scale: scene.device.scale))
    }

    /// The scroll view a tap on the selected tab scrolls to its top (`reselectTab`): the top
    /// screen's scroll view at the content top under its bar, else its first vertical one; nil
    /// where there is none or it rests at its top already.
    func scrollToTop(at time: Double) -> ScrollRun? {
        guard let screen = scene.screens[top.screen],
              let scroll = screen.scrollViews(on: scene.device).first(where: { screen.reachesUnderBar($0, on: scene.device) })
                ?? screen.scrollViews(on: scene.device).first(where: { $0.axis == .vertical }),
              offset(of: scroll.id) != 0 else { return nil }
        let key = ScrollOffsets.Key(screen: top.screen, view: scroll.id)
        return ScrollRun(key: key, geometry: scroll, from: offsets[key], to: 0, at: time, scale: scene.device.scale)
    }
}
