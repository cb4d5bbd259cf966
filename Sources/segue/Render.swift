import ArgumentParser
import Foundation
import Pipeline
import Raster
import Stills
import Workers

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to an H.264 or HEVC MP4, a GIF, PNG frames or a ProRes 4444 movie.",
        discussion: """
            The output is written to a temporary file (or folder) and moved into place only when complete; \
            SIGINT and SIGTERM remove the temporary, leave an older output as it was and exit with 130 or 143. \
            Frames are composited on worker threads ahead of the encoder; the bytes are the same \
            for any --threads.
            """)

    @OptionGroup var options: SceneOptions

    @OptionGroup var frame: DeviceFrameOption

    @Option(name: .shortAndLong, help: "The file to write (default: output/<scene name>.mp4, .gif, .mov, or the folder output/<scene name>-frames for png).")
    var output: String?

    @Option(help: "mp4: H.264; hevc: HEVC MP4 tagged hvc1; gif: @1x, at most 30 fps unless --scale/--fps; png: a folder of frames with alpha; prores: ProRes 4444 .mov with alpha. Default: from -o's extension (.mp4, .gif, .mov), else mp4.")
    var format: OutputFormat?

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
    var converter: ColorConversion = .simd

    @Option(help: .hidden)
    var dumpFrames: String?

    @Flag(help: .hidden)
    var compositeEveryFrame = false

    func validate() throws {
        try check(threads, WorkerPool.threadRange, "--threads")
        if let framesInFlight, !(1...256).contains(framesInFlight) {
            throw ValidationError("--frames-in-flight must be between 1 and 256")
        }
        try check(converterThreads, WorkerPool.threadRange, "--converter-threads")
        _ = try resolvedFormat()
    }

    /// `--format`, or the one `-o`'s extension names; a mismatch between them is a usage error (exit 64).
    func resolvedFormat() throws -> OutputFormat {
        guard let output else { return format ?? .mp4 }
        do {
            return try OutputFormat.resolve(format, output: output)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Test hook: once this many frames are encoded, the render asks for more memory than there
    /// is, as an allocation the limits missed would, and the Swift runtime ends it ("failed to
    /// allocate") — how the tests show that a crash leaves no temporary behind (`CrashCleanup`).
    static let testCrashVariable = "SEGUE_TEST_CRASH_AFTER_FRAMES"

    static func allocateWhatTheLimitsMissed() {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 1 << 62, alignment: 64)
        memory.storeBytes(of: 1, as: UInt8.self)
        memory.deallocate()
    }

    func run() throws {
        let format = try resolvedFormat()
        TextMeasurer.prepareInBackground()
        try CommandErrors.report {
            try SceneFile.forEachRun(of: options.scene, settings: frame.apply(to: options.settings)) { settings in
                try render(settings, format: format)
            }
        }
    }

    /// Renders the scene as `settings` play it: one variant of `--variant all` named as its scene is.
    private func render(_ settings: RenderSettings, format: OutputFormat) throws {
        let scene = try format.loadScene(options.scene, settings: settings, quality: quality)
        let variant = options.settings.variant == SceneFile.allVariants ? settings.variant : nil
        let destination = output.map { SceneFile.output(URL(fileURLWithPath: $0), variant: variant) }
            ?? format.output(named: scene.name, in: URL(fileURLWithPath: "output"))
        let renderOptions = VideoRenderOptions(
            quality: quality, format: format, workers: threads, framesInFlight: framesInFlight, converterThreads: converterThreads,
            converter: converter, rawFrames: dumpFrames.map { URL(fileURLWithPath: $0) }, compositesEveryFrame: compositeEveryFrame)
        let progress = ProgressLine(label: "Rendering \(scene.name)")
        let crashAfter = ProcessInfo.processInfo.environment[Self.testCrashVariable].flatMap(Int.init)
        let statistics = try VideoRenderer.render(scene, to: destination, options: renderOptions) { done, total in
            progress.update(done, total)
            if let crashAfter, done >= crashAfter { Self.allocateWhatTheLimitsMissed() }
        }
        let seconds = Double(statistics.frames) / Double(scene.fps)
        progress.finish { elapsed in
            String(format: "Wrote %@ — %d frames, %@ s of video at %d fps, rendered in %.1f s", destination.path,
                   statistics.frames, Self.seconds(seconds), scene.fps, elapsed)
        }
        if stats {
            FileHandle.standardError.write(Data((statistics.report + "\n").utf8))
        }
    }
}

extension Render {
    /// Seconds with up to two decimals and no trailing zeros: 2.77, 3, 0.5.
    static func seconds(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}

extension RenderQuality: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension ColorConversion: ExpressibleByArgument {}
