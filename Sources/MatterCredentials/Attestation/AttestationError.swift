import MatterTLV

/// Why attestation data (a Certification Declaration, its CMS envelope, attestation or NOCSR elements, a CSR,
/// an attestation certificate) is malformed or does not verify.
public enum AttestationError: Error, Hashable, Sendable, CustomStringConvertible {
    case notTLV(TLVDecodingError)
    case notDER(DERDecodingError)
    /// The TLV must be one anonymous structure.
    case notAnonymousStructure
    /// A field is missing, or another element stands where it belongs.
    case missingField(String)
    case wrongType(String)
    case invalidValue(field: String, reason: String)
    /// The input is longer than Matter allows for it.
    case tooLarge(what: String, size: Int, limit: Int)
    /// An algorithm or structure other than the one Matter uses.
    case unsupported(String)
    /// A signature that does not verify with the key it must verify with.
    case badSignature(String)

    public var description: String {
        switch self {
        case .notTLV(let error): "not TLV: \(error)"
        case .notDER(let error): "not DER: \(error)"
        case .notAnonymousStructure: "the TLV must be one anonymous structure"
        case .missingField(let field): "the \(field) field is missing or out of order"
        case .wrongType(let field): "the \(field) field has the wrong type"
        case .invalidValue(let field, let reason): "the \(field) is invalid: \(reason)"
        case .tooLarge(let what, let size, let limit): "the \(what) is \(size) bytes long, more than \(limit)"
        case .unsupported(let what): "unsupported: \(what)"
        case .badSignature(let what): "the signature of the \(what) does not verify"
        }
    }
}
