import Foundation

/// A fixed number of named threads that work through items `0..<count`, each item claimed
/// once, in increasing order: the one way Segue runs work in parallel (video frames, PNG
/// sequences, GIF, batch jobs, images decoding, the preview's frame states and background
/// drawing, a converter's bands of rows). The preview's server is the one other: its requests
/// run on SwiftNIO's event loops (docs/architecture.md, "Concurrency").
///
/// The rules, the same for every user:
/// - **First error wins.** The first error a worker throws is kept, and cancels the run: no item
///   is claimed after it, and `WorkerRun.wait()` rethrows it once every thread has ended.
/// - **Cancellation stops claiming.** After `WorkerRun.cancel()` returns, no thread starts an
///   item; items already started finish (work is never interrupted half-way).
/// - **Order.** Items are claimed in increasing order; `map` returns results by item, and an
///   in-order consumer waits for each item with `WorkerRun.waitForItem(_:)`, so what comes out
///   never depends on the number of threads or their timing.
/// - **Back-pressure.** With `ahead`, item `p` is not started until the consumer has released
///   every item up to `p - ahead` (`WorkerRun.release(below:)`): the workers stay a bounded
///   number of items ahead of it, so memory does not grow with the work.
/// - Each thread makes its own worker value (a canvas, a converter, a process) with
///   `makeWorker`, uses it for every item it claims, and hands it to `finished` when it ends.
public struct WorkerPool: Sendable {
    /// How many threads a user may ask for, wherever a count of threads or worker processes is an
    /// option (`--threads`, `--jobs`, `--converter-threads`) or a setting of the encoder's.
    public static let threadRange = 1...64

    /// The number of threads (at least one).
    public var threads: Int
    /// Every thread's name, as debuggers and `top -H` show it (at most 15 bytes on Linux).
    public var name: String
    /// Runs the threads at the lowest scheduling priority (nice 19; on Linux a thread's own).
    ///
    /// For workers ahead of an encoder, which sets the pace: while libx264's threads want every
    /// core, a worker that takes one slows the whole render, and the back-pressure keeps the
    /// workers ahead anyway. At the lowest priority they run in the gaps the encoder leaves, and
    /// get the cores whenever it waits for a frame.
    public var lowestPriority: Bool

    public init(threads: Int, name: String, lowestPriority: Bool = false) {
        self.threads = max(threads, 1)
        self.name = name
        self.lowestPriority = lowestPriority
    }

    /// Starts the threads on items `0..<count` and returns at once; the run tells when items
    /// are done, and `wait()` joins it.
    ///
    /// `makeWorker` gets the thread's number (`0..<threads`). An error from `makeWorker` or
    /// `work` is the run's failure when it is the first.
    public func start<Worker>(count: Int, ahead: Int? = nil,
                              makeWorker: @escaping @Sendable (_ thread: Int) throws -> Worker,
                              work: @escaping @Sendable (_ worker: inout Worker, _ item: Int) throws -> Void,
                              finished: @escaping @Sendable (_ worker: Worker) -> Void = { _ in }) -> WorkerRun {
        let run = WorkerRun(count: count, ahead: ahead.map { max($0, 1) }, threads: threads)
        let lowestPriority = lowestPriority, name = name
        for number in 0..<threads {
            let thread = Thread {
                defer { run.threadEnded() }
                // Named from inside: on Linux, Foundation gives the kernel (`top -H`, gdb, perf) the
                // name only when it is set on the running thread; set before `start()` it is not.
                Thread.current.name = name
                #if os(Linux)
                // And the kernel's name directly (at most 15 bytes): Foundation's setter reaches it
                // only once it sees the thread as current, which a just-started thread not always is.
                try? String(decoding: name.utf8.prefix(15), as: UTF8.self)
                    .write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
                #endif
                if lowestPriority { lowerThreadPriority() }
                do {
                    var worker = try makeWorker(number)
                    defer { finished(worker) }
                    while let item = run.claim() {
                        try work(&worker, item)
                        run.complete(item)
                    }
                } catch {
                    run.fail(error)
                }
            }
            thread.start()
        }
        return run
    }

    /// Runs `work` on every item `0..<count` and returns what it returned, by item; throws the
    /// first error (after every thread has ended).
    public func map<Worker, Output: Sendable>(count: Int,
                                              makeWorker: @escaping @Sendable (_ thread: Int) throws -> Worker,
                                              work: @escaping @Sendable (_ worker: inout Worker, _ item: Int) throws -> Output,
                                              finished: @escaping @Sendable (_ worker: Worker) -> Void = { _ in }) throws -> [Output] {
        let outputs = LockedValueBox([Output?](repeating: nil, count: count))
        let run = start(count: count, makeWorker: makeWorker, work: { worker, item in
            let output = try work(&worker, item)
            outputs.withLockedValue { $0[item] = output }
        }, finished: finished)
        try run.wait()
        return outputs.withLockedValue { outputs in
            outputs.map { output in
                guard let output else { preconditionFailure("a run that ended without an error did every item") }
                return output
            }
        }
    }
}

