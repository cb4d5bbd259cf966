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
}

/// A timeline entry: an action at an absolute time in seconds, and where the file says so.
public struct TimelineEntry: Sendable, Hashable {
    public var time: Double
    public var action: Action
    public var location: SourceLocation

    public init(time: Double, action: Action, location: SourceLocation) {
        self.time = time
        self.action = action
        self.location = location
    }
}
