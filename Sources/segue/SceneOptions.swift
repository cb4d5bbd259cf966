import ArgumentParser
import Pipeline

/// The overrides a command line applies to scenes: frame rate, scale and the finger circle.
struct OverrideOptions: ParsableArguments {
    @Option(help: "Frames per second, instead of the scene's 'fps'.")
    var fps: Int?

    @Option(help: "Pixels per point, instead of the device's (e.g. 1 for quick previews).")
    var scale: Double?

    @Flag(inversion: .prefixedNo, help: "Draw the translucent finger circle of a screen recording (default: the scene's 'touches', on).")
    var touches: Bool?

    func validate() throws {
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps must be between 1 and 240") }
        if let scale, !(0.25...4).contains(scale) { throw ValidationError("--scale must be between 0.25 and 4") }
    }

    var settings: RenderSettings { RenderSettings(fps: fps, scale: scale, showsTouches: touches) }
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
    @Option(help: ArgumentHelp("Only part i of n of the scenes, e.g. 2/4: the n parts, balanced by each scene's frames × pixels, hold every scene once.",
                               valueName: "i/n"))
    var shard: String?

    func validate() throws {
        if let shard, Shard(shard) == nil { throw ValidationError(Shard.usage) }
    }

    var value: Shard { shard.flatMap(Shard.init) ?? .all }
}
