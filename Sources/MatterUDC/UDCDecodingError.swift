import MatterMessage

/// Why a datagram on the UDC port is not an IdentificationDeclaration mhub accepts.
public enum UDCDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message or protocol header does not decode, or says the message is encrypted.
    case message(MessageDecodingError)
    /// Another protocol or opcode than UserDirectedCommissioning / IdentificationDeclaration.
    case notIdentificationDeclaration(protocolID: ProtocolID, opcode: UInt8)
    /// The payload is larger than CHIP's `kUdcTLVDataMaxBytes` (500).
    case payloadTooLong(Int)
    /// The fixed instance-name block holds no name, or bytes other than printable ASCII.
    case badInstanceName
    /// The data after the instance-name block is not one anonymous TLV structure.
    case notTLVStructure
    /// A field has the wrong TLV type, or a value out of its range or too long.
    case badField(tag: UInt8, name: String)

    public var description: String {
        switch self {
        case .message(let error): "not a plain Matter message: \(error)"
        case .notIdentificationDeclaration(let protocolID, let opcode):
            "protocol \(protocolID) opcode 0x\(String(opcode, radix: 16)) is not an IdentificationDeclaration"
        case .payloadTooLong(let length): "a \(length)-byte payload is longer than 500 bytes"
        case .badInstanceName: "the instance name is empty or not printable ASCII"
        case .notTLVStructure: "the data after the instance name is not an anonymous TLV structure"
        case .badField(let tag, let name): "field \(name) (tag \(tag)) has the wrong type or an out-of-range value"
        }
    }
}
