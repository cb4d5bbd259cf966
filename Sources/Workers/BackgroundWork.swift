import Foundation

/// A value made on a thread of its own while the caller gets on with other work; `value()`
/// waits for it (or its error). A one-item `WorkerPool` run, so the thread is named, and an
/// error is kept, as every other worker's.
///
/// Unchecked Sendable: `Value` need not be Sendable, as it is written once by the one thread and
/// read only after `WorkerRun.wait()` has ordered that write before the read.
public final class BackgroundWork<Value>: @unchecked Sendable {
    /// Test hook: seconds each background thread lingers, holding on to its work, after it
    /// signals that the value is ready — the widest the window can be in which the value's last
    /// reference is this thread's. Cleanup that relied on that reference going (a deinit) shows
    /// up every time instead of now and then.
    static var lingerVariable: String { "SEGUE_TEST_BACKGROUND_LINGER" }

    private let run: WorkerRun
    /// Written once by the thread before its item completes, read only after waiting for it.
    private let made: LockedValueBox<Value?>

    /// Starts `make` on a new thread named `name`.
    public init(name: String, _ make: @escaping @Sendable () throws -> Value) {
        let made = LockedValueBox<Value?>(nil)
        self.made = made
        run = WorkerPool(threads: 1, name: name).start(count: 1, makeWorker: { _ in () }, work: { _, _ in
            let value = try make()
            made.withLockedValue { $0 = value }
        }, finished: { _ in
            // Test hook: the thread keeps the value a while after handing it over.
            if let linger = ProcessInfo.processInfo.environment[Self.lingerVariable].flatMap(Double.init), linger > 0 {
                withExtendedLifetime(made) { Thread.sleep(forTimeInterval: min(linger, 5)) }
            }
        })
    }

    /// The value, once made; rethrows the error `make` threw. May be called more than once.
    public func value() throws -> Value {
        try run.waitForItem(0)
        guard let value = made.withLockedValue({ $0 }) else {
            preconditionFailure("the background thread completes its item only after storing its value")
        }
        return value
    }
}
