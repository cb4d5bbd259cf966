import Foundation

/// A value made on a thread of its own while the caller gets on with other work; `value()`
/// waits for it (or its error).
final class BackgroundWork<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the thread before it signals `done`, read only after waiting on it.
    private var result: Result<Value, Error>?

    /// Starts `make` on a new thread named `name`.
    init(name: String, _ make: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            result = Result { try make() }
            done.signal()
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
