import Foundation
import Workers
import XCTest

/// The worker pool's rules, each checked under several thread counts and timings.
final class WorkerPoolTests: XCTestCase {
    private struct Failure: Error, Equatable {
        let item: Int
    }

    /// `map` returns every item's output at the item's position, whatever thread did it.
    func testResultsComeInItemOrder() throws {
        for threads in 1...4 {
            let outputs = try WorkerPool(threads: threads, name: "test-map").map(count: 300, makeWorker: { $0 }) { _, item in
                if item % 5 == 0 { usleep(UInt32(item % 3) * 200) }
                return item * item
            }
            XCTAssertEqual(outputs, (0..<300).map { $0 * $0 }, "\(threads) threads")
        }
        XCTAssertEqual(try WorkerPool(threads: 3, name: "test-empty").map(count: 0, makeWorker: { _ in () }) { _, item in item }, [])
    }

    /// `outcomes` keeps every item's outcome in the items' order: a failure, even a slow one
    /// before fast ones, stops nothing and comes back at its own item.
    func testOutcomesKeepEveryItemsResultInOrder() {
        let items = Array(0..<40)
        let outcomes = WorkerPool.outcomes(of: items, name: "test-outcomes") { item -> Int in
            if item == 3 { usleep(20_000) }
            if item % 3 == 0 { throw Failure(item: item) }
            return item * 2
        }
        XCTAssertEqual(outcomes.count, items.count)
        for (item, outcome) in zip(items, outcomes) {
            switch outcome {
            case .success(let value): XCTAssertEqual(value, item * 2)
            case .failure(let error): XCTAssertEqual(error as? Failure, Failure(item: item))
            }
            XCTAssertEqual((try? outcome.get()) == nil, item % 3 == 0, "item \(item)")
        }
        XCTAssertTrue(WorkerPool.outcomes(of: [Int](), name: "test-none") { $0 }.isEmpty)
    }

    /// Every item is done exactly once, and each thread makes one worker, keeps it for all its
    /// items and hands it to `finished`.
    func testEachItemOnceAndOneWorkerPerThread() throws {
        let counts = LockedValueBox([Int](repeating: 0, count: 500))
        let made = LockedValueBox([Int]())
        let finished = LockedValueBox([Int: Int]())
        let pool = WorkerPool(threads: 4, name: "test-once")
        _ = try pool.map(count: 500, makeWorker: { thread -> (thread: Int, items: Int) in
            made.withLockedValue { $0.append(thread) }
            return (thread, 0)
        }, work: { worker, item in
            worker.items += 1
            counts.withLockedValue { $0[item] += 1 }
        }, finished: { worker in
            finished.withLockedValue { $0[worker.thread] = worker.items }
        })
        XCTAssertEqual(counts.withLockedValue { $0 }, Array(repeating: 1, count: 500))
        XCTAssertEqual(made.withLockedValue { $0.sorted() }, [0, 1, 2, 3])
        XCTAssertEqual(finished.withLockedValue { $0.values.reduce(0, +) }, 500)
    }

    /// Of several errors, the first one thrown is the one the caller gets, and it stops the
    /// other threads: with one thread nothing after the failing item runs; with more, at most
    /// the items the other threads had already claimed.
    func testFirstErrorWinsAndStopsTheRest() {
        for threads in 1...4 {
            let started = LockedValueBox([Int]())
            let current = LockedValueBox<WorkerRun?>(nil)
            let pool = WorkerPool(threads: threads, name: "test-error")
            let run = pool.start(count: 10_000, makeWorker: { _ in () }) { _, item in
                started.withLockedValue { $0.append(item) }
                if item == 20 { throw Failure(item: 20) }
                if item > 20 {
                    // Every later failure is thrown after the first has cancelled the run.
                    while current.withLockedValue({ $0?.isCancelled }) != true { usleep(100) }
                    throw Failure(item: item)
                }
            }
            current.withLockedValue { $0 = run }
            XCTAssertThrowsError(try run.wait()) { error in
                XCTAssertEqual(error as? Failure, Failure(item: 20), "\(threads) threads")
            }
            let items = started.withLockedValue { $0 }
            XCTAssertLessThanOrEqual(items.filter { $0 > 20 }.count, threads - 1, "\(threads) threads: work went on after the error")
            XCTAssertEqual(Set(items.filter { $0 <= 20 }), Set(0...20))
            if threads == 1 { XCTAssertEqual(items, Array(0...20)) }
        }
    }

    /// A worker that cannot be made fails the run like an item does.
    func testMakingAWorkerCanFail() {
        XCTAssertThrowsError(try WorkerPool(threads: 2, name: "test-make").map(count: 10, makeWorker: { thread -> Int in
            throw Failure(item: -1)
        }) { _, item in item }) { error in
            XCTAssertEqual(error as? Failure, Failure(item: -1))
        }
    }

