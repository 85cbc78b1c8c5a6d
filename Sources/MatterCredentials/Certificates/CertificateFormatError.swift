import MatterTLV

/// Why bytes are not a Matter certificate, in either of its forms (Matter TLV or X.509 DER), or why one form
/// cannot be converted to the other.
public enum CertificateFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input is longer than the form allows (400 bytes of TLV, 600 of DER for attestation certificates).
    case tooLarge(size: Int, limit: Int)
    case notTLV(TLVDecodingError)
    case notDER(DERDecodingError)
    /// The certificate must be one anonymous TLV structure.
    case notAnonymousStructure
    /// A field is missing, or another element stands where it belongs (the TLV fields come in a fixed order).
    case missingField(String)
    case wrongType(String)
    /// Elements after the last field.
    case unexpectedField(String)
    /// A field whose value Matter does not allow (named, with the reason).
    case invalidValue(field: String, reason: String)
    /// An algorithm, curve, attribute or encoding Matter certificates do not use.
    case unsupported(String)

    public var description: String {
        switch self {
        case .tooLarge(let size, let limit): "the certificate is \(size) bytes long, more than \(limit)"
        case .notTLV(let error): "the certificate is not TLV: \(error)"
        case .notDER(let error): "the certificate is not DER: \(error)"
        case .notAnonymousStructure: "a Matter certificate must be one anonymous TLV structure"
        case .missingField(let field): "the certificate's \(field) field is missing or out of order"
        case .wrongType(let field): "the certificate's \(field) field has the wrong type"
        case .unexpectedField(let field): "the certificate has an unexpected element: \(field)"
        case .invalidValue(let field, let reason): "the certificate's \(field) is invalid: \(reason)"
        case .unsupported(let what): "unsupported in a Matter certificate: \(what)"
        }
    }
}
