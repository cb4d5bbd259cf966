import Foundation
import Staging
import Stills

/// A `segue` process that renders a batch's scenes one at a time (`BatchWorker`), so that a scene
/// that crashes takes only this process down: the batch reports that scene's failure, removes
/// the temporaries the process left, and starts another one for the scenes that remain.
///
/// Spawned with the signals SIGINT, SIGTERM and SIGPIPE at their defaults and unblocked; it is
/// registered with `InFlight`, so a signal to the batch stops it (and its clean-up) first.
final class BatchWorkerProcess {
    /// How a request ended.
    enum Answer {
        case cost(Double)
        /// The variants a scene declares.
        case variants([String])
        case frames(Int, reads: [String])
        case rendered(frames: Int, seconds: Double)
        case failed(Error)
    }

    let pid: pid_t
    private let requests: Int32
    private let replies: Int32
    private var pending: [UInt8] = []
    private var requestsOpen = true
    /// Set once the process has ended and been reaped.
    private var ended = false

    /// Starts `executable` with `arguments`; its standard input and output are pipes to this object.
    init(executable: String, arguments: [String]) throws {
        var requestPipe: [Int32] = [0, 0], replyPipe: [Int32] = [0, 0]
        // Close-on-exec before any other worker is spawned (spawns run inside `critical` too),
        // so no worker inherits another's pipes and every end of output is seen.
        try InFlight.critical {
            guard pipe(&requestPipe) == 0 else { throw Self.error("pipe") }
            guard pipe(&replyPipe) == 0 else {
                close(requestPipe[0]); close(requestPipe[1])
                throw Self.error("pipe")
            }
            for descriptor in requestPipe + replyPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        }
        defer {
            close(requestPipe[0])
            close(replyPipe[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, requestPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, replyPipe[1], STDOUT_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // The program's own path as its name (`ps` shows it rather than /proc/self/exe).
        let name = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        let argv: [UnsafeMutablePointer<CChar>?] = ([name] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        // Spawned and registered at once: a signal cannot slip between the two.
        let status = InFlight.critical {
            let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            if status == 0 { InFlight.register(child: pid) }
            return status
        }
        guard status == 0 else {
            close(requestPipe[1]); close(replyPipe[0])
            throw PipelineError.workerFailed("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        requests = requestPipe[1]
        replies = replyPipe[0]
    }

    deinit {
        stop()
    }

    /// Sends `request` and waits for its answer, passing on progress; after a crash the process
    /// is reaped and `isRunning` is false.
    func send(_ request: BatchRequest, progress: (Int) -> Void = { _ in }) -> Answer {
        guard !ended else { return .failed(PipelineError.workerFailed("the worker process has ended")) }
        guard let data = try? JSONEncoder().encode(request), writeAll(data + Data("\n".utf8)) else {
            return .failed(PipelineError.workerCrashed(scene: request.scene, how: reap()))
        }
        while let line = readLine() {
            switch BatchReply(line: line[...]) {
            case .cost(let cost): return .cost(cost)
            case .variants(let names): return .variants(names)
            case let .frames(count, reads): return .frames(count, reads: reads)
            case .progress(let done): progress(done)
            case let .rendered(frames, seconds): return .rendered(frames: frames, seconds: seconds)
            case .failed(let failure): return .failed(failure.error)
            case nil: continue
            }
        }
        return .failed(PipelineError.workerCrashed(scene: request.scene, how: reap()))
    }

    var isRunning: Bool { !ended }

    /// Closes the requests, which ends the worker, and reaps it.
    func stop() {
        guard !ended else { return }
        closeRequests()
        _ = reap()
    }

    /// Waits for the process to end; how it ended, in words.
    private func reap() -> String {
        guard !ended else { return "it had ended" }
        ended = true
        close(replies)
        closeRequests()
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
        InFlight.unregister(child: pid)
        guard result == pid else { return "its process could not be waited for" }
        let signal = status & 0x7F
        if signal != 0 {
            return "killed by signal \(signal), \(String(cString: strsignal(signal))); exit status \(128 + signal)"
        }
        return "exit status \((status >> 8) & 0xFF) without a result"
    }

    private func closeRequests() {
        guard requestsOpen else { return }
        requestsOpen = false
        close(requests)
    }

    /// Writes `data` to the requests pipe; false when the process is gone. SIGPIPE is blocked
    /// meanwhile (and a pending one taken), so a dead worker is an error here, not the batch's death.
    private func writeAll(_ data: Data) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var now = timespec()
            while sigtimedwait(&pipeSignal, nil, &now) == SIGPIPE {}
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let written = write(requests, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// The next line the process wrote, nil at the end of its output.
    private func readLine() -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let got = read(replies, &chunk, chunk.count)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            pending += chunk[0..<got]
        }
    }

    private static func error(_ call: String) -> PipelineError {
        .workerFailed("cannot start a worker process: \(call): \(String(cString: strerror(errno)))")
    }
}
