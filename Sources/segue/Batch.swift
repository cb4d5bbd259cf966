import ArgumentParser
import Foundation
import Pipeline
import Staging
import Stills
import Workers

struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every scene in a folder to MP4 (or --format), several at a time.",
        discussion: """
            Scene files in FOLDER and its subfolders (.yaml, .yml, .json; hidden folders and \
            __snapshots__ skipped) are rendered to <output>/<subfolder>/<name>.mp4 (.gif, .mov or \
            <name>-frames with --format). \
            A scene whose video is up to date — rendered by this version, with these options, from the \
            same scene file and the same contents of the other files in the folder (images) — is \
            skipped, unless its video was damaged (truncated, overwritten) since. Scenes are rendered \
            in worker processes: a scene that fails, even by crashing, is reported and the rest go \
            on; the exit status is non-zero if any failed. SIGINT and SIGTERM stop the workers, \
            remove the temporaries and exit with 130 or 143. \
            --shard i/n renders part i of n: the scenes are dealt to n parts by their estimated \
            cost (frames × pixels, read from the scene files, most expensive first, each to the \
            part with the least so far), so n machines (a CI matrix, indexed jobs) split a folder \
            evenly and without overlap. --json writes a manifest of every scene's result.

            --variant NAME renders each scene as that variant, to <name>@NAME.mp4. --variant all \
            renders every variant of each scene that declares variants ('variants:'), each to \
            <name>@<variant>.mp4 as 'segue render --variant all' names them, and each scene that \
            declares none as written, to <name>.mp4: a folder of scenes with and without variants \
            renders whole. Each variant's video is a render of its own: up to date, skipped, \
            sharded, counted and reported alone.
            """)

    @Argument(help: "The folder of scene files.")
    var folder: String

    @Option(name: .shortAndLong, help: "The folder for the videos.")
    var output: String = "output"

    @Option(help: "Scenes rendered at once (default: half the cores, at least 1).")
    var jobs: Int?

    @Option(help: "Compositing threads per scene (default: the cores divided among the jobs).")
    var threads: Int?

    @OptionGroup var sharding: ShardOption

    @Flag(help: "Render every scene, even those whose video is up to date.")
    var force = false

    @Option(help: "Also write a JSON manifest of what was rendered, skipped and failed to this file.")
    var json: String?

    @Option(help: "draft: @1x (unless --scale), x264 ultrafast, CRF 26; standard: veryfast, CRF 18; high: slow, CRF 18.")
    var quality: RenderQuality = .standard

    @Option(help: "mp4, hevc, gif, png (a <name>-frames folder per scene) or prores; as for 'segue render'.")
    var format: OutputFormat = .mp4

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        try check(jobs, WorkerPool.threadRange, "--jobs")
        try check(threads, WorkerPool.threadRange, "--threads")
        do {
            try OutputFormat.checkBatchFolder(output, format: format)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        var options = BatchOptions(jobs: jobs, threadsPerJob: threads,
                                   settings: overrides.settings,
                                   quality: quality, format: format, force: force, version: SegueVersion.current)
        options.workerArguments = BatchWorker.arguments(for: options)
        let plan: BatchPlan
        let outputFolder: OutputFolder
        do {
            // A shard's scenes are estimated in a worker process: one that crashes fails alone.
            plan = try BatchRenderer.planning(options: options) { estimate, variants in
                try BatchPlan(folder: URL(fileURLWithPath: folder), outputFolder: URL(fileURLWithPath: output),
                              shard: sharding.value, format: format, settings: overrides.settings, estimate: estimate,
                              variants: variants)
            }
            outputFolder = try OutputFolder(folder: plan.outputFolder)
            // The scenes are read by the workers; the manifest, written here, may not replace one.
            for item in plan.items { Destination.protect(item.scene.path, as: "a scene file") }
        } catch {
            CommandErrors.printError(error)
            throw ExitCode.failure
        }
        let part = plan.shard == .all ? "" : ", shard \(plan.shard)"
        if overrides.settings.variant == SceneFile.allVariants {
            CommandErrors.printLine("\(folder): \(plan.items.count) of \(plan.itemCount) videos of \(plan.sceneCount) scenes and their variants\(part)")
        } else {
            CommandErrors.printLine("\(folder): \(plan.items.count) of \(plan.sceneCount) scenes\(part)")
        }

        // A folder this batch created goes again if nothing was written into it (every scene failed).
        defer { outputFolder.discard() }
        let progress = ProgressLine(label: "Batch")
        let console = BatchConsole()
        let summary = BatchRenderer.run(plan, options: options) { event in
            switch event {
            case .started:
                break
            case .progress(let done, let total):
                progress.update(done, total)
            case .finished(let result):
                console.report(result)
            }
        }
        progress.finish { elapsed in
            String(format: "Batch: %d rendered (%d frames), %d up to date, %d failed, in %.1f s", summary.rendered,
                   summary.frames, summary.upToDate, summary.failed, elapsed)
        }
        if let json {
            do {
                try AtomicFile.write(BatchManifest.json(plan: plan, summary: summary), to: URL(fileURLWithPath: json))
            } catch {
                CommandErrors.printError(error)
                throw ExitCode.failure
            }
        }
        if summary.failed > 0 { throw ExitCode.failure }
    }
}

/// One line per finished scene on standard error, clearing the progress line first on a terminal.
private final class BatchConsole: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) != 0

    func report(_ result: BatchResult) {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        let video = result.item.output.path
        switch result.outcome {
        case .rendered(let frames, let seconds):
            CommandErrors.printLine(String(format: "rendered    %@ (%d frames, rendered in %.1f s)", video, frames, seconds))
        case .upToDate:
            CommandErrors.printLine("up to date  \(video)")
        case .failed(let error):
            CommandErrors.printLine("failed      \(result.item.scene.path)\(result.item.variant.map { " (variant '\($0)')" } ?? ""):")
            CommandErrors.printError(error)
        }
    }
}
