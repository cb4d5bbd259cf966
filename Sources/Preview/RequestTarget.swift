import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// What a request line names as its target, kept for `RequestGuard` before the conversion to
/// HTTP types drops it: an absolute-form target (`GET http://evil.example/ HTTP/1.1`, RFC 9112
/// §3.2.2) arrives at the routes as the path `/` with only the `Host` header left, so the host
/// it names would pass unseen. A target that is not a path (origin-form, §3.2.1) is copied into
/// `header` (one a client sends is removed first), and the guard refuses the request.
final class RequestTargetHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    static let header = "X-Segue-Request-Target"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var part = unwrapInboundIn(data)
        if case .head(var head) = part {
            head.headers.remove(name: Self.header)
            if !head.uri.hasPrefix("/") { head.headers.add(name: Self.header, value: head.uri) }
            part = .head(head)
        }
        context.fireChannelRead(wrapInboundOut(part))
    }
}

/// Hummingbird's HTTP/1 channel with `RequestTargetHandler` right after the request decoder.
struct TargetKeepingHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(RequestTargetHandler(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }

    /// The server builder `Application` takes.
    static var builder: HTTPServerBuilder {
        HTTPServerBuilder { responder in TargetKeepingHTTP1Channel(inner: HTTP1Channel(responder: responder)) }
    }
}
