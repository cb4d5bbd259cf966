import Engine
import Foundation
import Scene
import Stills

/// One line a batch sends its worker process: list the variants a scene declares, estimate its
/// cost for sharding, count its frames, or render it.
struct BatchRequest: Codable {
    enum Operation: String, Codable {
        case variants, estimate, count, render
    }

    var operation: Operation
    var scene: String
    var output: String
    /// The variant the scene plays; nil: as written.
    var variant: String?
}

/// One line a worker process answers with (several `progress` lines precede a render's result).
enum BatchReply {
    /// The scene's estimated cost (`SceneCost.estimate`).
    case cost(Double)
    /// The names of the variants the scene declares (none when it does not load).
    case variants([String])
    /// The scene's frame count, and the files it reads besides itself (`Scene.readFiles`).
    case frames(Int, reads: [String])
    case progress(Int)
    case rendered(frames: Int, seconds: Double)
    case failed(BatchFailure)

    var line: String {
        switch self {
        case .cost(let cost): return "cost \(cost)"
        case .variants(let names):
            return "variants " + ((try? JSONEncoder().encode(names)).map { String(decoding: $0, as: UTF8.self) } ?? "[]")
        case let .frames(count, reads):
            let json = (try? JSONEncoder().encode(reads)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            return "frames \(count) \(json)"
        case .progress(let done): return "progress \(done)"
        case let .rendered(frames, seconds): return "rendered \(frames) \(seconds)"
        case .failed(let failure):
            let json = (try? JSONEncoder().encode(failure)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return "failed \(json)"
        }
    }

    init?(line: Substring) {
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "cost": guard let cost = Double(parts[1]) else { return nil }; self = .cost(cost)
        case "variants":
            guard let names = try? JSONDecoder().decode([String].self, from: Data(parts[1].utf8)) else { return nil }
            self = .variants(names)
        case "frames":
            let fields = parts[1].split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let count = Int(fields[0]),
                  let reads = try? JSONDecoder().decode([String].self, from: Data(fields[1].utf8)) else { return nil }
            self = .frames(count, reads: reads)
        case "progress": guard let done = Int(parts[1]) else { return nil }; self = .progress(done)
        case "rendered":
            let numbers = parts[1].split(separator: " ")
            guard numbers.count == 2, let frames = Int(numbers[0]), let seconds = Double(numbers[1]) else { return nil }
            self = .rendered(frames: frames, seconds: seconds)
        case "failed":
            guard let failure = try? JSONDecoder().decode(BatchFailure.self, from: Data(parts[1].utf8)) else { return nil }
            self = .failed(failure)
        default: return nil
        }
    }
}

/// An error crossing from a worker process to the batch: a scene's diagnostics, or a message.
struct BatchFailure: Codable {
    struct Problem: Codable {
        var location: SourceLocation
        var message: String
    }

    var diagnostics: [Problem]?
    var message: String

    init(_ error: Error) {
        diagnostics = (error as? SceneError)?.diagnostics.map { Problem(location: $0.location, message: $0.message) }
        message = "\(error)"
    }

    /// The error as the batch reports it: a `SceneError` again when it was one.
    var error: Error {
        if let diagnostics { return SceneError(diagnostics.map { Diagnostic(location: $0.location, message: $0.message) }) }
        return PipelineError.workerFailed(message)
    }
}

/// The worker process side of `segue batch`: reads `BatchRequest` lines on standard input and
/// answers each on standard output, until standard input ends. A scene that crashes takes only
/// its worker down; the batch reports it and starts another (`BatchWorkerProcess`).
public enum BatchWorker {
    /// Test hook: a worker asked to render the scene with this name (file name without its
    /// extension) crashes with a Swift runtime trap once its first frame is encoded, temporary
    /// output and all — how the tests show that one crashing scene cannot take a batch down.
    /// Read only by worker processes; it has no effect on `segue render`.
    public static let testCrashVariable = "SEGUE_TEST_CRASH_SCENE"
    /// Test hook: a worker asked to estimate the cost of the scene with this name crashes — how
    /// the tests show that a scene that crashes while a shard is planned fails alone.
    public static let testPlanningCrashVariable = "SEGUE_TEST_CRASH_PLANNING_SCENE"

    /// Serves requests with `options` (format, quality, settings, threads) until standard input ends.
    public static func serve(options: BatchOptions) {
        signal(SIGPIPE, SIG_IGN)
        stopWhenOrphaned()
        let crashScene = ProcessInfo.processInfo.environment[testCrashVariable]
        let crashPlanning = ProcessInfo.processInfo.environment[testPlanningCrashVariable]
        let store = ScreenCacheStore(capacity: 2)
        let renderOptions = VideoRenderOptions(quality: options.quality, format: options.format,
                                               workers: options.resolvedThreadsPerJob, screenCaches: store)
        while let line = readLine() {
            guard let request = try? JSONDecoder().decode(BatchRequest.self, from: Data(line.utf8)) else {
                send(.failed(BatchFailure(PipelineError.workerFailed("unreadable request: \(line)"))))
                continue
            }
            let name = URL(fileURLWithPath: request.scene).deletingPathExtension().lastPathComponent
            // The request names the variant the scene plays (the batch's `--variant all` lists them).
            var settings = options.settings
            settings.variant = request.variant
            switch request.operation {
            case .variants:
                send(.variants((try? SceneFile.variantNames(of: request.scene, settings: settings)) ?? []))
                continue
            case .estimate:
                if crashPlanning == name { fatalError("\(testPlanningCrashVariable) asked this worker to crash") }
                send(.cost(SceneCost.estimate(URL(fileURLWithPath: request.scene), settings: settings, work: .video)))
                continue
            case .count, .render:
                break
            }
            do {
                let scene = try options.format.loadScene(request.scene, settings: settings, quality: options.quality)
                switch request.operation {
                case .variants, .estimate:
                    break
                case .count:
                    send(.frames(try Timeline(scene: scene).frameCount, reads: scene.readFiles))
                case .render:
                    let crashes = crashScene == name
                    let statistics = try VideoRenderer.render(scene, to: URL(fileURLWithPath: request.output),
                                                              options: renderOptions) { done, _ in
                        if crashes { fatalError("\(testCrashVariable) asked this worker to crash") }
                        send(.progress(done))
                    }
                    send(.rendered(frames: statistics.frames, seconds: statistics.wallSeconds))
                }
            } catch {
                send(.failed(BatchFailure(error)))
            }
        }
    }

    /// A batch killed outright (SIGKILL) cannot stop its workers: each checks once a second that
    /// the batch still runs, and otherwise sends itself SIGTERM, which removes its temporaries.
    private static func stopWhenOrphaned() {
        let batch = getppid()
        let watchdog = Thread {
            while getppid() == batch { sleep(1) }
            kill(getpid(), SIGTERM)
        }
        watchdog.name = "segue-orphan-watch"
        watchdog.start()
    }

    /// Writes `reply` on standard output; when the batch is gone (EPIPE: SIGPIPE is ignored
    /// here), stops the way a SIGTERM does, removing the temporaries.
    private static func send(_ reply: BatchReply) {
        let bytes = Array((reply.line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                kill(getpid(), SIGTERM)
                while true { pause() }
            }
            offset += written
        }
    }
}
