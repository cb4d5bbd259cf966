import Geometry
import Scene

/// Turns a style's placements into render-tree nodes: each screen as its body with its views
/// that have ids, and the navigation bars where UIKit draws them.
///
/// In a `UINavigationController` the bar belongs to the controller: it sits above the
/// container the transition animates in, is not moved, scaled or dimmed by the animator, and
/// cross-fades its title, back button and items with the transition's progress. A presented
/// screen covers everything, the presenter's bar included, and brings its own bar with it.
struct SceneTree: Sendable {
    let scene: Scene
    /// Widths of the bar's titles and back labels, as the painter sets them.
    let text: any TextMeasuring
    /// The screens laid out at each size a node shows them at, shared with the painter.
    let layouts: ScreenLayouts
    /// The device placements are laid out for: the scene's, or, inside a presented navigation
    /// controller shown as a sheet, the container's (`containerLayout`).
    var device: Device { containerLayout ?? scene.device }
    /// Set while drawing the screens of a `Container`: the size and safe area they are laid out for.
    var containerLayout: Device?
    /// The scroll views a gesture of the scene scrolls: drawn as a clipping node over their whole
    /// content, moved by `ScrollOffsets`, with a `contentOffset` in the trace. Other lists and
    /// grids stay one part at their frame's size.
    var scrolling: Set<ScrollOffsets.Key> = []

    /// A navigation controller's bar, cross-fading from the screen below to the screen above.
    struct Bar: Hashable, Sendable {
        /// `navigationBar` for the root navigation controller, `<screen>/navigationBar` for one
        /// presented with `<screen>` at its root.
        var id: String
        var below: String
        var above: String?
        /// How far `above` is in: its items' opacity; `below`'s are at 1 − amount.
        var amount: Double
        /// How the items change over: in place, or UINavigationController's slide.
        var transition: BarTransition = .crossFade
    }

    /// Where the tab bar controller's bar (`Scene.tabs`) is drawn in a frame.
    ///
    /// The bar belongs to the `UITabBarController`, above the navigation controller of the
    /// selected tab: it stays put over a push or pop (`fixed`). A screen pushed with
    /// `hidesBottomBarWhenPushed` makes it leave with the screen it covers, and a pop bring it
    /// back with it; a presentation covers it, its presenter carrying it (`carried`).
    struct TabBar: Hashable, Sendable {
        enum Place: Hashable, Sendable {
            /// Over everything the navigation container shows, its navigation bar included.
            case fixed
            /// Drawn right over this screen, under the same transform and opacity.
            case carried(by: String)
        }

        var place: Place
        var selected: Int
        /// Over a push that hides the bar with a style that cross-fades bottom bars (the zoom): the
        /// bar stays `fixed` over the transition and fades with its progress, out on the push, in
        /// on the pop (`UITabBarController` hiding it with its cross-fade, alongside the transition
        /// coordinator; docs/uikit-semantics.md#the-zoom-and-the-tab-bar).
        var fadesWithAmount = false
        /// Its opacity in this frame.
        var alpha = 1.0
    }

    /// A navigation controller presented as a sheet (or another presentation that does not fill
    /// the screen): its screens and its bar drawn inside the presented root's placement, laid out
    /// at the sheet's size, clipped to it and rounded with it, as the controller's view is what the
    /// sheet shows. A push or pop inside it moves only what is inside; the presentation around it
    /// (the scaled presenter, the dimming) stays as it is.
    struct Container: Sendable {
        /// The presented stack's root screen: the placement the container takes the place of.
        var root: String
        /// The size and safe area the container's screens are laid out for.
        var layout: Device
        /// What the container shows, in its own coordinates: its top screen, or a push or pop.
        var placements: [Placement]
        /// The controller's bar (`<root>/navigationBar`).
        var bar: Bar?
        var selections: [String: Selection] = [:]
    }

    /// A list row drawn selected over its screen, by screen name (`UITableView` selection): at
    /// `alpha`, 1 while the finger is down and through the push, fading with the pop's progress.
    struct Selection: Hashable, Sendable {
        var list: String
        var index: Int
        var alpha: Double
    }

