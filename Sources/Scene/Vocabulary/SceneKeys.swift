import Geometry
import Motion

// The declarations of the scene file's own mappings: the scene, the device, transitions, the
// timeline and snapshots. See `KeyMapping` and docs/architecture.md, "Declaring a scene key".

/// The keys of a scene file's top level.
public enum SceneKeys {
    public static let device = ShapedKey("device", .oneOf([.choice(Device.presets.keys.sorted()), .shape("device")]),
                                         defaultText: Device.defaultPresetName, doc: "a device preset, or a custom device")
    public static let size = Setting<Size?>("size", doc: "screen size [width, height] in points, overriding the device's (which becomes custom)")
    public static let scale = Setting<Double?>("scale", .number(range: Limits.scale), defaultText: "the device's",
                                                doc: "pixels per point; size × scale at most 8192 px per side", uikit: "UIScreen.scale")
    public static let design = Setting<InterfaceDesign>("design", default: .classic,
                                                        doc: "which iOS design the system chrome is drawn in: liquidGlass (iOS 26 and 27: bar buttons on glass capsules, the floating tab bar, floating toolbar capsules) or classic (iOS 17 and 18: bars edge to edge under their materials)",
                                                        uikit: "UIDesignRequiresCompatibility")
    public static let reduceTransparency = Setting<Bool>("reduceTransparency", default: false,
                                                         doc: "the user's Reduce Transparency setting: Liquid Glass frosted and near opaque, bars' materials opaque",
                                                         uikit: "UIAccessibility.isReduceTransparencyEnabled")
    public static let appearance = Setting<Appearance>("appearance", default: .light,
                                                       doc: "which variant of the iOS system colors their names resolve to")
    public static let layoutDirection = Setting<LayoutDirection>("layoutDirection", default: .leftToRight,
                                                                 doc: "which way the interface reads: under rightToLeft UIKit mirrors bars, rows, lists, grids, controls, toolbars and the tab bar, natural text aligns right, and the system push, sheets, the zoom and the back swipe mirror; the timeline's coordinates are the screen's in this direction",
                                                                 uikit: "UITraitCollection.layoutDirection")
    public static let mirrorTimeline = Setting<Bool>("mirrorTimeline", default: false,
                                                     doc: "played in the other layout direction (a variant, --layout-direction), the timeline's x coordinates and its swipes' left and right mirror; without it an entry with a coordinate, or a left or right swipe, is an error there")
    public static let contentSize = Setting<ContentSizeCategory>("contentSize", default: .large,
                                                                 doc: "the user's text size (Dynamic Type), at the HIG's sizes: labels, buttons and icons set in a text style ('font'), and lists' rows, headers and footers, which grow with their text (titles wrap; values stack under titles at the accessibility sizes), and the navigation bar's large title; bars keep their other sizes",
                                                                 uikit: "UIContentSizeCategory")
    public static let motion = Setting<MotionPreference>("motion", default: .standard,
                                                         doc: "the user's Motion settings: standard, reduceMotion (Reduce Motion on) or crossFade (Reduce Motion and Prefer Cross-Fade Transitions on); the system transitions do what iOS does then, a transition's 'reduceMotionStyle' or 'crossFadeStyle' plays instead of its own",
                                                         uikit: "UIAccessibility.isReduceMotionEnabled, .prefersCrossFadeTransitions")
    public static let fps = Setting<Int>("fps", .integer(range: Limits.fps), default: 60, doc: "frames per second")
    public static let duration = Setting<Double?>("duration", .seconds, defaultText: "the last motion, then tail",
                                                 doc: "the scene's length in seconds, the video's unless 'playback' changes its pace; at most 36,000 frames (duration × fps)")
    public static let tail = Setting<Double>("tail", .number(range: Limits.pause), default: 0.5, doc: "seconds kept after the last motion")
    public static let touches = Setting<Bool>("touches", default: true,
                                              doc: "draw the translucent finger circle of a screen recording (`--no-touches` overrides)")
    public static let background = ShapedKey("background", .oneOf([.choice(["transparent"]), .color]), defaultText: Scene.defaultBackground.shortHexString,
                                             doc: "what shows where no screen covers the frame, and through screens with a clear background: a color or transparent")
    public static let fonts = ShapedKey("fonts", .list(.text),
                                        doc: ".ttf or .otf files relative to the scene file, used by family name (labels' and buttons' 'family', 'systemFont')")
    public static let systemFont = Setting<String?>("systemFont", defaultText: "Inter",
                                                    doc: "a family of the scene's fonts that UIKit's system text is set in: bars, bar buttons, rows, headers, tab titles, controls, the status bar, captions, and labels and buttons that name no family",
                                                    uikit: "UIFont.systemFont(ofSize:weight:)")
    public static let systemDisplayFont = Setting<String?>("systemDisplayFont", defaultText: "systemFont",
                                                           doc: "a family of the scene's fonts for system text of 20 pt and more (SF Pro Display beside SF Pro Text)")
    public static let screens = ShapedKey("screens", .shape("screens"),
                                          doc: "the screens (view controllers' views), by name; at most 200, and at most 1 GiB once drawn (screens × frame pixels × 4 bytes)")
    public static let root = ShapedKey("root", .text, defaultText: "the first screen", doc: "the screen on screen at time 0")
    public static let tabs = ShapedKey("tabs", .shape("tabs"), doc: "a tab bar controller at the root instead of 'root': a navigation stack per tab")
    public static let styles = ShapedKey("styles", .shape("styles"),
                                         doc: "transition styles the scene declares, by name; transitions use them with 'style: <name>'")
    public static let transitions = ShapedKey("transitions", .list(.shape("transition")), doc: "how one screen gives way to another")
    public static let timeline = ShapedKey("timeline", .list(.shape("entry")), doc: "what happens when")
    public static let snapshots = ShapedKey("snapshots", .list(.shape("snapshot")), doc: "the frames `segue snapshot` records")
    public static let captions = ShapedKey("captions", .list(.shape("caption")),
                                           doc: "timed text over the video: a step's caption or a title card, in scene time")
    public static let playback = ShapedKey("playback", .list(.shape("playback")),
                                           doc: "stretches of the scene's time the video plays slower or faster, and moments it holds (snapshots keep scene time)")
    public static let variants = ShapedKey("variants", .shape("variants"),
                                           doc: "the traits it plays at besides its own, as lists per axis; each combination is a variant `segue snapshot` records and `--variant NAME` picks")
    public static let deviceFrame = ShapedKey("deviceFrame", .oneOf([.boolean, .shape("deviceFrame")]), defaultText: "false",
                                              doc: "draw the device around the screen in `render` and `still` (`--device-frame` / `--no-device-frame` override; snapshots never do): true, or its finish, background and padding")

