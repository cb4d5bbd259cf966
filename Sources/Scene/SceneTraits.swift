import Geometry

/// Traits a command line plays a scene at instead of those its file gives (`--appearance`,
/// `--content-size`, `--device`): read while the scene is decoded, as its own keys are — its
/// system colours resolve in the appearance, its text styles at the text size, its screens lay
/// out on the device — so one scene file plays every variant. nil keeps the file's.
public struct SceneTraits: Hashable, Sendable {
    public var appearance: Appearance?
    public var contentSize: ContentSizeCategory?
    /// A device preset's name (`Device.presets`).
    public var device: String?

    public init(appearance: Appearance? = nil, contentSize: ContentSizeCategory? = nil, device: String? = nil) {
        self.appearance = appearance
        self.contentSize = contentSize
        self.device = device
    }

    /// How the traits enter a batch's up-to-date stamp.
    public var stampText: String {
        "appearance=\(appearance?.rawValue ?? "scene") contentSize=\(contentSize?.rawValue ?? "scene") device=\(device ?? "scene")"
    }
}
