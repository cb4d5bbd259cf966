import ArgumentParser
import Geometry
import Pipeline
import Scene
import Stills

/// Refuses `value` of `option` outside `range`, naming the range — the scene keys' own
/// (`Limits.fps`, `Limits.scale`), so an option and the key it overrides agree.
func check<Value: Comparable>(_ value: Value?, _ range: ClosedRange<Value>, _ option: String) throws {
    guard let value, !range.contains(value) else { return }
    func text(_ bound: Value) -> String {
        if let number = bound as? Double { return Limits.format(number) }
        return "\(bound)"
    }
    throw ValidationError("\(option) must be between \(text(range.lowerBound)) and \(text(range.upperBound))")
}

/// The overrides a command line applies to scenes: frame rate, scale, the finger circle, and the
/// traits a scene plays at (appearance, text size, device) instead of its file's.
struct OverrideOptions: ParsableArguments {
    @Option(help: "Frames per second, instead of the scene's 'fps'.")
    var fps: Int?

    @Option(help: "Pixels per point, instead of the device's (e.g. 1 for quick previews).")
    var scale: Double?

    @Flag(inversion: .prefixedNo, help: "Draw the translucent finger circle of a screen recording (default: the scene's 'touches', on).")
    var touches: Bool?

    @OptionGroup var variant: VariantOptions

    func validate() throws {
        try check(fps, Limits.fps, "--fps")
        try check(scale, Limits.scale, "--scale")
    }

    var settings: RenderSettings { variant.apply(to: RenderSettings(fps: fps, scale: scale, showsTouches: touches)) }
}

/// The variant a command plays a scene as: one it declares (`--variant`), or traits given one
/// by one (`--design`, `--appearance`, `--layout-direction`, `--content-size`, `--motion`, `--device`), which win over the variant's.
struct VariantOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Draw the system chrome in this design instead of the scene's 'design': liquidGlass (iOS 26 and 27) or classic (iOS 17 and 18).",
                               valueName: "design"))
    var design: InterfaceDesign?

    @Flag(inversion: .prefixedNo,
          help: "Play the scene with Reduce Transparency on (or off) instead of its 'reduceTransparency': glass frosted, bars opaque.")
    var reduceTransparency: Bool?

    @Option(help: "Play the scene in this appearance instead of its 'appearance': light or dark.")
    var appearance: Appearance?

    @Option(name: .customLong("layout-direction"),
            help: ArgumentHelp("Play the scene in this layout direction instead of its 'layoutDirection': leftToRight or rightToLeft.",
                               valueName: "direction"))
    var layoutDirection: LayoutDirection?

    @Option(name: .customLong("content-size"),
            help: ArgumentHelp("Play the scene at this text size (Dynamic Type) instead of its 'contentSize': extraSmall … large … accessibilityExtraExtraExtraLarge.",
                               valueName: "category"))
    var contentSize: ContentSizeCategory?

    @Option(help: ArgumentHelp("Play the scene at these Motion settings instead of its 'motion': standard, reduceMotion (Reduce Motion on) or crossFade (Reduce Motion and Prefer Cross-Fade Transitions on).",
                               valueName: "setting"))
    var motion: MotionPreference?

    @Option(help: ArgumentHelp("Play the scene on this device preset instead of its 'device' (iphone-15, iphone-se, ipad-pro-11, …).",
                               valueName: "preset"))
    var device: String?

    @OptionGroup var named: VariantOption

    func validate() throws {
        if let device, Device.presets[device] == nil {
            let names = Device.presets.keys.sorted()
            throw ValidationError("unknown device preset '\(device)'\(Diagnostic.didYouMean(device, in: names)); presets are: \(names.joined(separator: ", "))")
        }
    }

    /// `settings` playing this variant.
    func apply(to settings: RenderSettings) -> RenderSettings {
        var settings = settings
        settings.traits = SceneTraits(appearance: appearance, layoutDirection: layoutDirection, contentSize: contentSize, motion: motion,
                                      device: device, design: design,
                                      transparency: reduceTransparency.map { $0 ? .reduceTransparency : .transparent })
        settings.variant = named.variant
        return settings
    }
}

/// `--variant NAME|all`: one of the variants a scene declares, or every one — the one option
/// every command that plays a scene picks its variant with (through `VariantOptions`), and
/// `segue snapshot` picks the goldens it checks with.
struct VariantOption: ParsableArguments {
    @Option(help: ArgumentHelp("Play one of the variants the scene declares ('variants:'), by name, e.g. dark-accessibilityLarge, or 'all' of them, one after another; outputs are named <scene>@<variant>, goldens kept in __snapshots__/<scene>/<variant>/.",
                               valueName: "name"))
    var variant: String?
}

extension Appearance: ExpressibleByArgument {}
extension InterfaceDesign: ExpressibleByArgument {}
extension ContentSizeCategory: ExpressibleByArgument {}
extension LayoutDirection: ExpressibleByArgument {}
extension MotionPreference: ExpressibleByArgument {}

/// `--device-frame` / `--no-device-frame`, for the commands that make pictures to show (`render`, `still`).
struct DeviceFrameOption: ParsableArguments {
    @Flag(inversion: .prefixedNo,
          help: "Draw the device around the screen: its body, Dynamic Island and buttons on a background (default: the scene's 'deviceFrame', off).")
    var deviceFrame: Bool?

    /// `settings` with this choice.
    func apply(to settings: RenderSettings) -> RenderSettings {
        var settings = settings
        settings.deviceFrame = deviceFrame
        return settings
    }
}

/// Options every command that evaluates one scene shares.
struct SceneOptions: ParsableArguments {
    @Argument(help: "The scene file (.yaml, .yml or .json).")
    var scene: String

    @OptionGroup var overrides: OverrideOptions

    var scale: Double? { overrides.scale }
    var settings: RenderSettings { overrides.settings }
}

/// `--shard i/n`, shared by the folder commands (`batch`, `snapshot`): this machine's part of the
/// scenes, balanced by their estimated cost (`Shard`).
struct ShardOption: ParsableArguments {
    // Unconditional: a value that starts with '-' ('-1/2') is the shard, refused by `validate` with what
    // is wrong, not taken for another option (which left '--shard' "missing a value").
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only part i of n of the scenes, e.g. 2/4: the n parts, balanced by each scene's frames × pixels, hold every scene once.",
                               valueName: "i/n"))
    var shard: String?

    func validate() throws {
        if let shard, Shard(shard) == nil { throw ValidationError("'\(shard)' is no shard: \(Shard.usage)") }
    }

    var value: Shard { shard.flatMap(Shard.init) ?? .all }
}
