import Foundation

/// A value that several threads share, reached only through `withLockedValue`, which holds a
/// lock for the length of the closure.
///
/// The shape of swift-nio's `NIOLockedValueBox` (NIOConcurrencyHelpers), written here so that
/// modules below the preview need not depend on NIO. A value Segue shares between threads lives
/// in one of these; keep the closures short and never call back into code that may take the
/// same box. The few other ways, each for a reason a box cannot meet, are listed under
/// "Concurrency" in docs/architecture.md.
///
/// Unchecked Sendable: `value` is reached only holding `lock`.
public final class LockedValueBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    public func withLockedValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
