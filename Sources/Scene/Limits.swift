/// How large a scene may be: the bounds on size, length and count Segue enforces before it
/// allocates or renders, and the ranges of single values (a device scale's 0.25...4, fps's
/// 1...240). Each is written here once; the key declarations (`Setting`, `KeyMapping`) and the
/// command line's options read them, and the JSON Schema and docs state them from there.
///
/// A scene file is checked against these when it loads (each value where it is read, with its
/// line and column), and again once a command line's `--fps` and `--scale` apply, so a typo such
/// as `duration: 86400` is an error that names the limit rather than a day of rendering.
public enum Limits {
    /// The longest scene, and the latest moment any time in it may name, in seconds.
    public static let duration = 600.0
    /// The most frames one scene renders (its duration × fps).
    public static let frames = 36_000
    /// The largest frame side in pixels (device size × scale).
    public static let canvasSide = 8192
    /// The most pixels in a frame of a video: 35,651,584, the largest frame any level of H.264
    /// or HEVC allows (ITU-T H.264 Table A-1, level 6.2: MaxFS 139,264 macroblocks of 16 × 16;
    /// ITU-T H.265 Table A.8, levels 6 to 6.2: MaxLumaPs 35,651,584), so no conforming decoder
    /// refuses the file for its size. It bounds a render's memory too, which grows with the frame
    /// (the frames in flight, the encoder's reference and look-ahead pictures): measured with
    /// `/usr/bin/time -f %M segue render`, about 80 bytes a pixel at this size — 2.8 GB at 8192 ×
    /// 4096 px, 5.4 GB at 8192 × 8192. Stills and snapshots are bounded by `canvasSide` alone.
    public static let videoFramePixels = 35_651_584
    /// The largest side in pixels of one image surface: Cairo's (`CAIRO_STATUS_INVALID_SIZE` past
    /// it). A scroll view's content larger than this along its scroll axis is held in strips
    /// (`scrollContentResident`); across its axis, each strip is this wide at most.
    public static let scrollContentSide = 32_767
    /// The longest a scroll view's content may be along its scroll axis, in pixels: a list of
    /// `collectionItems` rows 60 pt tall at @3x (18 million px) fits. Content this long is held in
    /// strips (`scrollContentResident`), so its length costs no pixel memory.
    public static let scrollContentLength = 1 << 25
    /// The largest scroll view's content kept whole once drawn (band by band as frames reach it),
    /// in bytes, within `scrollContentSide` each way: five screens of an iPhone 15 at @3x.
    public static let scrollContentWhole = 64 << 20
    /// Larger content is held in strips along its axis, half a screen each, of which no more than
    /// this many bytes' worth (two strips at least) stay drawn once no frame paints them: a
    /// render's memory then follows what frames show, not how long the content is.
    public static let scrollContentResident = 24 << 20
    /// The largest position or size in points a scene may give (frames, offsets, touch locations).
    public static let coordinate = 100_000.0
    /// The most screens in one scene.
    public static let screens = 200
    /// How long a caption may take to fade in or out, seconds.
    public static let captionFade: ClosedRange<Double> = 0...2
    /// The most variants a scene may declare (`variants:`, every combination of its axes' values).
    public static let variants = 64
    /// Points between a device frame's body and the picture's edges.
    public static let framePadding: ClosedRange<Double> = 0...1000
    /// How many characters a caption may have.
    public static let captionCharacters = 500
    /// How fast a `playback` stretch may play the scene: from a twentieth of real speed to twenty times.
    public static let playbackRate: ClosedRange<Double> = 0.05...20
    /// How long a `playback` hold may last, seconds.
    public static let playbackHold: ClosedRange<Double> = 0.001...60
    /// Screens filled from tapped rows or cells (`photo[photos 3]`), over all the transitions
    /// to such screens: one per item each binds to.
    public static let filledScreens = 2_000
    /// The most views in one screen, nested views included; a list's rows and a grid's cells are
    /// counted by `collectionItems` instead (each is a few values, drawn only where frames show it).
    public static let viewsPerScreen = 2_000
    /// The most rows one list may have (all its sections together), or cells one grid: as many
    /// as an inbox's table view may be asked for (`UITableView` asks its data source only for the
    /// rows it shows, and Segue draws only the strips frames show).
    public static let collectionItems = 100_000
    /// The largest image side in pixels.
    public static let imageSide = 8192
    /// The most pixels held at once by the screens once drawn (screens × canvas), and again by
    /// the distinct images once decoded: 2^28 pixels, 1 GiB at 4 bytes a pixel.
    public static let pixelMemory = 1 << 28
    /// The largest image file in bytes.
    public static let imageBytes = 64 << 20
    /// The largest font file in bytes, checked before it is read: a CJK family's OpenType face is
    /// 16–25 MB (Noto Sans CJK), so this leaves room; a 1 GiB file was read whole (2.1 GB resident).
    public static let fontBytes = 64 << 20
    /// The longest a spring may take to settle (`Spring.settlingDuration`, until it stays within
    /// 0.1% of its target), in seconds: a spring slower than this (damping near zero) would run a
    /// transition past any length a scene means, so it is an error at the parameter to change.
    public static let settling = 60.0
    /// The most touch samples in one scene: pan samples as written plus the samples swipes synthesize.
    public static let samples = 100_000
    /// The most items in any list of a scene not limited otherwise: timeline entries, transitions,
    /// snapshots, custom styles and their layers and keyframes, fonts.
    public static let listItems = 10_000
    /// The most items in one bar, control or gradient: tab bar items, bar button items, segments,
    /// gradient colors (a tab bar shows five before "More"; a segmented control a handful).
    public static let itemsPerControl = 64
    /// The largest scene file in bytes.
    public static let sceneBytes = 16 << 20
    /// The largest snapshot report (`segue snapshot --json`) `segue report merge` reads, in bytes:
    /// a result takes 250–700 bytes, so this holds `reportResults` of them.
    public static let reportBytes = 64 << 20
    /// The most results a report, and the reports merged together, may hold: far more snapshot
    /// points than a suite renders (each is an image), and about 700 MB to merge.
    public static let reportResults = 100_000
    /// The most YAML nodes a scene's aliases may add once followed (`*name` repeats the node
    /// `&name` marks, subtree and all): room for a screen's full 2,000 views, at a dozen nodes
    /// each, repeated into every one of the 200 screens; a file whose aliases reach past it (an
    /// alias bomb) is refused before anything walks it.
    public static let aliasedNodes = screens * viewsPerScreen * 12
    /// The deepest a scene file's lists and mappings may nest, counted as its parser opens them
    /// (`SceneDocument.compose`), before anything walks the document: the decoders and the walks
    /// over the views recurse once per level, so a file of 100,000 nested `[` (200 KB) would
    /// otherwise overflow the stack. The examples nest 9 deep; a view in a stack in a scroll view
    /// in a screen is about a dozen.
    public static let nesting = 64

