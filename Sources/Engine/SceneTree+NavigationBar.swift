import Geometry
import Scene

/// The navigation bar in the tree: its background, its items changing over during a push or pop,
/// the title collapsing with the scroll view under it, the back button's title sliding in.
extension SceneTree {
    /// The bar with the item groups of `bar.below` and `bar.above` changing over as `bar.transition`
    /// says; nil when neither has a bar.
    func barNode(_ bar: Bar, on layoutDevice: Device? = nil, offsets: ScrollOffsets = ScrollOffsets()) -> RenderNode? {
        let device = layoutDevice ?? self.device
        let amount = min(max(bar.amount, 0), 1)
        var screens: [(name: String, spec: NavigationBarView, alpha: Double)] = []
        if let spec = scene.screens[bar.below]?.shown(on: device).navigationBar { screens.append((bar.below, spec, bar.above == nil ? 1 : 1 - amount)) }
        if let above = bar.above, let spec = scene.screens[above]?.shown(on: device).navigationBar { screens.append((above, spec, amount)) }
        guard !screens.isEmpty else { return nil }
        let height = screens.map { NavigationBarLayout($0.spec, on: device).partSize.height }.max() ?? 0
        // During a push or pop, a screen whose scroll view has scrolled its large title away
        // shows an inline bar and moves as one: its title is the inline title.
        let scrolled = screens.map { barOffset($0.name, offsets: offsets, on: device) }
        // The bars as the screen cache paints their parts, before any collapses below.
        let painted = screens.map(\.spec)
        var collapsed = Array(repeating: false, count: screens.count)
        for index in screens.indices where bar.above != nil && screens[index].spec.largeTitle
            && (scrolled[index] ?? 0) >= screens[index].spec.largeTitleAreaHeight + BarScrollResponse.inlineTitleRamp {
            screens[index].spec.largeTitle = false
            collapsed[index] = true
        }
        // A part's node is the size of the image the cache paints for it (`ScreenCache`): the
        // screen's own bar, or its inline bar for the inline title. A collapsed large title changes
        // what slides and morphs, never a part's size, so the back button and the bar button items
        // stay drawn 1:1 in the 44 pt bar row while they fade (an image painted 156 pt tall and drawn
        // into 104 pt squashed them into the status bar).
        func part(_ index: Int, _ kind: ScreenPart.Kind) -> (ScreenPart, Size) {
            var spec = painted[index]
            if case .barInlineTitle = kind { spec.largeTitle = false }
            return (ScreenPart(screen: screens[index].name, kind: kind, layout: device), NavigationBarLayout(spec, on: device).partSize)
        }
        var children: [RenderNode] = []
        // One background when both screens ask for the same; otherwise the new one fades in over the old.
        let sameBackground = screens.count == 2 && screens[0].spec.background == screens[1].spec.background
            && screens[0].spec.separator == screens[1].spec.separator && screens[0].spec.height == screens[1].spec.height
            && scrolled.allSatisfy { $0 == nil }
        for (index, screen) in screens.enumerated() where !(sameBackground && index == 0) && device.chrome.drawsBarBackgrounds {
            let alpha = sameBackground || screens.count == 1 || index == 0 ? 1 : screen.alpha
            let id = sameBackground ? "\(bar.id)/background" : "\(bar.id)/\(screen.name)/background"
            if let offset = scrolled[index] {
                // Scroll-edge appearance at the edge, the standard one as content passes under the bar.
                let look = standardLook(screen.spec)
                let p = ScreenPart(screen: screen.name, kind: .barStandardBackground(background: look.background, separator: look.separator),
                                   layout: device)
                var inline = screen.spec
                inline.largeTitle = false
                let large = screen.spec.largeTitle || collapsed[index]
                let shown = alpha * BarScrollResponse.standardAppearance(offset: offset, hasLargeTitle: large,
                                                                         area: screen.spec.largeTitleAreaHeight)
                if let material = look.material {
                    children.append(RenderNode(id: "\(id)/material", content: .backdrop(barMaterial(material)),
                                               size: NavigationBarLayout(inline, on: device).background.size, alpha: shown))
                }
                children.append(RenderNode(id: id, content: .part(p), size: NavigationBarLayout(inline, on: device).partSize, alpha: shown))
                continue
            }
            guard screen.spec.background.alpha > 0 || screen.spec.separator != nil else { continue }
            let (p, size) = part(index, .barBackground)
            children.append(RenderNode(id: id, content: .part(p), size: size, alpha: alpha))
        }
        if !device.chrome.drawsBarBackgrounds {
            children += scrollEdgeNodes(bar, screens: screens.map { ($0.name, $0.spec, $0.alpha) }, scrolled: scrolled, device: device)
        }
        let slide: BarSlide?
        if case .slide(let s) = bar.transition, screens.count == 2, bar.above != nil { slide = s } else { slide = nil }
        for (index, screen) in screens.enumerated() {
            let isAbove = slide != nil && index == 1
            var groups: [(name: String, kind: ScreenPart.Kind, transform: AffineTransform, alpha: Double)] = []
            if let back = screen.spec.back {
                if let slide {
                    groups += slidingBack(back, isAbove: isAbove, screens: screens, amount: amount, slide: slide, device: device)
                } else {
                    groups.append(("back", .barBack, .identity, screen.alpha))
                }
            }
            if screen.spec.title != nil {
                let sliding = slide.map { slidingTitle(screen.spec, isAbove: isAbove, screens: screens, amount: amount, slide: $0,
                                                       device: device) }
                groups.append(("title", collapsed[index] ? .barInlineTitle : .barTitle, sliding?.transform ?? .identity,
                               sliding?.alpha ?? screen.alpha))
            }
            if !screen.spec.leading.isEmpty || !screen.spec.trailing.isEmpty {
                groups.append(("items", .barItems, .identity, screen.alpha))
            }
            // The glass behind the back button and the items, where the design puts them on glass.
            let barLayout = NavigationBarLayout(screen.spec, on: device)
            for shape in barLayout.items(of: screen.spec, text: text).capsules where screen.alpha > 0 {
                children.append(glassNode("\(bar.id)/\(screen.name)/glass/\(shape.name)", shape,
                                          in: Rect(origin: .zero, size: device.size), alpha: screen.alpha))
            }
            if slide == nil, screen.spec.largeTitle, screen.spec.title != nil, let offset = scrolled[index] {
                // The large title scrolls with the content inside its shrinking area; the inline title fades in.
                groups.removeAll { $0.name == "title" }
                children.append(collapsingTitle(bar.id, screen.name, screen.spec, offset: offset, alpha: screen.alpha, device: device))
            }
            for group in groups where group.alpha > 0 || slide == nil {
                let (p, size) = part(index, group.kind)
                children.append(RenderNode(id: "\(bar.id)/\(screen.name)/\(group.name)", content: .part(p), size: size,
                                           transform: group.transform, alpha: group.alpha))
            }
        }
        return RenderNode(id: bar.id, size: Size(width: device.size.width, height: height), children: children)
    }

