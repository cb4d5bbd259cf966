import Geometry
import Motion

/// A cell of a list or grid, by the list's `id` and the cell's 0-based index.
public struct CellReference: Hashable, Sendable {
    public var list: String
    public var index: Int

    public init(list: String, index: Int) {
        self.list = list
        self.index = index
    }
}

/// A transition between two screens, its style by name and the settings the scene gives it.
///
/// The settings are decoded when the scene loads, against the style's declared settings (a
/// built-in style's, `BuiltInStyles`, or those of a style of the scene's `styles:` section); the
/// engine resolves the style itself by name when the timeline is built.
public struct TransitionSpec: Sendable {
    public var from: String
    public var to: String
    public var style: String
    public var location: SourceLocation
    /// Where the style's name is written, for an unknown name.
    public var styleLocation: SourceLocation
    public var settings: SettingValues
    /// The rows or cells whose tap starts this transition (`tap: { list: ID, index: N }`, any
    /// index when `index` is absent), as `tableView(_:didSelectRowAt:)` pushes or presents.
    public var tap: TapTrigger?
    /// For a transition to a screen filled from the tapped row or cell: which item's screen
    /// `to` is (`FilledScreen`); nil otherwise.
    public var filled: FilledScreen?
    /// The style that plays instead when the scene's motion reduces motion (`reduceMotionStyle`),
    /// as an app that checks `UIAccessibility.isReduceMotionEnabled` returns another animator.
    public var reduceMotionStyle: Fallback?
    /// The style that plays instead when the scene's motion is `crossFade` (`crossFadeStyle`);
    /// nil: `reduceMotionStyle`.
    public var crossFadeStyle: Fallback?

    /// A style named to play instead of the transition's own, and where it is named.
    public struct Fallback: Sendable, Hashable {
        public var style: String
        public var location: SourceLocation

        public init(style: String, location: SourceLocation) {
            self.style = style
            self.location = location
        }
    }

    /// The style named to play instead of the transition's own at `motion`; nil: its own
    /// (a built-in style may still fall back by itself, as the zoom does).
    public func fallback(at motion: MotionPreference) -> Fallback? {
        switch motion {
        case .standard: nil
        case .reduceMotion: reduceMotionStyle
        case .crossFade: crossFadeStyle ?? reduceMotionStyle
        }
    }

    public init(from: String, to: String, style: String, location: SourceLocation, styleLocation: SourceLocation? = nil,
                settings: SettingValues = SettingValues(), tap: TapTrigger? = nil) {
        self.from = from
        self.to = to
        self.style = style
        self.location = location
        self.styleLocation = styleLocation ?? location
        self.settings = settings
        self.tap = tap
    }
}

extension TransitionSpec {
    /// What is wrong with a style name no style has: the nearest of `known`, and every name.
    public static func unknownStyle(_ name: String, known: [String]) -> String {
        let hint = Diagnostic.didYouMean(name, in: known)
        return "unknown transition style '\(name)'\(hint); expected one of: \(known.joined(separator: ", ")), or a style declared under 'styles'"
    }
}

/// Which rows or cells a tap starts a transition from.
public struct TapTrigger: Hashable, Sendable {
    /// The list or grid's id.
    public var list: String
    /// One row or cell; nil: any of them.
    public var index: Int?

    public init(list: String, index: Int? = nil) {
        self.list = list
        self.index = index
    }
}

/// How a transition shows a screen at a size other than its own (zoom-from-cell's detail).
public enum DetailContent: String, Sendable, Codable, CaseIterable, SettingChoice {
    /// Laid out at each size the frame takes and clipped to it, as a view whose frame animates.
    case layout
    /// Laid out once at full size and scaled to cover the frame (a magnified snapshot).
    case scale
}

/// How a screen comes on screen, and so where it sits relative to a navigation bar.
public enum Presentation: String, Sendable, Codable, CaseIterable {
    /// `push` / `pop`: inside the navigation controller's container, under its bar.
    case navigation
    /// `present` / `dismiss`: over everything, the presenter's bar included.
    case modal
}
