import MatterMessage
import MatterTLV

/// Why the payload of a CASE message (Sigma1, Sigma2, Sigma3, Sigma2_Resume or one of their encrypted parts) is
/// not the TLV structure Matter reference §5 describes.
public enum CASEMessageError: Error, Hashable, Sendable, CustomStringConvertible {
    case notTLV(TLVDecodingError)
    /// The payload must be one anonymous TLV structure.
    case notAnonymousStructure
    /// The payload is longer than any valid message of its kind can be.
    case tooLong(length: Int, maximum: Int)
    case missingField(String)
    case wrongType(String)
    case wrongLength(field: String, expected: String, actual: Int)
    case valueOutOfRange(field: String, value: UInt64)
    /// A member that is not context-tagged, or whose tag does not come after the one before it: CHIP reads
    /// these structures in tag order (`CASESession.cpp` `ParseSigma1`, `ParseSigma2`, …).
    case misplacedMember(TLVTag)
    /// Sigma1 carries a resumption ID without an initiatorResumeMIC or the reverse; both or neither
    /// (CHIP `ParseSigma1`: `CHIP_ERROR_UNEXPECTED_TLV_ELEMENT`).
    case unpairedResumptionFields
    /// The session parameters structure inside the message is malformed.
    case malformedSessionParameters(PASEMessageError)
    /// A StatusReport from the peer that does not decode.
    case malformedStatusReport(MessageDecodingError)

    public var description: String {
        switch self {
        case .notTLV(let error): "the payload is not TLV: \(error)"
        case .notAnonymousStructure: "the payload must be one anonymous TLV structure"
        case .tooLong(let length, let maximum): "the payload is \(length) bytes long, more than \(maximum)"
        case .missingField(let field): "the \(field) field is missing"
        case .wrongType(let field): "the \(field) field has the wrong TLV type"
        case .wrongLength(let field, let expected, let actual):
            "the \(field) field must be \(expected) bytes long, not \(actual)"
        case .valueOutOfRange(let field, let value): "the \(field) value \(value) is out of range"
        case .misplacedMember(let tag): "the member tagged \(tag) is not a context tag in ascending order"
        case .unpairedResumptionFields: "resumptionID and initiatorResumeMIC must come together"
        case .malformedSessionParameters(let error): "the session parameters are malformed: \(error)"
        case .malformedStatusReport(let error): "the StatusReport is malformed: \(error)"
        }
    }
}
