import MHubJSON
import Testing

@testable import MHubWebSocket

/// The client handshake of RFC 6455 §1.3.
private let sampleHeaders: [(name: String, value: String)] = [
    ("Host", "server.example.com"), ("Upgrade", "websocket"), ("Connection", "Upgrade"),
    ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Origin", "http://example.com"),
    ("Sec-WebSocket-Protocol", "chat, superchat"), ("Sec-WebSocket-Version", "13"),
]

private func handshakeRequest(
    method: String = "GET", target: String = "/chat", version: String = "HTTP/1.1",
    replacing name: String? = nil, with value: String? = nil
) -> HTTPRequestHead {
    var headers = sampleHeaders.filter { $0.name != name }
    if let name, let value { headers.append((name, value)) }
    return HTTPRequestHead(method: method, target: target, version: version, headers: headers)
}

@Suite struct WebSocketHandshakeTests {
    /// The parsed head and body of a rejection, checking it is a complete response that closes the connection.
    func rejection(_ outcome: WebSocketHandshakeOutcome) throws -> (
        head: HTTPResponseHead, body: String, reason: String
    ) {
        guard case .reject(let response, let reason) = outcome else {
            Issue.record("expected a rejection, got \(outcome)")
            throw HTTPHeadError.unexpectedStatus(101, reason: "accepted")
        }
        var parser = HTTPHeadParser()
        parser.append(response)
        let head = try #require(try parser.nextResponse())
        let body = parser.takeRemainder()
        #expect(head.header("Content-Type") == "text/plain")
        #expect(head.header("Content-Length") == String(body.count))
        #expect(head.header("Connection") == "close")
        #expect(body.last == UInt8(ascii: "\n"))
        #expect(body.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") })
        return (head, String(decoding: body, as: UTF8.self), reason)
    }

