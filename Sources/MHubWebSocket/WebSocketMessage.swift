/// One complete WebSocket message: a reassembled data message or a single control frame (RFC 6455 §5.4–§5.6).
public enum WebSocketMessage: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
    /// A ping; RFC 6455 §5.5.2 asks the receiver to answer with a pong carrying the same payload.
    case ping([UInt8])
    case pong([UInt8])
    /// A close frame; `code` is nil when the frame had no body (RFC 6455 §5.5.1), and then `reason` is empty.
    case close(code: UInt16?, reason: String)
}