    /// The nodes of `placements`, back to front, with `bar` over them. A screen whose name is
    /// in `ownBars` carries its navigation bar (that id) with it, under the same transform; the
    /// tab bar goes where `tabBar` says.
    /// A placement of `container.root` shows the container instead (`<root>/navigationController`).
    func nodes(_ placements: [Placement], bar: Bar?, ownBars: [String: String] = [:], tabBar: TabBar? = nil,
               selections: [String: Selection] = [:], offsets: ScrollOffsets = ScrollOffsets(),
               container: Container? = nil) -> [RenderNode] {
        var nodes: [RenderNode] = []
        // Over a push or pop between two screens that both show a toolbar, the navigation
        // controller's one toolbar stays in place (drawn over the screens, below).
        let toolbars = bar.flatMap { bar in bar.above.flatMap { above in
            toolbar(of: bar.below).flatMap { below in toolbar(of: above).map { (below: below, above: $0, aboveName: above) } }
        } }
        for placement in placements {
            if let container, placement.content == .screen(container.root) {
                nodes.append(containerNode(container, placement, offsets: offsets))
                continue
            }
            switch placement.content {
            case .fill(let color):
                nodes.append(RenderNode(id: placement.id, content: .fill(color), size: placement.frame.size,
                                        transform: rotated(AffineTransform(translationX: placement.frame.x, y: placement.frame.y), placement),
                                        alpha: placement.alpha, cornerRadius: placement.cornerRadius, shadow: placement.shadow))
            case .view(let screen, let id):
                if let node = viewNode(screen: screen, id: id, placement) { nodes.append(node) }
            case .screen(let name):
                // A region of a screen (a zoom's snapshot of its source view) is that view's content
                // alone: the bars over the screen belong to its controllers and stay where it is.
                let region = if case .region = placement.layout { true } else { false }
                nodes.append(screenNode(name, placement, offsets: offsets, selection: selections[name],
                                        toolbar: !region && (toolbars == nil || (name != bar?.below && name != bar?.above))))
                guard !region else { continue }
                let barDevice: Device? = if case .laidOut = placement.layout { layout(of: placement).layout } else { nil }
                if let id = ownBars[name],
                   let barNode = barNode(Bar(id: id, below: name, above: nil, amount: 0), on: barDevice, offsets: offsets) {
                    var moved = barNode
                    moved.transform = rotated(screenTransform(placement), placement)
                    moved.alpha = placement.alpha
                    nodes.append(moved)
                }
                if let tabBar, tabBar.place == .carried(by: name) {
                    nodes.append(tabBarNode(selected: tabBar.selected, over: name, offsets: offsets,
                                            transform: rotated(screenTransform(placement), placement), alpha: placement.alpha))
                }
            }
        }
        if let bar, let node = barNode(bar, offsets: offsets) { nodes.append(node) }
        if let bar, let toolbars {
            nodes.append(sharedToolbarNode(bar, below: toolbars.below, above: toolbars.above, aboveName: toolbars.aboveName))
        }
        if let tabBar, tabBar.place == .fixed {
            if tabBar.fadesWithAmount {
                // The covered screen's bar, fading away over what the transition shows.
                nodes.append(tabBarNode(selected: tabBar.selected, over: bar?.below, offsets: offsets, alpha: tabBar.alpha))
            } else if let bar, let above = bar.above {
                // Over a push or pop, the bar goes from the covered screen's appearance to the pushed
                // one's with the transition's progress, as the navigation bar's background does
                // (docs/uikit-semantics.md#the-tab-bar-over-a-push-or-pop).
                let a = min(max(bar.amount, 0), 1)
                let standard = (1 - a) * tabBarStandard(over: bar.below, offsets: offsets) + a * tabBarStandard(over: above, offsets: offsets)
                nodes.append(tabBarNode(selected: tabBar.selected, standard: standard))
            } else {
                let top = placements.last { if case .screen = $0.content { true } else { false } }
                let name: String? = if case .screen(let name)? = top?.content { name } else { nil }
                nodes.append(tabBarNode(selected: tabBar.selected, over: name, offsets: offsets))
            }
        }
        return nodes
    }

