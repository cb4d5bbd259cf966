import Geometry
import Scene

/// The toolbar in the tree: a screen's own, and the navigation controller's one toolbar kept in
/// place over a push or pop between two screens that both show one.
extension SceneTree {
    /// `<screen>/toolbar`, over the screen's views (its lists and grids scroll beneath it, as they
    /// do under UIKit's toolbar): `/material`, the blur of what is beneath it when the toolbar has
    /// a material, under `/background` (background and hairline) and `/items`.
    func toolbarNode(_ toolbar: ToolbarView, of screen: String, id: String, on layout: Device) -> RenderNode {
        let bar = toolbarLayout(toolbar, on: layout)
        let area = bar.area
        func part(_ kind: ScreenPart.Kind) -> NodeContent { .part(ScreenPart(screen: screen, kind: kind, layout: layout)) }
        if !bar.capsules.isEmpty {
            // Floating capsules: their glass under the items, no bar background.
            return RenderNode(id: id, size: area.size, transform: AffineTransform(translationX: area.x, y: area.y),
                              children: bar.capsules.map { glassNode("\(id)/glass/\($0.name)", $0, in: area) } + [
                                  RenderNode(id: "\(id)/items", content: part(.toolbarItems), size: area.size),
                              ])
        }
        let material = toolbar.material.map { RenderNode(id: "\(id)/material", content: .backdrop(barMaterial($0)), size: area.size) }
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
        let area = toolbarLayout(below, on: device).area
        func part(_ screen: String, _ kind: ScreenPart.Kind) -> NodeContent { .part(ScreenPart(screen: screen, kind: kind, layout: device)) }
        let capsules = (below: toolbarLayout(below, on: device).capsules, above: toolbarLayout(above, on: device).capsules)
        if !capsules.below.isEmpty || !capsules.above.isEmpty {
            // Each screen's capsules with its items, the covered screen's fading out as the pushed one's fade in.
            var children: [RenderNode] = []
            for (name, shapes, alpha) in [(bar.below, capsules.below, 1 - a), (aboveName, capsules.above, a)] {
                children += shapes.map { glassNode("\(id)/\(name)/glass/\($0.name)", $0, in: area, alpha: alpha) }
                children.append(RenderNode(id: "\(id)/\(name)/items", content: part(name, .toolbarItems), size: area.size, alpha: alpha))
            }
            return RenderNode(id: id, size: area.size, transform: AffineTransform(translationX: area.x, y: area.y), children: children)
        }
        let same = below.background == above.background && below.separator == above.separator && below.material == above.material
        var children: [RenderNode] = []
        for (name, toolbar, alpha) in [(bar.below, below, 1.0), (aboveName, above, a)] where !(same && name == aboveName) {
            let prefix = same ? id : "\(id)/\(name)"
            if let material = toolbar.material {
                children.append(RenderNode(id: "\(prefix)/material", content: .backdrop(barMaterial(material)), size: area.size, alpha: alpha))
            }
            children.append(RenderNode(id: "\(prefix)/background", content: part(name, .toolbarBackground), size: area.size, alpha: alpha))
        }
        children.append(RenderNode(id: "\(id)/\(bar.below)/items", content: part(bar.below, .toolbarItems), size: area.size, alpha: 1 - a))
        children.append(RenderNode(id: "\(id)/\(aboveName)/items", content: part(aboveName, .toolbarItems), size: area.size, alpha: a))
        return RenderNode(id: id, size: area.size, transform: AffineTransform(translationX: area.x, y: area.y), children: children)
    }

    /// Where `toolbar`'s items and glass go on `layout`, its items measured as the painter sets them.
    private func toolbarLayout(_ toolbar: ToolbarView, on layout: Device) -> ToolbarLayout {
        layout.chrome.toolbar(itemWidths: toolbar.items.map { $0.width(text: text) }, on: layout)
    }
}
