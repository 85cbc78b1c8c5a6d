import Foundation
import MHubConfiguration
import MHubDaemonRules
import MHubDashboard
import MHubHub
import MHubProtocol
import MHubQRCode
import MHubWebSocket

/// TCP: an HTTP upgrade to WebSocket at `/ws` (RFC 6455), then one JSON message per text frame; any other path is a
/// request for the dashboard page, answered by the `DashboardRouter` and closed (docs/dashboard.md).
package struct WebSocketFraming: Framing {
    /// Who may connect: tokens by value, the scope of loopback clients without one, and the web origins whose
    /// pages may connect.
    package struct Access {
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

    /// The subprotocol the hub speaks over `/ws` (docs/protocol.md §1): offered by browsers, which must offer one to
    /// send a token in `Sec-WebSocket-Protocol`, and selected in the 101.
    static let subprotocol = "mhub"

    private var state: State
    let access: Access
    private let maximumBytes: Int
    private let dashboard: DashboardRouter

    package init(maximumBytes: Int, access: Access, dashboard: DashboardRouter = Self.dashboard) {
        self.maximumBytes = maximumBytes
        self.access = access
        self.dashboard = dashboard
        state = .handshake(HTTPHeadParser(maximumBytes: 16 * 1024))
    }

    /// The page's router, drawing QR codes with libqrencode.
    static let dashboard = DashboardRouter { text in QRCodeMatrix.encode(text).map(QRCodeSVGRenderer.render) }

    package mutating func received(_ bytes: [UInt8]) -> [FramingAction] {
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
        switch dashboard.route(head) {
        case .respond(let response):
            state = .closed
            // The path only: a query may carry a payload or a token, and close reasons are logged.
            return [
                .write(response.serialized), .close(reason: "HTTP \(head.method) \(head.path): \(response.status)"),
            ]
        case .webSocket: break
        }
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
        switch WebSocketHandshake.serverResponse(
            to: head, path: DashboardRouter.webSocketPath, subprotocols: [Self.subprotocol])
        {
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

    package func refusal(_ refusal: ConnectionRefusal, handshakeAnswered: Bool) -> [UInt8] {
        guard handshakeAnswered else {
            let retry = refusal.retryAfterSeconds.map { "Retry-After: \($0)\r\n" } ?? ""
            return httpError(refusal.httpStatus, refusal.details, extraHeaders: retry)
        }
        return goodbye(code: refusal.closeCode, reason: String(refusal.details.prefix(120)))
    }

    /// A text frame: `json` is UTF-8, as RFC 6455 §5.6 asks of a text frame's payload.
    package func frame(_ json: [UInt8]) -> [UInt8] {
        WebSocketFrameEncoder.encodeFrame(opcode: .text, payload: json, role: .server)
    }

    package func goodbye(code: UInt16, reason: String) -> [UInt8] {
        WebSocketFrameEncoder.encode(.close(code: code, reason: reason), role: .server)
    }
}
