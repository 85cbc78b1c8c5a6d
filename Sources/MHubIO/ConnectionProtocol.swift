import Foundation
import MHubCore
import MHubHub
import MHubProtocol
import MHubWebSocket

/// What a connection's framing asks of the connection after bytes arrive.
enum FramingAction: Equatable {
    /// A complete request message (UTF-8 JSON text).
    case message([UInt8])
    /// A message over the size limit: answer MessageTooLarge.
    case oversized
    /// Bytes to write as they are (handshake responses, pongs, close frames).
    case write([UInt8])
    /// The WebSocket handshake is valid and authenticates this client: write its `response` if the connection
    /// admits it, or refuse it.
    case handshakeAccepted(WebSocketClient)
    /// Close after writing what is queued.
    case close(reason: String)
}

/// A client the WebSocket handshake authenticated, and the 101 response that lets it in.
struct WebSocketClient: Equatable {
    var principal: Principal
    var scope: Scope
    /// The token it presented, if any: a reload that revokes the token closes the connection.
    var token: String?
    var response: [UInt8]
}

/// How messages are cut from, and put into, a connection's byte stream.
protocol Framing {
    mutating func received(_ bytes: [UInt8]) -> [FramingAction]
    /// One outgoing JSON message framed for the wire.
    func frame(_ text: String) -> [UInt8]
    /// The bytes that say goodbye (a WebSocket close frame), if any.
    func goodbye(code: UInt16, reason: String) -> [UInt8]
    /// The bytes that refuse a connection: an HTTP error before the WebSocket handshake's response went out, a
    /// close frame after it, or a JSON error line.
    func refusal(_ refusal: ConnectionRefusal, handshakeAnswered: Bool) -> [UInt8]
}

/// The Unix socket's framing: one JSON object per line.
struct LineFraming: Framing {
    private var splitter: LineSplitter

    init(maximumBytes: Int) {
        splitter = LineSplitter(maximumBytes: maximumBytes)
    }

    mutating func received(_ bytes: [UInt8]) -> [FramingAction] {
        splitter.append(bytes).map { item in
            switch item {
            case .line(let line): .message(line)
            case .oversized: .oversized
            }
        }
    }

    func frame(_ text: String) -> [UInt8] {
        Array(text.utf8) + [UInt8(ascii: "\n")]
    }

    func goodbye(code: UInt16, reason: String) -> [UInt8] { [] }

    func refusal(_ refusal: ConnectionRefusal, handshakeAnswered: Bool) -> [UInt8] {
        let error = HubError(refusal.errorCode, refusal.details)
        return frame(
            JSONWriter.compact(
                ControlMessages.encode(HubReply(connectionID: 0, messageID: .null, result: .failure(error)))))
    }
}

/// TCP: an HTTP upgrade to WebSocket at `/ws` (RFC 6455), then one JSON message per text frame.
struct WebSocketFraming: Framing {
    /// Who may connect: tokens by value, the scope of loopback clients without one, and the web origins whose
    /// pages may connect.
    struct Access {
        var tokens: [String: (Principal, Scope)]
        /// `nil` when a token is required.
        var anonymousScope: Scope?
        /// Origins allowed beside the hub's own (`control.allowed_origins`).
        var allowedOrigins: Set<WebOrigin> = []
        /// Whether the listener's own address is a loopback address.
        var isLoopback = false
    }

    private enum State {
        case handshake(HTTPHeadParser)
        case open(WebSocketFrameDecoder)
        case closed
    }

    private var state: State
    private let access: Access
    private let maximumBytes: Int

    init(maximumBytes: Int, access: Access) {
        self.maximumBytes = maximumBytes
        self.access = access
        state = .handshake(HTTPHeadParser(maximumBytes: 16 * 1024))
    }

    mutating func received(_ bytes: [UInt8]) -> [FramingAction] {
        switch state {
        case .handshake(var parser):
            parser.append(bytes)
            let head: HTTPRequestHead?
            do {
                head = try parser.nextRequest()
            } catch {
                state = .closed
                return [.write(httpError(400, "\(error)")), .close(reason: "bad HTTP request: \(error)")]
            }
            guard let head else {
                state = .handshake(parser)
                return []
            }
            let remainder = parser.takeRemainder()
            return handshake(head, remainder: remainder)
        case .open(var decoder):
            decoder.append(bytes)
            var actions: [FramingAction] = []
            while true {
                do {
                    guard let message = try decoder.nextMessage() else { break }
                    switch message {
                    case .text(let text): actions.append(.message(Array(text.utf8)))
                    case .binary(let data): actions.append(.message(data))
                    case .ping(let data):
                        actions.append(.write(WebSocketFrameEncoder.encode(.pong(data), role: .server)))
                    case .pong: break
                    case .close(let code, _):
                        let reply = WebSocketFrameEncoder.encode(.close(code: code ?? 1000, reason: ""), role: .server)
                        state = .closed
                        return actions + [.write(reply), .close(reason: "client closed the WebSocket")]
                    }
                } catch {
                    state = .closed
                    if error.closeCode == 1009 {
                        actions.append(.oversized)
                    }
                    let close = WebSocketFrameEncoder.encode(
                        .close(code: error.closeCode, reason: String(error.message.prefix(100))), role: .server)
                    return actions + [.write(close), .close(reason: "WebSocket protocol error: \(error.message)")]
                }
            }
            state = .open(decoder)
            return actions
        case .closed:
            return []
        }
    }

