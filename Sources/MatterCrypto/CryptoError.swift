/// Why a cryptographic operation refused its input or failed.
public enum CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A key, nonce, scalar or other fixed-size input of the wrong length.
    case invalidLength(what: String, expected: String, actual: Int)
    /// A parameter outside the range the algorithm or Matter allows.
    case invalidParameter(String)
    /// A check of something only the right key or secret can make failed: an AEAD tag (AES-CCM,
    /// ChaCha20-Poly1305) that does not match because the data or header was altered or the key is wrong, or an
    /// SRP proof made without the right setup code.
    case authenticationFailed
    /// Bytes that are not the uncompressed encoding of a point on P-256.
    case invalidPoint
    /// An operation whose result is the point at infinity, which has no 65-byte encoding.
    case pointAtInfinity
    /// A scalar that is not below the order of P-256.
    case invalidScalar
    /// A peer's public key that cannot be used: an SRP public value that is 0 mod N, or an X25519 key whose
    /// shared secret would be all zeros (a low-order point, RFC 7748 §6.1).
    case invalidPublicKey
    /// An ECDSA signature whose encoding is malformed (not strict DER, or an integer wider than 32 bytes).
    case invalidSignatureEncoding(String)
    /// libcrypto reported a failure in the named function (out of memory or an internal error).
    case libraryFailure(String)

    public var description: String {
        switch self {
        case .invalidLength(let what, let expected, let actual):
            "\(what) must be \(expected) bytes long, not \(actual)"
        case .invalidParameter(let reason):
            reason
        case .authenticationFailed:
            "the proof or tag does not match: the message was altered or the key or secret is wrong"
        case .invalidPoint:
            "the bytes are not an uncompressed point on the P-256 curve"
        case .pointAtInfinity:
            "the result is the point at infinity"
        case .invalidScalar:
            "the scalar is not below the order of P-256"
        case .invalidPublicKey:
            "the peer's public key is unusable (zero mod N, or of low order)"
        case .invalidSignatureEncoding(let reason):
            "the ECDSA signature is malformed: \(reason)"
        case .libraryFailure(let function):
            "libcrypto failed in \(function)"
        }
    }
}
