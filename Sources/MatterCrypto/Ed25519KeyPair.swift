internal import CCrypto

/// An Ed25519 key pair (RFC 8032 §5.1): a 32-byte private seed and its 32-byte public key.
///
/// HomeKit's long-term keys are Ed25519: the accessory's LTSK/LTPK, kept across restarts, and each
/// controller's LTPK (HAP R14 §5.6, §5.7; ADK `HAPPairingPairSetup.c`). Only the seed needs storing:
/// `init(seed:)` rebuilds the pair from it.
public struct Ed25519KeyPair: Sendable {
    public static let seedByteCount = 32
    public static let publicKeyByteCount = 32
    public static let signatureByteCount = 64

    /// The private seed, for storage.
    ///
    /// - Important: A secret. Keep it out of logs and reports.
    public let seed: [UInt8]
    /// The public key A (RFC 8032 §5.1.5), what peers verify with.
    public let publicKey: [UInt8]

    /// The pair of a stored 32-byte seed; every 32-byte string is a valid seed.
    public init(seed: [UInt8]) throws(CryptoError) {
        let key = try EVPRawKey.privateKey(.ed25519, seed)
        self.seed = seed
        publicKey = try key.rawPublicKey()
    }

    /// A new pair whose seed is drawn from `generator` (`SecureRandomNumberGenerator` in production).
    public static func generate(using generator: inout some RandomNumberGenerator) throws(CryptoError)
        -> Ed25519KeyPair
    {
        try Ed25519KeyPair(seed: generator.bytes(count: seedByteCount))
    }

    /// The 64-byte signature of `message` itself: pure Ed25519 hashes inside, so nothing is hashed first
    /// (RFC 8032 §5.1.6; HomeKit signs its concatenated pairing info directly, ADK `HAP_ed25519_sign`).
    public func signature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
        let key = try EVPRawKey.privateKey(.ed25519, seed)
        guard let context = EVP_MD_CTX_new() else { throw .libraryFailure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        // Pure Ed25519 takes no digest (it must be null) and only the one-shot EVP_DigestSign (EVP_SIGNATURE-ED25519(7)).
        guard EVP_DigestSignInit(context, nil, nil, nil, key.pointer) == 1 else {
            throw .libraryFailure("EVP_DigestSignInit")
        }
        var signature = [UInt8](repeating: 0, count: Self.signatureByteCount)
        var length = signature.count
        let status = message.withNonNullBytes { input in
            EVP_DigestSign(context, &signature, &length, input, message.count)
        }
        guard status == 1, length == Self.signatureByteCount else { throw .libraryFailure("EVP_DigestSign") }
        return signature
    }

    /// Whether `signature` is `publicKey`'s Ed25519 signature of `message`.
    ///
    /// A signature or key of the wrong length, or a key that is not a point on the curve, verifies as false.
    public static func isValidSignature(_ signature: [UInt8], for message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == signatureByteCount,
            let key = try? EVPRawKey.publicKey(.ed25519, publicKey),
            let context = EVP_MD_CTX_new()
        else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, nil, nil, key.pointer) == 1 else { return false }
        let status = message.withNonNullBytes { input in
            EVP_DigestVerify(context, signature, signature.count, input, message.count)
        }
        // 1 is a good signature; 0 a bad one and a negative value a malformed one.
        return status == 1
    }
}