    private mutating func handshake(_ head: HTTPRequestHead, remainder: [UInt8]) -> [FramingAction] {
        if let refusal = originRefusal(head) {
            state = .closed
            return [.write(httpError(403, refusal)), .close(reason: "WebSocket handshake refused: \(refusal)")]
        }
        let principal: Principal
        let scope: Scope
        let token = Self.token(in: head)
        if let token {
            guard let entry = access.tokens[token] else {
                state = .closed
                return [.write(httpError(401, "unknown token")), .close(reason: "unknown token")]
            }
            (principal, scope) = entry
        } else if let anonymous = access.anonymousScope {
            principal = Principal("loopback")
            scope = anonymous
        } else {
            state = .closed
            return [.write(httpError(401, "a token is required")), .close(reason: "no token")]
        }
        switch WebSocketHandshake.serverResponse(to: head, path: "/ws") {
        case .accept(let response):
            state = .open(WebSocketFrameDecoder(role: .server, maximumMessageSize: maximumBytes))
            let client = WebSocketClient(principal: principal, scope: scope, token: token, response: response)
            var actions: [FramingAction] = [.handshakeAccepted(client)]
            if !remainder.isEmpty {
                actions += received(remainder)
            }
            return actions
        case .reject(let response, let reason):
            state = .closed
            return [.write(response), .close(reason: "WebSocket handshake refused: \(reason)")]
        }
    }

    /// Why a browser page's handshake is refused, if it is (RFC 6455 section 10.2: the server decides by `Origin`).
    ///
    /// Clients that are not browsers send no `Origin` and pass. A page passes if its origin is in
    /// `allowedOrigins`, or if it was loaded from this very listener: its origin's host and port are the
    /// request's `Host`, and that host is `localhost` or an IP literal, so a page of another site cannot pass by
    /// rebinding its own domain name to 127.0.0.1 (DNS rebinding).
    func originRefusal(_ head: HTTPRequestHead) -> String? {
        let values = head.headerValues("Origin")
        guard !values.isEmpty else { return nil }
        guard values.count == 1, let origin = WebOrigin(values[0]) else {
            return "the Origin header is not one web origin"
        }
        if access.allowedOrigins.contains(origin) { return nil }
        if let host = head.header("Host"), origin.isSameHost(asHostHeader: host), origin.hostIsLiteralOrLocalhost,
            ["http", "https"].contains(origin.scheme)
        {
            return nil
        }
        return "pages from \(origin) may not use the control protocol (control.allowed_origins)"
    }

    /// A bearer token from `Authorization: Bearer …` or the `token` query parameter.
    static func token(in head: HTTPRequestHead) -> String? {
        if let authorization = head.header("Authorization"), authorization.lowercased().hasPrefix("bearer ") {
            return String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        guard let query = head.target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == "token" {
                return String(parts[1]).removingPercentEncoding ?? String(parts[1])
            }
        }
        return nil
    }

    private func httpError(_ status: Int, _ reason: String, extraHeaders: String = "") -> [UInt8] {
        let phrase =
            [
                400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 408: "Request Timeout",
                429: "Too Many Requests", 503: "Service Unavailable",
            ][status] ?? "Error"
        let body = reason + "\n"
        return Array(
            ("HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
                + extraHeaders + "Connection: close\r\n\r\n" + body).utf8)
    }

    func refusal(_ refusal: ConnectionRefusal, handshakeAnswered: Bool) -> [UInt8] {
        guard handshakeAnswered else {
            let retry = refusal.retryAfterSeconds.map { "Retry-After: \($0)\r\n" } ?? ""
            return httpError(refusal.httpStatus, refusal.details, extraHeaders: retry)
        }
        return goodbye(code: refusal.closeCode, reason: String(refusal.details.prefix(120)))
    }

    func frame(_ text: String) -> [UInt8] {
        WebSocketFrameEncoder.encode(.text(text), role: .server)
    }

    func goodbye(code: UInt16, reason: String) -> [UInt8] {
        WebSocketFrameEncoder.encode(.close(code: code, reason: reason), role: .server)
    }
}
