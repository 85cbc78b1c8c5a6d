/// A P-256 key pair: a private scalar d in [1, n − 1] and its public point Q = d · G.
///
/// Matter uses these for the operational key (CSRRequest makes one, CASE signs and agrees keys with it),
/// the DAC's attestation key and the certificate authorities' keys (CHIP `P256Keypair`). Only the 32-byte
/// scalar needs storing: `init(privateKey:)` rebuilds the pair from it.
public struct P256KeyPair: Sendable {
    /// Length of the stored private key: the scalar's 32 big-endian bytes.
    public static let privateKeyByteCount = P256Scalar.byteCount

    private let scalar: P256Scalar
    /// Q = d · G.
    public let publicKey: P256Point

    /// The pair of the stored 32-byte private scalar, which must be in [1, n − 1].
    public init(privateKey bytes: [UInt8]) throws(CryptoError) {
        let scalar = try P256Scalar(bytes: bytes)
        guard !scalar.isZero else { throw .invalidScalar }
        try self.init(scalar: scalar)
    }

    private init(scalar: P256Scalar) throws(CryptoError) {
        self.scalar = scalar
        publicKey = try P256Point.generatorMultiple(scalar)
    }

    /// A new pair whose scalar is drawn from `generator` (tests pass a seeded one).
    public static func random(using generator: inout some RandomNumberGenerator) -> P256KeyPair {
        let scalar = P256Scalar.random(using: &generator)
        // d is in [1, n − 1], so d · G is never the point at infinity and the multiplication cannot fail.
        guard let pair = try? P256KeyPair(scalar: scalar) else {
            preconditionFailure("d · G failed for a scalar in [1, n − 1]")
        }
        return pair
    }

    /// A new pair from libcrypto's secure random source (`RAND_bytes`).
    public static func generate() -> P256KeyPair {
        var generator = SecureRandomNumberGenerator()
        return random(using: &generator)
    }

    /// The 32-byte private scalar, for storage.
    ///
    /// - Important: A secret. Keep it out of logs and reports.
    public var privateKey: [UInt8] {
        scalar.bytes
    }

    /// ECDSA with SHA-256 over `message` (SHA-256 is applied here): the raw r ‖ s form Matter carries.
    ///
    /// CHIP `P256Keypair::ECDSA_sign_msg`; the nonce comes from libcrypto's generator.
    public func signature(for message: [UInt8]) throws(CryptoError) -> P256Signature {
        let key = try EVPKey.keyPair(privateKey: scalar, publicKey: publicKey)
        return try P256Signature(derEncoded: key.signSHA256(message))
    }

    /// ECDH: the X coordinate (32 bytes) of d · peer (SEC 1 §3.3.1; CHIP `P256Keypair::ECDH_derive_secret`).
    ///
    /// `peer` was checked to lie on the curve when it was made, and P-256's cofactor is 1, so d · peer is
    /// never the point at infinity.
    public func sharedSecret(with peer: P256Point) throws(CryptoError) -> [UInt8] {
        let product = try peer.multiplied(by: scalar)
        return Array(product.uncompressed[1...32])
    }
}

extension P256Point {
    /// Whether `signature` is an ECDSA-SHA256 signature of `message` by this public key.
    ///
    /// CHIP `P256PublicKey::ECDSA_validate_msg_signature`. r and s outside [1, n − 1] verify as false.
    public func isValidSignature(_ signature: P256Signature, for message: [UInt8]) throws(CryptoError) -> Bool {
        try EVPKey.publicKey(self).verifySHA256(signature.derEncoded, for: message)
    }
}