    /// The soft scroll edge effect of a bar without a background (`LiquidGlassPocket`), for each
    /// screen whose scroll view content passes under it: `<bar>/<screen>/edge/blur` and `…/blur2`,
    /// what lies beneath blurred at full strength over the band's top and below it at half, and `<bar>/<screen>/edge`,
    /// the wash and hairline (its inline bar's background part) — faded in as the content scrolls under the
    /// bar as the classic bar's standard appearance is.
    private func scrollEdgeNodes(_ bar: Bar, screens: [(name: String, spec: NavigationBarView, alpha: Double)], scrolled: [Double?],
                                 device: Device) -> [RenderNode] {
        var nodes: [RenderNode] = []
        for (index, screen) in screens.enumerated() {
            guard let offset = scrolled[index] else { continue }
            let shown = screen.alpha * BarScrollResponse.standardAppearance(offset: offset, hasLargeTitle: screen.spec.largeTitle,
                                                                             area: screen.spec.largeTitleAreaHeight)
            guard shown > 0 else { continue }
            var inline = screen.spec
            inline.largeTitle = false
            let layout = NavigationBarLayout(inline, on: device)
            let band = layout.background, id = "\(bar.id)/\(screen.name)/edge"
            let full = band.height * LiquidGlassPocket.fullStrength, lower = band.height - full
            nodes.append(RenderNode(id: "\(id)/blur", content: .backdrop(MaterialLook(blurRadius: LiquidGlassPocket.blur, saturation: 1)),
                                    size: Size(width: band.width, height: full), alpha: shown))
            nodes.append(RenderNode(id: "\(id)/blur2", content: .backdrop(MaterialLook(blurRadius: LiquidGlassPocket.lowerBlur, saturation: 1)),
                                    size: Size(width: band.width, height: lower), transform: AffineTransform(translationX: 0, y: full),
                                    alpha: shown))
            // The inline bar's background part: the band of a bar without its large title area.
            let part = ScreenPart(screen: screen.name, kind: .barStandardBackground(background: .clear, separator: .clear), layout: device)
            nodes.append(RenderNode(id: id, content: .part(part),
                                    size: layout.partSize, alpha: shown))
        }
        return nodes
    }

