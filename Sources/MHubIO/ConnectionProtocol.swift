import Foundation
import MHubCore
import MHubHub
import MHubWebSocket

/// What a connection's framing asks of the connection after bytes arrive.
enum FramingAction: Equatable {
    /// A complete request message (UTF-8 JSON text).
    case message([UInt8])
    /// A message over the size limit: answer MessageTooLarge.
    case oversized
    /// Bytes to write as they are (handshake responses, pongs, close frames).
    case write([UInt8])
    /// The WebSocket handshake succeeded as this principal with this scope.
    case authenticated(Principal, Scope)
    /// Close after writing what is queued.
    case close(reason: String)
}

/// How messages are cut from, and put into, a connection's byte stream.
protocol Framing {
    mutating func received(_ bytes: [UInt8]) -> [FramingAction]
    /// One outgoing JSON message framed for the wire.
    func frame(_ text: String) -> [UInt8]
    /// The bytes that say goodbye (a WebSocket close frame), if any.
    func goodbye(code: UInt16, reason: String) -> [UInt8]
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
}

/// TCP: an HTTP upgrade to WebSocket at `/ws` (RFC 6455), then one JSON message per text frame.
struct WebSocketFraming: Framing {
    /// Who may connect: tokens by value, and the scope of loopback clients without one.
    struct Access {
        var tokens: [String: (Principal, Scope)]
        /// `nil` when a token is required.
        var anonymousScope: Scope?
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
        let principal: Principal
        let scope: Scope
        if let token = Self.token(in: head) {
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
            var actions: [FramingAction] = [.write(response), .authenticated(principal, scope)]
            if !remainder.isEmpty {
                actions += received(remainder)
            }
            return actions
        case .reject(let response, let reason):
            state = .closed
            return [.write(response), .close(reason: "WebSocket handshake refused: \(reason)")]
        }
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

    private func httpError(_ status: Int, _ reason: String) -> [UInt8] {
        let phrase = [400: "Bad Request", 401: "Unauthorized"][status] ?? "Error"
        let body = reason + "\n"
        return Array(
            ("HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n" + body).utf8)
    }

    func frame(_ text: String) -> [UInt8] {
        WebSocketFrameEncoder.encode(.text(text), role: .server)
    }

    func goodbye(code: UInt16, reason: String) -> [UInt8] {
        WebSocketFrameEncoder.encode(.close(code: code, reason: reason), role: .server)
    }
}
