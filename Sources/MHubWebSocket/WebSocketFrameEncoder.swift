/// Encodes messages as frames (RFC 6455 §5.2).
///
/// Frames are masked exactly when the role is client (§5.1, §5.3). Callers supply the masking key because this
/// target has no randomness of its own; §5.3 wants it fresh and unpredictable for every frame, so take it from a
/// strong random source. A server ignores any key it is given.
public enum WebSocketFrameEncoder {
    /// `message` as one unfragmented frame with the shortest length encoding.
    ///
    /// Control frames carry at most 125 payload bytes (§5.5): a longer ping or pong payload is a programming error,
    /// and a close reason is cut at a character boundary to fit beside its code. A close frame without a code must
    /// have an empty reason, and a code must be one allowed on the wire (§7.4).
    public static func encode(_ message: WebSocketMessage, role: WebSocketRole, maskingKey: [UInt8]? = nil) -> [UInt8] {
        switch message {
        case .text(let text):
            return encodeFrame(opcode: .text, payload: Array(text.utf8), role: role, maskingKey: maskingKey)
        case .binary(let bytes):
            return encodeFrame(opcode: .binary, payload: bytes, role: role, maskingKey: maskingKey)
        case .ping(let bytes):
            precondition(bytes.count <= 125, "a ping payload is at most 125 bytes (RFC 6455 §5.5)")
            return encodeFrame(opcode: .ping, payload: bytes, role: role, maskingKey: maskingKey)
        case .pong(let bytes):
            precondition(bytes.count <= 125, "a pong payload is at most 125 bytes (RFC 6455 §5.5)")
            return encodeFrame(opcode: .pong, payload: bytes, role: role, maskingKey: maskingKey)
        case .close(let code, let reason):
            return encodeFrame(
                opcode: .close, payload: closePayload(code: code, reason: reason), role: role, maskingKey: maskingKey)
        }
    }

    /// One frame exactly as asked, for fragments and tests; nothing about opcode, FIN or payload is checked.
    ///
    /// A client must pass a 4-byte `maskingKey`.
    public static func encodeFrame(
        opcode: WebSocketOpcode, fin: Bool = true, payload: [UInt8], role: WebSocketRole, maskingKey: [UInt8]? = nil
    ) -> [UInt8] {
        var frame: [UInt8] = []
        frame.reserveCapacity(payload.count + 14)
        frame.append((fin ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8
        switch role {
        case .server: maskBit = 0
        case .client: maskBit = 0x80
        }
        // RFC 6455 §5.2: 7-bit length up to 125, else 126 and 16 bits, else 127 and 64 bits, all big-endian.
        switch payload.count {
        case 0...125:
            frame.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            frame.append(maskBit | 126)
            frame.append(contentsOf: bigEndianBytes(UInt64(payload.count), count: 2))
        default:
            frame.append(maskBit | 127)
            frame.append(contentsOf: bigEndianBytes(UInt64(payload.count), count: 8))
        }
        switch role {
        case .server:
            frame.append(contentsOf: payload)
        case .client:
            guard let key = maskingKey, key.count == 4 else {
                preconditionFailure("a client frame needs a 4-byte masking key (RFC 6455 §5.3)")
            }
            frame.append(contentsOf: key)
            for (index, byte) in payload.enumerated() {
                frame.append(byte ^ key[index & 3])
            }
        }
        return frame
    }

    /// A close frame's body: nothing, or the code big-endian followed by the UTF-8 reason (RFC 6455 §5.5.1).
    private static func closePayload(code: UInt16?, reason: String) -> [UInt8] {
        guard let code else {
            precondition(reason.isEmpty, "a close frame without a status code has no reason (RFC 6455 §5.5.1)")
            return []
        }
        precondition(
            WebSocketCloseCode(rawValue: code).isValidOnWire, "close code \(code) may not be sent (RFC 6455 §7.4)")
        var reasonBytes: [UInt8] = []
        for character in reason {
            let encoded = Array(String(character).utf8)
            guard reasonBytes.count + encoded.count <= 123 else { break }
            reasonBytes.append(contentsOf: encoded)
        }
        return bigEndianBytes(UInt64(code), count: 2) + reasonBytes
    }

    private static func bigEndianBytes(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
    }
}
