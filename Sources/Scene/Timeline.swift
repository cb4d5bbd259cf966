import Geometry

/// One touch sample of a finger trace: seconds from the entry's `at`, and a position in points.
public struct TouchSample: Hashable, Sendable, Codable {
    public var time: Double
    public var location: Point

    public init(time: Double, location: Point) {
        self.time = time
        self.location = location
    }
}

/// What happens at one moment of the timeline.
public enum Action: Sendable, Hashable {
    /// Present `screen` modally with its transition, non-interactively.
    case present(String)
    /// Dismiss the presented screen non-interactively.
    case dismiss
    /// Push `screen` onto the navigation stack with its transition, non-interactively.
    case push(String)
    /// Pop the top screen of the navigation stack non-interactively.
    case pop
    /// A finger trace: touch down at the first sample, up at the last.
    case touch([TouchSample])
    /// A finger synthesized from a few numbers (`swipe:`); sampled once the video's frame rate is
    /// known (`SynthesizedTouch.samples(framesPerSecond:)`).
    case swipe(SynthesizedTouch)
    /// A quick tap (down and up in place, 80 ms) on what `TapTarget` names, found on the screen
    /// on top when it happens.
    case tap(TapTarget)
    /// Scroll a row or cell into view, animated, as `scrollToRow(at:at:animated:)` does.
    case scroll(ScrollTarget)
}

/// Where a gesture's scroll should come to rest: list or grid `list` at `offset` ± `tolerance`.
public struct ExpectedScroll: Sendable, Hashable {
    public var list: String
    public var offset: Double
    public var tolerance: Double

    public init(list: String, offset: Double, tolerance: Double = 1) {
        self.list = list
        self.offset = offset
        self.tolerance = tolerance
    }
}

/// What a `scroll:` entry brings into view: row or cell `index` of the list or grid `list` on
/// the screen on top, placed as `UITableView.ScrollPosition` says.
public struct ScrollTarget: Sendable, Hashable {
    /// `UITableView.ScrollPosition`.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// The least scrolling that shows the whole row (`.none`).
        case none
        case top, middle, bottom
    }

    public var list: String
    public var index: Int
    public var position: Position

    public init(list: String, index: Int, position: Position = .none) {
        self.list = list
        self.index = index
        self.position = position
    }
}

/// What a tap lands on.
public enum TapTarget: Sendable, Hashable {
    /// How long the finger is down: a quick tap.
    public static let duration = 0.08

    /// A point on the screen.
    case point(Point)
    /// Row or cell `index` of the list or grid with this id (its center).
    case cell(list: String, index: Int)
    /// The view with this id (its center).
    case view(String)
    /// Item `N` of the scene's tab bar (`tabs:`): `UITabBarController` selects that tab.
    case tab(Int)
    /// The back button of the navigation bar on top: the navigation controller pops.
    case back
    /// The bar button item of the navigation bar on top with this title, symbol or icon name: its action.
    case barItem(String)
}

/// What a gesture entry is expected to do; the replay is checked against it.
public enum Outcome: String, Sendable, Hashable, CaseIterable {
    /// It starts or catches a transition that finishes.
    case finish
    /// It starts or catches a transition that is cancelled (springs back).
    case cancel
    /// It does nothing, on purpose.
    case nothing
    /// It scrolls a list or grid (a pan no transition claims, on a scroll view).
    case scroll
    /// It moves a sheet to another detent: neither a dismissal nor a spring back to where it was.
    case detent
}

/// A timeline entry: an action at an absolute time in seconds, and where the file says so.
public struct TimelineEntry: Sendable, Hashable {
    public var time: Double
    public var action: Action
    public var location: SourceLocation
    /// What the gesture should do (`expect:`); nil: it must start, drive or interrupt something.
    public var expect: Outcome?
    /// With `expect: { scroll: { list, offset, tolerance } }`: the scroll view it scrolls and
    /// where that comes to rest (`expect` is then `.scroll`).
    public var expectedScroll: ExpectedScroll?
    /// The entry's own name (`name:`), for the snapshot points it drives.
    public var name: String?
    /// With `expect: { detent: NAME }`: the detent (`large`, `medium`, `custom`) the sheet should settle at.
    public var expectedDetent: String?

    public init(time: Double, action: Action, location: SourceLocation, expect: Outcome? = nil, name: String? = nil) {
        self.time = time
        self.action = action
        self.location = location
        self.expect = expect
        self.name = name
    }

    /// The gesture's kind in words ("pan", "tap"), for messages.
    public var gestureName: String {
        switch action {
        case .tap: return "tap"
        case .touch(let samples): return samples.count == 2 && samples[0].location == samples[1].location ? "tap" : "gesture"
        case .swipe: return "gesture"
        default: return "action"
        }
    }

    /// Whether the entry is a finger (a pan, swipe or tap) rather than an action.
    public var isGesture: Bool {
        switch action {
        case .touch, .swipe, .tap: return true
        default: return false
        }
    }

    /// The finger's samples as written, or synthesized for a video at `fps` (nil for an action or
    /// a tap). Each caller synthesizes a swipe once, at the rate it plays at: the loader at the
    /// file's `fps`, the timeline at the scene's final one (`--fps` may change it).
    public func samples(framesPerSecond fps: Int) -> [TouchSample]? {
        switch action {
        case .touch(let samples): return samples
        case .swipe(let swipe): return swipe.samples(framesPerSecond: fps)
        default: return nil
        }
    }
}