    public static let mapping = KeyMapping("scene", "a scene",
        doc: "A Segue scene: screens, transitions between them, and a timeline of actions and finger traces.", required: ["screens"],
        [device, size, scale, design, reduceTransparency, appearance, layoutDirection, mirrorTimeline, contentSize, motion, fps, duration, tail, touches, background, fonts, systemFont, systemDisplayFont, screens, root, tabs, styles,
         transitions, timeline, snapshots, captions, playback, deviceFrame, variants])
}

/// `variants: { appearance, layoutDirection, contentSize, device }`: the values of each axis a scene plays at.
public enum VariantsKeys {
    public static let design = ShapedKey("design", .list(.choice(InterfaceDesign.allCases.map(\.rawValue))),
                                         doc: "designs, e.g. [liquidGlass, classic]")
    public static let appearance = ShapedKey("appearance", .list(.choice(Appearance.allCases.map(\.rawValue))),
                                             doc: "appearances, e.g. [light, dark]")
    public static let layoutDirection = ShapedKey("layoutDirection", .list(.choice(LayoutDirection.allCases.map(\.rawValue))),
                                                  doc: "layout directions, e.g. [leftToRight, rightToLeft]")
    public static let contentSize = ShapedKey("contentSize", .list(.choice(ContentSizeCategory.allCases.map(\.rawValue))),
                                              doc: "text sizes, e.g. [large, accessibilityLarge]")
    public static let motion = ShapedKey("motion", .list(.choice(MotionPreference.allCases.map(\.rawValue))),
                                         doc: "Motion settings, e.g. [standard, reduceMotion, crossFade]")
    public static let device = ShapedKey("device", .list(.choice(Device.presets.keys.sorted())), doc: "device presets, e.g. [iphone-15, iphone-se]")
    public static let reduceTransparency = ShapedKey("reduceTransparency", .list(.choice(Transparency.allCases.map(\.rawValue))),
                                                     doc: "Reduce Transparency off (transparent) or on (reduceTransparency), e.g. [transparent, reduceTransparency]")

