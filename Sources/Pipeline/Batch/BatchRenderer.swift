import Engine
import Foundation
import Scene
import Staging
import Stills
import Workers

/// How `BatchRenderer` runs a batch.
public struct BatchOptions: Sendable {
    /// Scenes rendered at once; nil: half the cores (each render's libx264 runs 2 threads), at least 1.
    public var jobs: Int?
    /// Compositing threads per render; nil: the cores divided among the jobs, at least 1.
    public var threadsPerJob: Int?
    /// Overrides applied to every scene.
    public var settings: RenderSettings
    public var quality: RenderQuality
    /// What each scene is rendered to; the plan's output names must match it.
    public var format: OutputFormat
    /// Renders every scene even when its video is up to date.
    public var force: Bool
    /// Segue's version, part of what makes a video up to date.
    public var version: String
    /// The program a worker process runs (`BatchWorker`): this one, by default.
    public var workerExecutable: String
    /// Its arguments, which make it serve `BatchWorker.serve(options:)` with these options.
    public var workerArguments: [String]

    public init(jobs: Int? = nil, threadsPerJob: Int? = nil, settings: RenderSettings = RenderSettings(),
                quality: RenderQuality = .standard, format: OutputFormat = .mp4, force: Bool = false, version: String,
                workerExecutable: String = "/proc/self/exe", workerArguments: [String] = []) {
        self.workerExecutable = workerExecutable
        self.workerArguments = workerArguments
        self.jobs = jobs
        self.threadsPerJob = threadsPerJob
        self.settings = settings
        self.quality = quality
        self.format = format
        self.force = force
        self.version = version
    }

    public var resolvedJobs: Int {
        max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount / 2)
    }

    public var resolvedThreadsPerJob: Int {
        max(1, threadsPerJob ?? ProcessInfo.processInfo.activeProcessorCount / resolvedJobs)
    }

    /// The settings as they enter the stamp of `item`, which plays its own variant (with
    /// `--variant all`, each variant's video is stamped as `--variant NAME` stamps it).
    func stampText(for item: BatchPlan.Item) -> String {
        let scale = format.settings(settings, quality: quality).scale
        return "fps=\(settings.fps.map(String.init) ?? "scene") scale=\(scale.map { "\($0)" } ?? "scene") "
            + "touches=\(settings.showsTouches.map { "\($0)" } ?? "scene") quality=\(quality.rawValue) format=\(format.rawValue) "
            + settings.traits.stampText + " variant=\(item.variant ?? "scene")"
    }
}

/// What happened to one scene of a batch.
public struct BatchResult: Sendable {
    public enum Outcome: Sendable {
        case rendered(frames: Int, seconds: Double)
        case upToDate
        case failed(any Error)
    }

    public let item: BatchPlan.Item
    public let outcome: Outcome
}

/// What a batch reports while it runs; delivered from several threads, one at a time.
public enum BatchEvent: Sendable {
    /// A scene's render began.
    case started(BatchPlan.Item)
    /// A scene is done, skipped or failed.
    case finished(BatchResult)
    /// Frames encoded so far across the batch, out of the frames of every scene being rendered.
    case progress(done: Int, total: Int)
}

/// The outcome of a whole batch, in the plan's order.
public struct BatchSummary: Sendable {
    public let results: [BatchResult]
    public let seconds: Double

    public var rendered: Int { results.filter { if case .rendered = $0.outcome { true } else { false } }.count }
    public var upToDate: Int { results.filter { if case .upToDate = $0.outcome { true } else { false } }.count }
    public var failed: Int { results.filter { if case .failed = $0.outcome { true } else { false } }.count }
    public var frames: Int {
        results.reduce(0) { sum, result in
            if case .rendered(let frames, _) = result.outcome { sum + frames } else { sum }
        }
    }
}

