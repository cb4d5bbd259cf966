import ArgumentParser
import Foundation
import Pipeline

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to an H.264 MP4.",
        discussion: """
            The video is written to a temporary file and moved into place only when complete. \
            Frames are composited on worker threads ahead of the encoder; the bytes are the same \
            for any --threads.
            """)

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: "The MP4 to write (default: output/<scene name>.mp4).")
    var output: String?

    @Option(help: "draft: @1x (unless --scale), x264 ultrafast, CRF 26; standard: veryfast, CRF 18; high: slow, CRF 18.")
    var quality: RenderQuality = .standard

    @Option(help: "Threads compositing frames ahead of the encoder (default: one per core).")
    var threads: Int?

    @Flag(help: "Print where the time went and the peak memory.")
    var stats = false

    @Option(help: .hidden)
    var framesInFlight: Int?

    @Option(help: .hidden)
    var converterThreads: Int = 1

    @Option(help: .hidden)
    var dumpFrames: String?

    @Flag(help: .hidden)
    var compositeEveryFrame = false

    func validate() throws {
        if let threads, !(1...64).contains(threads) { throw ValidationError("--threads must be between 1 and 64") }
        if let framesInFlight, !(1...256).contains(framesInFlight) {
            throw ValidationError("--frames-in-flight must be between 1 and 256")
        }
        if !(1...64).contains(converterThreads) { throw ValidationError("--converter-threads must be between 1 and 64") }
    }

    func run() throws {
        try CommandErrors.report {
            var settings = options.settings
            if settings.scale == nil { settings.scale = quality.scale }
            let scene = try SceneFile.load(options.scene, settings: settings)
            let destination = output.map { URL(fileURLWithPath: $0) } ?? SceneFile.defaultOutput(for: scene, extension: "mp4")
            let renderOptions = VideoRenderOptions(
                quality: quality, workers: threads, framesInFlight: framesInFlight, converterThreads: converterThreads,
                rawFrames: dumpFrames.map { URL(fileURLWithPath: $0) }, compositesEveryFrame: compositeEveryFrame)
            let progress = ProgressLine(label: "Rendering \(scene.name)")
            let statistics = try VideoRenderer.render(scene, to: destination, options: renderOptions) { done, total in
                progress.update(done, total)
            }
            progress.finish("Wrote \(destination.path)")
            if stats {
                FileHandle.standardError.write(Data((statistics.report + "\n").utf8))
            }
        }
    }
}

extension RenderQuality: ExpressibleByArgument {}
