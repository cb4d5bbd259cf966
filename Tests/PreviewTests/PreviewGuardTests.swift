import CLITestSupport
import Foundation
@testable import Preview
import XCTest

/// The preview answers only its own page: the attacks a web page can make on a local server
/// (DNS rebinding, cross-site POSTs; see docs/preview.md) are refused, and leave every file as it was.
final class PreviewGuardTests: XCTestCase {
    static let scene = """
        device: iphone-se
        fps: 10
        duration: 1
        screens:
          mail: { background: systemBackground }
          menu: { background: systemGray }
        root: mail
        transitions:
          - { from: mail, to: menu, style: side-drawer }
        snapshots:
          - { at: 0.5, name: half }
        timeline:
          - { at: 0.9, tap: [300, 600], expect: nothing }

        """

    // MARK: The rules

    func testHostMustNameThisServerWithItsPort() {
        let rules = RequestGuard(host: "127.0.0.1", token: "t")
        for accepted in ["127.0.0.1:7300", "localhost:7300", "LOCALHOST:7300", "[::1]:7300"] {
            XCTAssertTrue(rules.accepts(authority: accepted, port: 7300), accepted)
        }
        for refused in ["evil.example:7300", "127.0.0.1:7301", "127.0.0.1", "localhost", "localhost.evil.example:7300",
                        "evil.example:7300@127.0.0.1", "127.0.0.1.nip.io:7300", ":7300", "[::1]", "[::2]:7300", "0.0.0.0:7300",
                        "192.168.1.5:7300", "127.0.0.1:7300:7300", "127.0.0.1:+7300"] {
            XCTAssertFalse(rules.accepts(authority: refused, port: 7300), refused)
        }
        // Port 80 may be left out, as browsers do.
        XCTAssertTrue(rules.accepts(authority: "localhost", port: 80))
    }

    func testTheHostGivenWithHostIsAcceptedAndAWildcardAcceptsAddressesOnly() {
        let lan = RequestGuard(host: "192.168.1.5", token: "t")
        XCTAssertTrue(lan.accepts(authority: "192.168.1.5:7300", port: 7300))
        XCTAssertFalse(lan.accepts(authority: "192.168.1.6:7300", port: 7300))
        let named = RequestGuard(host: "Studio.local", token: "t")
        XCTAssertTrue(named.accepts(authority: "studio.local:7300", port: 7300))
        let v6 = RequestGuard(host: "fe80::1", token: "t")
        XCTAssertTrue(v6.accepts(authority: "[fe80::1]:7300", port: 7300))
        for wildcard in ["0.0.0.0", "::"] {
            let any = RequestGuard(host: wildcard, token: "t")
            XCTAssertTrue(any.accepts(authority: "192.168.1.5:7300", port: 7300), wildcard)
            XCTAssertTrue(any.accepts(authority: "[fd00::5]:7300", port: 7300), wildcard)
            XCTAssertTrue(any.accepts(authority: "localhost:7300", port: 7300), wildcard)
            // A name can be rebound to this machine; an address cannot.
            XCTAssertFalse(any.accepts(authority: "evil.example:7300", port: 7300), wildcard)
            XCTAssertFalse(any.accepts(authority: "0.0.0.0.evil.example:7300", port: 7300), wildcard)
        }
    }