    /// `<root>/navigationController`: a node of the container's size where the presentation puts
    /// its root, clipping and rounding what the container shows, laid out at the container's size.
    private func containerNode(_ container: Container, _ placement: Placement, offsets: ScrollOffsets) -> RenderNode {
        var inside = self
        inside.containerLayout = container.layout
        let children = inside.nodes(container.placements, bar: container.bar, selections: container.selections, offsets: offsets)
        return RenderNode(id: "\(placement.id)/navigationController", size: container.layout.size,
                          transform: rotated(layout(of: placement).transform, placement), alpha: placement.alpha,
                          cornerRadius: placement.cornerRadius, clipsToBounds: true, shadow: placement.shadow, children: children)
    }

    /// Where a placement's layout goes on screen: its transform and the device it is laid out for.
    func layout(of placement: Placement) -> (transform: AffineTransform, layout: Device) {
        let frame = placement.frame
        switch placement.layout {
        case .laidOut(let rect):
            var laidOut = device.laidOut(in: rect)
            laidOut.safeAreaTop = max(laidOut.safeAreaTop, 0)
            laidOut.safeAreaBottom = max(laidOut.safeAreaBottom, 0)
            // Only a sheet is laid out once at its resting frame, which never reaches the status bar.
            laidOut.isSheet = true
            return (AffineTransform(mapping: laidOut.size, onto: frame), laidOut)
        case .atFrame:
            return (AffineTransform(translationX: frame.x, y: frame.y), device.laidOut(in: frame))
        case .scaled:
            return (AffineTransform(mapping: device.size, onto: frame), device)
        case .region(let r):
            let s = max(frame.width / max(r.width, 1e-9), frame.height / max(r.height, 1e-9))
            return (AffineTransform(a: s, b: 0, c: 0, d: s, tx: frame.midX - r.midX * s, ty: frame.midY - r.midY * s), device)
        case .aspectFill:
            let s = max(frame.width / device.size.width, frame.height / device.size.height)
            let w = device.size.width * s, h = device.size.height * s
            return (AffineTransform(a: s, b: 0, c: 0, d: s, tx: frame.midX - w / 2, ty: frame.midY - h / 2), device)
        }
    }

    /// `transform` with the placement's rotation about its frame's center.
    private func rotated(_ transform: AffineTransform, _ placement: Placement) -> AffineTransform {
        transform.rotated(by: placement.rotation, about: Point(x: placement.frame.x + placement.anchor.x * placement.frame.width,
                                                              y: placement.frame.y + placement.anchor.y * placement.frame.height))
    }

    /// A matched element: a view of `screen` laid out at the device's size, scaled uniformly to
    /// cover the placement's frame inside a node of that frame that clips and rounds it.
    private func viewNode(screen: String, id: String, _ placement: Placement) -> RenderNode? {
        guard let view = layouts.screen(screen, on: device)?.identifiedView(id) else { return nil }
        let frame = placement.frame, size = view.frame.size
        let s = size.width > 0 && size.height > 0 ? max(frame.width / size.width, frame.height / size.height) : 1
        let content = RenderNode(id: "\(placement.id)/content",
                                 content: .part(ScreenPart(screen: screen, kind: .view(id), layout: device)), size: size,
                                 transform: AffineTransform(a: s, b: 0, c: 0, d: s, tx: (frame.width - size.width * s) / 2,
                                                            ty: (frame.height - size.height * s) / 2))
        return RenderNode(id: placement.id, size: frame.size,
                          transform: rotated(AffineTransform(translationX: frame.x, y: frame.y), placement),
                          alpha: placement.alpha, cornerRadius: placement.cornerRadius, clipsToBounds: true,
                          shadow: placement.shadow, children: [content])
    }

