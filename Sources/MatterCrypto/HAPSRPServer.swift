/// One Pair Setup's server side of SRP-6a: B for M2, then the check of the controller's A and M1 in M3.
///
/// HAP R14 §5.6 with RFC 5054's computations; the accessory keeps one per pairing attempt and connection.
public struct HAPSRPServer: Sendable {
    /// HomeKit's SRP secrets b are 32 bytes (ADK `SRP_SECRET_KEY_BYTES`).
    static let secretByteCount = 32

    private let verifier: HAPSRPVerifier
    private let secret: [UInt8]
    /// B = (k·v + g^b) mod N, always padded to 384 bytes.
    ///
    /// Sent padded because aiohomekit hashes B as received: an unpadded B with a leading zero byte would
    /// change its u (HAP-python sends it unpadded, `hsrp.py`).
    public let publicKey: [UInt8]

    /// The server for `verifier` with the secret b (32 bytes, not all zero).
    public init(verifier: HAPSRPVerifier, secret: [UInt8]) throws(CryptoError) {
        guard secret.count == Self.secretByteCount else {
            throw .invalidLength(what: "an SRP secret", expected: "\(Self.secretByteCount)", actual: secret.count)
        }
        guard secret.contains(where: { $0 != 0 }) else { throw .invalidParameter("the SRP secret b must not be 0") }
        let arithmetic = try SRPArithmetic()
        let v = try SRPArithmetic.number(verifier.verifier)
        let k = try SRPArithmetic.number(HAPSRPGroup.multiplier)
        let b = try SRPArithmetic.number(secret, secret: true)
        let gb = try arithmetic.power(SRPArithmetic.number([HAPSRPGroup.generator]), b)
        let publicValue = try arithmetic.sum(arithmetic.product(k, v), gb)
        // B = 0 would let anyone compute S; it cannot happen for b < N, but costs nothing to refuse.
        guard !arithmetic.isZero(publicValue) else { throw .invalidParameter("the SRP secret b makes B = 0") }
        self.verifier = verifier
        self.secret = secret
        publicKey = try arithmetic.padded(publicValue)
    }

    /// A server with a fresh secret b from `generator` (`SecureRandomNumberGenerator` in production).
    public static func start(
        verifier: HAPSRPVerifier, using generator: inout some RandomNumberGenerator
    ) throws(CryptoError) -> HAPSRPServer {
        var secret = generator.bytes(count: secretByteCount)
        while !secret.contains(where: { $0 != 0 }) {
            secret = generator.bytes(count: secretByteCount)
        }
        return try HAPSRPServer(verifier: verifier, secret: secret)
    }

    /// Checks the controller's A and M1 (Pair Setup M3) and returns M2 = H(PAD(A) ‖ M1 ‖ K) and the K that
    /// matched, for M4 and for the HKDFs of M5 and M6.
    ///
    /// u = H(PAD(A) ‖ PAD(B)) and S = (A · v^u)^b mod N (RFC 5054 §2.6), then
    /// M1 = H(H(N) XOR H(g) ‖ H(I) ‖ salt ‖ A ‖ B ‖ K) with K = H(S) (RFC 2945 §3). Implementations disagree on
    /// whether S, A and B are padded there: the ADK strips leading zeros (`HAPOpenSSL.c`), aiohomekit pads S
    /// and A (`crypto/srp.py`, Jc2k/aiohomekit#152), HAP-python and fast-srp hash A as received. Each
    /// candidate is tried, at most 12 hashes, and the K of the one that matched is what the HKDFs need.
    ///
    /// - Throws: `invalidPublicKey` when A mod N is 0 (RFC 5054 §2.5.4; ADK `HAP_srp_premaster_secret`),
    ///   `invalidLength` for an A longer than 384 bytes, empty, or an M1 that is not 64 bytes,
    ///   `authenticationFailed` when no candidate matches: the controller used another setup code.
    public func verify(
        clientPublicKey: [UInt8], clientProof: [UInt8]
    ) throws(CryptoError) -> (serverProof: [UInt8], sessionKey: [UInt8]) {
        guard (1...HAPSRPGroup.byteCount).contains(clientPublicKey.count) else {
            throw .invalidLength(what: "an SRP public key A", expected: "1 to 384", actual: clientPublicKey.count)
        }
        guard clientProof.count == SHA512.byteCount else {
            throw .invalidLength(what: "an SRP proof M1", expected: "\(SHA512.byteCount)", actual: clientProof.count)
        }
        let arithmetic = try SRPArithmetic()
        let a = try arithmetic.reduced(SRPArithmetic.number(clientPublicKey))
        guard !arithmetic.isZero(a) else { throw .invalidPublicKey }
        let paddedA = HAPSRPGroup.padded(clientPublicKey)
        let u = SHA512.hash(paddedA + publicKey)
        let v = try SRPArithmetic.number(verifier.verifier)
        let base = try arithmetic.product(a, arithmetic.power(v, SRPArithmetic.number(u)))
        let premaster = try arithmetic.padded(arithmetic.power(base, SRPArithmetic.number(secret, secret: true)))

        let keys = distinct([SHA512.hash(premaster), SHA512.hash(HAPSRPGroup.stripped(premaster))])
        let encodingsOfA = distinct([paddedA, HAPSRPGroup.stripped(clientPublicKey), clientPublicKey])
        let encodingsOfB = distinct([publicKey, HAPSRPGroup.stripped(publicKey)])
        let prefix =
            HAPSRPGroup.primeHashXorGeneratorHash + SHA512.hash(Array(HAPSRPGroup.identity.utf8)) + verifier.salt
        for key in keys {
            for encodedA in encodingsOfA {
                for encodedB in encodingsOfB {
                    let candidate = SHA512.hash(prefix + encodedA + encodedB + key)
                    if ConstantTime.equal(candidate, clientProof) {
                        return (SHA512.hash(paddedA + clientProof + key), key)
                    }
                }
            }
        }
        throw .authenticationFailed
    }

    /// `encodings` without repeats, in their order: when A, B and S have no leading zero byte, the candidates
    /// collapse to one.
    private func distinct(_ encodings: [[UInt8]]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        for encoding in encodings where !result.contains(encoding) {
            result.append(encoding)
        }
        return result
    }
}
