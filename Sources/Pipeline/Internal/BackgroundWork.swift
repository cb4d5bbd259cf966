import Foundation

/// A value made on a thread of its own while the caller gets on with other work; `value()`
/// waits for it (or its error).
final class BackgroundWork<Value>: @unchecked Sendable {
    /// Test hook: seconds each background thread lingers, holding on to its work, after it
    /// signals that the value is ready — the widest the window can be in which the value's last
    /// reference is this thread's. Cleanup that relied on that reference going (a deinit) shows
    /// up every time instead of now and then.
    static var lingerVariable: String { "SEGUE_TEST_BACKGROUND_LINGER" }

    private let done = DispatchSemaphore(value: 0)
    /// Written once by the thread before it signals `done`, read only after waiting on it.
    private var result: Result<Value, Error>?

    /// Starts `make` on a new thread named `name`.
    init(name: String, _ make: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            result = Result { try make() }
            done.signal()
            // Test hook: the thread keeps `self` (and the value) a while after handing it over.
            if let linger = ProcessInfo.processInfo.environment[Self.lingerVariable].flatMap(Double.init), linger > 0 {
                Thread.sleep(forTimeInterval: min(linger, 5))
            }
        }
        thread.name = name
        thread.start()
    }

    /// The value, once made; rethrows the error `make` threw. May be called more than once.
    func value() throws -> Value {
        done.wait()
        defer { done.signal() }
        guard let result else {
            preconditionFailure("the background thread signals only after storing its result")
        }
        return try result.get()
    }
}
