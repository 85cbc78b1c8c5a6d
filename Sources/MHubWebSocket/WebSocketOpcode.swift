/// The opcodes RFC 6455 §5.2 defines; 3–7 and 11–15 are reserved and make a frame invalid.
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0
    case text = 1
    case binary = 2
    case close = 8
    case ping = 9
    case pong = 10

    /// Whether frames with this opcode are control frames: those with the high opcode bit set (RFC 6455 §5.5).
    var isControl: Bool {
        rawValue & 0x08 != 0
    }
}
