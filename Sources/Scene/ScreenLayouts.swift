import Geometry
import Workers

/// A screen laid out for one size: its views where autoresizing puts them and the views with
/// an id with their frames — what the engine sizes render-tree nodes by and the painter draws.
public struct LaidOutScreen: Sendable {
    /// The screen with every view at its frame for `layout`.
    public let spec: ScreenSpec
    /// The size (and safe area) it is laid out for.
    public let layout: Device
    /// The top-level views with an id and their frames on `layout` (`ScreenSpec.identifiedViews(on:)`).
    public let identifiedViews: [(id: String, view: ViewSpec, frame: Rect)]

    /// The view with `id`, nil when there is none.
    public func identifiedView(_ id: String) -> (id: String, view: ViewSpec, frame: Rect)? {
        identifiedViews.first { $0.id == id }
    }
}

/// Each screen of a scene laid out once per size it is shown at, for every thread that asks:
/// the engine (sizing a screen's nodes) and the painter (drawing its parts) use the same value.
///
/// Layouts at the device's own size are kept for the object's life; those at passing sizes (a
/// screen growing frame by frame in a zoom) a few at a time, most recent last, as the painter
/// keeps the parts drawn at them.
public final class ScreenLayouts: Sendable {
    /// The screens, as written for `device`.
    public let screens: [String: ScreenSpec]
    public let device: Device

    /// How many layouts at passing sizes are kept.
    static let transientCapacity = 16

    private struct Key: Hashable {
        var screen: String
        var layout: Device
    }

    private struct Stored {
        var kept: [Key: LaidOutScreen] = [:]
        var transient: [(key: Key, screen: LaidOutScreen)] = []
    }

    private let stored = LockedValueBox(Stored())

    public init(screens: [String: ScreenSpec], device: Device) {
        self.screens = screens
        self.device = device
    }

    /// Screen `name` laid out for `layout` (its views written for the device's size); nil for an unknown name.
    public func screen(_ name: String, on layout: Device) -> LaidOutScreen? {
        let key = Key(screen: name, layout: layout)
        if let known = stored.withLockedValue({ stored in stored.kept[key] ?? stored.transient.last { $0.key == key }?.screen }) {
            return known
        }
        guard let written = screens[name] else { return nil }
        let spec = written.shown(on: layout).laidOut(writtenIn: device.size, in: layout.size)
        let laidOut = LaidOutScreen(spec: spec, layout: layout, identifiedViews: spec.identifiedViews(on: layout))
        stored.withLockedValue { stored in
            if layout == device {
                stored.kept[key] = laidOut
            } else if !stored.transient.contains(where: { $0.key == key }) {
                stored.transient.append((key, laidOut))
                if stored.transient.count > Self.transientCapacity { stored.transient.removeFirst() }
            }
        }
        return laidOut
    }
}
