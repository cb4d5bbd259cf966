import Geometry
import Foundation
import Scene

/// Overrides a command line applies to a scene before rendering or tracing.
public struct RenderSettings: Sendable, Hashable {
    /// Frames per second instead of the scene's.
    public var fps: Int?
    /// Pixels per point instead of the device's.
    public var scale: Double?
    /// Draw the finger circle; nil keeps the scene's `touches` setting.
    public var showsTouches: Bool?
    /// Draw the device around the screen: true with the scene's `deviceFrame` settings (or the
    /// defaults), false never; nil keeps the scene's.
    public var deviceFrame: Bool?
    /// The appearance, text size and device the scene plays at instead of its file's; applied
    /// while it loads (`SceneFile.load`), not by `apply(to:)`.
    public var traits: SceneTraits
    /// One of the scene's declared variants (`variants:`) to play, by name; the traits above win
    /// over its own. Loading names the scene `<name>@<variant>`, so its outputs are named by it.
    public var variant: String?

    public init(fps: Int? = nil, scale: Double? = nil, showsTouches: Bool? = nil, deviceFrame: Bool? = nil,
                traits: SceneTraits = SceneTraits(), variant: String? = nil) {
        self.traits = traits
        self.variant = variant
        self.fps = fps
        self.scale = scale
        self.showsTouches = showsTouches
        self.deviceFrame = deviceFrame
    }

    /// `scene` with these overrides applied.
    public func apply(to scene: Scene) -> Scene {
        var scene = scene
        if let fps { scene.fps = fps }
        if let scale { scene.device.scale = scale }
        if let showsTouches { scene.showsTouches = showsTouches }
        if let deviceFrame {
            let standard = DeviceFrameSpec(background: DeviceFrameSpec.standardBackground(sceneBackground: scene.background))
            scene.deviceFrame = deviceFrame ? scene.deviceFrame ?? standard : nil
        }
        return scene
    }
}

/// The pixel size of a scene's frames: points × scale, rounded, then padded up to even numbers
/// because H.264 in 4:2:0 needs even dimensions. Padding repeats the last column or row, so an
/// odd-sized device (393 pt at @1x or @3x) keeps its exact scale and gains an invisible pixel.
public struct FrameGeometry: Sendable, Hashable {
    /// The device's own pixel size.
    public let contentWidth: Int
    public let contentHeight: Int
    /// The encoded size, even in both directions.
    public let width: Int
    public let height: Int
    public let scale: Double

    public init(scene: Scene) {
        scale = scene.device.scale
        contentWidth = max(Int(saturating: (scene.device.size.width * scale).rounded()), 2)
        contentHeight = max(Int(saturating: (scene.device.size.height * scale).rounded()), 2)
        width = contentWidth + contentWidth % 2
        height = contentHeight + contentHeight % 2
    }
}