extension WorkerPool {
    /// `work` on each of `items`, on as many threads as there are items, up to one per core,
    /// each outcome kept as its item's `Result`: a failure stops nothing else, and the outcomes
    /// come back in `items`' order, so which one a caller reports first never depends on timing.
    public static func outcomes<Item: Sendable, Output: Sendable>(
        of items: [Item], name: String, _ work: @escaping @Sendable (Item) throws -> Output
    ) -> [Result<Output, Error>] {
        guard !items.isEmpty else { return [] }
        let pool = WorkerPool(threads: min(items.count, ProcessInfo.processInfo.activeProcessorCount), name: name)
        do {
            return try pool.map(count: items.count, makeWorker: { _ in () }) { _, item in Result { try work(items[item]) } }
        } catch {
            preconditionFailure("a run whose work throws nothing ended with an error: \(error)")
        }
    }
}

/// The items of one `WorkerPool.start`, shared by its threads and whoever waits for them.
///
/// Unchecked Sendable: every mutable field is guarded by `condition` (see each one's comment).
public final class WorkerRun: @unchecked Sendable {
    /// The number of items.
    public let count: Int
    /// How far past the consumer's released items the workers may go; nil: no limit.
    public let ahead: Int?

    private let condition = NSCondition()
    /// Guarded by `condition`: the next item a thread gets.
    private var nextClaim = 0
    /// Guarded by `condition`: the consumer is done with the items below this one.
    private var releasedBelow = 0
    /// Guarded by `condition`: the items whose work has returned.
    private var done: [Bool]
    /// Guarded by `condition`: the first error a worker threw.
    private var failure: Error?
    /// Guarded by `condition`: set by `cancel()` or a failure; claims return nil from then on.
    private var cancelled = false
    /// Guarded by `condition`: threads that have not ended.
    private var running: Int

    init(count: Int, ahead: Int?, threads: Int) {
        self.count = max(count, 0)
        self.ahead = ahead
        self.done = Array(repeating: false, count: max(count, 0))
        self.running = threads
    }

    // MARK: The threads' side

    /// The next item, once back-pressure allows it; nil when there is nothing left or the run
    /// was cancelled.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard !cancelled, nextClaim < count else { return nil }
        let item = nextClaim
        nextClaim += 1
        // Deadlock-free: the lowest unreleased item was claimed first and is within `ahead` of
        // the released ones, so its thread never waits here; by induction every item finishes.
        if let ahead {
            while item - ahead >= releasedBelow, !cancelled {
                condition.wait()
            }
        }
        return cancelled ? nil : item
    }

    func complete(_ item: Int) {
        condition.lock()
        done[item] = true
        condition.broadcast()
        condition.unlock()
    }

    /// Keeps `error` if it is the first, and cancels the run.
    func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    func threadEnded() {
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    // MARK: The caller's side

    /// Stops the run: no item is claimed from now on, and threads waiting on back-pressure wake.
    public func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the run was cancelled, or failed.
    public var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Waits until `item`'s work has returned; throws the run's first error, or
    /// `CancellationError` when it was cancelled before the item was done.
    public func waitForItem(_ item: Int) throws {
        condition.lock()
        defer { condition.unlock() }
        while !done[item] {
            if let failure { throw failure }
            if cancelled { throw CancellationError() }
            condition.wait()
        }
    }

    /// The consumer is done with every item below `item`: with `ahead`, threads may go on
    /// to the items that were waiting for that.
    public func release(below item: Int) {
        condition.lock()
        releasedBelow = max(releasedBelow, item)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for every thread to end; rethrows the first error a worker threw (a run that was
    /// only cancelled returns normally).
    public func wait() throws {
        condition.lock()
        defer { condition.unlock() }
        while running > 0 {
            condition.wait()
        }
        if let failure { throw failure }
    }

    /// Cancels the run and waits for its threads, whatever they threw: for a caller that is
    /// leaving with an error of its own.
    public func stop() {
        cancel()
        try? wait()
    }
}

/// Gives the calling thread the lowest scheduling priority (nice 19; on Linux `setpriority`
/// with `who` 0 applies to the calling thread alone).
private func lowerThreadPriority() {
    #if os(Linux)
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
}
