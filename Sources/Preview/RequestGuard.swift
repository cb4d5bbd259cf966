import Foundation
import Hummingbird

/// Who the preview answers: only its own page, never another web page the user has open.
///
/// Binding to loopback is not enough. A page on any site can make the browser send requests to
/// `http://127.0.0.1:PORT/` (a form or a `no-cors` fetch needs no permission), and a site whose
/// name it makes resolve to 127.0.0.1 (DNS rebinding) can even read the answers, because the
/// browser then takes the server for that site. So, as webpack-dev-server (2.4.3, issue #887) and
/// Vite (GHSA-vg6x-rcgg-rjx6) came to do after their advisories:
///
/// - every request must name the server by a name it answers to in `Host`: a loopback address
///   or `localhost` (or the address given with `--host`) with the server's port; a rebinding
///   site's requests carry its own name and are refused, reads included;
/// - every request that changes something (any method but GET and HEAD) must come from the page
///   itself: its `Origin`, when there is one (a browser always sends it with such a request;
///   curl does not), must be the server's own, its body must be declared `application/json` (which a
///   cross-site form or a `no-cors` fetch cannot send), and it must carry, in `X-Segue-Token`,
///   the random token of this run that only the served page holds.
///
/// See `docs/preview.md` ("Who the server answers").
struct RequestGuard: Sendable {
    /// The header a state-changing request echoes the page's token in.
    static let tokenHeader = "X-Segue-Token"

    /// This run's secret: 32 bytes from the system's cryptographic generator, in hexadecimal.
    let token: String
    /// The names the server answers to, lowercased, IPv6 addresses in brackets.
    let names: Set<String>
    /// Whether the server listens on every address (`--host 0.0.0.0` or `::`): then an IP address
    /// of this machine is also a name it answers to (an address, unlike a name, cannot be rebound).
    let wildcard: Bool

    /// The guard of a server bound to `host` (the `--host` value).
    init(host: String, token: String = RequestGuard.randomToken()) {
        self.token = token
        let bound = Self.normalized(host)
        wildcard = ["0.0.0.0", "[::]", "[0:0:0:0:0:0:0:0]"].contains(bound)
        names = Set(["127.0.0.1", "[::1]", "localhost"] + (wildcard ? [] : [bound]))
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// What a request says about itself, as far as the guard cares.
    struct Request {
        var method: String
        /// The `Host` header (HTTP/1.1) or `:authority` (HTTP/2); nil when absent.
        var authority: String?
        /// How many `Host` headers there were besides (a request with two is refused).
        var extraHosts = 0
        /// The request line's target where it is not a path (`RequestTargetHandler`): refused.
        var foreignTarget: String?
        var origin: String?
        var contentType: String?
        var token: String?
    }

    /// Why the server at `port` refuses `request`; nil when it answers it.
    func refusal(_ request: Request, port: Int) -> String? {
        if let target = request.foreignTarget {
            return "the request line must name a path on this server, not '\(target.prefix(200))'"
        }
        guard request.extraHosts == 0, let authority = request.authority, accepts(authority: authority, port: port) else {
            return "the Host header must name this server (127.0.0.1, [::1] or localhost with port \(port))"
        }
        guard !["GET", "HEAD"].contains(request.method.uppercased()) else { return nil }
        if let origin = request.origin {
            let prefix = "http://"
            guard origin.lowercased().hasPrefix(prefix),
                  accepts(authority: String(origin.dropFirst(prefix.count)), port: port) else {
                return "a request that changes something must come from the preview's own page, not from \(origin)"
            }
        }
        let mediaType = request.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            return "a request that changes something must be sent as Content-Type: application/json"
        }
        guard let given = request.token, Self.constantTimeEqual(given, token) else {
            return "a request that changes something must carry the page's token in \(Self.tokenHeader)"
        }
        return nil
    }

    /// Whether `authority` (`name:port`, or `name` alone for port 80) names this server.
    func accepts(authority: String, port: Int) -> Bool {
        let text = authority.lowercased()
        var name = text, given: Int? = 80
        if let colon = text.lastIndex(of: ":"), !text[colon...].contains("]") {
            let digits = text[text.index(after: colon)...]
            name = String(text[..<colon])
            given = digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) ? Int(digits) : nil
        }
        guard given == port, !name.isEmpty else { return false }
        return names.contains(name) || (wildcard && Self.isAddress(name))
    }

    /// `host` as it appears in a Host header: lowercased, an IPv6 address in brackets.
    static func normalized(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
    }

    /// Whether `name` is an IPv4 address or a bracketed IPv6 address.
    static func isAddress(_ name: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        if name.hasPrefix("["), name.hasSuffix("]") {
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &buffer) == 1
        }
        return inet_pton(AF_INET, name, &buffer) == 1
    }

    /// Compares in time that depends only on the lengths, so a guess cannot be refined by timing.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}

/// Refuses, with 403 and the reason, every request `RequestGuard` does not accept.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let rules: RequestGuard
    /// The port the server is bound to, once it is (until then nothing is answered).
    let port: @Sendable () -> Int?

    func handle(_ request: Hummingbird.Request, context: Context,
                next: (Hummingbird.Request, Context) async throws -> Response) async throws -> Response {
        // Header names compare in lowercase (their canonical form).
        let values = { (name: String) in request.headers.filter { $0.name.canonicalName == name.lowercased() }.map(\.value) }
        let facts = RequestGuard.Request(method: request.method.rawValue, authority: request.head.authority,
                                         // The conversion to HTTP types moved the first Host into `authority`: any left is a second one.
                                         extraHosts: values("Host").count, foreignTarget: values(RequestTargetHandler.header).first,
                                         origin: values("Origin").first,
                                         contentType: values("Content-Type").first, token: values(RequestGuard.tokenHeader).first)
        guard let port = port() else { throw HTTPError(.serviceUnavailable, message: "the server is starting") }
        if let reason = rules.refusal(facts, port: port) {
            var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
            headers[.cacheControl] = "no-store"
            return Response(status: .forbidden, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: "refused: \(reason)\n")))
        }
        return try await next(request, context)
    }
}