    /// The offset of the scroll view `screen`'s bar responds to: the one the scene scrolls that
    /// starts at the screen's content top (under the bar); nil when there is none.
    func barOffset(_ screen: String, offsets: ScrollOffsets, on device: Device) -> Double? {
        guard let spec = scene.screens[screen], spec.navigationBar != nil,
              scrolling.contains(where: { $0.screen == screen }) else { return nil }
        let laidOut = spec.laidOut(writtenIn: scene.device.size, in: device.size)
        let top = laidOut.contentTop(on: device)
        for scroll in laidOut.scrollViews(on: device) where scroll.axis == .vertical && device.chrome.isAtContentTop(scroll.frame.minY, top: top) {
            let key = ScrollOffsets.Key(screen: screen, view: scroll.id)
            if scrolling.contains(key) { return offsets[key] }
        }
        return nil
    }

    /// The bar's standard appearance: its own background over its material (by default
    /// `systemChromeMaterial`, as `UIBarAppearance.configureWithDefaultBackground()` gives), and a hairline.
    fileprivate func standardLook(_ spec: NavigationBarView) -> (background: Color, separator: Color, material: MaterialLook?) {
        let separator = spec.separator ?? SystemColor.named("separator", appearance: scene.appearance) ?? .black
        return (spec.background, separator, spec.material)
    }

    /// A large title at `offset`: a node clipping to its area (52 − offset tall at the default text size, under the 44 pt
    /// bar) with the title moved by the offset inside it, and the inline title fading in.
    fileprivate func collapsingTitle(_ barID: String, _ screen: String, _ spec: NavigationBarView, offset: Double, alpha: Double,
                                 device: Device) -> RenderNode {
        let layout = NavigationBarLayout(spec, on: device)
        let size = layout.partSize
        let area = Rect(x: 0, y: layout.bar.maxY, width: size.width, height: BarScrollResponse.largeTitleHeight(offset: offset, area: spec.largeTitleAreaHeight))
        let title = RenderNode(id: "\(barID)/\(screen)/title/content",
                               content: .part(ScreenPart(screen: screen, kind: .barTitle, layout: device)), size: size,
                               transform: AffineTransform(translationX: 0, y: -area.y - offset))
        let clip = RenderNode(id: "\(barID)/\(screen)/title", size: area.size,
                              transform: AffineTransform(translationX: 0, y: area.y), alpha: alpha, clipsToBounds: true,
                              children: [title])
        var inlineSpec = spec
        inlineSpec.largeTitle = false
        let inline = RenderNode(id: "\(barID)/\(screen)/inlineTitle",
                                content: .part(ScreenPart(screen: screen, kind: .barInlineTitle, layout: device)),
                                size: NavigationBarLayout(inlineSpec, on: device).partSize,
                                alpha: alpha * BarScrollResponse.inlineTitle(offset: offset, area: spec.largeTitleAreaHeight))
        return RenderNode(id: "\(barID)/\(screen)/titles", size: size, children: [clip, inline])
    }