    public static let mapping = KeyMapping("variants", "the scene's variants",
                                           doc: "the traits a scene plays at: every combination of the values listed is a variant",
                                           [design, appearance, layoutDirection, contentSize, motion, device, reduceTransparency])
}

/// `deviceFrame: { ... }`: the device drawn around the screen, and what lies around it.
public enum DeviceFrameKeys {
    public static let finish = Setting<DeviceFrameSpec.Finish>("finish", default: .dark,
                                                               doc: "the body: dark (a dark band, black glass) or light (a silver band)")
    public static let background = ShapedKey("background", .oneOf([.choice(["transparent"]), .color]),
                                             defaultText: "\(DeviceFrameSpec.defaultBackground.shortHexString), transparent when the scene's is",
                                             doc: "what lies around the device: a color, or transparent (PNG frames and ProRes keep it; other formats show black)")
    public static let gradient = ShapedKey("gradient", .list(.color), doc: "[top, bottom]: a vertical gradient around the device, instead of 'background'")
    public static let image = ShapedKey("image", .text, doc: "a PNG around the device, scaled to cover the picture, instead of 'background'")
    public static let padding = Setting<Double>("padding", .number(range: Limits.framePadding), default: DeviceFrameSpec.defaultPadding,
                                                doc: "points between the device (its buttons included) and the picture's edges")

    public static let mapping = KeyMapping("deviceFrame", "a device frame", doc: "the device around the screen, and its background",
                                           [finish, background, gradient, image, padding])
}

/// One entry of `captions:`.
public enum CaptionKeys {
    public static let text = Setting<String?>("text", doc: "what it says; long text wraps")
    public static let from = Setting<Double?>("from", .time, doc: "when it starts to fade in, seconds of scene time")
    public static let to = Setting<Double?>("to", .time, doc: "when it has faded out, seconds of scene time")
    public static let position = Setting<CaptionSpec.Position>("position", default: .bottom,
                                                               doc: "above the home indicator, under the status bar, or in the middle; or above or below the device, beside it where a device frame is drawn (over the screen at the top or bottom where none is)")
    public static let style = Setting<CaptionSpec.Style>("style", default: .caption,
                                                         doc: "a caption's pill (17 pt semibold), or a title card (28 pt bold, centered unless placed)")
    public static let fade = Setting<Double>("fade", .number(range: Limits.captionFade), default: 0.25,
                                             doc: "seconds it fades in and out (at most half the time it shows)")

    public static let mapping = KeyMapping("caption", "a caption", doc: "timed text over the video",
                                           required: ["text", "from", "to"], [text, from, to, position, style, fade])
}

/// One entry of `playback:`: a stretch of scene time played at another speed, or a moment held.
public enum PlaybackKeys {
    public static let from = Setting<Double?>("from", .time, doc: "where the stretch starts, seconds of scene time")
    public static let to = Setting<Double?>("to", .time, doc: "where the stretch ends, seconds of scene time")
    public static let rate = Setting<Double?>("rate", .number(range: Limits.playbackRate),
                                              doc: "how fast the stretch plays: 0.25 at a quarter of real speed, 2 at twice")
    public static let at = Setting<Double?>("at", .time, doc: "the moment held, seconds of scene time")
    public static let hold = Setting<Double?>("hold", .number(range: Limits.playbackHold), doc: "how long the video holds it, seconds")

    public static let mapping = KeyMapping("playback", "a playback entry",
        doc: "a stretch of the scene's time played at another speed, { from, to, rate }, or a moment held, { at, hold }",
        [from, to, rate, at, hold])
}