    // MARK: Ranges of single values

    /// Pixels per point (device `scale`, `--scale`, `--snapshot-scale`).
    public static let scale: ClosedRange<Double> = 0.25...4
    /// Frames per second (`fps`, `--fps`).
    public static let fps: ClosedRange<Int> = 1...240
    /// Seconds kept after the last motion, a swipe's hold.
    public static let pause: ClosedRange<Double> = 0...60
    /// A fraction: opacity, progress, alpha.
    public static let unit: ClosedRange<Double> = 0...1
    /// Any position or offset in points.
    public static let coordinates: ClosedRange<Double> = -coordinate...coordinate
    /// A corner radius in points.
    public static let cornerRadius: ClosedRange<Double> = 0...10_000
    /// A display's corner radius in points.
    public static let displayCornerRadius: ClosedRange<Double> = 0...500
    /// A length in points a view's parts take (row height, image size).
    public static let length: ClosedRange<Double> = 0...10_000
    /// A list's row height in points.
    public static let rowHeight: ClosedRange<Double> = 1...10_000
    /// A gap in points (a border's width, a grid's spacing and inset).
    public static let gap: ClosedRange<Double> = 0...1000
    /// A font's point size.
    public static let fontSize: ClosedRange<Double> = 1...500
    /// A shadow's blur radius in points.
    public static let shadowRadius: ClosedRange<Double> = 0...200
    /// The most lines a label wraps to (0: as many as fit).
    public static let lines: ClosedRange<Int> = 0...1000
    /// A grid's columns, a page control's pages.
    public static let columns: ClosedRange<Int> = 1...50
    /// A grid cell's height over its width.
    public static let aspectRatio: ClosedRange<Double> = 0.01...100
    /// The index of a row, cell or tab.
    public static let index: ClosedRange<Int> = 0...collectionItems
    /// The index of a transition in the timeline.
    public static let transitionIndex: ClosedRange<Int> = 0...10_000
    /// A synthesized finger's samples per second.
    public static let sampleRate: ClosedRange<Double> = 10...1000
    /// A speed in points per second (a release velocity, a flick).
    public static let speed: ClosedRange<Double> = 0...100_000
    /// A signed speed in points per second.
    public static let velocity: ClosedRange<Double> = -100_000...100_000
    /// A spring's initial velocity, in units of its distance per second.
    public static let springVelocity: ClosedRange<Double> = -1000...1000
    /// A spring's mass.
    public static let mass: ClosedRange<Double> = 0...1000
    /// A spring's stiffness or damping.
    public static let stiffness: ClosedRange<Double> = 0...100_000
    /// A spring's damping ratio.
    public static let dampingRatio: ClosedRange<Double> = 0...100
    /// A SwiftUI spring's bounce.
    public static let bounce: ClosedRange<Double> = -0.99...0.99
    /// An edge pan's zone in points.
    public static let edgeZone: ClosedRange<Double> = 0...1000
    /// How much faster than the animator an interactive transition completes.
    public static let completionSpeed: ClosedRange<Double> = 0.001...1000