    /// The section headers of a plain list that scrolls, `<id>/header<section>`, over its content
    /// (which leaves them out) where `ListLayout.stickyHeaders` puts them: pinned below the bar
    /// while their section scrolls under it. Only those inside the scroll node's clip; `originY`
    /// maps screen y (at offset 0) into the scroll node.
    private func stickyHeaders(_ view: ViewSpec, in scroll: ScrollGeometry, of spec: ScreenSpec, screen: String, id: String,
                               offset: Double, originY: Double, on layout: Device) -> [RenderNode] {
        guard case .list(let list) = view else { return [] }
        let top = BarScrollResponse.visibleTop(of: scroll, offset: offset, on: spec, device: layout)
        // The node clips from the top of the screen for a scroll view reaching up under the bar.
        let clipTop = -(originY + offset)
        return list.layout(in: scroll.frame).stickyHeaders(style: list.style, offset: offset, visibleTop: top)
            .filter { $0.band.maxY - offset > clipTop && $0.band.minY - offset < scroll.frame.maxY }
            .map { section, band in
                RenderNode(id: "\(id)/header\(section)",
                           content: .part(ScreenPart(screen: screen, kind: .sectionHeader(list: scroll.id, section: section), layout: layout)),
                           size: band.size, transform: AffineTransform(translationX: band.minX - scroll.frame.minX, y: band.minY + originY))
            }
    }

    /// `<screen>/<scroll>/<id>`: scroll view `inner` inside the content of `outer` (a carousel in a
    /// page), a node of its frame clipping its own content, moved by its offset; the outer's
    /// content node moves it with the page.
    private func nestedNode(_ inner: ScrollGeometry, in outer: ScrollGeometry, screen: String, id: String, offsets: ScrollOffsets,
                            on layout: Device) -> RenderNode {
        let key = ScrollOffsets.Key(screen: screen, view: inner.id)
        let offset = inner.contentOffset(offsets[key])
        let content = RenderNode(id: "\(id)/content", content: .part(ScreenPart(screen: screen, kind: .scrollContent(inner.id), layout: layout)),
                                 size: inner.contentFrame.size, transform: AffineTransform(translationX: -offset.x, y: -offset.y))
        return RenderNode(id: id, size: inner.frame.size,
                          transform: AffineTransform(translationX: inner.frame.x - outer.frame.x, y: inner.frame.y - outer.frame.y),
                          clipsToBounds: true, contentOffset: scrolling.contains(key) ? offset : nil, children: [content])
    }

    private func screenTransform(_ placement: Placement) -> AffineTransform {
        placement.isMagnified ? AffineTransform(translationX: placement.frame.x, y: placement.frame.y)
            : layout(of: placement).transform
    }

