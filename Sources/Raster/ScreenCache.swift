internal import CCairo
import Foundation
import Workers
import RenderTree
import Geometry
import Scene

/// Screen parts rasterized at device scale the first time a frame shows them, then kept
/// read-only and shared by every canvas and thread.
///
/// A screen is drawn as the parts its render-tree nodes name (`ScreenPart`): its body, each
/// view with an id, its navigation bar's background and item groups — each laid out for the
/// size the node shows it at. Parts at the device's own size are kept for the cache's life;
/// parts laid out at passing sizes (a detail view growing frame by frame) are kept a few at a
/// time. Text is set only in the fonts Segue configures (Inter, the symbol and emoji
/// fallbacks, and the font files a scene brings) and images are decoded from their PNG
/// files once, so the pixels are the same on every machine with the same library versions,
/// whichever thread draws a part first.
///
/// Unchecked Sendable: what it holds is immutable after `init` except `drawn`, a
/// `LockedValueBox`, and the parts' images, which draw under their own claims (`DrawClaims`).
public final class ScreenCache: @unchecked Sendable {
    /// The device the scene is written for: its size in points, scale and safe area.
    public let device: Device
    /// The size every screen is written for, in points.
    public var size: Size { device.size }
    /// Pixels per point.
    public var scale: Double { device.scale }
    /// The screens' names, in the order given.
    public let names: [String]
    let screens: [String: ScreenSpec]
    /// The screens laid out at each size a part is drawn at; the timeline of a render sizes its nodes by the same.
    public let layouts: ScreenLayouts
    /// The scene's tab bar controller's bar, drawn for `ScreenPart.Kind.tabBar` parts.
    let tabBar: TabBarView?
    /// The status bar and home indicator in both tones.
    let chrome: SystemChrome
    /// The fonts the screens' text is set in: the scene's files and system font.
    let fonts: FontLibrary
    /// Whether the screens read right to left: every part is drawn mirrored (`ScreenImage`), the
    /// engine having mirrored where it puts them (`FrameState.mirrored`).
    let mirrored: Bool

    /// How many parts at passing sizes are kept.
    static let transientCapacity = 6

    /// What frames have drawn so far, shared by the workers: one part is drawn at a time,
    /// holding the box. (The bands of a scroll view's content are drawn outside it, see `drawRows`.)
    private struct Drawn {
        var parts: [ScreenPart: ScreenImage] = [:]
        /// Parts laid out at other sizes than the device's, most recent last.
        var transient: [(part: ScreenPart, image: ScreenImage)] = []
    }
    private let drawn = LockedValueBox(Drawn())
    /// The decoded images drawing uses.
    private let images = ImageLibrary()

    /// The screens of a scene for `device`: their status bar and home indicator are drawn now,
    /// every image they use is decoded now (so a broken one fails here), and screens are drawn
    /// when first shown.
    ///
    /// Throws `RasterError.fontsMissing` when the Inter font is not installed,
    /// `.duplicateScreen` when two screens share a name, `.invalidSize` for a device of a size
    /// Cairo cannot hold and `.png` for an image file that cannot be decoded.
    /// `fonts`: the scene's font files and system font; the files of the fonts the screens' labels
    /// and buttons name are added to them.
    public init(screens: [ScreenSpec], device: Device, tabBar: TabBarView? = nil, fonts sceneFonts: SceneFonts = .standard,
                layoutDirection: LayoutDirection = .leftToRight) throws {
        let mirrored = layoutDirection == .rightToLeft
        let fonts = try FontLibrary.library(for: sceneFonts.adding(files: screens.flatMap(\.customFontFiles)))
        // Lists and grids count their lines by the measurer of the fonts they are drawn in
        // (`ScreenSpec.measuringText(with:)`): each row is as tall as the lines drawn in it.
        let measurer = TextMeasurer(fonts: fonts)
        var byName: [String: ScreenSpec] = [:]
        for screen in screens {
            guard byName[screen.name] == nil else { throw RasterError.duplicateScreen(screen.name) }
            byName[screen.name] = screen.measuringText(with: measurer)
        }
        let w = device.size.width * device.scale, h = device.size.height * device.scale
        guard device.scale > 0, w.isFinite, h.isFinite, w >= 0.5, h >= 0.5,
              w < Double(cairoMaximumSide) + 1, h < Double(cairoMaximumSide) + 1 else {
            throw RasterError.invalidSize(width: w.isFinite ? Int(min(w, 1e9)) : 0, height: h.isFinite ? Int(min(h, 1e9)) : 0,
                                          scale: device.scale)
        }
        // The images are decoded on a thread of their own while the fonts are registered and the
        // chrome drawn; an image that cannot be decoded is the error, before any of those.
        let images = images, files = screens.flatMap(\.imageFiles)
        let decoding = BackgroundWork(name: "segue-images") { try images.decode(files) }
        let chrome = Result { try fonts.withTextContext { text in try SystemChrome(device: device, text: text, mirrored: mirrored) } }
        try decoding.value()
        self.device = device
        self.names = screens.map(\.name)
        self.screens = byName
        layouts = ScreenLayouts(screens: byName, device: device)
        self.tabBar = tabBar
        self.chrome = try chrome.get()
        self.fonts = fonts
        self.mirrored = mirrored
    }

