import Foundation
import Workers

/// A fixed ring of reusable buffers between a worker pool that fills them, out of order, and
/// one consumer (the encoder) that drains them in order.
///
/// Items are the plan's composited frames, numbered `0..<count`; item `p` uses buffer
/// `p % capacity`. The pool runs with `ahead: capacity`, so a worker starts item `p` only once
/// the consumer has released item `p - capacity`: at most `capacity` items are in flight,
/// whatever the clip's length. Each buffer is made once, by the first worker to use its slot
/// (so the allocations run in parallel), and reused after. The pool's rules hold: the first
/// worker error stops every thread and reaches the consumer's `take`.
final class FrameRing<Buffer: Sendable>: Sendable {
    /// The number of buffers, i.e. items in flight at most.
    let capacity: Int
    private let run: WorkerRun
    /// Each slot's buffer, once made.
    private let buffers: LockedValueBox<[Buffer?]>

    /// Starts `pool` on `frames`: each thread makes its worker with `makeWorker` (a canvas and
    /// converter of its own) and fills item `p`'s buffer with `fill(worker, frames[p], buffer)`;
    /// `finished` gets each worker when its thread ends.
    init<Worker>(frames: [Int], capacity: Int, pool: WorkerPool, makeBuffer: @escaping @Sendable () -> Buffer,
                 makeWorker: @escaping @Sendable () throws -> Worker,
                 fill: @escaping @Sendable (Worker, Int, Buffer) throws -> Void,
                 finished: @escaping @Sendable (Worker) -> Void = { _ in }) {
        let capacity = max(capacity, 1)
        let buffers = LockedValueBox([Buffer?](repeating: nil, count: capacity))
        self.capacity = capacity
        self.buffers = buffers
        run = pool.start(count: frames.count, ahead: capacity, makeWorker: { _ in try makeWorker() }, work: { worker, item in
            // The slot is this worker's alone until it completes the item; its buffer is made unlocked.
            let buffer: Buffer
            if let existing = buffers.withLockedValue({ $0[item % capacity] }) {
                buffer = existing
            } else {
                buffer = makeBuffer()
                buffers.withLockedValue { $0[item % capacity] = buffer }
            }
            try fill(worker, frames[item], buffer)
        }, finished: finished)
    }

    /// Waits for item `item`'s buffer to be filled; throws the first worker error.
    func take(_ item: Int) throws -> Buffer {
        try run.waitForItem(item)
        guard let buffer = buffers.withLockedValue({ $0[item % capacity] }) else {
            preconditionFailure("item \(item) was completed without a buffer")
        }
        return buffer
    }

    /// Gives item `item`'s buffer back; items are released in order.
    func release(_ item: Int) {
        run.release(below: item + 1)
    }

    /// Cancels the workers and waits for them: for a consumer leaving with an error.
    func stop() {
        run.stop()
    }

    /// Hands `use` every frame of `plan` in order, this ring's items being `plan.compositedFrames`:
    /// each composited frame's buffer is taken once and kept until the next composited frame
    /// replaces it (a repeated frame uses it again); `progress` follows each frame. Then waits
    /// for the workers. On any error the workers are stopped before it is rethrown. Returns the
    /// seconds spent waiting for workers to deliver.
    @discardableResult
    func drain(_ plan: FramePlan, progress: ProgressHandler?, _ use: (Buffer) throws -> Void) throws -> Double {
        var waited = 0.0
        do {
            var item = -1
            var current: Buffer?
            for index in 0..<plan.frameCount {
                let next = item + 1
                if next < plan.compositedFrames.count, plan.compositedFrames[next] == index {
                    if item >= 0 { release(item) }
                    item = next
                    let waiting = ProcessMeter.now()
                    current = try take(item)
                    waited += ProcessMeter.now() - waiting
                }
                guard let frame = current else { preconditionFailure("frame 0 is always composited") }
                try use(frame)
                progress?(index + 1, plan.frameCount)
            }
            if item >= 0 { release(item) }
            try run.wait()
        } catch {
            stop()
            throw error
        }
        return waited
    }
}
