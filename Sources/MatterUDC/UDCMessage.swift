import MatterMessage

/// User Directed Commissioning messages on the wire (Matter reference E; CHIP
/// `UserDirectedCommissioningServer.cpp` `OnMessageReceived`, `EncodeUDCMessage`).
///
/// A plain (unsecured) Matter message: session 0, unicast, protocol UserDirectedCommissioning (0x0003),
/// opcode IdentificationDeclaration (0x00), I flag set, R flag clear. There is no acknowledgement and
/// no answer: a commissionee repeats the message 5 times, 100 ms apart.
public enum UDCMessage {
    /// The IdentificationDeclaration opcode (CHIP `MsgType::IdentificationDeclaration`).
    public static let identificationDeclarationOpcode: UInt8 = 0x00

    /// Reads a datagram received on the UDC port. An encrypted header, another protocol or opcode, or a
    /// malformed payload is an error; CHIP ignores such messages.
    public static func identificationDeclaration(from datagram: [UInt8]) throws(UDCDecodingError)
        -> IdentificationDeclaration
    {
        let message: Message
        do {
            message = try Message.decodeUnsecured(datagram)
        } catch {
            throw .message(error)
        }
        let header = message.protocolHeader
        guard header.protocolID == .userDirectedCommissioning, header.opcode == identificationDeclarationOpcode
        else {
            throw .notIdentificationDeclaration(protocolID: header.protocolID, opcode: header.opcode)
        }
        return try IdentificationDeclaration(payload: message.payload)
    }

    /// The datagram a commissionee sends: the header CHIP's `EncodeUDCMessage` writes (no node IDs) and
    /// the declaration's payload.
    public static func datagram(
        _ declaration: IdentificationDeclaration, messageCounter: UInt32 = 0, exchangeID: UInt16 = 0
    ) -> [UInt8] {
        let message = Message(
            header: MessageHeader(messageCounter: messageCounter),
            protocolHeader: ProtocolHeader(
                isInitiator: true, needsAcknowledgement: false, opcode: identificationDeclarationOpcode,
                exchangeID: exchangeID, protocolID: .userDirectedCommissioning),
            payload: declaration.encodedPayload())
        return message.encodedUnsecured()
    }
}