    /// The screens at `size` points x `scale` on a custom device: no safe area, and no status
    /// bar or home indicator unless a screen asks for them.
    public convenience init(screens: [ScreenSpec], size: Size, scale: Double) throws {
        try self.init(screens: screens, device: Device(name: "custom", size: size, scale: scale))
    }

    /// Whether there is a screen named `name`.
    public func contains(_ name: String) -> Bool {
        screens[name] != nil
    }

    /// How many parts have been drawn and are kept, for tests and statistics.
    public var drawnPartCount: Int {
        drawn.withLockedValue { $0.parts.count + $0.transient.count }
    }

    /// The pixels of `part`, drawn now if no frame has shown it yet; nil for an unknown screen
    /// or view, or a part Cairo cannot draw.
    func image(for part: ScreenPart) -> ScreenImage? {
        drawn.withLockedValue { drawn in
            if let image = drawn.parts[part] { return image }
            if let index = drawn.transient.firstIndex(where: { $0.part == part }) {
                let entry = drawn.transient.remove(at: index)
                drawn.transient.append(entry)
                return entry.image
            }
            guard let image = try? draw(part, images: images) else { return nil }
            if part.layout == device {
                drawn.parts[part] = image
            } else {
                drawn.transient.append((part, image))
                if drawn.transient.count > Self.transientCapacity { drawn.transient.removeFirst() }
            }
            return image
        }
    }

    /// Draws the rows `rows` (all when nil) of `image`, one of this cache's parts drawn band by
    /// band, that no frame has shown yet; nothing for an image drawn whole or wholly drawn by now
    /// (which takes no lock). Not holding the cache's box: workers needing rows at once (the
    /// first frames) draw different bands side by side, locking the fonts only for their labels.
    func drawRows(_ rows: Range<Int>?, of image: ScreenImage) {
        // A band Cairo cannot draw (out of memory) stays blank and is tried again next time.
        try? image.drawRows(rows, images: images)
    }

    /// Holds the strips of `tiles` (one of this cache's images) covering `rows` and `columns`,
    /// drawing those not drawn; `release` them after painting. Empty when Cairo cannot draw them.
    func hold(_ tiles: ImageTiles, rows: Range<Int>, columns: Range<Int>) -> [ImageTiles.Strip] {
        (try? tiles.hold(rows: rows, columns: columns, images: images)) ?? []
    }

    /// Lets go of strips `hold` gave.
    func release(_ strips: [ImageTiles.Strip], of tiles: ImageTiles) {
        tiles.release(strips)
    }

    /// `tiles`' pixels in `rows` and `columns` as one image (`ImageTiles.window`).
    func window(of tiles: ImageTiles, rows: Range<Int>, columns: Range<Int>) -> PixelImage? {
        try? tiles.window(rows: rows, columns: columns, images: images)
    }

    /// Whether `part` is drawn opaque (its pixels cover everything under them), without drawing it.
    func isOpaque(_ part: ScreenPart) -> Bool {
        part.kind == .body && (screens[part.screen]?.background.alpha ?? 1) >= 1
    }