    @Test func acceptValueMatchesRFC6455() {
        #expect(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func acceptsTheRFC6455SampleHandshake() {
        let expected =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
        #expect(
            WebSocketHandshake.serverResponse(to: handshakeRequest(), path: "/chat")
                == .accept(response: Array(expected.utf8)))
    }

    /// RFC 6455 §4.2.2 item 5.5: the server names one of the client's subprotocols, its own first choice.
    @Test func selectsTheServersFirstSubprotocolThatTheClientOffers() throws {
        func selected(_ offered: String?, server: [String]) throws -> String? {
            let request = handshakeRequest(replacing: "Sec-WebSocket-Protocol", with: offered)
            guard
                case .accept(let response) = WebSocketHandshake.serverResponse(
                    to: request, path: "/chat", subprotocols: server)
            else {
                Issue.record("refused")
                return nil
            }
            var parser = HTTPHeadParser()
            parser.append(response)
            let head = try #require(try parser.nextResponse())
            #expect(head.headerValues("Sec-WebSocket-Protocol").count <= 1)
            return head.header("Sec-WebSocket-Protocol")
        }
        #expect(try selected("chat, superchat", server: ["superchat", "chat"]) == "superchat")
        #expect(try selected("chat, superchat", server: ["chat"]) == "chat")
        #expect(try selected("mhub, mhub.bearer.0123abcd", server: ["mhub"]) == "mhub")
        // Never an element the server does not speak (a token, say), and nothing when none match.
        #expect(try selected("mhub.bearer.0123abcd", server: ["mhub"]) == nil)
        #expect(try selected("Chat", server: ["chat"]) == nil)
        #expect(try selected(nil, server: ["chat"]) == nil)
        #expect(try selected("chat", server: []) == nil)
    }

    @Test(arguments: [
        handshakeRequest(target: "/chat?token=abc"), handshakeRequest(target: "http://server.example.com/chat?x"),
        handshakeRequest(version: "HTTP/2.0"), handshakeRequest(replacing: "Upgrade", with: "foo/2, WebSocket"),
        handshakeRequest(replacing: "Connection", with: "keep-alive, upgrade"),
    ])
    func acceptsEquivalentSpellings(request: HTTPRequestHead) {
        guard case .accept = WebSocketHandshake.serverResponse(to: request, path: "/chat") else {
            Issue.record("rejected \(request.target) \(request.headers)")
            return
        }
    }

    @Test func acceptsUpgradeAndConnectionSpreadOverRepeatedHeaders() {
        var request = handshakeRequest(replacing: "Connection", with: "keep-alive")
        request.headers.append(("Connection", "Upgrade"))
        guard case .accept = WebSocketHandshake.serverResponse(to: request, path: "/chat") else {
            Issue.record("rejected a Connection list split over two headers")
            return
        }
    }

    @Test func rejectsOtherMethodsWith405() throws {
        let (head, body, reason) = try rejection(
            WebSocketHandshake.serverResponse(to: handshakeRequest(method: "POST"), path: "/chat"))
        #expect(head.status == 405)
        #expect(head.header("Allow") == "GET")
        #expect(body == reason + "\n")
        #expect(reason.contains("POST"))
    }

    @Test func rejectsOtherPathsWith404() throws {
        let (head, body, _) = try rejection(
            WebSocketHandshake.serverResponse(to: handshakeRequest(target: "/chatty"), path: "/chat"))
        #expect(head.status == 404)
        #expect(body == "no WebSocket endpoint at /chatty\n")
    }

    @Test func rejectsHTTP10With505() throws {
        let outcome = WebSocketHandshake.serverResponse(to: handshakeRequest(version: "HTTP/1.0"), path: "/chat")
        #expect(try rejection(outcome).head.status == 505)
    }

    @Test(arguments: [
        ("Sec-WebSocket-Version", "8"), ("Sec-WebSocket-Version", nil), ("Sec-WebSocket-Version", "13, 8"),
    ])
    func rejectsOtherVersionsWith426(name: String, value: String?) throws {
        let outcome = WebSocketHandshake.serverResponse(
            to: handshakeRequest(replacing: name, with: value), path: "/chat")
        let head = try rejection(outcome).head
        #expect(head.status == 426)
        #expect(head.reason == "Upgrade Required")
        #expect(head.header("Sec-WebSocket-Version") == "13")
    }

    @Test(arguments: [
        ("Sec-WebSocket-Key", nil), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25j"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZSE="),
        ("Sec-WebSocket-Key", "not base64 at all!!!"), ("Upgrade", nil), ("Upgrade", "h2c"), ("Connection", nil),
        ("Connection", "keep-alive"), ("Connection", "upgraded"), ("Host", nil),
    ])
    func rejectsBadHandshakesWith400(name: String, value: String?) throws {
        let outcome = WebSocketHandshake.serverResponse(
            to: handshakeRequest(replacing: name, with: value), path: "/chat")
        let (head, _, reason) = try rejection(outcome)
        #expect(head.status == 400)
        #expect(reason.contains(name))
    }

    @Test func rejectsARepeatedKey() throws {
        var request = handshakeRequest()
        request.headers.append(("Sec-WebSocket-Key", "AAAAAAAAAAAAAAAAAAAAAA=="))
        #expect(try rejection(WebSocketHandshake.serverResponse(to: request, path: "/chat")).head.status == 400)
    }

    @Test func clientAndServerCompleteAHandshake() throws {
        var generator = SeededGenerator(seed: 6455)
        let key = WebSocketHandshake.randomKey(using: &generator)
        #expect(Base64.decode(key)?.count == 16)
        let bytes = WebSocketHandshake.clientRequest(
            host: "localhost:8080", path: "/control", key: key, headers: [("Origin", "http://localhost")])

        var server = HTTPHeadParser()
        server.append(bytes)
        let request = try #require(try server.nextRequest())
        #expect(request.header("Origin") == "http://localhost")
        #expect(request.header("Host") == "localhost:8080")
        guard case .accept(let response) = WebSocketHandshake.serverResponse(to: request, path: "/control") else {
            Issue.record("the server rejected the client's request")
            return
        }

        var client = HTTPHeadParser()
        client.append(response)
        let head = try #require(try client.nextResponse())
        try WebSocketHandshake.validateServerResponse(head, key: key)

        let otherKey = WebSocketHandshake.randomKey(using: &generator)
        #expect(otherKey != key)
        #expect(
            throws: HTTPHeadError.invalidAccept(
                expected: WebSocketHandshake.acceptValue(forKey: otherKey),
                received: head.header("Sec-WebSocket-Accept"))
        ) { try WebSocketHandshake.validateServerResponse(head, key: otherKey) }
    }

    @Test func randomKeysFollowTheGenerator() {
        var first = SeededGenerator(seed: 1)
        var second = SeededGenerator(seed: 1)
        let key = WebSocketHandshake.randomKey(using: &first)
        #expect(key == WebSocketHandshake.randomKey(using: &second))
        #expect(key != WebSocketHandshake.randomKey(using: &first))
        #expect(key.utf8.count == 24)
    }

    @Test func clientRequestHasTheRequiredFields() {
        let text = String(
            decoding: WebSocketHandshake.clientRequest(host: "h", path: "/p?q", key: "dGhlIHNhbXBsZSBub25jZQ=="),
            as: UTF8.self)
        #expect(
            text
                == "GET /p?q HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    }

    func validationError(_ response: HTTPResponseHead) -> HTTPHeadError? {
        do {
            try WebSocketHandshake.validateServerResponse(response, key: "dGhlIHNhbXBsZSBub25jZQ==")
            return nil
        } catch {
            return error
        }
    }

    @Test func validationRejectsIncompleteResponses() {
        let good: [(name: String, value: String)] = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"),
            ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="),
        ]
        let expected = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        #expect(validationError(HTTPResponseHead(status: 101, reason: "", headers: good)) == nil)
        #expect(
            validationError(HTTPResponseHead(status: 200, reason: "OK", headers: good))
                == .unexpectedStatus(200, reason: "OK"))
        #expect(
            validationError(HTTPResponseHead(status: 101, reason: "", headers: Array(good.dropFirst())))
                == .missingToken(header: "Upgrade", token: "websocket"))
        #expect(
            validationError(HTTPResponseHead(status: 101, reason: "", headers: [good[0], good[2]]))
                == .missingToken(header: "Connection", token: "upgrade"))
        #expect(
            validationError(HTTPResponseHead(status: 101, reason: "", headers: Array(good.prefix(2))))
                == .invalidAccept(expected: expected, received: nil))
        #expect(
            validationError(HTTPResponseHead(status: 101, reason: "", headers: good + [good[2]]))
                == .invalidAccept(expected: expected, received: nil))
        #expect(
            validationError(
                HTTPResponseHead(status: 101, reason: "", headers: good + [("Sec-WebSocket-Extensions", "deflate")]))
                == .unexpectedExtensions("deflate"))
    }
}
