import Foundation

/// Which parts of an image (bands, strips) are drawn, being drawn or waiting, shared by the
/// threads that need them: each claims a part no other has begun and draws it, then waits for
/// those others are drawing — so a part is drawn once however many frames need it at once.
/// What else the owner keeps about its parts it reads and writes in `withLock`, under the same lock.
///
/// Unchecked Sendable: every state it keeps is read and written holding `condition`'s lock.
final class DrawClaims: @unchecked Sendable {
    enum State { case waiting, drawing, drawn }
    /// Read and written holding `condition`.
    private var states: [State]
    private let condition = NSCondition()

    init(count: Int) {
        states = Array(repeating: .waiting, count: count)
    }

    /// A part of `needed` that no thread has begun, now the caller's to draw (and to `finish`);
    /// nil once all of `needed` are drawn. While the only ones left are being drawn by other
    /// threads, waits for them.
    func claim(_ needed: ClosedRange<Int>) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let part = needed.first(where: { states[$0] == .waiting }) {
                states[part] = .drawing
                return part
            }
            if needed.allSatisfy({ states[$0] == .drawn }) { return nil }
            condition.wait()
        }
    }

    /// Ends the caller's drawing of `part`: drawn, or left for the next frame that needs it (a
    /// part Cairo could not draw, out of memory, is tried again). `body` runs under the lock
    /// first, with the states; returns what it returns.
    @discardableResult
    func finish<R>(_ part: Int, drawn: Bool, _ body: (inout [State]) -> R = { _ in () }) -> R {
        condition.lock()
        defer { condition.unlock() }
        states[part] = drawn ? .drawn : .waiting
        let result = body(&states)
        condition.broadcast()
        return result
    }

    /// Runs `body` under the lock with the states (a drawn part set back to `.waiting` is drawn
    /// again by the next claim).
    func withLock<R>(_ body: (inout [State]) -> R) -> R {
        condition.lock()
        defer { condition.unlock() }
        return body(&states)
    }
}