    /// The whole screen `name` at the device's size — body, views, toolbar and navigation bar — as
    /// un-premultiplied RGBA; nil for an unknown name.
    public func rgbaImage(of name: String) -> RGBAImage? {
        guard let screen = screens[name] else { return nil }
        let image = try? drawn.withLockedValue { _ in
            try fonts.withTextContext { text in
                try ScreenImage(size: device.size, scale: device.scale, opaque: screen.background.alpha >= 1, mirrored: mirrored) { cairo in
                    let painter = ScreenPainter(cairo: cairo, text: .held(text), device: device, scale: device.scale, images: images)
                    try painter.paint(screen, part: .body)
                    for view in layouts.screen(name, on: device)?.identifiedViews ?? [] {
                        try painter.paint(view.view, in: view.frame, on: device, screen: screen)
                    }
                    if let toolbar = screen.toolbar { try painter.paint(toolbar, beneath: screen.background) }
                    if let bar = screen.navigationBar { try painter.paint(bar, groups: NavigationBarGroups.all) }
                }
            }
        }
        guard let pixels = image?.pixelImage else { return nil }
        return RGBAImage(cairoPixels: UnsafeRawPointer(pixels.pixels.bytes), width: pixels.width,
                         height: pixels.height, stride: pixels.stride, hasAlpha: pixels.format == CAIRO_FORMAT_ARGB32)
    }

