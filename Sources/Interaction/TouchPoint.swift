import Geometry

/// One touch report of a finger at an absolute time in seconds.
public struct TouchPoint: Hashable, Sendable {
    public var time: Double
    public var location: Point

    public init(time: Double, location: Point) {
        self.time = time
        self.location = location
    }
}