    func testAChangeNeedsTheOwnOriginJSONAndTheToken() {
        let token = String(repeating: "ab", count: 32)
        let rules = RequestGuard(host: "127.0.0.1", token: token)
        func request(_ method: String = "POST", host: String = "127.0.0.1:7300", origin: String? = "http://127.0.0.1:7300",
                     type: String? = "application/json", token given: String? = token) -> RequestGuard.Request {
            RequestGuard.Request(method: method, authority: host, origin: origin, contentType: type, token: given)
        }
        XCTAssertNil(rules.refusal(request(), port: 7300))
        XCTAssertNil(rules.refusal(request(origin: nil), port: 7300), "curl sends no Origin")
        XCTAssertNil(rules.refusal(request(origin: "http://localhost:7300", type: "Application/JSON; charset=utf-8"), port: 7300))
        // Reads need only the Host.
        XCTAssertNil(rules.refusal(request("GET", origin: "http://evil.example", type: nil, token: nil), port: 7300))
        XCTAssertNil(rules.refusal(request("HEAD", origin: nil, type: nil, token: nil), port: 7300))
        let refused: [(String, RequestGuard.Request)] = [
            ("foreign origin", request(origin: "http://evil.example")),
            ("foreign origin with this port", request(origin: "http://evil.example:7300")),
            ("https origin", request(origin: "https://127.0.0.1:7300")),
            ("null origin", request(origin: "null")),
            ("other port", request(origin: "http://127.0.0.1:7301")),
            ("text/plain", request(type: "text/plain")),
            ("form", request(type: "application/x-www-form-urlencoded")),
            ("json lookalike", request(type: "application/jsonp")),
            ("no type", request(type: nil)),
            ("no token", request(token: nil)),
            ("empty token", request(token: "")),
            ("wrong token", request(token: String(repeating: "ab", count: 31) + "ac")),
            ("token prefix", request(token: String(token.dropLast()))),
            ("longer token", request(token: token + "0")),
            ("foreign host", request(host: "evil.example:7300")),
        ]
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            for (name, var attack) in refused {
                attack.method = method
                XCTAssertNotNil(rules.refusal(attack, port: 7300), "\(method) \(name)")
            }
        }
        var twoHosts = request()
        twoHosts.extraHosts = 1
        XCTAssertNotNil(rules.refusal(twoHosts, port: 7300))
        var noHost = request("GET")
        noHost.authority = nil
        XCTAssertNotNil(rules.refusal(noHost, port: 7300))
    }

    func testTokensAreRandomAndLong() {
        let tokens = (0..<100).map { _ in RequestGuard.randomToken() }
        XCTAssertEqual(Set(tokens).count, 100)
        XCTAssertTrue(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        XCTAssertTrue(RequestGuard.constantTimeEqual("abc", "abc"))
        XCTAssertFalse(RequestGuard.constantTimeEqual("abc", "abd"))
        XCTAssertFalse(RequestGuard.constantTimeEqual("abc", "abcd"))
        XCTAssertFalse(RequestGuard.constantTimeEqual("", "a"))
    }

    // MARK: The attacks, on a running server

    func testAttacksFromOtherSitesAreRefusedAndChangeNothing() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = folder.appendingPathComponent("drawer.yaml")
        try Self.scene.write(to: file, atomically: true, encoding: .utf8)
        let recorded = try CLI.segue(["snapshot", file.path, "--scale", "1", "--record"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        let before = try Self.contents(of: folder)
        XCTAssertTrue(before.keys.contains("__snapshots__/drawer/half.png"), "\(before.keys.sorted())")

        let server = try PreviewProcess(folder: folder)
        defer { server.stop() }
        let base = try server.waitForURL(timeout: 30)
        let port = try XCTUnwrap(URL(string: base)?.port)
        let token = try PreviewHTTP.token(base)
        let scene = "?scene=drawer.yaml"

        // DNS rebinding: a site whose name resolves to 127.0.0.1 reads nothing, not even the page.
        let reads = ["/", "/app.js", "/api/scenes", "/api/scene\(scene)", "/frame/0.png\(scene)", "/api/trace/0\(scene)",
                     "/api/snapshots\(scene)", "/snapshot/golden\(scene)&point=half", "/events", "/nowhere"]
        for host in ["evil.example:\(port)", "evil.example", "127.0.0.1:\(port + 1)", "localhost.evil.example:\(port)", "127.0.0.1"] {
            for path in reads {
                // An answer that never ends (an event stream served to the attacker) is a failure too.
                guard let answer = Self.attempt({ try PreviewHTTP.send(base, "GET", path, host: host) }) else { continue }
                XCTAssertEqual(answer.status, 403, "GET \(path) Host: \(host): \(answer.text.prefix(200))")
                XCTAssertTrue(answer.text.hasPrefix("refused: the Host header"), answer.text)
                XCTAssertFalse(answer.text.contains(token) || answer.text.contains("side-drawer") || answer.text.contains("mail"), answer.text)
            }
        }
        XCTAssertEqual(try PreviewHTTP.send(base, "GET", "/api/scenes", host: .some(nil)).status, 403, "no Host at all")
        // Two Host headers, whichever comes first, and a request line naming another host (absolute-form).
        for (first, second) in [("127.0.0.1:\(port)", "evil.example"), ("evil.example", "127.0.0.1:\(port)"),
                                ("127.0.0.1:\(port)", "127.0.0.1:\(port)")] {
            let answer = try PreviewHTTP.send(base, "GET", "/api/scenes", host: first, headers: [("Host", second)])
            XCTAssertEqual(answer.status, 403, "Host: \(first), Host: \(second): \(answer.text.prefix(200))")
            XCTAssertTrue(answer.text.hasPrefix("refused: the Host header"), answer.text)
        }
        for target in ["http://evil.example/api/scenes", "http://evil.example:\(port)/", "http://127.0.0.1:\(port)/api/scenes"] {
            let answer = try PreviewHTTP.send(base, "GET", target, headers: [(RequestTargetHandler.header, "/")])
            XCTAssertEqual(answer.status, 403, "GET \(target): \(answer.text.prefix(200))")
            XCTAssertTrue(answer.text.hasPrefix("refused: the request line must name a path on this server, not '\(target)'"), answer.text)
        }
        // The header the server keeps the target in cannot be sent to it: one a client sends is dropped.
        XCTAssertEqual(try PreviewHTTP.send(base, "GET", "/api/scenes", headers: [(RequestTargetHandler.header, "http://x/")]).status, 200)

        // Cross-site writes: what a page on another site can send (a form, a no-cors fetch), and more.
        let gesture = Data(#"{"at": 0.2, "samples": [[0, 100, 300]]}"#.utf8)
        let own = "http://127.0.0.1:\(port)"
        let attacks: [(name: String, host: String?, headers: [(String, String)])] = [
            ("cross-site text/plain, no token", nil, [("Origin", "http://evil.example"), ("Content-Type", "text/plain")]),
            ("cross-site form", nil, [("Origin", "http://evil.example"), ("Content-Type", "application/x-www-form-urlencoded")]),
            ("cross-site JSON with the token", nil, [("Origin", "http://evil.example"), ("Content-Type", "application/json"), ("X-Segue-Token", token)]),
            ("sandboxed (null origin)", nil, [("Origin", "null"), ("Content-Type", "application/json"), ("X-Segue-Token", token)]),
            ("rebound host, everything else right", "evil.example:\(port)", [("Origin", "http://evil.example:\(port)"),
                                                                            ("Content-Type", "application/json"), ("X-Segue-Token", token)]),
            ("same origin, no token", nil, [("Origin", own), ("Content-Type", "application/json")]),
            ("same origin, wrong token", nil, [("Origin", own), ("Content-Type", "application/json"),
                                               ("X-Segue-Token", String(repeating: "0", count: 64))]),
            ("same origin, text/plain", nil, [("Origin", own), ("Content-Type", "text/plain"), ("X-Segue-Token", token)]),
            ("same origin, no type", nil, [("Origin", own), ("X-Segue-Token", token)]),
            ("no origin (curl), no token", nil, [("Content-Type", "application/json")]),
        ]
        for path in ["/api/gesture\(scene)", "/api/snapshots/record\(scene)&point=half"] {
            for attack in attacks {
                for method in ["POST", "PUT", "DELETE"] {
                    guard let answer = Self.attempt({
                        try PreviewHTTP.send(base, method, path, host: attack.host.map { .some($0) } ?? .none,
                                             headers: attack.headers, body: gesture)
                    }) else { continue }
                    XCTAssertEqual(answer.status, 403, "\(method) \(path), \(attack.name): \(answer.text.prefix(300))")
                    XCTAssertTrue(answer.text.hasPrefix("refused: "), answer.text)
                }
            }
        }
        // Give the server's watcher time to notice a change, had one been made: none was.
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(try Self.contents(of: folder), before, "a refused request changed a file")

        // The page's own requests still work: a read from each name it answers to, a gesture and a recording.
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] {
            XCTAssertEqual(try PreviewHTTP.send(base, "GET", "/api/scenes", host: host).status, 200, host)
        }
        let headers = try PreviewHTTP.pageHeaders(base)
        let written = try PreviewHTTP.send(base, "POST", "/api/gesture\(scene)", headers: headers, body: gesture)
        XCTAssertEqual(written.status, 200, written.text)
        XCTAssertTrue(written.text.contains(#""ok":true"#), written.text)
        XCTAssertNotEqual(try String(contentsOf: file, encoding: .utf8), Self.scene)
        // The undo of that edit is a write like any other: every attack is refused and the edit stays;
        // the page's own undo puts the file back.
        let edited = try String(contentsOf: file, encoding: .utf8)
        for attack in attacks {
            guard let answer = Self.attempt({
                try PreviewHTTP.send(base, "POST", "/api/undo\(scene)", host: attack.host.map { .some($0) } ?? .none,
                                     headers: attack.headers, body: Data("{}".utf8))
            }) else { continue }
            XCTAssertEqual(answer.status, 403, "undo, \(attack.name): \(answer.text.prefix(300))")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), edited)
        let undone = try PreviewHTTP.send(base, "POST", "/api/undo\(scene)", headers: headers, body: Data("{}".utf8))
        XCTAssertTrue(undone.text.contains(#""ok":true"#), undone.text)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), Self.scene)
        let nothing = try PreviewHTTP.send(base, "POST", "/api/undo\(scene)", headers: headers, body: Data("{}".utf8))
        XCTAssertTrue(nothing.text.contains("nothing the page did to undo"), nothing.text)
        // curl: no Origin, but JSON and the token.
        let record = try PreviewHTTP.send(base, "POST", "/api/snapshots/record\(scene)&point=half",
                                          headers: Array(headers.dropFirst()), body: Data("{}".utf8))
        XCTAssertEqual(record.status, 200, record.text)
        XCTAssertEqual(server.terminate(), 143)
    }

    /// The answer to a request, or nil (and a failure) when there is none.
    static func attempt(_ send: () throws -> PreviewHTTP.Response, file: StaticString = #filePath, line: UInt = #line) -> PreviewHTTP.Response? {
        do {
            return try send()
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    /// Every regular file under `folder`, by relative path: its bytes, inode and modification time
    /// (a golden recorded again has the same bytes, but not the same inode).
    static func contents(of folder: URL) throws -> [String: String] {
        var files = [String: String]()
        let root = folder.resolvingSymlinksInPath()
        let walk = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let url as URL in walk {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[FileAttributeKey.type] as? FileAttributeType == .typeRegular else { continue }
            let stamp = "\(attributes[FileAttributeKey.systemFileNumber] ?? "") \((attributes[FileAttributeKey.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) "
            files[String(url.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1))] = stamp + (try Data(contentsOf: url)).base64EncodedString()
        }
        return files
    }
}
