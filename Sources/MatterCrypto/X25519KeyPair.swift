internal import CCrypto

/// An X25519 key pair (RFC 7748 §5, §6.1): a 32-byte private scalar and its 32-byte public u-coordinate.
///
/// HomeKit's Pair Verify agrees an ephemeral secret this way; the session keys come from it through
/// `HKDFSHA512` (HAP R14 §5.7; ADK `HAPPairingPairVerify.c`). The pair lives for one Pair Verify only.
public struct X25519KeyPair: Sendable {
    /// Private keys, public keys and shared secrets are all 32 bytes.
    static let byteCount = 32

    private let privateKey: [UInt8]
    /// The public key to send to the peer.
    public let publicKey: [UInt8]

    /// The pair of 32 private bytes; libcrypto clamps them as RFC 7748 §5 says, so any 32 bytes will do.
    public init(privateKey: [UInt8]) throws(CryptoError) {
        let key = try EVPRawKey.privateKey(.x25519, privateKey)
        self.privateKey = privateKey
        publicKey = try key.rawPublicKey()
    }

    /// A new pair whose private key is drawn from `generator` (`SecureRandomNumberGenerator` in production).
    public static func generate(using generator: inout some RandomNumberGenerator) throws(CryptoError)
        -> X25519KeyPair
    {
        try X25519KeyPair(privateKey: generator.bytes(count: byteCount))
    }

    /// The 32-byte shared secret X25519(private key, `peerPublicKey`).
    ///
    /// Throws `invalidPublicKey` when the peer's key is of low order, so that the secret would be all zeros
    /// (RFC 7748 §6.1 allows the check; libcrypto's derive refuses such a key, and it is checked here again).
    /// Pair Verify answers that with an authentication error (ADK `HAPPairingPairVerify.c`).
    public func sharedSecret(with peerPublicKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        let own = try EVPRawKey.privateKey(.x25519, privateKey)
        let peer = try EVPRawKey.publicKey(.x25519, peerPublicKey)
        guard let context = EVP_PKEY_CTX_new(own.pointer, nil) else { throw .libraryFailure("EVP_PKEY_CTX_new") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1 else { throw .libraryFailure("EVP_PKEY_derive_init") }
        guard EVP_PKEY_derive_set_peer(context, peer.pointer) == 1 else { throw .invalidPublicKey }
        var secret = [UInt8](repeating: 0, count: Self.byteCount)
        var length = secret.count
        guard EVP_PKEY_derive(context, &secret, &length) == 1, length == Self.byteCount else {
            throw .invalidPublicKey
        }
        guard !ConstantTime.equal(secret, [UInt8](repeating: 0, count: Self.byteCount)) else {
            throw .invalidPublicKey
        }
        return secret
    }
}