    // MARK: Ranges of transition style settings

    /// A corner radius a style animates, in points.
    public static let styleCornerRadius: ClosedRange<Double> = 0...1000
    /// A style's `completionSpeed` (`UIPercentDrivenInteractiveTransition.completionSpeed`).
    public static let styleCompletionSpeed: ClosedRange<Double> = 0.01...100
    /// A sheet's fling, in screen heights per second.
    public static let sheetFlick: ClosedRange<Double> = 0...1000
    /// A ratio a style divides or multiplies by (parallax ratio, progress scale), above 0.
    public static let ratio: ClosedRange<Double> = 0...100
    /// A scale a style animates to, above 0.
    public static let styleScale: ClosedRange<Double> = 0...10
    /// A scale or share that must stay above zero (a smallest scale, a fade's share of the growth).
    public static let positiveUnit: ClosedRange<Double> = 0.01...1
    /// A share of the growth over which content fades in.
    public static let fadeShare: ClosedRange<Double> = 0.001...1
    /// A drag, as a fraction of the height.
    public static let dragShare: ClosedRange<Double> = 0.01...10
    /// A share of the width something starts off its place by.
    public static let entryShare: ClosedRange<Double> = 0...2
    /// The gap over a large sheet, as a fraction of the screen height.
    public static let sheetTopGap: ClosedRange<Double> = 0...0.9
    /// A deceleration rate (`UIScrollView.DecelerationRate`), below 1.
    public static let decelerationRate: ClosedRange<Double> = 0...0.9999
    /// A scroll view's `decelerationRate` given as a number (UIKit's `DecelerationRate(rawValue:)`):
    /// the fraction of its velocity the content keeps per millisecond; `.fast` is 0.99, `.normal` 0.998.
    public static let scrollDecelerationRate: ClosedRange<Double> = 0.5...0.9999
    /// A positive length in points, such as a sheet's or card's side.
    public static let positiveLength: ClosedRange<Double> = 1...coordinate
    /// An edge zone of a system gesture, in points.
    public static let systemEdgeZone: ClosedRange<Double> = 0.001...1000

    /// The pixels along a scroll axis of one strip of content held in strips: half the screen's.
    public static func contentStrip(on device: Device, vertical: Bool) -> Int {
        max(Int(((vertical ? device.size.height : device.size.width) * device.scale / 2).rounded(.up)), 64)
    }

