import MatterTLV

/// Why an Interaction Model payload is not the message its opcode says.
///
/// Every case answers with StatusResponse INVALID_ACTION, as CHIP's `InteractionModelEngine` does for a
/// message it cannot parse (`src/app/InteractionModelEngine.cpp`, `ReadHandler::ProcessReadRequest`).
public enum InteractionModelError: Error, Hashable, Sendable, CustomStringConvertible {
    case notTLV(TLVDecodingError)
    /// The payload must be one anonymous TLV structure.
    case notAnonymousStructure
    case missingField(String)
    case wrongType(String)
    case valueOutOfRange(field: String, value: UInt64)
    /// A path the Interaction Model forbids, such as a wildcard cluster with a non-global attribute.
    case invalidPath(String)
    /// Fields that parse but do not go together (a subscription's floor above its ceiling).
    case inconsistent(String)

    public var description: String {
        switch self {
        case .notTLV(let error): "the payload is not TLV: \(error)"
        case .notAnonymousStructure: "the payload must be one anonymous TLV structure"
        case .missingField(let field): "the \(field) field is missing"
        case .wrongType(let field): "the \(field) field has the wrong TLV type"
        case .valueOutOfRange(let field, let value): "the \(field) value \(value) is out of range"
        case .invalidPath(let reason): "invalid path: \(reason)"
        case .inconsistent(let reason): reason
        }
    }
}
