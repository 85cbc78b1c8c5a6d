import MatterMessage
import MatterTLV

/// Why the payload of a PASE message is not the TLV structure Matter reference C.1 describes.
public enum PASEMessageError: Error, Hashable, Sendable, CustomStringConvertible {
    case notTLV(TLVDecodingError)
    /// The payload must be one anonymous TLV structure.
    case notAnonymousStructure
    case missingField(String)
    case wrongType(String)
    case wrongLength(field: String, expected: String, actual: Int)
    case valueOutOfRange(field: String, value: UInt64)
    /// Only passcode ID 0 (`kDefaultCommissioningPasscodeId`) exists.
    case unsupportedPasscodeID(UInt64)
    /// A StatusReport from the peer that does not decode.
    case malformedStatusReport(MessageDecodingError)

    public var description: String {
        switch self {
        case .notTLV(let error): "the payload is not TLV: \(error)"
        case .notAnonymousStructure: "the payload must be one anonymous TLV structure"
        case .missingField(let field): "the \(field) field is missing"
        case .wrongType(let field): "the \(field) field has the wrong TLV type"
        case .wrongLength(let field, let expected, let actual):
            "the \(field) field must be \(expected) bytes long, not \(actual)"
        case .valueOutOfRange(let field, let value): "the \(field) value \(value) is out of range"
        case .unsupportedPasscodeID(let id): "passcode ID \(id) is not supported (only 0)"
        case .malformedStatusReport(let error): "the StatusReport is malformed: \(error)"
        }
    }
}