/// `segue batch`: every scene of a plan, several at a time, each a normal `VideoRenderer` render.
///
/// Scenes whose video is up to date (`BatchStamp`) are skipped; a scene that fails is
/// reported and the others go on. Scenes are loaded and rendered in worker processes
/// (`BatchWorkerProcess`), one per job, each rendering its scenes one after another: a scene
/// that crashes its worker fails alone, its temporaries are removed, and a new worker takes the
/// scenes that remain. Scenes with the same screens that one worker renders share one
/// rasterization. Each video has the same bytes as `segue render` gives it, whatever the number of jobs.
public enum BatchRenderer {
    public static func run(_ plan: BatchPlan, options: BatchOptions,
                           events: @escaping @Sendable (BatchEvent) -> Void) -> BatchSummary {
        let start = ProcessMeter.now()
        var results = [BatchResult?](repeating: nil, count: plan.items.count)
        var work: [(position: Int, stamp: BatchStamp, frames: Int)] = []

        // What a killed batch left is removed even where every scene is now up to date.
        for folder in Set(plan.items.map { $0.output.deletingLastPathComponent() }) {
            StagedPath.removeStale(for: folder.appendingPathComponent("_"), everyName: true)
        }

        // Cheap checks first, in order: up to date, then (in a worker) loads and the timeline replays.
        let counting = WorkerSlot(options: options)
        let hashed = BatchStamp.ReadLines()
        for (position, item) in plan.items.enumerated() {
            do {
                let stamp = try BatchStamp(item: item, settings: options.stampText(for: item), version: options.version)
                if !options.force, stamp.isCurrent(for: item, hashed: hashed) {
                    SceneFile.protectInputs(file: item.scene.path, reads: BatchStamp.recordedReads(of: item))
                    let result = BatchResult(item: item, outcome: .upToDate)
                    results[position] = result
                    events(.finished(result))
                    continue
                }
                switch counting.send(.count, item) {
                // The files the scene reads are hashed now, before it renders: one changed
                // while it renders leaves a stamp that no longer matches.
                case let .frames(frames, reads):
                    // Read by the worker; the manifest this process writes may not replace them.
                    SceneFile.protectInputs(file: item.scene.path, reads: reads)
                    work.append((position, stamp.reading(reads, hashed: hashed), frames))
                case .failed(let error): throw error
                case .rendered, .cost, .variants: throw PipelineError.workerFailed("the worker did not count \(item.scene.path)'s frames when asked to")
                }
            } catch {
                let result = BatchResult(item: item, outcome: .failed(error))
                results[position] = result
                events(.finished(result))
            }
        }

        let jobs = min(options.resolvedJobs, work.count)
        guard jobs > 0 else {
            counting.stop()
            return BatchSummary(results: results.compactMap { $0 }, seconds: ProcessMeter.now() - start)
        }
        let progress = BatchProgress(frames: work.map(\.frames), events: events)
        let jobWork = work
        let finished: [BatchResult]
        do {
            // One thread per job, each with its worker process; the worker that counted becomes the first job's.
            finished = try WorkerPool(threads: jobs, name: "segue-batch").map(count: jobWork.count, makeWorker: { thread in
                thread == 0 ? counting : WorkerSlot(options: options)
            }, work: { slot, next in
                let (position, stamp, _) = jobWork[next]
                let item = plan.items[position]
                progress.start(item)
                let outcome: BatchResult.Outcome
                do {
                    let answer = slot.send(.render, item) { done in progress.frameDone(job: next, done: done) }
                    switch answer {
                    case let .rendered(frames, seconds):
                        try stamp.write(for: item)
                        outcome = .rendered(frames: frames, seconds: seconds)
                    case .failed(let error): throw error
                    case .frames, .cost, .variants: throw PipelineError.workerFailed("the worker did not render \(item.scene.path) when asked to")
                    }
                } catch {
                    outcome = .failed(error)
                }
                let result = BatchResult(item: item, outcome: outcome)
                progress.finish(job: next, result)
                return result
            }, finished: { slot in slot.stop() })
        } catch {
            preconditionFailure("a batch job reports its failure as its outcome, never by throwing: \(error)")
        }
        for (next, result) in finished.enumerated() { results[jobWork[next].position] = result }
        return BatchSummary(results: results.compactMap { $0 }, seconds: ProcessMeter.now() - start)
    }
}

