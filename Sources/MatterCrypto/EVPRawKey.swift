internal import CCrypto

/// Owns one libcrypto `EVP_PKEY` of the Curve25519 family, made from its raw 32-byte encoding.
///
/// Ed25519 and X25519 keys have no parameters: libcrypto takes and gives their raw bytes
/// (`EVP_PKEY_new_raw_private_key`, `EVP_PKEY_get_raw_public_key`), so the value types keep only bytes and
/// make one of these for each operation.
final class EVPRawKey {
    /// The two key types this wraps.
    enum Kind {
        case ed25519
        case x25519

        var identifier: Int32 {
            switch self {
            case .ed25519: EVP_PKEY_ED25519
            case .x25519: EVP_PKEY_X25519
            }
        }

        var name: String {
            switch self {
            case .ed25519: "Ed25519"
            case .x25519: "X25519"
            }
        }
    }

    /// Raw private and public keys of both kinds are 32 bytes (RFC 8032 §5.1.5, RFC 7748 §5).
    static let byteCount = 32

    let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// A private key from its 32 raw bytes (Ed25519's seed, X25519's scalar before clamping).
    static func privateKey(_ kind: Kind, _ bytes: [UInt8]) throws(CryptoError) -> EVPRawKey {
        try checkLength(kind, bytes, what: "private key")
        guard let key = EVP_PKEY_new_raw_private_key(kind.identifier, nil, bytes, bytes.count) else {
            throw .libraryFailure("EVP_PKEY_new_raw_private_key")
        }
        return EVPRawKey(key)
    }

    /// A public key from its 32 raw bytes. libcrypto does not check it here; using it does.
    static func publicKey(_ kind: Kind, _ bytes: [UInt8]) throws(CryptoError) -> EVPRawKey {
        try checkLength(kind, bytes, what: "public key")
        guard let key = EVP_PKEY_new_raw_public_key(kind.identifier, nil, bytes, bytes.count) else {
            throw .invalidPublicKey
        }
        return EVPRawKey(key)
    }

    /// The raw 32-byte public key of this key.
    func rawPublicKey() throws(CryptoError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.byteCount)
        var length = bytes.count
        guard EVP_PKEY_get_raw_public_key(pointer, &bytes, &length) == 1, length == Self.byteCount else {
            throw .libraryFailure("EVP_PKEY_get_raw_public_key")
        }
        return bytes
    }

    private static func checkLength(_ kind: Kind, _ bytes: [UInt8], what: String) throws(CryptoError) {
        guard bytes.count == byteCount else {
            throw .invalidLength(what: "an \(kind.name) \(what)", expected: "\(byteCount)", actual: bytes.count)
        }
    }
}
