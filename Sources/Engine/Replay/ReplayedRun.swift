import Geometry
import Interaction
import Scene

/// One run of a transition as the replay started it — by an action, a tap or a finger — with
/// everything the timeline needs to draw it on any frame.
struct ReplayedRun: Sendable {
    var driver: any TransitionDriver
    var transition: ResolvedTransition
    var stage: TransitionStage
    /// Whether it runs inside a navigation controller (a push or a pop).
    var pushed: Bool
    /// The timeline entry (index in `scene.timeline`) that started it.
    var entry: Int
    /// Where its screens sit relative to navigation bars and the tab bar.
    var context: Timeline.BarContext
    /// The scroll views' offsets while it runs.
    var offsets: ScrollOffsets
    /// The scroll run that goes on springing back from past an edge while it runs (its offset
    /// overrides `offsets` for that view).
    var springingScroll: Int?
    /// For a push or pop inside a presented navigation controller shown as a sheet, the container
    /// a finger's points are taken into (its stage is in the container's points).
    var container: PresentedContainer?
}

/// A presented navigation controller shown as a sheet (its presentation rests other than full
/// screen): the stack index of its root, the root's frame on the device and the size and safe
/// area the container lays its screens out for.
struct PresentedContainer: Sendable {
    var root: Int
    var frame: Rect
    var layout: Device

    /// A finger's points taken into the container's own points.
    func inside(_ trace: [TouchPoint]) -> [TouchPoint] {
        let shown = ShownScreen(frame: frame, layout: layout, screen: nil)
        return trace.map { TouchPoint(time: $0.time, location: shown.onScreen($0.location)) }
    }
}

/// A screen as shown: its frame on the device, the device it is laid out for (a sheet's size and
/// safe area), and the screen laid out there.
struct ShownScreen {
    var frame: Rect
    var layout: Device
    var screen: ScreenSpec?

    /// A point of the screen's own coordinates on the device.
    func onDevice(_ p: Point) -> Point {
        Point(x: frame.minX + p.x * frame.width / max(layout.size.width, 1e-9),
              y: frame.minY + p.y * frame.height / max(layout.size.height, 1e-9))
    }

    /// A point on the device in the screen's own coordinates.
    func onScreen(_ p: Point) -> Point {
        Point(x: (p.x - frame.minX) * layout.size.width / max(frame.width, 1e-9),
              y: (p.y - frame.minY) * layout.size.height / max(frame.height, 1e-9))
    }

    /// A rectangle of the screen's own coordinates on the device.
    func onDevice(_ r: Rect) -> Rect {
        let a = onDevice(r.origin), b = onDevice(Point(x: r.maxX, y: r.maxY))
        return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
    }
}
