import MHubDaemonRules
import MHubHub
import MHubProtocol

/// What a connection's framing asks of the connection after bytes arrive.
package enum FramingAction: Equatable {
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
package struct WebSocketClient: Equatable {
    var principal: Principal
    var scope: Scope
    /// The token it presented, if any: a reload that revokes the token closes the connection.
    var token: String?
    var response: [UInt8]
}

/// How messages are cut from, and put into, a connection's byte stream.
package protocol Framing {
    mutating func received(_ bytes: [UInt8]) -> [FramingAction]
    /// One outgoing JSON message (its UTF-8 text) framed for the wire.
    func frame(_ json: [UInt8]) -> [UInt8]
    /// The bytes that say goodbye (a WebSocket close frame), if any.
    func goodbye(code: UInt16, reason: String) -> [UInt8]
    /// The bytes that refuse a connection: an HTTP error before the WebSocket handshake's response went out, a
    /// close frame after it, or a JSON error line.
    func refusal(_ refusal: ConnectionRefusal, handshakeAnswered: Bool) -> [UInt8]
}
