/// The unencrypted header that starts every Matter message.
///
/// Matter reference D (CHIP `src/transport/raw/MessageHeader.cpp` `PacketHeader::Encode`/`Decode`):
/// Message Flags (1) ‖ Session ID (2) ‖ Security Flags (1) ‖ Message Counter (4) ‖ [Source Node ID (8)] ‖
/// [Destination Node ID (8) | Destination Group ID (2)] ‖ [Message Extensions: length (2) + bytes].
/// All integers are little-endian. The session ID comes before the security flags, as CHIP's code writes
/// it (the comment block in MessageHeader.cpp has them the other way round).
public struct MessageHeader: Hashable, Sendable {
    /// Fixed part: flags, session ID, security flags, counter.
    public static let fixedLength = 8

    public var sessionID: UInt16
    public var sessionType: SessionType
    /// P flag: the header is obfuscated with privacy keys (not supported when opening messages).
    public var isPrivacyEnhanced: Bool
    /// C flag: a control message (message counter synchronisation).
    public var isControlMessage: Bool
    public var messageCounter: UInt32
    public var sourceNodeID: UInt64?
    public var destination: MessageDestination?
    /// The message extensions block, if the MX flag is set. CHIP skips it when reading.
    public var messageExtensions: [UInt8]?

    public init(
        sessionID: UInt16 = 0, sessionType: SessionType = .unicast, isPrivacyEnhanced: Bool = false,
        isControlMessage: Bool = false, messageCounter: UInt32, sourceNodeID: UInt64? = nil,
        destination: MessageDestination? = nil, messageExtensions: [UInt8]? = nil
    ) {
        self.sessionID = sessionID
        self.sessionType = sessionType
        self.isPrivacyEnhanced = isPrivacyEnhanced
        self.isControlMessage = isControlMessage
        self.messageCounter = messageCounter
        self.sourceNodeID = sourceNodeID
        self.destination = destination
        self.messageExtensions = messageExtensions
    }

    /// Whether the rest of the message is encrypted: everything except unicast session 0
    /// (CHIP `PacketHeader::IsEncrypted`; Matter reference D, "MIC").
    public var isEncrypted: Bool {
        !(sessionID == 0 && sessionType == .unicast)
    }

    /// The security flags byte: P 0x80, C 0x40, MX 0x20, session type in bits 1..0.
    public var securityFlags: UInt8 {
        var flags = sessionType.rawValue
        if isPrivacyEnhanced { flags |= 0x80 }
        if isControlMessage { flags |= 0x40 }
        if messageExtensions != nil { flags |= 0x20 }
        return flags
    }

    /// The message flags byte: version 0 in bits 7..4, S 0x04, DSIZ in bits 1..0.
    var messageFlags: UInt8 {
        var flags: UInt8 = sourceNodeID == nil ? 0 : 0x04
        switch destination {
        case .none: break
        case .node: flags |= 0x01
        case .group: flags |= 0x02
        }
        return flags
    }

    /// The encoded header.
    ///
    /// - Precondition: `messageExtensions`, if present, is at most 65535 bytes long.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = [messageFlags]
        bytes.appendLittleEndian(sessionID)
        bytes.append(securityFlags)
        bytes.appendLittleEndian(messageCounter)
        if let sourceNodeID { bytes.appendLittleEndian(sourceNodeID) }
        switch destination {
        case .none: break
        case .node(let node): bytes.appendLittleEndian(node)
        case .group(let group): bytes.appendLittleEndian(group)
        }
        if let messageExtensions {
            precondition(messageExtensions.count <= Int(UInt16.max), "message extensions longer than 65535 bytes")
            bytes.appendLittleEndian(UInt16(messageExtensions.count))
            bytes += messageExtensions
        }
        return bytes
    }

    /// Reads a header from the start of `bytes`; returns it and how many bytes it took.
    public static func decode(_ bytes: [UInt8]) throws(MessageDecodingError) -> (header: MessageHeader, length: Int) {
        var reader = ByteReader(bytes)
        let flags = try reader.readUInt8("message flags")
        guard flags >> 4 == 0 else { throw .unsupportedVersion(flags >> 4) }
        let sessionID = try reader.readUInt16("session ID")
        let security = try reader.readUInt8("security flags")
        guard let sessionType = SessionType(rawValue: security & 0x03) else {
            throw .reservedSessionType(security & 0x03)
        }
        let counter = try reader.readUInt32("message counter")
        let source = flags & 0x04 != 0 ? try reader.readUInt64("source node ID") : nil
        let destination: MessageDestination?
        switch flags & 0x03 {
        case 0x01: destination = .node(try reader.readUInt64("destination node ID"))
        case 0x02:
            guard sessionType == .group else { throw .groupDestinationOnUnicastSession }
            destination = .group(try reader.readUInt16("destination group ID"))
        case 0x03: throw .reservedDestinationSize
        default: destination = nil
        }
        var extensions: [UInt8]?
        if security & 0x20 != 0 {
            let length = try reader.readUInt16("message extensions length")
            extensions = try reader.readBytes(Int(length), "message extensions")
        }
        let header = MessageHeader(
            sessionID: sessionID, sessionType: sessionType, isPrivacyEnhanced: security & 0x80 != 0,
            isControlMessage: security & 0x40 != 0, messageCounter: counter, sourceNodeID: source,
            destination: destination, messageExtensions: extensions)
        return (header, reader.offset)
    }
}
