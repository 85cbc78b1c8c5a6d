import MHubConfiguration
import MHubHub
import MHubWebSocket
import Testing

@testable import MHubControlServer

/// The TCP listener's framing before the handshake: the page's requests answered and closed, the WebSocket at `/ws`
/// with its token from `Authorization`, the `mhub.bearer.` subprotocol element or the query.
@Suite struct WebSocketFramingTests {
    static let token = "0123456789abcdef0123456789abcdef"

    static func framing() -> WebSocketFraming {
        WebSocketFraming(
            maximumBytes: 1 << 20,
            access: WebSocketFraming.Access(
                tokens: [token: (Principal("local-admin"), .admin)], anonymousScope: .commission, isLoopback: true))
    }

    static func request(_ target: String, method: String = "GET", fields: [(String, String)] = []) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:5580\r\n"
        for (name, value) in fields { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    static let upgrade: [(String, String)] = [
        ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ("Sec-WebSocket-Version", "13"),
    ]

    /// The client a handshake authenticated, and the 101's head.
    func accepted(_ fields: [(String, String)], target: String = "/ws") throws -> (WebSocketClient, HTTPResponseHead) {
        var framing = Self.framing()
        let actions = framing.received(Self.request(target, fields: Self.upgrade + fields))
        guard case .handshakeAccepted(let client)? = actions.first else {
            Issue.record("not accepted: \(actions)")
            throw HTTPHeadError.unexpectedStatus(0, reason: "")
        }
        var parser = HTTPHeadParser()
        parser.append(client.response)
        return (client, try #require(try parser.nextResponse()))
    }

    @Test func aPageRequestIsAnsweredAndClosedWithThePathOnlyInTheReason() throws {
        var framing = Self.framing()
        let actions = framing.received(Self.request("/?token=\(Self.token)"))
        #expect(actions.count == 2)
        guard case .write(let bytes) = actions.first, case .close(let reason) = actions.last else {
            Issue.record("\(actions)")
            return
        }
        var parser = HTTPHeadParser()
        parser.append(bytes)
        let head = try #require(try parser.nextResponse())
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/html; charset=utf-8")
        #expect(reason == "HTTP GET /: 200")
        // Nothing more is read from a connection that was answered.
        #expect(framing.received(Self.request("/")).isEmpty)
    }

    @Test func aTokenInTheSubprotocolAuthenticatesAndOnlyMhubIsSelected() throws {
        let (client, head) = try accepted([("Sec-WebSocket-Protocol", "mhub, mhub.bearer.\(Self.token)")])
        #expect(client.principal == Principal("local-admin"))
        #expect(client.scope == .admin)
        #expect(client.token == Self.token)
        #expect(head.headerValues("Sec-WebSocket-Protocol") == ["mhub"])
        #expect(!String(decoding: client.response, as: UTF8.self).contains(Self.token))
    }

    @Test func withoutATokenALoopbackPageGetsTheLoopbackScopeAndItsSubprotocol() throws {
        let (client, head) = try accepted([("Sec-WebSocket-Protocol", "mhub")])
        #expect(client.principal == Principal("loopback"))
        #expect(client.scope == .commission)
        #expect(head.header("Sec-WebSocket-Protocol") == "mhub")
        // A client that offers no subprotocol gets none named, as before.
        let (_, plain) = try accepted([])
        #expect(plain.header("Sec-WebSocket-Protocol") == nil)
    }

    @Test func theAuthorizationHeaderComesFirstAndAnUnknownTokenIsRefused() throws {
        let (client, _) = try accepted([
            ("Authorization", "Bearer \(Self.token)"), ("Sec-WebSocket-Protocol", "mhub, mhub.bearer.wrong"),
        ])
        #expect(client.scope == .admin)
        var framing = Self.framing()
        let actions = framing.received(
            Self.request("/ws", fields: Self.upgrade + [("Sec-WebSocket-Protocol", "mhub, mhub.bearer.wrong")]))
        guard case .write(let bytes)? = actions.first else {
            Issue.record("\(actions)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 401 "))
    }
}
