/// One Pair Setup's controller side of SRP-6a: A for M3, then M1 and K from the accessory's salt and B, and
/// the check of its M2 in M4.
///
/// HAP R14 §5.6 with RFC 5054 §2.6's client computations, hashed as aiohomekit hashes them
/// (`crypto/srp.py`): S, A and B padded to 384 bytes inside K and M1. `HAPSRPServer` accepts that convention
/// among others. mhub is an accessory; this side exists for the benchmark's controller (`mhub-bench`), which
/// pairs with mhubd once before it measures Pair Verify.
public struct HAPSRPClient: Sendable {
    /// HomeKit's SRP secrets are 32 bytes, on both sides (ADK `SRP_SECRET_KEY_BYTES`).
    static let secretByteCount = 32

    private let secret: [UInt8]
    /// A = g^a mod N, padded to 384 bytes: what M3 sends as its public key.
    public let publicKey: [UInt8]

    /// What the controller keeps after M2: its proof for M3, the session key K for M5's and M6's HKDFs, and the
    /// accessory's proof it expects in M4.
    public struct Exchange: Sendable {
        /// M1 = H(H(N) XOR H(g) ‖ H(I) ‖ salt ‖ PAD(A) ‖ PAD(B) ‖ K).
        public let clientProof: [UInt8]
        /// K = H(PAD(S)).
        public let sessionKey: [UInt8]
        private let expectedServerProof: [UInt8]

        init(clientProof: [UInt8], sessionKey: [UInt8], expectedServerProof: [UInt8]) {
            self.clientProof = clientProof
            self.sessionKey = sessionKey
            self.expectedServerProof = expectedServerProof
        }

        /// Whether M4's proof is H(PAD(A) ‖ M1 ‖ K): the accessory knows the verifier of the same setup code.
        public func accepts(serverProof: [UInt8]) -> Bool {
            ConstantTime.equal(serverProof, expectedServerProof)
        }
    }

    /// The client with the secret a (32 bytes, not all zero).
    public init(secret: [UInt8]) throws(CryptoError) {
        guard secret.count == Self.secretByteCount else {
            throw .invalidLength(what: "an SRP secret", expected: "\(Self.secretByteCount)", actual: secret.count)
        }
        guard secret.contains(where: { $0 != 0 }) else { throw .invalidParameter("the SRP secret a must not be 0") }
        let arithmetic = try SRPArithmetic()
        let a = try SRPArithmetic.number(secret, secret: true)
        self.secret = secret
        publicKey = try arithmetic.padded(arithmetic.power(SRPArithmetic.number([HAPSRPGroup.generator]), a))
    }

    /// A client with a fresh secret a from `generator` (`SecureRandomNumberGenerator` outside tests).
    public static func start(using generator: inout some RandomNumberGenerator) throws(CryptoError) -> HAPSRPClient {
        var secret = generator.bytes(count: secretByteCount)
        while !secret.contains(where: { $0 != 0 }) {
            secret = generator.bytes(count: secretByteCount)
        }
        return try HAPSRPClient(secret: secret)
    }

    /// M1 and K for `setupCode` (`XXX-XX-XXX`, as the accessory's verifier was made) from M2's salt and B.
    ///
    /// x = H(salt ‖ H(I ‖ ":" ‖ code)), u = H(PAD(A) ‖ PAD(B)), S = (B − k·g^x)^(a + u·x) mod N (RFC 5054 §2.6),
    /// computed as (B − k·g^x)^a · ((B − k·g^x)^u)^x so that every step stays modulo N.
    ///
    /// - Throws: `invalidPublicKey` when B mod N or u is 0 (RFC 5054 §2.6: the client aborts), `invalidLength`
    ///   for a salt that is not 16 bytes or a B that is empty or longer than 384 bytes.
    public func exchange(
        setupCode: String, salt: [UInt8], serverPublicKey: [UInt8]
    ) throws(CryptoError) -> Exchange {
        guard salt.count == HAPSRPVerifier.saltByteCount else {
            throw .invalidLength(what: "an SRP salt", expected: "\(HAPSRPVerifier.saltByteCount)", actual: salt.count)
        }
        guard (1...HAPSRPGroup.byteCount).contains(serverPublicKey.count) else {
            throw .invalidLength(what: "an SRP public key B", expected: "1 to 384", actual: serverPublicKey.count)
        }
        let arithmetic = try SRPArithmetic()
        let b = try arithmetic.reduced(SRPArithmetic.number(serverPublicKey))
        guard !arithmetic.isZero(b) else { throw .invalidPublicKey }
        let paddedB = HAPSRPGroup.padded(serverPublicKey)
        let u = SHA512.hash(publicKey + paddedB)
        guard u.contains(where: { $0 != 0 }) else { throw .invalidPublicKey }

        let x = SHA512.hash(salt + SHA512.hash(Array("\(HAPSRPGroup.identity):\(setupCode)".utf8)))
        let exponentX = try SRPArithmetic.number(x, secret: true)
        let v = try arithmetic.power(SRPArithmetic.number([HAPSRPGroup.generator]), exponentX)
        let kv = try arithmetic.product(SRPArithmetic.number(HAPSRPGroup.multiplier), v)
        let base = try arithmetic.difference(b, kv)
        let first = try arithmetic.power(base, SRPArithmetic.number(secret, secret: true))
        let second = try arithmetic.power(arithmetic.power(base, SRPArithmetic.number(u)), exponentX)
        let premaster = try arithmetic.padded(arithmetic.product(first, second))

        let key = SHA512.hash(premaster)
        let proof = SHA512.hash(
            HAPSRPGroup.primeHashXorGeneratorHash + SHA512.hash(Array(HAPSRPGroup.identity.utf8)) + salt + publicKey
                + paddedB + key)
        return Exchange(
            clientProof: proof, sessionKey: key, expectedServerProof: SHA512.hash(publicKey + proof + key))
    }
}
