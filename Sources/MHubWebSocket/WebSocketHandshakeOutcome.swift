/// What a server should answer to an opening handshake.
public enum WebSocketHandshakeOutcome: Equatable, Sendable {
    /// Send `response` (101 Switching Protocols), then speak WebSocket frames.
    case accept(response: [UInt8])
    /// Send `response`, a complete error response with `Connection: close`, then close the connection;
    /// `reason` says what was wrong, for the log.
    case reject(response: [UInt8], reason: String)
}
