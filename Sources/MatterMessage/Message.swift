/// A whole Matter message: header, protocol header and application payload.
///
/// Unsecured messages (session 0, unicast: PASE, UDC) are encoded as they are; secure ones go through
/// `SecureMessageCodec`.
public struct Message: Hashable, Sendable {
    /// The largest UDP datagram Matter sends or accepts (IPv6 minimum MTU; CHIP `kMaxIPPacketSizeBytes`).
    public static let maximumUDPLength = 1280
    /// The largest application payload (CHIP `MessageHeader.h` `kMaxAppMessageLen`).
    public static let maximumApplicationPayloadLength = 1200

    public var header: MessageHeader
    public var protocolHeader: ProtocolHeader
    public var payload: [UInt8]

    public init(header: MessageHeader, protocolHeader: ProtocolHeader, payload: [UInt8]) {
        self.header = header
        self.protocolHeader = protocolHeader
        self.payload = payload
    }

    /// The bytes of an unsecured message.
    public func encodedUnsecured() -> [UInt8] {
        header.encoded() + protocolHeader.encoded() + payload
    }

    /// Reads an unsecured message; an encrypted one (by its header) is refused.
    public static func decodeUnsecured(
        _ bytes: [UInt8], maximumLength: Int = maximumUDPLength
    ) throws(MessageDecodingError) -> Message {
        guard bytes.count <= maximumLength else { throw .tooLong(length: bytes.count, maximum: maximumLength) }
        let (header, headerLength) = try MessageHeader.decode(bytes)
        guard !header.isEncrypted else { throw .unexpectedEncryption(encrypted: true) }
        let rest = Array(bytes[headerLength...])
        let (protocolHeader, protocolLength) = try ProtocolHeader.decode(rest)
        return Message(header: header, protocolHeader: protocolHeader, payload: Array(rest[protocolLength...]))
    }
}
