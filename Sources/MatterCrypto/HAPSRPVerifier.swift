/// SRP-6a as HomeKit's Pair Setup uses it: RFC 5054's 3072-bit group, g = 5, SHA-512, identity "Pair-Setup".
///
/// This is what the accessory keeps for one setup code and salt: the salt it sends in M2 and the verifier
/// v = g^x mod N, where x = H(salt ‖ H("Pair-Setup:" ‖ setup code)) (RFC 5054 §2.4 with I = "Pair-Setup" and
/// the code, dashes included, as the password; HAP R14 §5.6; ADK `HAP_srp_verifier`).
public struct HAPSRPVerifier: Sendable {
    /// N's length, and v's.
    public static let groupByteCount = HAPSRPGroup.byteCount
    /// HomeKit's salts are always 16 bytes (ADK `SRP_SALT_BYTES`).
    public static let saltByteCount = 16

    /// The salt x was made with; Pair Setup M2 sends it.
    public let salt: [UInt8]
    /// v, padded to 384 bytes.
    ///
    /// - Important: A secret: with the salt it lets anyone test setup codes offline. Keep it out of logs.
    public let verifier: [UInt8]

    /// The verifier of `setupCode` (`XXX-XX-XXX`, used as given) with `salt` (16 bytes).
    public init(setupCode: String, salt: [UInt8]) throws(CryptoError) {
        guard salt.count == Self.saltByteCount else {
            throw .invalidLength(what: "an SRP salt", expected: "\(Self.saltByteCount)", actual: salt.count)
        }
        let inner = SHA512.hash(Array("\(HAPSRPGroup.identity):\(setupCode)".utf8))
        let x = SHA512.hash(salt + inner)
        let arithmetic = try SRPArithmetic()
        let v = try arithmetic.power(
            SRPArithmetic.number([HAPSRPGroup.generator]), SRPArithmetic.number(x, secret: true))
        self.salt = salt
        verifier = try arithmetic.padded(v)
    }
}