    /// `<screen>`: its body, and over it each view with an id as `<screen>/<id>`.
    private func screenNode(_ name: String, _ placement: Placement, offsets: ScrollOffsets, selection: Selection? = nil,
                            toolbar drawsToolbar: Bool = true) -> RenderNode {
        let (transform, layout) = self.layout(of: placement)
        var children: [RenderNode] = []
        if let laidOut = layouts.screen(name, on: layout) {
            let scrolls = scrolling.contains { $0.screen == name } ? laidOut.spec.scrollViews(on: layout) : []
            for view in laidOut.identifiedViews {
                let adjustment = placement.views[view.id]
                let id = "\(placement.id)/\(view.id)"
                let transform = adjustment?.transform(for: view.frame) ?? AffineTransform(translationX: view.frame.x, y: view.frame.y)
                let key = ScrollOffsets.Key(screen: name, view: view.id)
                // A carousel inside a `scroll`: the scroll is drawn as one too once either moves.
                let nested = scrolls.filter { $0.parent == view.id }
                if scrolling.contains(key) || nested.contains(where: { scrolling.contains(ScrollOffsets.Key(screen: name, view: $0.id)) }),
                   let scroll = scrolls.first(where: { $0.id == view.id }) {
                    // UIScrollView: a node of the frame's size clipping its content, moved up by the offset.
                    // One at the content top of a screen with a navigation bar reaches up under the
                    // bar, as a scroll view behind a translucent bar does (the bar answers it: barNode).
                    let offset = offsets[key]
                    let underBar = adjustment == nil && laidOut.spec.reachesUnderBar(scroll, on: layout)
                    let top = underBar ? scroll.frame.minY : 0
                    let contentOffset = scroll.contentOffset(offset)
                    let content = RenderNode(id: "\(id)/content",
                                             content: .part(ScreenPart(screen: name, kind: .scrollContent(view.id), layout: layout)),
                                             size: scroll.contentFrame.size,
                                             transform: AffineTransform(translationX: -contentOffset.x, y: top - contentOffset.y),
                                             children: nested.map { nestedNode($0, in: scroll, screen: name, id: "\(id)/\($0.id)", offsets: offsets,
                                                                                on: layout) })
                    let headers = stickyHeaders(view.view, in: scroll, of: laidOut.spec, screen: name, id: id, offset: offset,
                                                originY: top - offset - scroll.frame.minY, on: layout)
                    children.append(RenderNode(id: id, size: Size(width: view.frame.width, height: view.frame.height + top),
                                               transform: underBar ? AffineTransform(translationX: view.frame.x, y: 0) : transform,
                                               alpha: adjustment?.alpha ?? 1, clipsToBounds: true,
                                               contentOffset: scrolling.contains(key) ? contentOffset : nil, children: [content] + headers))
                    continue
                }
                children.append(RenderNode(id: id, content: .part(ScreenPart(screen: name, kind: .view(view.id), layout: layout)),
                                           size: view.frame.size, transform: transform, alpha: adjustment?.alpha ?? 1))
            }
            // Over the views with ids: the row drawn selected covers the list it belongs to.
            if let selection, selection.alpha > 0,
               let cell = laidOut.spec.cellFrame(list: selection.list, index: selection.index, on: layout)?.cell {
                // A row of a scrolled list is where its content's offset puts it.
                let at = laidOut.spec.shown(cell, in: selection.list, on: layout) {
                    scrolling.contains(ScrollOffsets.Key(screen: name, view: $0)) ? offsets[ScrollOffsets.Key(screen: name, view: $0)] : 0
                }
                children.append(RenderNode(id: "\(placement.id)/selection",
                                           content: .part(ScreenPart(screen: name, kind: .selectedRow(list: selection.list, index: selection.index),
                                                                     layout: layout)),
                                           size: cell.size, transform: AffineTransform(translationX: at.x, y: at.y),
                                           alpha: selection.alpha))
            }
        }
        if drawsToolbar, let toolbar = layouts.screen(name, on: layout)?.spec.toolbar {
            children.append(toolbarNode(toolbar, of: name, id: "\(placement.id)/toolbar", on: layout))
        }
        let body = RenderNode(id: placement.id, content: .part(ScreenPart(screen: name, kind: .body, layout: layout)),
                              size: layout.size,
                              transform: placement.isMagnified ? transform : rotated(transform, placement),
                              alpha: placement.alpha,
                              cornerRadius: placement.isMagnified ? 0 : placement.cornerRadius,
                              clipsToBounds: true, shadow: placement.shadow, children: children)
        guard placement.isMagnified else { return body }
        // Magnified: the screen scaled inside a node of the frame's size that clips and rounds it.
        var content = body
        content.id = "\(placement.id)/content"
        content.transform = transform.concatenating(AffineTransform(translationX: -placement.frame.x, y: -placement.frame.y))
        content.alpha = 1
        content.shadow = nil
        return RenderNode(id: placement.id, size: placement.frame.size,
                          transform: rotated(AffineTransform(translationX: placement.frame.x, y: placement.frame.y), placement),
                          alpha: placement.alpha, cornerRadius: placement.cornerRadius, clipsToBounds: true,
                          shadow: placement.shadow, children: [content])
    }
}