/// The keys of a custom device (`device: { ... }`).
public enum DeviceKeys {
    public static let preset = Setting<String?>("preset", .choice(Device.presets.keys.sorted()), doc: "start from a preset")
    public static let size = Setting<Size?>("size", doc: "[width, height] in points")
    public static let scale = Setting<Double?>("scale", .number(range: Limits.scale), doc: "pixels per point")
    public static let cornerRadius = Setting<Double?>("cornerRadius", .number(range: Limits.displayCornerRadius), doc: "display corner radius")
    public static let safeArea = Setting<[Double]?>("safeArea", .numbers(count: 2, range: Limits.coordinates), doc: "[top, bottom] insets")

    public static let mapping = KeyMapping("device", "a device", doc: "a custom device", [preset, size, scale, cornerRadius, safeArea])
}

/// The keys of a transition (besides the settings of its style).
public enum TransitionKeys {
    public static let from = Setting<String?>("from", doc: "the screen it leaves")
    public static let to = Setting<String?>("to", doc: "the screen it shows")
    public static let style = Setting<String?>("style", doc: "a built-in style, or one declared under 'styles'")
    public static let tap = ShapedKey("tap", .shape("tapTrigger"), doc: "the rows or cells whose tap starts it")
    public static let reduceMotionStyle = Setting<String?>("reduceMotionStyle", defaultText: "its own style; a `zoom` falls back by itself",
                                                           doc: "a style that plays instead, with its default settings, when the scene's motion is reduceMotion or crossFade (as an app checks `isReduceMotionEnabled`)",
                                                           uikit: "UIAccessibility.isReduceMotionEnabled")
    public static let crossFadeStyle = Setting<String?>("crossFadeStyle", defaultText: "reduceMotionStyle",
                                                        doc: "a style that plays instead when the scene's motion is crossFade (as an app checks `prefersCrossFadeTransitions`)",
                                                        uikit: "UIAccessibility.prefersCrossFadeTransitions")

    /// Any other key is a setting of the style, checked once the style is known.
    public static let mapping = KeyMapping("transition", "a transition", doc: "a transition between two screens",
                                           required: ["from", "to", "style"], [from, to, style, tap, reduceMotionStyle, crossFadeStyle])
}

/// `tap: { list, index }` of a transition, and `{ list, index }` cell references.
public enum TapTriggerKeys {
    public static let list = Setting<String?>("list", doc: "a list or grid id")
    public static let index = Setting<Int?>("index", .integer(range: Limits.index), defaultText: "any row or cell", doc: "the row or cell")

    public static let mapping = KeyMapping("tapTrigger", "a transition's tap { list: ID, index: N }",
                                           doc: "the rows or cells whose tap starts a transition", required: ["list"], [list, index])
    /// A style setting's `{ list, index }`.
    public static let cell = KeyMapping("cell", "a cell reference", doc: "a row or cell of a list or grid", required: ["list"],
                                        [list, cellIndex])
    /// A cell reference's `index`: the cell an action-driven push zooms from (a tap picks its own).
    public static let cellIndex = Setting<Int>("index", .integer(range: Limits.index), default: 0, doc: "the row or cell")
}

/// The keys of a timeline entry: its time, one action, and what it expects.
public enum EntryKeys {
    public static let at = Setting<Double?>("at", .time, doc: "seconds from the start")
    public static let expect = ShapedKey("expect", .oneOf([.choice(Outcome.allCases.map(\.rawValue)), .shape("expect"), .shape("expectDetent")]),
                                         doc: "the gesture's outcome, checked when the timeline is built: finish, cancel, scroll, nothing, detent, { scroll: { list, offset, tolerance } } or { detent: NAME }")
    public static let name = Setting<String?>("name", doc: "names the entry's files in `segue snapshot`")
    public static let present = ShapedKey("present", .text, doc: "present a screen with the modal-style transition from the current one")
    public static let dismiss = ShapedKey("dismiss", .oneOf([.boolean, .text]), doc: "dismiss the top screen, which a modal style presented")
    public static let push = ShapedKey("push", .text, doc: "push a screen with the navigation-style transition from the current one")
    public static let pop = ShapedKey("pop", .oneOf([.boolean, .text]), doc: "pop the top screen, which a navigation style pushed")
    public static let pan = ShapedKey("pan", .list(.numbers(count: 3, range: Limits.coordinates)),
                                      doc: "a finger trace [[t, x, y], ...]: t in seconds from at, positions in points")
    public static let swipe = ShapedKey("swipe", .shape("swipe"), doc: "a synthesized finger")
    public static let tap = ShapedKey("tap", .oneOf([.point, .shape("tap")]),
                                      doc: "a finger down and up in place (80 ms) at [x, y], on a row or cell, a view, a tab bar item, a bar button or the back button")
    public static let scroll = ShapedKey("scroll", .shape("scroll"), doc: "scroll a row or cell into view, animated (scrollToRow(at:at:animated:))")
    /// The actions; an entry has exactly one.
    public static let actions: [any DeclaredKey] = [present, dismiss, push, pop, pan, swipe, tap, scroll]

