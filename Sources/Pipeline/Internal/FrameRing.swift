import Foundation

/// A fixed ring of reusable buffers between worker threads that fill them, out of order, and
/// one consumer that drains them in order.
///
/// Items are numbered `0..<count`. Workers `claim()` items in increasing order; item `p` uses
/// buffer `p % capacity`, so a worker waits until the consumer has released item
/// `p - capacity`. The consumer `take(p)`s items in order and `release(p)`s each when done.
/// At most `capacity` items are in flight, whatever `count` is: each buffer is made once, by
/// the first worker to use its slot (so the allocations run in parallel), and reused after.
///
/// Deadlock-free: the lowest unreleased item was claimed first, its buffer is free (everything
/// `capacity` below it is released), so its worker always finishes, and by induction every item does.
/// A worker's error, or the consumer's `cancel()`, stops every thread promptly.
final class FrameRing<Buffer: Sendable>: @unchecked Sendable {
    /// The number of items.
    let count: Int
    /// The number of buffers, i.e. items in flight at most.
    let capacity: Int

    private let condition = NSCondition()
    /// Makes a slot's buffer on first use.
    private let makeBuffer: @Sendable () -> Buffer
    /// Guarded by `condition`: each slot's buffer, once made.
    private var buffers: [Buffer?]
    /// Guarded by `condition`: the next item a worker gets.
    private var nextClaim = 0
    /// Guarded by `condition`: items below this are released and their buffers free.
    private var releasedBelow = 0
    /// Guarded by `condition`: the item each buffer holds, once its worker completes it.
    private var completed: [Int]
    /// Guarded by `condition`: the first error a worker reported.
    private var failure: Error?
    /// Guarded by `condition`: set by `cancel()` or a failure; claims return nil from then on.
    private var isCancelled = false
    /// Guarded by `condition`: workers that have not called `workerFinished()`.
    private var runningWorkers = 0

    /// A ring of `capacity` buffers, each made by `makeBuffer` when first needed, for `count` items.
    init(count: Int, capacity: Int, makeBuffer: @escaping @Sendable () -> Buffer) {
        precondition(capacity > 0, "a frame ring needs at least one buffer")
        self.count = count
        self.capacity = capacity
        self.makeBuffer = makeBuffer
        self.buffers = Array(repeating: nil, count: capacity)
        self.completed = Array(repeating: -1, count: capacity)
    }

    /// A ring over the given buffers.
    convenience init(count: Int, buffers: [Buffer]) {
        let given = buffers
        self.init(count: count, capacity: buffers.count) { preconditionFailure("all \(given.count) buffers were given") }
        for (slot, buffer) in buffers.enumerated() {
            self.buffers[slot] = buffer
        }
    }

    // MARK: Workers

    /// Registers a worker thread; call before starting it, and `workerFinished()` when it ends.
    func workerStarting() {
        condition.lock()
        runningWorkers += 1
        condition.unlock()
    }

    /// The next item and its buffer, once the buffer is free; nil when there is nothing left
    /// to do or the ring was cancelled.
    func claim() -> (item: Int, buffer: Buffer)? {
        condition.lock()
        guard !isCancelled, nextClaim < count else {
            condition.unlock()
            return nil
        }
        let item = nextClaim
        nextClaim += 1
        while item - capacity >= releasedBelow, !isCancelled {
            condition.wait()
        }
        let existing = buffers[item % capacity]
        condition.unlock()
        if isCancelledNow() { return nil }
        if let existing { return (item, existing) }
        // The slot is this worker's alone until it completes the item; make its buffer unlocked.
        let made = makeBuffer()
        condition.lock()
        buffers[item % capacity] = made
        condition.unlock()
        return (item, made)
    }

    private func isCancelledNow() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return isCancelled
    }

    /// Marks `item`'s buffer as filled.
    func complete(_ item: Int) {
        condition.lock()
        completed[item % capacity] = item
        condition.broadcast()
        condition.unlock()
    }

    /// Records `error` (the first one wins) and stops every thread.
    func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        isCancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Called by each worker as it exits.
    func workerFinished() {
        condition.lock()
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    // MARK: Consumer

    /// Waits for item `item`'s buffer to be filled; throws the first worker error.
    func take(_ item: Int) throws -> Buffer {
        condition.lock()
        defer { condition.unlock() }
        while completed[item % capacity] != item {
            if let failure { throw failure }
            if isCancelled { throw CancellationError() }
            condition.wait()
        }
        guard let buffer = buffers[item % capacity] else {
            preconditionFailure("item \(item) was completed without a buffer")
        }
        return buffer
    }

    /// Gives item `item`'s buffer back; items are released in order.
    func release(_ item: Int) {
        condition.lock()
        releasedBelow = max(releasedBelow, item + 1)
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the workers: claims return nil from now on, waiting workers wake.
    func cancel() {
        condition.lock()
        isCancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until every registered worker has called `workerFinished()`.
    func waitForWorkers() {
        condition.lock()
        while runningWorkers > 0 {
            condition.wait()
        }
        condition.unlock()
    }
}
