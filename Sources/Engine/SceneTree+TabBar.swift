import Geometry
import Scene

/// The tab bar in the tree: where the `UITabBarController`'s bar is drawn, and how much of its
/// standard appearance the content under it gives it.
extension SceneTree {
    /// The node `tabBar` over `screen`: the bar from its top edge to the bottom of the screen, its
    /// standard appearance at the opacity the content under it gives (`BarScrollResponse`,
    /// transparent at the scroll edge) — `tabBar/material`, the blur of what is beneath it when the
    /// bar has a material, under `tabBar/background` (background and hairline) — and `tabBar/items`,
    /// item `selected` in the tint.
    func tabBarNode(selected: Int, over screen: String?, offsets: ScrollOffsets, transform: AffineTransform = .identity,
                    alpha: Double = 1) -> RenderNode {
        tabBarNode(selected: selected, standard: tabBarStandard(over: screen, offsets: offsets), transform: transform, alpha: alpha)
    }

    /// How much of its standard appearance the tab bar shows over `screen` (`BarScrollResponse`); 1 over none.
    func tabBarStandard(over screen: String?, offsets: ScrollOffsets) -> Double {
        screen.flatMap { name in layouts.screen(name, on: device).map { (name, $0.spec) } }.map { name, spec in
            BarScrollResponse.tabBarStandardAppearance(over: spec, on: device) { offsets[ScrollOffsets.Key(screen: name, view: $0)] }
        } ?? 1
    }

    /// The node `tabBar` at `standard` of its standard appearance (material, background, hairline).
    func tabBarNode(selected: Int, standard: Double, transform: AffineTransform = .identity, alpha: Double = 1) -> RenderNode {
        let layout = device.chrome.tabBar(itemCount: scene.tabs?.bar.items.count ?? 0, on: device)
        let area = layout.area
        func part(_ kind: ScreenPart.Kind) -> NodeContent { .part(ScreenPart(screen: "", kind: kind, layout: device)) }
        if let pill = layout.pill {
            // A floating glass pill: always its glass (no scroll-edge appearance), the items over it.
            return RenderNode(id: "tabBar", size: area.size, transform: AffineTransform(translationX: area.x, y: area.y).concatenating(transform),
                              alpha: alpha, children: [
                                  glassNode("tabBar/glass", pill, in: area, shadow: nil),
                                  RenderNode(id: "tabBar/items", content: part(.tabBar(selected: selected)), size: area.size),
                              ])
        }
        let material = scene.tabs?.bar.material.map { RenderNode(id: "tabBar/material", content: .backdrop(barMaterial($0)), size: area.size, alpha: standard) }
        return RenderNode(id: "tabBar", size: area.size, transform: AffineTransform(translationX: area.x, y: area.y).concatenating(transform),
                          alpha: alpha, children: [material].compactMap { $0 } + [
                              RenderNode(id: "tabBar/background", content: part(.tabBarBackground), size: area.size, alpha: standard),
                              RenderNode(id: "tabBar/items", content: part(.tabBar(selected: selected)), size: area.size),
                          ])
    }
}