    public static let mapping = KeyMapping("entry", "a timeline entry", doc: "one action at a time", required: ["at"],
                                           [at] + actions + [expect, name])
    /// The action keys' names.
    public static var actionNames: [String] { actions.map(\.descriptor.key) }
}

/// `expect: { detent: NAME }`: a drag that moves a sheet to this detent.
public enum ExpectDetentKeys {
    public static let detent = Setting<String?>("detent", .choice(["large", "medium", "custom"]), doc: "the detent the sheet settles at")

    public static let mapping = KeyMapping("expectDetent", "an expected detent ({ detent: large | medium | custom })",
                                           doc: "a sheet moved to a detent", required: ["detent"], [detent])
}

/// `tap: { list, index }` or `{ view }` of a timeline entry.
public enum TapKeys {
    public static let list = Setting<String?>("list", doc: "a list or grid id")
    public static let index = Setting<Int>("index", .integer(range: Limits.index), default: 0, doc: "the row or cell")
    public static let view = Setting<String?>("view", doc: "a view id")
    public static let tab = Setting<Int?>("tab", .integer(range: Limits.index), doc: "an item of the scene's tab bar ('tabs')")
    public static let back = Setting<Bool?>("back", doc: "true: the back button of the navigation bar on top")
    public static let barItem = Setting<String?>("barItem", doc: "a bar button item of the navigation bar on top, by its title, symbol or icon")

    public static let mapping = KeyMapping("tap", "a tap target: [x, y], { list: ID, index: N }, { view: ID }, { tab: N }, { back: true } or { barItem: NAME }",
                                           doc: "a row or cell, a view, a tab bar item, the back button or a bar button item",
                                           [list, index, view, tab, back, barItem])
}

extension ScrollTarget.Position: SettingChoice {}

/// `expect: { scroll: { list, offset, tolerance } }`: a gesture that scrolls a list or grid to rest there.
public enum ExpectKeys {
    public static let scroll = ShapedKey("scroll", .shape("expectedScroll"), doc: "the list or grid it scrolls and where that comes to rest")
    public static let mapping = KeyMapping("expect", "an expected outcome: { scroll: { list: ID, offset: N } }",
                                           doc: "what a gesture should do, with where it ends", required: ["scroll"], [scroll])

    public static let list = Setting<String?>("list", doc: "the list or grid id")
    public static let offset = Setting<Double?>("offset", .number(range: Limits.coordinates), doc: "its contentOffset.y at rest, in points")
    public static let tolerance = Setting<Double>("tolerance", .number(range: Limits.length), default: 1, doc: "how far from 'offset' it may rest, in points")
    public static let scrollMapping = KeyMapping("expectedScroll", "an expected scroll: { list: ID, offset: N }",
                                                 doc: "the list or grid a gesture scrolls and where it comes to rest",
                                                 required: ["list", "offset"], [list, offset, tolerance])
}

/// `scroll: { list, to, position }` of a timeline entry.
public enum ScrollKeys {
    public static let list = Setting<String?>("list", doc: "the list or grid id")
    public static let to = Setting<Int?>("to", .integer(range: Limits.index), doc: "the row or cell to bring into view")
    public static let position = Setting<ScrollTarget.Position>("position", default: .none,
                                                                doc: "where it ends up: none (the least scrolling), top, middle, bottom")

    public static let mapping = KeyMapping("scroll", "a scroll: { list: ID, to: N }", doc: "a row or cell to scroll into view",
                                           required: ["list", "to"], [list, to, position])
}

