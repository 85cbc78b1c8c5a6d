/// Why a peer's frames are unacceptable, with the close code to fail the connection with (RFC 6455 §7.1.7).
public struct WebSocketProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1002 for a protocol violation, 1007 for invalid data such as bad UTF-8, 1009 for a message too big.
    public var closeCode: UInt16
    /// What the peer did wrong, for logs and the close frame's reason.
    public var message: String

    public var description: String {
        "WebSocket error \(closeCode): \(message)"
    }

    static func protocolError(_ message: String) -> Self {
        Self(closeCode: WebSocketCloseCode.protocolError.rawValue, message: message)
    }

    static func invalidPayload(_ message: String) -> Self {
        Self(closeCode: WebSocketCloseCode.invalidPayload.rawValue, message: message)
    }

    static func messageTooBig(_ message: String) -> Self {
        Self(closeCode: WebSocketCloseCode.messageTooBig.rawValue, message: message)
    }
}