    /// Whether a scroll view's content of `width` × `height` pixels is kept whole, not in strips.
    public static func keepsContentWhole(width: Double, height: Double) -> Bool {
        let (w, h) = (width.rounded(), height.rounded())
        return w <= Double(scrollContentSide) && h <= Double(scrollContentSide) && w * h * 4 <= Double(scrollContentWhole)
    }

    /// The most pixels a scroll view's content of `along` × `across` pixels keeps drawn: all of
    /// it when it is kept whole, else the strips kept (`scrollContentResident`) and the three a
    /// frame paints from.
    public static func scrollContentPixels(along: Double, across: Double, vertical: Bool, device: Device) -> Double {
        let whole = along * across
        if keepsContentWhole(width: along, height: across) { return whole }
        let strip = Double(contentStrip(on: device, vertical: vertical)) * across
        let kept = max((Double(scrollContentResident) / (strip * 4)).rounded(.down), 2)
        return min(whole, strip * (kept + 3))
    }

    /// The memory of `pixels` 4-byte pixels in whole megabytes (MiB), for messages.
    static func mebibytes(_ pixels: Double) -> String {
        format((pixels * 4 / 1_048_576).rounded(.up))
    }

    /// `value` as a whole number when it is one, for messages.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if abs(value) < 1e15 { return value == value.rounded() ? String(Int(value)) : String(value) }
        return String(value)
    }
}