    /// UINavigationController's push, for a back button: the chevron stays (it fades in over a
    /// root screen, which has none), the incoming label comes from where the old title was — a
    /// large title becomes it (`BarSlide.largeTitleToBack`) — and the outgoing label leaves to
    /// the left. `amount` is how far the screen above is in.
    fileprivate func slidingBack(_ back: String, isAbove: Bool, screens: [(name: String, spec: NavigationBarView, alpha: Double)],
                             amount a: Double, slide: BarSlide, device: Device)
        -> [(String, ScreenPart.Kind, AffineTransform, Double)] {
        let w = device.size.width
        let belowHasBack = screens[0].spec.back != nil
        var groups: [(String, ScreenPart.Kind, AffineTransform, Double)] = []
        if isAbove {
            // Both chevrons would be the same glyph in the same place: keep the one below at full alpha.
            if !belowHasBack { groups.append(("backChevron", .barBackChevron, .identity, a)) }
            if !back.isEmpty {
                if let morph = largeTitleMorph(screens, amount: a, device: device) {
                    groups.append(("backLabel", .barBackLabel, morph.backLabel.transform, morph.backLabel.alpha))
                } else {
                    let travel = titleToBack(screens[0].spec.title ?? back, below: screens[0].spec, above: screens[1].spec,
                                             device: device)
                    groups.append(("backLabel", .barBackLabel, AffineTransform(translationX: (1 - a) * travel, y: 0), a))
                }
            }
        } else {
            groups.append(("backChevron", .barBackChevron, .identity, screens.count == 2 && screens[1].spec.back == nil ? 1 - a : 1))
            if !back.isEmpty {
                groups.append(("backLabel", .barBackLabel, AffineTransform(translationX: -a * slide.backExit * w, y: 0), 1 - a))
            }
        }
        return groups
    }

    /// The covered screen's large title turning into the pushed screen's back label, when the
    /// one below has a large title and the one above a back label; nil otherwise.
    fileprivate func largeTitleMorph(_ screens: [(name: String, spec: NavigationBarView, alpha: Double)], amount a: Double,
                                 device: Device)
        -> (title: (transform: AffineTransform, alpha: Double), backLabel: (transform: AffineTransform, alpha: Double))? {
        guard screens.count == 2, screens[1].spec.back?.isEmpty == false,
              let largeTitle = NavigationBarLayout(screens[0].spec, on: device).largeTitle else { return nil }
        let above = NavigationBarLayout(screens[1].spec, on: device)
        return BarSlide.largeTitleToBack(amount: a, largeTitle: largeTitle, backTitleX: above.backTitleX, bar: above.bar,
                                         titleSize: screens[0].spec.largeTitleType.size)
    }

    /// UINavigationController's push, for a title, and its opacity: the incoming one slides in
    /// from the right (a large one with its screen), the outgoing one moves left toward the back
    /// button's place (a large one becomes the back label; without a back label it leaves with
    /// the covered screen). Each fades with its screen but a large title becoming the label.
    fileprivate func slidingTitle(_ spec: NavigationBarView, isAbove: Bool,
                              screens: [(name: String, spec: NavigationBarView, alpha: Double)],
                              amount a: Double, slide: BarSlide, device: Device) -> (transform: AffineTransform, alpha: Double) {
        let w = device.size.width
        if isAbove { return (AffineTransform(translationX: (1 - a) * (spec.largeTitle ? 1 : slide.titleEntry) * w, y: 0), a) }
        if spec.largeTitle {
            if let morph = largeTitleMorph(screens, amount: a, device: device) { return morph.title }
            return (AffineTransform(translationX: -a * slide.coveredOffset * w, y: 0), 1 - a)
        }
        let travel = titleToBack(spec.title ?? "", below: spec, above: screens[1].spec, device: device)
        return (AffineTransform(translationX: -a * travel, y: 0), 1 - a)
    }

    /// How far the covered screen's `title` travels left to become the pushed screen's back
    /// label, measured in the semibold 17 pt the bar's title is drawn in (`BarSlide.titleToBack`).
    fileprivate func titleToBack(_ title: String, below: NavigationBarView, above: NavigationBarView, device: Device) -> Double {
        BarSlide.titleToBack(width: device.size.width, titleWidth: text.width(of: title, size: BarSlide.titleSize, weight: .semibold),
                             backTitleX: NavigationBarLayout(above, on: device).backTitleX)
    }
}
