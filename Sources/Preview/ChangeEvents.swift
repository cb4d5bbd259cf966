import Foundation
import Workers

/// Server-sent events to every open page: one `changed` event per reloaded scene.
final class ChangeEvents: Sendable {
    private let subscribers = LockedValueBox([UUID: AsyncStream<String>.Continuation]())

    /// A stream of SSE messages for one page; it ends when the page goes away.
    func subscribe() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLockedValue { $0[id] = nil }
        }
        subscribers.withLockedValue { $0[id] = continuation }
        continuation.yield("retry: 500\n\n")
        return stream
    }

    /// Tells every page that `document` (a scene, as written or as a variant) was loaded again.
    func changed(_ document: PreviewDocument) {
        changed(scene: document.name, variant: document.variant, generation: document.generation, ok: document.isLoaded)
    }

    /// Tells every page that `scene` as `variant` (nil: as written) is now at `generation`.
    func changed(scene: String, variant: String?, generation: Int, ok: Bool) {
        let object: [String: Any] = ["scene": scene, "variant": variant ?? NSNull(), "generation": generation, "ok": ok]
        let data = (try? JSONSerialization.data(withJSONObject: object))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        send("event: changed\ndata: \(data)\n\n")
    }

    /// A comment line, so a page that went away is noticed by the failed write.
    func heartbeat() {
        send(": keep-alive\n\n")
    }

    private func send(_ message: String) {
        for continuation in subscribers.withLockedValue({ Array($0.values) }) { continuation.yield(message) }
    }
}