/// The keys of a synthesized finger: point to point, or by intent.
public enum SwipeKeys {
    public static let from = Setting<Point?>("from", defaultText: "the screen's center (by direction)", doc: "where the finger comes down")
    public static let to = Setting<Point?>("to", doc: "where it lifts (point to point)")
    public static let duration = Setting<Double>("duration", .seconds, default: 0.25, doc: "seconds from 'from' to 'to'")
    public static let curve = Setting<CubicTimingCurve>("curve", default: .linear, doc: "how it moves from 'from' to 'to'")
    public static let rate = Setting<Double>("rate", .number(range: Limits.sampleRate), default: 120, doc: "samples per second")
    public static let hold = Setting<Double>("hold", .number(range: Limits.pause), default: 0, doc: "seconds held still before moving")
    public static let direction = Setting<SwipeDirection?>("direction", doc: "which way it moves (by intent)")
    public static let edge = Setting<SwipeEdge?>("edge", doc: "the screen edge it comes from (by intent)")
    public static let distance = ShapedKey("distance", .oneOf([.number(range: Limits.length, exclusiveMinimum: 0), .text]),
                                           defaultText: "50%", doc: "points, or \"N%\" of the screen's width (height for up and down)")
    public static let velocity = Setting<Double>("velocity", .number(range: Limits.speed), default: 1000,
                                                 doc: "release velocity in points per second (0: the finger stops, then lifts)")
    public static let x = Setting<Double?>("x", .number(range: Limits.coordinates), defaultText: "the middle", doc: "where along a top or bottom edge")
    public static let y = Setting<Double?>("y", .number(range: Limits.coordinates), defaultText: "the middle", doc: "where along a left or right edge")

    public static let mapping = KeyMapping("swipe", "a swipe", doc: "{ from, to, duration, curve, rate, hold } or { direction | edge, distance, velocity, from | x | y, rate }",
                                           [from, to, duration, curve, rate, hold, direction, edge, distance, velocity, y, x])
}

/// The keys of a snapshot point.
public enum SnapshotKeys {
    public static let at = Setting<Double?>("at", .time, doc: "the frame at this time, seconds from the start")
    public static let progress = Setting<Double?>("progress", .number(range: Limits.unit),
                                                  doc: "the first frame where the transition run reaches this progress, 0 to 1")
    public static let transition = Setting<Int>("transition", .integer(range: Limits.transitionIndex), default: 0,
                                                doc: "which transition run, 0-based in the order runs start")
    public static let name = Setting<String?>("name", defaultText: "t<at> or transition<index>-p<progress>",
                                              doc: "the golden's file name: a plain name (no /, not starting with .), unique in the scene")

    public static let mapping = KeyMapping("snapshot", "a snapshot", doc: "{ at: seconds } or { progress: p, transition: index }",
                                           [at, progress, transition, name])
}

/// The keys of a spring in any of UIKit's forms.
public enum SpringKeys {
    public static let mass = Setting<Double?>("mass", .number(range: Limits.mass, exclusiveMinimum: 0), doc: "mass")
    public static let stiffness = Setting<Double?>("stiffness", .number(range: Limits.stiffness, exclusiveMinimum: 0), doc: "stiffness")
    public static let damping = Setting<Double?>("damping", .number(range: Limits.stiffness, exclusiveMinimum: 0), doc: "damping")
    public static let initialVelocity = Setting<Double>("initialVelocity", .number(range: Limits.springVelocity), default: 0,
                                                        doc: "in units of the distance per second")
    public static let dampingRatio = Setting<Double?>("dampingRatio", .number(range: Limits.dampingRatio, exclusiveMinimum: 0),
                                                     doc: "damping ratio (with duration)")
    public static let duration = Setting<Double?>("duration", .seconds, doc: "seconds")
    public static let bounce = Setting<Double?>("bounce", .number(range: Limits.bounce), doc: "SwiftUI bounce (with duration)")
    public static let allowsOverdamping = Setting<Bool>("allowsOverdamping", default: false, doc: "let dampingRatio exceed 1")

    public static let mapping = KeyMapping("spring", "a spring", doc: "{mass, stiffness, damping}, {dampingRatio, duration} or {duration, bounce}",
                                           [mass, stiffness, damping, initialVelocity, dampingRatio, duration, bounce, allowsOverdamping])
}
