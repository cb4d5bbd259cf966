import Geometry

/// Traits a command line plays a scene at instead of those its file gives (`--appearance`,
/// `--layout-direction`, `--content-size`, `--device`): read while the scene is decoded, as its own keys are — its
/// system colours resolve in the appearance, its text styles at the text size, its screens lay
/// out on the device — so one scene file plays every variant. nil keeps the file's.
public struct SceneTraits: Hashable, Sendable {
    /// The design the system chrome is drawn in (`--design`).
    public var design: InterfaceDesign?
    /// Reduce Transparency (`--reduce-transparency`).
    public var transparency: Transparency?
    public var appearance: Appearance?
    public var layoutDirection: LayoutDirection?
    public var contentSize: ContentSizeCategory?
    /// The Motion settings (`--motion`).
    public var motion: MotionPreference?
    /// A device preset's name (`Device.presets`).
    public var device: String?

    public init(appearance: Appearance? = nil, layoutDirection: LayoutDirection? = nil, contentSize: ContentSizeCategory? = nil,
                motion: MotionPreference? = nil, device: String? = nil, design: InterfaceDesign? = nil,
                transparency: Transparency? = nil) {
        self.design = design
        self.transparency = transparency
        self.appearance = appearance
        self.layoutDirection = layoutDirection
        self.contentSize = contentSize
        self.motion = motion
        self.device = device
    }

    /// How the traits enter a batch's up-to-date stamp.
    public var stampText: String {
        // The design enters only where it is given, so stamps written before it existed still match.
        (design.map { "design=\($0.rawValue) " } ?? "") + (transparency.map { "transparency=\($0.rawValue) " } ?? "") + "appearance=\(appearance?.rawValue ?? "scene") layoutDirection=\(layoutDirection?.rawValue ?? "scene") contentSize=\(contentSize?.rawValue ?? "scene") motion=\(motion?.rawValue ?? "scene") device=\(device ?? "scene")"
    }
}

/// One of the variants a scene declares (`variants:`): its name — the values of the axes it
/// declares, in the order design, appearance, layout direction, text size, motion, device, transparency, joined by "-" (`dark-accessibilityLarge`)
/// — and the traits it plays at.
public struct SceneVariant: Hashable, Sendable {
    public var name: String
    public var traits: SceneTraits

    public init(name: String, traits: SceneTraits) {
        self.name = name
        self.traits = traits
    }

    /// Every combination of the axes' values, in order (the first axis slowest): one variant
    /// per combination; none when no axis has values.
    public static func product(appearance: [Appearance]?, layoutDirection: [LayoutDirection]? = nil, contentSize: [ContentSizeCategory]?,
                               motion: [MotionPreference]? = nil, device: [String]?, design: [InterfaceDesign]? = nil,
                               transparency: [Transparency]? = nil) -> [SceneVariant] {
        guard design?.isEmpty == false || transparency?.isEmpty == false || appearance?.isEmpty == false || layoutDirection?.isEmpty == false || contentSize?.isEmpty == false
                || motion?.isEmpty == false || device?.isEmpty == false else { return [] }
        var variants = [SceneVariant(name: "", traits: SceneTraits())]
        func extend<Value>(_ values: [Value]?, _ name: (Value) -> String, _ set: (inout SceneTraits, Value) -> Void) {
            guard let values, !values.isEmpty else { return }
            variants = variants.flatMap { variant in
                values.map { value in
                    var next = variant
                    next.name = next.name.isEmpty ? name(value) : next.name + "-" + name(value)
                    set(&next.traits, value)
                    return next
                }
            }
        }
        extend(design, \.rawValue) { $0.design = $1 }
        extend(appearance, \.rawValue) { $0.appearance = $1 }
        extend(layoutDirection, \.rawValue) { $0.layoutDirection = $1 }
        extend(contentSize, \.rawValue) { $0.contentSize = $1 }
        extend(motion, \.rawValue) { $0.motion = $1 }
        extend(device, { $0 }) { $0.device = $1 }
        extend(transparency, \.rawValue) { $0.transparency = $1 }
        return variants
    }
}

/// Which way the interface reads (`UITraitCollection.layoutDirection`,
/// `effectiveUserInterfaceLayoutDirection`): under right-to-left UIKit mirrors what Auto Layout
/// places by leading and trailing — bars, rows, lists, grids, controls, toolbars, the tab bar's
/// item order — and the system push, sheets, the zoom and the back swipe
/// (docs/uikit-semantics.md#right-to-left).
public enum LayoutDirection: String, CaseIterable, SettingChoice, Sendable, Codable {
    case leftToRight, rightToLeft

    /// The other direction.
    public var opposite: LayoutDirection { self == .leftToRight ? .rightToLeft : .leftToRight }
}
