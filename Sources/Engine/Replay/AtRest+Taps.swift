import Geometry
import Interaction
import Scene

/// A tap entry's target as a point on the device, and what the messages say a finger could act on.
extension AtRest {
    /// Where `target` is on the device at `time`, or why it cannot be tapped there. `running`:
    /// a transition runs (the tab bar is then where the run carries it).
    func location(of target: TapTarget, at time: Double, running: Bool) -> Result<Point, Refusal> {
        let shown = topShown()
        let screen = shown.screen
        let at = Wording.number(time)
        switch target {
        case .point(let p):
            return .success(p)
        case .cell(let list, let index):
            guard let frames = screen?.cellFrames(list: list, on: shown.layout) else {
                let ids = screen?.collectionIDs ?? []
                return .refused("'\(top.screen)' is on screen at \(at) s and has no list or grid '\(list)'" + Diagnostic.didYouMean(list, in: ids) +
                                (ids.isEmpty ? "" : "; its lists and grids are: \(ids.joined(separator: ", "))"))
            }
            guard frames.indices.contains(index) else {
                return .refused("list or grid '\(list)' of '\(top.screen)' has \(frames.count) rows or cells; index \(index) is past its end")
            }
            let offset = offset(of: list)
            let shownCell = scrolled(frames[index].cell, list: list, of: screen, on: shown.layout)
            let local = Point(x: shownCell.midX, y: shownCell.midY)
            if let scroll = screen?.scrollView(list, on: shown.layout) {
                let visible = touchable(scroll, offset: offset, of: screen, on: shown.layout)
                if !visible.contains(local) {
                    let place: String
                    if scroll.axis == .horizontal {
                        place = "x = \(Wording.number(local.x)), \(local.x < visible.minX ? "left of" : "right of") the view's visible \(Wording.number(visible.minX))–\(Wording.number(visible.maxX))"
                    } else {
                        let side = local.y < visible.minY ? "above" : "below"
                        let what = screen?.toolbar != nil ? "toolbar" : "tab bar"
                        let bar = visible.maxY < reachable(scroll, offset: offset, of: screen, on: shown.layout).maxY && local.y >= visible.maxY
                            ? " (under the \(what), which takes the touch)" : ""
                        place = "y = \(Wording.number(local.y)), \(side) the list's visible \(Wording.number(visible.minY))–\(Wording.number(visible.maxY))\(bar)"
                    }
                    return .refused("row or cell \(index) of '\(list)' is off-screen at \(at) s: with the content scrolled to \(Wording.number(offset)) pt its center is at \(place); scroll it into view first")
                }
            }
            return .success(shown.onDevice(local))
        case .view(let id):
            guard let view = screen?.identifiedViews(on: shown.layout).first(where: { $0.id == id }) else {
                let ids = screen?.identifiedViews(on: shown.layout).map(\.id) ?? []
                return .refused("'\(top.screen)' is on screen at \(at) s and has no view with id '\(id)'" + Diagnostic.didYouMean(id, in: ids) +
                                (ids.isEmpty ? "" : "; its views with ids are: \(ids.joined(separator: ", "))"))
            }
            return .success(shown.onDevice(Point(x: view.frame.midX, y: view.frame.midY)))
        case .tab(let index):
            guard let tabs = scene.tabs else {
                return .refused("'tap: { tab: \(index) }' taps an item of the scene's tab bar controller, and this scene has none; declare one with 'tabs: { items: [{ title, root }] }' instead of 'root'")
            }
            guard tabs.roots.indices.contains(index) else {
                return .refused("the tab bar has \(tabs.roots.count) items (0 to \(tabs.roots.count - 1)); tab \(index) is past its end")
            }
            guard running || navigation.restingTabBar != nil else {
                return .refused("'tap: { tab: \(index) }' taps where tab \(index) would be at \(at) s, but '\(top.screen)' " +
                                (top.pushed ? "hides the tab bar (hidesBottomBarWhenPushed)" : "covers the tab bar (it was presented)"))
            }
            let item = tabItemFrame(index, of: tabs.roots.count)
            return .success(Point(x: item.midX, y: item.midY))
        case .back:
            guard let frame = backButtonFrame() else {
                return .refused("'\(top.screen)' is on screen at \(at) s and shows no back button: \(noBackButton())")
            }
            return .success(Point(x: frame.midX, y: frame.midY))
        case .barItem(let name):
            let items = barItems()
            guard let item = items.first(where: { $0.item.name == name }) else {
                let names = items.map(\.item.name)
                let hint = Diagnostic.didYouMean(name, in: names)
                return .refused("'\(top.screen)' is on screen at \(at) s and its navigation bar has no item '\(name)'\(hint)" +
                                (names.isEmpty ? "" : "; its items are: \(names.joined(separator: ", "))"))
            }
            guard item.item.action != nil else { return .refused(noAction(item.item)) }
            return .success(Point(x: item.frame.midX, y: item.frame.midY))
        }
    }

    /// Why a tap entry's target cannot be tapped, in words.
    struct Refusal: Error {
        var message: String
    }

    // MARK: Messages

    /// What a tap could act on here, for a tap that hit nothing: the back button, the tab bar's
    /// items, or the actions that leave the top screen.
    func whatActs() -> String {
        var ways: [String] = []
        if let frame = backButtonFrame() { ways.append("the back button at \(Wording.point(Point(x: frame.midX, y: frame.midY))) ('tap: { back: true }')") }
        for (item, frame) in barItems() where item.action != nil {
            ways.append("'\(item.name)' (\(item.action?.description ?? "")) at \(Wording.point(Point(x: frame.midX, y: frame.midY))) ('tap: { barItem: \(item.name) }')")
        }
        if let tabs = scene.tabs, navigation.restingTabBar != nil { ways.append("the tab bar's items ('tap: { tab: 0 }' to '{ tab: \(tabs.roots.count - 1) }')") }
        if stack.count > 1 { ways.append(top.pushed ? "'pop: true'" : "'dismiss: true'") }
        return ways.isEmpty ? "" : "; what acts here: " + ways.joined(separator: ", ")
    }

    /// Why nothing can start from the top screen by a gesture, and what can, of `transitions`.
    func noGestureHere(_ transitions: [ResolvedTransition]) -> String {
        let ways = transitions.filter { $0.spec.from == top.screen }
        let back = top.transition.map { "'\(top.screen)' came with \($0.style.name), which has no gesture back" }
        let forward = ways.isEmpty ? "no transition leaves '\(top.screen)'"
            : "the transitions from '\(top.screen)' (\(ways.map { "\($0.style.name) to \($0.spec.to)" }.joined(separator: ", "))) have no gesture that starts them; use an action (push, present)"
        return ([back].compactMap { $0 } + [forward]).joined(separator: "; ")
    }

    /// The error for a tap on a bar button item that has no action.
    func noAction(_ item: NavigationBarView.Item) -> String {
        "the bar button item '\(item.name)' of '\(top.screen)' has no action; give it 'action:' (\(NavigationBarView.BarAction.names))"
    }

    /// Why the top screen has no back button to tap.
    func noBackButton() -> String {
        if stack.count == 1 { return "it is the root of its navigation stack" }
        if !top.pushed { return "it was presented, not pushed (a presented screen leaves with 'dismiss: true')" }
        return "its navigationBar has no 'back' (give it 'back: TITLE', or 'back: \"\"' for the chevron alone)"
    }
}

extension Result where Failure == AtRest.Refusal {
    static func refused(_ message: String) -> Self { .failure(AtRest.Refusal(message: message)) }
}
