/// The protocol (payload) header that starts the possibly encrypted part of a Matter message.
///
/// Matter reference D (CHIP `MessageHeader.cpp` `PayloadHeader::Encode`/`Decode`): Exchange Flags (1) ‖
/// Opcode (1) ‖ Exchange ID (2) ‖ [Protocol Vendor ID (2), if V] ‖ Protocol ID (2) ‖
/// [Acknowledged Message Counter (4), if A] ‖ [Secured Extensions: length (2) + bytes, if SX].
/// Exchange flags: I 0x01, A 0x02, R 0x04, SX 0x08, V 0x10; A, SX and V follow from the optional fields.
public struct ProtocolHeader: Hashable, Sendable {
    /// I flag: sent by the exchange's initiator.
    public var isInitiator: Bool
    /// R flag: the sender wants an acknowledgement (MRP).
    public var needsAcknowledgement: Bool
    public var opcode: UInt8
    public var exchangeID: UInt16
    /// The vendor ID is written (V flag) only when it is not 0, as CHIP does (`PayloadHeader::HaveVendorId`).
    public var protocolID: ProtocolID
    /// A flag: the counter of the message this one acknowledges (a piggybacked or standalone ack).
    public var acknowledgedMessageCounter: UInt32?
    /// SX flag: the secured extensions block. CHIP skips it when reading.
    public var securedExtensions: [UInt8]?

    public init(
        isInitiator: Bool, needsAcknowledgement: Bool, opcode: UInt8, exchangeID: UInt16, protocolID: ProtocolID,
        acknowledgedMessageCounter: UInt32? = nil, securedExtensions: [UInt8]? = nil
    ) {
        self.isInitiator = isInitiator
        self.needsAcknowledgement = needsAcknowledgement
        self.opcode = opcode
        self.exchangeID = exchangeID
        self.protocolID = protocolID
        self.acknowledgedMessageCounter = acknowledgedMessageCounter
        self.securedExtensions = securedExtensions
    }

    /// The header of a standalone acknowledgement: Secure Channel opcode 0x10, A flag, R flag clear, sent
    /// with an empty payload on the exchange it acknowledges (Matter reference D, "MRP").
    public static func standaloneAck(
        exchangeID: UInt16, isInitiator: Bool, acknowledging counter: UInt32
    ) -> ProtocolHeader {
        ProtocolHeader(
            isInitiator: isInitiator, needsAcknowledgement: false, opcode: SecureChannelOpcode.standaloneAck.rawValue,
            exchangeID: exchangeID, protocolID: .secureChannel, acknowledgedMessageCounter: counter)
    }

    public var exchangeFlags: UInt8 {
        var flags: UInt8 = 0
        if isInitiator { flags |= 0x01 }
        if acknowledgedMessageCounter != nil { flags |= 0x02 }
        if needsAcknowledgement { flags |= 0x04 }
        if securedExtensions != nil { flags |= 0x08 }
        if protocolID.vendorID != 0 { flags |= 0x10 }
        return flags
    }

    /// - Precondition: `securedExtensions`, if present, is at most 65535 bytes long.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = [exchangeFlags, opcode]
        bytes.appendLittleEndian(exchangeID)
        if protocolID.vendorID != 0 { bytes.appendLittleEndian(protocolID.vendorID) }
        bytes.appendLittleEndian(protocolID.protocolNumber)
        if let acknowledgedMessageCounter { bytes.appendLittleEndian(acknowledgedMessageCounter) }
        if let securedExtensions {
            precondition(securedExtensions.count <= Int(UInt16.max), "secured extensions longer than 65535 bytes")
            bytes.appendLittleEndian(UInt16(securedExtensions.count))
            bytes += securedExtensions
        }
        return bytes
    }

    /// Reads a protocol header from the start of `bytes`; returns it and how many bytes it took.
    public static func decode(_ bytes: [UInt8]) throws(MessageDecodingError) -> (header: ProtocolHeader, length: Int) {
        var reader = ByteReader(bytes)
        let flags = try reader.readUInt8("exchange flags")
        let opcode = try reader.readUInt8("protocol opcode")
        let exchangeID = try reader.readUInt16("exchange ID")
        let vendorID = flags & 0x10 != 0 ? try reader.readUInt16("protocol vendor ID") : 0
        let protocolNumber = try reader.readUInt16("protocol ID")
        let ack = flags & 0x02 != 0 ? try reader.readUInt32("acknowledged message counter") : nil
        var extensions: [UInt8]?
        if flags & 0x08 != 0 {
            let length = try reader.readUInt16("secured extensions length")
            extensions = try reader.readBytes(Int(length), "secured extensions")
        }
        let header = ProtocolHeader(
            isInitiator: flags & 0x01 != 0, needsAcknowledgement: flags & 0x04 != 0, opcode: opcode,
            exchangeID: exchangeID, protocolID: ProtocolID(vendorID: vendorID, protocolNumber: protocolNumber),
            acknowledgedMessageCounter: ack, securedExtensions: extensions)
        return (header, reader.offset)
    }
}