extension BatchRenderer {
    /// Runs `body` (planning a shard: `BatchPlan(…, estimate:, variants:)`) with an estimate that
    /// loads and replays each scene in a worker process, as rendering does: a scene that crashes
    /// while it is estimated takes only that worker down and costs one pixel, like a scene that
    /// does not load, so it lands in one part, where its render fails and is reported while the
    /// rest run. `variants` lists the variants a scene declares (`--variant all`), read in the
    /// worker too: a scene that crashes or does not load lists none, and is played as written,
    /// where it fails.
    public static func planning<T>(options: BatchOptions,
                                   _ body: (_ estimate: @escaping (BatchPlan.Item) -> Double,
                                            _ variants: @escaping (URL) -> [String]) throws -> T) rethrows -> T {
        let slot = WorkerSlot(options: options)
        defer { slot.stop() }
        return try body({ item in
            if case .cost(let cost) = slot.send(.estimate, item) { return cost }
            return 1
        }, { scene in
            if case .variants(let names) = slot.send(.variants, BatchPlan.Item(scene: scene, output: scene)) { return names }
            return []
        })
    }
}

/// One job's worker process, started when first needed and again after a crash.
///
/// Unchecked Sendable: its process is used by one thread at a time (see `process`), each hand-over
/// ordered by the batch's `WorkerRun`.
private final class WorkerSlot: @unchecked Sendable {
    private let options: BatchOptions
    /// Used by one thread at a time: planning, the counting loop, then one job thread.
    private var process: BatchWorkerProcess?

    init(options: BatchOptions) {
        self.options = options
    }

    func send(_ operation: BatchRequest.Operation, _ item: BatchPlan.Item,
              progress: (Int) -> Void = { _ in }) -> BatchWorkerProcess.Answer {
        do {
            if process?.isRunning != true {
                process = try BatchWorkerProcess(executable: options.workerExecutable, arguments: options.workerArguments)
            }
        } catch {
            return .failed(error)
        }
        guard let process else { return .failed(PipelineError.workerFailed("no worker process")) }
        let answer = process.send(BatchRequest(operation: operation, scene: item.scene.path, output: item.output.path,
                                               variant: item.variant),
                                  progress: progress)
        if !process.isRunning {
            // It crashed: what it was writing is left, under its (now dead) process id.
            StagedPath.removeStale(for: item.output)
        }
        return answer
    }

    func stop() {
        process?.stop()
        process = nil
    }
}

/// The frames done across the scenes being rendered, shared by the job threads; every event
/// leaves under the lock, so the handler sees one at a time.
private final class BatchProgress: Sendable {
    private struct Counts {
        /// Frames of each job.
        let frames: [Int]
        let totalFrames: Int
        var framesPerJob: [Int]
        var framesDone = 0
    }

    private let counts: LockedValueBox<Counts>
    private let events: @Sendable (BatchEvent) -> Void

    init(frames: [Int], events: @escaping @Sendable (BatchEvent) -> Void) {
        counts = LockedValueBox(Counts(frames: frames, totalFrames: frames.reduce(0, +),
                                       framesPerJob: Array(repeating: 0, count: frames.count)))
        self.events = events
    }

    func start(_ item: BatchPlan.Item) {
        counts.withLockedValue { _ in events(.started(item)) }
    }

    /// Job `job` has encoded `done` frames.
    func frameDone(job: Int, done: Int) {
        counts.withLockedValue { counts in
            counts.framesDone += done - counts.framesPerJob[job]
            counts.framesPerJob[job] = done
            events(.progress(done: counts.framesDone, total: counts.totalFrames))
        }
    }

    /// Job `job` ended with `result`; a failed job's remaining frames count as done.
    func finish(job: Int, _ result: BatchResult) {
        counts.withLockedValue { counts in
            counts.framesDone += counts.frames[job] - counts.framesPerJob[job]
            counts.framesPerJob[job] = counts.frames[job]
            events(.finished(result))
        }
    }
}