    /// Draws `part` with `images`; the caller holds the `drawn` box.
    private func draw(_ part: ScreenPart, images: ImageLibrary) throws -> ScreenImage? {
        switch part.kind {
        case .tabBar, .tabBarBackground:
            guard var bar = tabBar else { return nil }
            let background: Bool
            if case .tabBar(let selected) = part.kind { bar.selected = selected; background = false } else { background = true }
            // Its material is the node `tabBar/material` beneath, which blurs what the frame shows there.
            bar.material = nil
            let area = part.layout.chrome.tabBar(itemCount: bar.items.count, on: part.layout).area
            return try fonts.withTextContext { text in
                try ScreenImage(size: area.size, scale: device.scale, opaque: false, mirrored: mirrored) { cairo in
                    cairo_translate(cairo.pointer, -area.x, -area.y)
                    let painter = ScreenPainter(cairo: cairo, text: .held(text), device: part.layout, scale: device.scale, images: images)
                    try painter.paint(bar, background: background, items: !background)
                }
            }
        case .caption(let lines, let fontSize, let weight, let box):
            return try fonts.withTextContext { text in
                try ScreenImage(size: box, scale: device.scale, opaque: false) { cairo in
                    let painter = ScreenPainter(cairo: cairo, text: .held(text), device: part.layout, scale: device.scale, images: images)
                    try painter.paintCaption(lines, fontSize: fontSize, weight: weight, box: box)
                }
            }
        default:
            break
        }
        let layout = part.layout
        guard screens[part.screen] != nil, let laidOut = layouts.screen(part.screen, on: layout) else { return nil }
        let screen = laidOut.spec
        if case .scrollContent(let id) = part.kind {
            // Drawn band by band as frames show its rows (`drawRows`).
            guard let (scroll, view) = screen.scrolledViews(on: layout).first(where: { $0.geometry.id == id }) else { return nil }
            let scale = device.scale, fonts = fonts
            return try ScreenImage(content: scroll.contentFrame.size, scale: scale, vertical: scroll.axis == .vertical,
                                   // Half a screen each, so a frame waits for at most three bands or strips.
                                   bandHeight: Limits.contentStrip(on: device, vertical: true),
                                   bandWidth: Limits.contentStrip(on: device, vertical: false), mirrored: mirrored) { cairo, images in
                try ScreenPainter(cairo: cairo, text: .perUse(fonts), device: layout, scale: scale, images: images)
                    .paintScrollContent(view, of: scroll)
            }
        }
        return try fonts.withTextContext { text in
            func painter(_ cairo: CairoContext) -> ScreenPainter {
                ScreenPainter(cairo: cairo, text: .held(text), device: layout, scale: device.scale, images: images)
            }
            switch part.kind {
            case .body:
                return try ScreenImage(size: layout.size, scale: device.scale, opaque: isOpaque(part), mirrored: mirrored) { cairo in
                    try painter(cairo).paint(screen, part: .body)
                }
            case .view(let id):
                guard let view = laidOut.identifiedView(id) else { return nil }
                return try ScreenImage(size: view.frame.size, scale: device.scale, opaque: false, mirrored: mirrored) { cairo in
                    try painter(cairo).paint(view.view, in: view.frame, on: layout, screen: screen)
                }
            case .sectionHeader(let list, let section):
                guard let view = laidOut.identifiedView(list), case .list(let spec) = view.view,
                      let band = spec.layout(in: view.frame).headerBand(section) else { return nil }
                return try ScreenImage(size: band.size, scale: device.scale, opaque: false, mirrored: mirrored) { cairo in
                    try painter(cairo).paintSectionHeader(spec, section: section, frame: view.frame)
                }
            case .barStandardBackground(let background, let separator):
                guard var bar = screen.navigationBar else { return nil }
                bar.largeTitle = false
                bar.background = background
                bar.separator = separator
                return try ScreenImage(size: NavigationBarLayout(bar, on: layout).partSize, scale: device.scale, opaque: false, mirrored: mirrored) { cairo in
                    try painter(cairo).paint(bar, groups: .background)
                }
            case .barInlineTitle:
                guard var bar = screen.navigationBar else { return nil }
                bar.largeTitle = false
                return try ScreenImage(size: NavigationBarLayout(bar, on: layout).partSize, scale: device.scale, opaque: false, mirrored: mirrored) { cairo in
                    try painter(cairo).paint(bar, groups: .title)
                }
            case .toolbarBackground, .toolbarItems:
                guard var toolbar = screen.toolbar else { return nil }
                // Its material is the node `<screen>/toolbar/material` beneath, which blurs what the frame shows there.
                toolbar.material = nil
                let area = layout.chrome.toolbar(itemWidths: [], on: layout).area
                let background = part.kind == .toolbarBackground
                return try ScreenImage(size: area.size, scale: device.scale, opaque: false, mirrored: mirrored) { cairo in
                    cairo_translate(cairo.pointer, -area.x, -area.y)
                    try painter(cairo).paint(toolbar, background: background, items: !background)
                }
            case .tabBar, .tabBarBackground, .scrollContent, .caption:
                return nil
            case .selectedRow(let list, let index):
                // The row as drawn selected — the body and the views with ids over it — cut to its frame.
                guard let selected = screen.selecting(list: list, index: index),
                      let frame = screen.cellFrame(list: list, index: index, on: layout)?.cell else { return nil }
                return try ScreenImage(size: frame.size, scale: device.scale, opaque: false, mirrored: mirrored) { cairo in
                    cairo_translate(cairo.pointer, -frame.x, -frame.y)
                    let painter = painter(cairo)
                    if let scroll = selected.scrollView(list, on: layout),
                       let view = selected.identifiedViews(on: layout).first(where: { $0.id == list }) {
                        // A list that scrolls: the row as its scroll content draws it, where the
                        // list's frame does not cut it off (the engine moves the node by the offset).
                        try cairo.withSavedState {
                            cairo_translate(cairo.pointer, scroll.contentFrame.x, scroll.contentFrame.y)
                            try painter.paintScrollContent(view.view, of: scroll)
                        }
                        return
                    }
                    try painter.paint(selected, part: .body)
                    for view in selected.identifiedViews(on: layout) {
                        try cairo.withSavedState {
                            cairo_translate(cairo.pointer, view.frame.x, view.frame.y)
                            try painter.paint(view.view, in: view.frame, on: layout, screen: selected)
                        }
                    }
                }
            case .barBackground, .barTitle, .barBack, .barBackChevron, .barBackLabel, .barItems:
                guard let bar = screen.navigationBar else { return nil }
                let size = NavigationBarLayout(bar, on: layout).partSize
                let groups: NavigationBarGroups = switch part.kind {
                case .barBackground: .background
                case .barTitle: .title
                case .barBack: .back
                case .barBackChevron: .backChevron
                case .barBackLabel: .backLabel
                default: .items
                }
                return try ScreenImage(size: size, scale: device.scale, opaque: false, mirrored: mirrored) { cairo in
                    try painter(cairo).paint(bar, groups: groups)
                }
            }
        }
    }
}

extension ScreenSpec {
    /// The files of the fonts the screen's labels and buttons name, sorted, each once.
    var customFontFiles: [String] {
        var files: Set<String> = []
        func visit(_ views: [ViewSpec]) {
            for view in views {
                switch view {
                case .label(let v): if let file = v.customFont?.path { files.insert(file) }
                case .control(let v): if case .button(let button) = v.kind, let file = button.customFont?.path { files.insert(file) }
                case .rect(let v): visit(v.subviews)
                default: break
                }
            }
        }
        visit(views)
        return files.sorted()
    }

    /// Every image file the screen's views show.
    var imageFiles: [ImageFile] {
        var files: [ImageFile] = []
        func visit(_ views: [ViewSpec]) {
            for view in views {
                switch view {
                case .image(let v): files.append(v.image)
                case .rect(let v): visit(v.subviews)
                case .list(let v): files += v.sections.flatMap(\.rows).compactMap(\.image)
                case .grid(let v): files += v.cells.compactMap(\.image)
                case .label, .control, .icon: break
                }
            }
        }
        visit(views)
        return files
    }
}
