/// Which end of the connection a codec works for, which decides masking (RFC 6455 §5.1, §5.3).
///
/// Clients mask every frame they send and servers mask none; each side must fail the connection when the other
/// breaks this rule.
public enum WebSocketRole: Hashable, Sendable {
    case server
    case client
}