    /// Once `cancel()` has returned no item starts, waiting threads wake, `wait()` returns
    /// without an error, and an in-order consumer waiting for an item not done is told.
    func testCancellationStopsClaiming() throws {
        for threads in 1...4 {
            let startedAfterCancel = LockedValueBox(0)
            let cancelledFlag = LockedValueBox(false)
            let reached = DispatchSemaphore(value: 0)
            let run = WorkerPool(threads: threads, name: "test-cancel").start(count: 100_000, makeWorker: { _ in () }) { _, item in
                if cancelledFlag.withLockedValue({ $0 }) { startedAfterCancel.withLockedValue { $0 += 1 } }
                if item == 50 { reached.signal() }
                usleep(100)
            }
            reached.wait()
            run.cancel()
            cancelledFlag.withLockedValue { $0 = true }
            XCTAssertTrue(run.isCancelled)
            XCTAssertNoThrow(try run.wait())
            // A thread may have claimed its item just before the cancel and started it just after.
            XCTAssertLessThanOrEqual(startedAfterCancel.withLockedValue { $0 }, threads, "\(threads) threads")
            XCTAssertThrowsError(try run.waitForItem(99_999)) { XCTAssertTrue($0 is CancellationError) }
        }
    }

    /// With `ahead`, no item starts before the consumer has released the item `ahead` below it,
    /// the consumer sees every item in order, and a worker's error reaches the consumer.
    func testBackPressureKeepsWorkersBoundedAhead() throws {
        for (threads, ahead) in [(1, 1), (3, 1), (2, 4), (4, 3)] {
            let released = LockedValueBox(0)
            let violations = LockedValueBox([Int]())
            let run = WorkerPool(threads: threads, name: "test-ahead").start(count: 200, ahead: ahead, makeWorker: { _ in () }) { _, item in
                if item - ahead >= released.withLockedValue({ $0 }) { violations.withLockedValue { $0.append(item) } }
                if item % 7 == 0 { usleep(UInt32(item % 3) * 100) }
            }
            for item in 0..<200 {
                try run.waitForItem(item)
                released.withLockedValue { $0 = item + 1 }
                run.release(below: item + 1)
            }
            try run.wait()
            XCTAssertEqual(violations.withLockedValue { $0 }, [], "\(threads) threads, \(ahead) ahead")
        }

        let run = WorkerPool(threads: 2, name: "test-ahead-error").start(count: 1000, ahead: 2, makeWorker: { _ in () }) { _, item in
            if item == 5 { throw Failure(item: 5) }
        }
        XCTAssertThrowsError(try (0..<1000).forEach { item in
            try run.waitForItem(item)
            run.release(below: item + 1)
        }) { error in
            XCTAssertEqual(error as? Failure, Failure(item: 5))
        }
        XCTAssertThrowsError(try run.wait()) { XCTAssertEqual($0 as? Failure, Failure(item: 5)) }
    }

    /// A consumer that stops taking items (it failed) can always stop the run: the workers
    /// waiting on back-pressure wake and end.
    func testStopWakesThreadsWaitingOnBackPressure() {
        let run = WorkerPool(threads: 3, name: "test-stop").start(count: 1000, ahead: 2, makeWorker: { _ in () }) { _, _ in }
        try? run.waitForItem(1)
        run.stop()
        XCTAssertTrue(run.isCancelled)
    }

    /// Every thread carries the pool's name, in Foundation and in the kernel (what `top -H`,
    /// gdb and perf show).
    func testThreadsAreNamed() throws {
        let names = try WorkerPool(threads: 3, name: "segue-test").map(count: 30, makeWorker: { _ in () }) { _, _ -> [String] in
            // The kernel's name of the calling thread (Linux; truncated to 15 bytes).
            let kernelName = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "unreadable"
            return [Thread.current.name ?? "", kernelName.trimmingCharacters(in: .newlines)]
        }
        XCTAssertEqual(Set(names.joined()), ["segue-test"])
    }
}

/// The lock box: many threads updating one value lose no update.
final class LockedValueBoxTests: XCTestCase {
    func testConcurrentUpdatesAreNotLost() {
        let box = LockedValueBox([Int: Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<1000 {
                box.withLockedValue { $0[step % 10, default: 0] += 1 }
            }
            _ = thread
        }
        XCTAssertEqual(box.withLockedValue { $0 }, Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, 800) }))
    }

    func testReturnsAndRethrows() {
        struct Refused: Error {}
        let box = LockedValueBox(1)
        XCTAssertEqual(box.withLockedValue { value -> Int in
            value += 1
            return value * 10
        }, 20)
        XCTAssertThrowsError(try box.withLockedValue { _ in throw Refused() })
        XCTAssertEqual(box.withLockedValue { $0 }, 2)
    }
}
