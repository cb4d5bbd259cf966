import Foundation

/// The two ends every ordered render uses: worker threads filling the ring, and the encoder's
/// in-order walk over the plan.
extension FrameRing {
    /// Starts `count` threads (named "segue-frames") that fill the ring. Each makes its own
    /// worker with `makeWorker` (a canvas and converter of its own), fills every item it claims
    /// with `fill(worker, frames[item], buffer)`, and hands the worker to `finished` when the
    /// ring runs dry. An error stops the ring and reaches the consumer's `take`.
    ///
    /// `atLowestPriority` runs the threads at nice 19 (see `lowerThreadPriority`).
    func startWorkers<Worker>(_ count: Int, frames: [Int], atLowestPriority: Bool = false,
                              makeWorker: @escaping @Sendable () throws -> Worker,
                              fill: @escaping @Sendable (Worker, Int, Buffer) throws -> Void,
                              finished: @escaping @Sendable (Worker) -> Void = { _ in }) {
        for _ in 0..<max(count, 1) {
            workerStarting()
            let thread = Thread {
                defer { self.workerFinished() }
                if atLowestPriority { lowerThreadPriority() }
                do {
                    let worker = try makeWorker()
                    while let (item, buffer) = self.claim() {
                        try fill(worker, frames[item], buffer)
                        self.complete(item)
                    }
                    finished(worker)
                } catch {
                    self.fail(error)
                }
            }
            thread.name = "segue-frames"
            thread.start()
        }
    }

    /// Hands `use` every frame of `plan` in order, this ring's items being `plan.compositedFrames`:
    /// each composited frame's buffer is taken once and kept until the next composited frame
    /// replaces it (a repeated frame uses it again); `progress` follows each frame. Then waits
    /// for the workers. On any error the ring is cancelled and the workers are waited for before
    /// it is rethrown. Returns the seconds spent waiting for workers to deliver.
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
            waitForWorkers()
        } catch {
            cancel()
            waitForWorkers()
            throw error
        }
        return waited
    }
}

/// Gives the calling thread the lowest scheduling priority (nice 19; on Linux a thread's own).
///
/// For workers ahead of an encoder, which sets the pace: while libx264's threads want both
/// cores, a worker that takes one slows the whole render, and the ring keeps the workers ahead
/// anyway. At the lowest priority they run in the gaps the encoder leaves, and get the cores
/// whenever it waits for a frame.
private func lowerThreadPriority() {
    #if os(Linux)
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
}
