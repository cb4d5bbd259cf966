import Foundation
import XCTest

/// HTTP/1.1 to a `segue preview` on loopback, over a plain socket: every header is sent exactly as
/// written (a `Host` naming another site, an `Origin`, none at all), which URLSession does not allow.
enum PreviewHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request to the server at `base` (`http://127.0.0.1:PORT/`); `host` is the `Host`
    /// header (default: the base's own `127.0.0.1:PORT`; nil: none is sent).
    static func send(_ base: String, _ method: String, _ path: String, host: String?? = .none,
                     headers: [(String, String)] = [], body: Data? = nil) throws -> Response {
        let port = try XCTUnwrap(URL(string: base)?.port)
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if let host = host ?? "127.0.0.1:\(port)" { head += "Host: \(host)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        let raw = try exchange(port: port, Data(head.utf8) + (body ?? Data()))
        return try parse(raw)
    }

    /// This run's token, read from the page's `<meta name="segue-token">` as the page's script does.
    static func token(_ base: String) throws -> String {
        let page = try send(base, "GET", "/").text
        let pattern = #"<meta name="segue-token" content="([0-9a-f]+)">"#
        let match = try XCTUnwrap(page.range(of: pattern, options: .regularExpression), "no token in the page")
        return String(page[match].dropFirst(#"<meta name="segue-token" content=""#.count).dropLast(2))
    }

    /// The headers the page's script sends with a request that changes something.
    static func pageHeaders(_ base: String) throws -> [(String, String)] {
        [("Origin", String(base.dropLast())), ("Content-Type", "application/json"), ("X-Segue-Token", try token(base))]
    }

    private static func exchange(port: Int, _ request: Data) throws -> Data {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PreviewProcessError(description: "socket: \(errno)") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw PreviewProcessError(description: "connect to port \(port): \(errno)") }
        try request.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let n = Glibc.send(socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard n > 0 else { throw PreviewProcessError(description: "send: \(errno)") }
                sent += n
            }
        }
        // The whole answer within 20 s: a stream that never ends (`/events`) is an error, not a hang.
        let deadline = Date().addingTimeInterval(20)
        var received = Data(), buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            guard Date() < deadline else {
                throw PreviewProcessError(description: "no complete answer from port \(port) in 20 s: \(String(decoding: received.prefix(200), as: UTF8.self))")
            }
            let n = recv(socket, &buffer, buffer.count, 0)
            if n < 0, errno == EAGAIN || errno == EINTR { continue }
            guard n >= 0 else { throw PreviewProcessError(description: "recv from port \(port): \(errno)") }
            if n == 0 { return received }
            received.append(contentsOf: buffer[0..<n])
        }
    }

    private static func parse(_ raw: Data) throws -> Response {
        let separator = Data("\r\n\r\n".utf8)
        let end = try XCTUnwrap(raw.range(of: separator), "no HTTP head in \(String(decoding: raw.prefix(200), as: UTF8.self))")
        let lines = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = try XCTUnwrap(Int(lines[0].split(separator: " ").dropFirst().first ?? ""), lines[0])
        var headers = [String: String]()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(raw[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try dechunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ data: Data) throws -> Data {
        var out = Data(), rest = data[...]
        let crlf = Data("\r\n".utf8)
        while let line = rest.range(of: crlf) {
            let size = try XCTUnwrap(Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self)
                .split(separator: ";").first ?? "", radix: 16))
            if size == 0 { break }
            out.append(rest[line.upperBound..<(line.upperBound + size)])
            rest = rest[(line.upperBound + size + 2)...]
        }
        return out
    }
}
