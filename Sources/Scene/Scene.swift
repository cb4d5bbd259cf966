import Foundation
import Geometry
import Motion

/// A place in a scene file, for diagnostics.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A scene file, decoded and validated: immutable values only.
public struct Scene: Sendable {
    /// What shows where no screen covers the frame when the scene names no `background`.
    public static let defaultBackground = Color.black

    /// The scene's name (its file name without extension), used for default output names.
    public var name: String
    /// Where the scene file is; image paths are relative to its folder.
    public var file: String
    public var device: Device
    public var appearance: Appearance
    /// Which way its interface reads (`layoutDirection`): the engine replays in left-to-right
    /// space and mirrors what it draws (`FrameState.mirrored`) where this is right-to-left.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// The Reduce Motion settings it plays at (`motion:`, `--motion`).
    public var motion: MotionPreference = .standard
    /// The design its system chrome is drawn in (`design:`, `--design`); its device carries it too
    /// (`Device.design`), so every layout made for the device follows it.
    public var design: InterfaceDesign = .classic
    /// Reduce Transparency (`reduceTransparency:`, `--reduce-transparency`): glass frosted, bars' materials opaque.
    public var reduceTransparency = false
    public var fps: Int
    /// Total length in seconds; when absent, the end of the last action plus `tail`.
    public var duration: Double?
    /// Seconds of stillness kept after the last motion when `duration` is absent.
    public var tail: Double
    /// Draws the translucent finger circle of a screen recording.
    public var showsTouches: Bool
    /// What shows where no screen covers the frame (and through clear screens): opaque black by
    /// default; `Color.clear` (`background: transparent`) makes frames transparent there, which
    /// ProRes 4444 and PNG sequences keep and the other formats show as black.
    public var background: Color = .black
    public var screens: [String: ScreenSpec]
    /// Screen names in the order the file declares them.
    public var screenOrder: [String]
    /// The screen the scene starts on: `root:`, or the selected tab's root screen.
    public var root: String
    /// A `UITabBarController` at the scene's root (`tabs:`), each tab a navigation stack of its own.
    public var tabs: TabBarController?
    public var transitions: [TransitionSpec]
    public var timeline: [TimelineEntry]
    /// Frames kept as golden images (`segue snapshot`).
    public var snapshots: [SnapshotSpec]
    /// Where the file gives top-level keys (`device`, `size`, `scale`, `fps`, `duration`,
    /// `screens`, `timeline`), for problems found after loading, such as a `--scale` that makes the canvas too large.
    public var keyLocations: [String: SourceLocation] = [:]
    /// Transition styles the scene declares (`styles:`), in file order.
    public var styles: [CustomStyleSpec] = []
    /// How the video plays the scene's time (`playback:`); empty: in real time.
    public var playback: [PlaybackSegment] = []
    /// Timed text over the video (`captions:`), in file order.
    public var captions: [CaptionSpec] = []
    /// The variants it declares (`variants:`): the traits each plays at; `segue snapshot` records
    /// each one's goldens, and `--variant NAME` picks one on the command line.
    public var variants: [SceneVariant] = []
    /// The device drawn around the screen in `render` and `still` (`deviceFrame:`); nil draws the screen alone.
    public var deviceFrame: DeviceFrameSpec?
    /// The scene's font files and the families its system text is set in (`fonts:`, `systemFont:`,
    /// `systemDisplayFont:`); Inter throughout by default.
    public var fonts: SceneFonts = .standard
    /// Every file the scene reads besides itself — its images and font files, by whatever path
    /// the file gives them (relative, `../`, absolute) — as absolute paths, sorted, each once:
    /// what a video made from the scene depends on (`segue batch`'s up-to-date stamp).
    public var readFiles: [String] = []
    /// Where the scene first names each of `readFiles`.
    public var readFileLocations: [String: SourceLocation] = [:]

    public init(name: String, file: String, device: Device, appearance: Appearance = .light, fps: Int,
                duration: Double? = nil, tail: Double = 0.5, showsTouches: Bool = true,
                screens: [String: ScreenSpec], screenOrder: [String], root: String,
                transitions: [TransitionSpec], timeline: [TimelineEntry], snapshots: [SnapshotSpec] = [],
                background: Color = .black) {
        self.name = name
        self.file = file
        self.device = device
        self.appearance = appearance
        self.fps = fps
        self.duration = duration
        self.tail = tail
        self.showsTouches = showsTouches
        self.screens = screens
        self.screenOrder = screenOrder
        self.root = root
        self.transitions = transitions
        self.timeline = timeline
        self.snapshots = snapshots
        self.background = background
    }
}


/// A `UITabBarController` at the scene's root: one tab bar, owned by the controller rather than
/// by any screen, and a navigation stack per tab (`roots[i]` at the bottom of tab `i`'s).
public struct TabBarController: Sendable {
    /// The bar: its items, the tab selected at the start (`bar.selected`) and its colors.
    public var bar: TabBarView
    /// Each tab's root screen, in item order.
    public var roots: [String]

    public init(bar: TabBarView, roots: [String]) {
        self.bar = bar
        self.roots = roots
    }

    /// The bar with `index` selected.
    public func bar(selecting index: Int) -> TabBarView {
        var bar = self.bar
        bar.selected = index
        return bar
    }
}

/// A frame a scene keeps as a golden image: at a time, or where a transition reaches a progress.
public struct SnapshotSpec: Hashable, Sendable {
    public enum Point: Hashable, Sendable {
        /// Seconds from the scene's start.
        case time(Double)
        /// The first frame at which transition run `transition` (0-based, in timeline order)
        /// shows at least `progress` (or the run's last frame if it never does).
        case progress(Double, transition: Int)
    }

    public var point: Point
    /// The golden's name; derived from the point when the file gives none.
    public var name: String
    public var location: SourceLocation

    public init(point: Point, name: String, location: SourceLocation) {
        self.point = point
        self.name = name
        self.location = location
    }
}

extension SnapshotSpec {
    /// A number as it appears in a golden's file name: up to 3 decimals, no trailing zeros.
    public static func format(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension Scene {
    /// The scene played in its own time, without `playback`: what snapshots, `inspect` and the
    /// preview show, so that their times are the timeline's.
    public var inSceneTime: Scene {
        var scene = self
        scene.playback = []
        return scene
    }
}