extension Limits {
    /// The problems of `scene` as a whole, which depend on settings a command line may override:
    /// the canvas (device size × scale) and the frame count of a fixed `duration` (× fps).
    public static func check(_ scene: Scene) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let at = scene.keyLocations
        let fallback = SourceLocation(file: scene.file, line: 1, column: 1)
        let size = scene.device.size, scale = scene.device.scale
        let width = size.width * scale, height = size.height * scale
        if !(width.rounded() <= Double(canvasSide) && height.rounded() <= Double(canvasSide)) {
            let location = at[SceneKeys.scale.key] ?? at[SceneKeys.size.key] ?? at[SceneKeys.device.key] ?? fallback
            problems.append(Diagnostic(location: location, message:
                "canvas \(format(width.rounded())) × \(format(height.rounded())) px (\(format(size.width)) × \(format(size.height)) pt at scale \(format(scale))) is over the limit of \(canvasSide) px per side; lower the scale or the size"))
        }
        // A screen filled from a tapped item counts once: the items' screens are drawn only when shown.
        let filled = scene.filledScreens
        let drawable = scene.screens.count - filled.count + Set(filled.values.map(\.template)).count
        let screenPixels = Double(drawable) * width.rounded() * height.rounded()
        if !(screenPixels <= Double(pixelMemory)) {
            problems.append(Diagnostic(location: at[SceneKeys.screens.key] ?? fallback, message:
                "\(drawable) \(drawable == 1 ? "screen" : "screens") of \(format(width.rounded())) × \(format(height.rounded())) px take \(mebibytes(screenPixels)) MB once drawn, over the limit of \(mebibytes(Double(pixelMemory))) MB; use fewer screens or a lower scale"))
        }
        var contentPixels = 0.0
        for name in scene.screenOrder {
            guard let screen = scene.screens[name] else { continue }
            for scroll in screen.scrollViews(on: scene.device) {
                let content = scroll.contentFrame.size
                let vertical = scroll.axis == .vertical
                let along = ((vertical ? content.height : content.width) * scale).rounded()
                let across = ((vertical ? content.width : content.height) * scale).rounded()
                let what = "the content of scroll view '\(scroll.id)' of screen '\(name)' is \(format(content.width.rounded())) × \(format(content.height.rounded())) pt"
                if !(across <= Double(scrollContentSide)) {
                    problems.append(Diagnostic(location: at[SceneKeys.screens.key] ?? fallback, message:
                        "\(what), \(format(across)) px across its scroll axis at scale \(format(scale)), over the limit of \(scrollContentSide) px; make it \(vertical ? "narrower" : "shorter") or lower the scale"))
                } else if !(along <= Double(scrollContentLength)) {
                    problems.append(Diagnostic(location: at[SceneKeys.screens.key] ?? fallback, message:
                        "\(what), \(format(along)) px along its scroll axis at scale \(format(scale)), over the limit of \(scrollContentLength) px; shorten its content or lower the scale"))
                } else {
                    contentPixels += scrollContentPixels(along: along, across: across, vertical: vertical, device: scene.device)
                }
            }
        }
        if screenPixels <= Double(pixelMemory), !(screenPixels + contentPixels <= Double(pixelMemory)) {
            problems.append(Diagnostic(location: at[SceneKeys.screens.key] ?? fallback, message:
                "the screens (\(mebibytes(screenPixels)) MB) and their scroll views' content (\(mebibytes(contentPixels)) MB kept drawn at most) take \(mebibytes(screenPixels + contentPixels)) MB, over the limit of \(mebibytes(Double(pixelMemory))) MB; make the scroll views' content narrower across its axis, use fewer, or lower the scale"))
        }
        if let duration = scene.duration {
            let frames = (duration * Double(scene.fps)).rounded()
            if !(frames <= Double(Self.frames)) {
                problems.append(Diagnostic(location: at[SceneKeys.duration.key] ?? fallback, message:
                    "\(format(frames)) frames (\(format(duration)) s at \(scene.fps) fps) is over the limit of \(Self.frames) frames; shorten the scene or lower the fps"))
            }
        }
        return problems
    }

    /// The problem of `scene` rendered as a video, beyond `check`'s: a frame (padded to even
    /// sides, as the encoders take it) larger than `videoFramePixels`.
    public static func checkVideoFrame(_ scene: Scene) -> [Diagnostic] {
        let size = scene.device.size, scale = scene.device.scale
        let width = evenUp((size.width * scale).rounded()), height = evenUp((size.height * scale).rounded())
        guard !(width * height <= Double(videoFramePixels)) else { return [] }
        let at = scene.keyLocations
        let location = at[SceneKeys.scale.key] ?? at[SceneKeys.size.key] ?? at[SceneKeys.device.key]
            ?? SourceLocation(file: scene.file, line: 1, column: 1)
        let fitting = (Double(videoFramePixels) / (size.width * size.height)).squareRoot()
        let scaleHint = fitting >= Limits.scale.lowerBound ? "lower the scale to \(format((fitting * 100).rounded(.down) / 100)) or less" : "lower the scale"
        return [Diagnostic(location: location, message:
            "a video frame of \(format(width)) × \(format(height)) px (\(format(size.width)) × \(format(size.height)) pt at scale \(format(scale))) has \(format(width * height)) pixels, over the limit of \(videoFramePixels), the largest frame H.264 and HEVC allow (level 6.2); \(scaleHint), make the device smaller, or render stills")]
    }

    /// The problem of `scene` rendered as a video inside its device frame: the picture encoded is
    /// the framed one, `width` × `height` px (the device's body, its padding and the captions
    /// beside it, around the screen), which must be within `videoFramePixels` as the screen alone must.
    public static func checkFramedVideoFrame(_ scene: Scene, width: Int, height: Int) -> [Diagnostic] {
        let (w, h) = (evenUp(Double(width)), evenUp(Double(height)))
        guard !(w * h <= Double(videoFramePixels)) else { return [] }
        let at = scene.keyLocations
        let location = at[SceneKeys.deviceFrame.key] ?? at[SceneKeys.scale.key] ?? at[SceneKeys.device.key]
            ?? SourceLocation(file: scene.file, line: 1, column: 1)
        let padding = scene.deviceFrame.map { " and padding \(format($0.padding)) pt" } ?? ""
        return [Diagnostic(location: location, message:
            "a framed video frame of \(format(w)) × \(format(h)) px (the device frame\(padding) around the \(format((scene.device.size.width * scene.device.scale).rounded())) × \(format((scene.device.size.height * scene.device.scale).rounded())) px screen, at scale \(format(scene.device.scale))) has \(format(w * h)) pixels, over the limit of \(videoFramePixels), the largest frame H.264 and HEVC allow (level 6.2); lower the padding or the scale, render without --device-frame, or render stills")]
    }

    private static func evenUp(_ value: Double) -> Double {
        value.truncatingRemainder(dividingBy: 2) == 0 ? value : value + 1
    }
}
