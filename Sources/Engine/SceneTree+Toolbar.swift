import Geometry
import Scene

/// The toolbar in the tree: a screen's own, and the navigation controller's one toolbar kept in
/// place over a push or pop between two screens that both show one.
extension SceneTree {
    /// `<screen>/toolbar`, over the screen's views (its lists and grids scroll beneath it, as they
    /// do under UIKit's toolbar): `/material`, the blur of what is beneath it when the toolbar has
    /// a material, under `/background` (background and hairline) and `/items`.
    func toolbarNode(_ toolbar: ToolbarView, of screen: String, id: String, on layout: Device) -> RenderNode {
        let area = BottomBarLayout.toolbar(on: layout).background
        func part(_ kind: ScreenPart.Kind) -> NodeContent { .part(ScreenPart(screen: screen, kind: kind, layout: layout)) }
        let material = toolbar.material.map { RenderNode(id: "\(id)/material", content: .backdrop($0), size: area.size) }
        return RenderNode(id: id, size: area.size, transform: AffineTransform(translationX: area.x, y: area.y),
                          children: [material].compactMap { $0 } + [
                              RenderNode(id: "\(id)/background", content: part(.toolbarBackground), size: area.size),
                              RenderNode(id: "\(id)/items", content: part(.toolbarItems), size: area.size),
                          ])
    }

    /// Screen `name`'s toolbar, as the device shows it.
    func toolbar(of name: String) -> ToolbarView? {
        layouts.screen(name, on: device)?.spec.toolbar
    }

    /// The navigation controller's toolbar over a push or pop between two screens that both show
    /// one (`bar`'s): it stays in place and changes its items as `setToolbarItems(_:animated:)`
    /// does — the covered screen's fade out and the pushed one's in with the transition's
    /// progress — while its background goes from the covered screen's to the pushed one's. Its id
    /// is the bar's with `toolbar` for `navigationBar` (`toolbar`, `<root>/toolbar` in a sheet).
    func sharedToolbarNode(_ bar: Bar, below: ToolbarView, above: ToolbarView, aboveName: String) -> RenderNode {
        let a = min(max(bar.amount, 0), 1)
        let id = bar.id.hasSuffix("navigationBar") ? String(bar.id.dropLast("navigationBar".count)) + "toolbar" : "\(bar.id)/toolbar"
        let area = BottomBarLayout.toolbar(on: device).background
        func part(_ screen: String, _ kind: ScreenPart.Kind) -> NodeContent { .part(ScreenPart(screen: screen, kind: kind, layout: device)) }
        let same = below.background == above.background && below.separator == above.separator && below.material == above.material
        var children: [RenderNode] = []
        for (name, toolbar, alpha) in [(bar.below, below, 1.0), (aboveName, above, a)] where !(same && name == aboveName) {
            let prefix = same ? id : "\(id)/\(name)"
            if let material = toolbar.material {
                children.append(RenderNode(id: "\(prefix)/material", content: .backdrop(material), size: area.size, alpha: alpha))
            }
            children.append(RenderNode(id: "\(prefix)/background", content: part(name, .toolbarBackground), size: area.size, alpha: alpha))
        }
        children.append(RenderNode(id: "\(id)/\(bar.below)/items", content: part(bar.below, .toolbarItems), size: area.size, alpha: 1 - a))
        children.append(RenderNode(id: "\(id)/\(aboveName)/items", content: part(aboveName, .toolbarItems), size: area.size, alpha: a))
        return RenderNode(id: id, size: area.size, transform: AffineTransform(translationX: area.x, y: area.y), children: children)
    }
}
