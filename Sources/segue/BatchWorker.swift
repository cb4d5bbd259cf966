import ArgumentParser
import Foundation
import Pipeline

/// `segue batch-worker`: the process `segue batch` renders its scenes in (hidden; see
/// `Pipeline.BatchWorker`). `segue batch` passes its own options on, so a scene renders exactly
/// as it would in the batch's own process.
struct BatchWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch-worker", abstract: "Render scenes for 'segue batch' (requests on standard input).",
        shouldDisplay: false)

    @Option var quality: RenderQuality = .standard
    @Option var format: OutputFormat = .mp4
    @Option var threads: Int
    @OptionGroup var overrides: OverrideOptions

    /// The arguments that start a worker for `options`.
    static func arguments(for options: BatchOptions) -> [String] {
        var arguments = ["batch-worker", "--quality", options.quality.rawValue, "--format", options.format.rawValue,
                         "--threads", String(options.resolvedThreadsPerJob)]
        if let fps = options.settings.fps { arguments += ["--fps", String(fps)] }
        if let scale = options.settings.scale { arguments += ["--scale", "\(scale)"] }
        if let touches = options.settings.showsTouches { arguments.append(touches ? "--touches" : "--no-touches") }
        let traits = options.settings.traits
        if let design = traits.design { arguments += ["--design", design.rawValue] }
        if let transparency = traits.transparency { arguments.append(transparency.isReduced ? "--reduce-transparency" : "--no-reduce-transparency") }
        if let appearance = traits.appearance { arguments += ["--appearance", appearance.rawValue] }
        if let direction = traits.layoutDirection { arguments += ["--layout-direction", direction.rawValue] }
        if let contentSize = traits.contentSize { arguments += ["--content-size", contentSize.rawValue] }
        if let motion = traits.motion { arguments += ["--motion", motion.rawValue] }
        if let device = traits.device { arguments += ["--device", device] }
        if let variant = options.settings.variant { arguments += ["--variant", variant] }
        return arguments
    }

    func run() throws {
        Pipeline.BatchWorker.serve(options: BatchOptions(threadsPerJob: threads, settings: overrides.settings,
                                                         quality: quality, format: format, version: SegueVersion.current))
    }
}
