internal import CCrypto

/// The constants of SRP-6a as HomeKit's Pair Setup uses it (HAP R14 §5.6; ADK `PAL/Crypto/OpenSSL/HAPOpenSSL.c`).
///
/// The group is RFC 5054 Appendix A's 3072-bit one: its prime is RFC 3526 group 15's, which libcrypto has as
/// `BN_get_rfc3526_prime_3072`, and g = 5. The hash is SHA-512 and the identity is `"Pair-Setup"`.
enum HAPSRPGroup {
    /// N, g and every value modulo N are padded to this many bytes (PAD in RFC 5054 §2.6).
    static let byteCount = 384
    /// g.
    static let generator: UInt8 = 5
    /// The SRP identity I (the "username" of RFC 5054) HomeKit always uses.
    static let identity = "Pair-Setup"

    /// N, big-endian, 384 bytes.
    static let prime: [UInt8] = {
        guard let number = BN_get_rfc3526_prime_3072(nil) else {
            preconditionFailure("libcrypto has no 3072-bit prime")
        }
        let handle = BigNumberHandle(number)
        guard let bytes = try? handle.bytes(count: byteCount) else { preconditionFailure("N is not 384 bytes") }
        return bytes
    }()

    /// k = H(N ‖ PAD(g)) (RFC 5054 §2.6): g padded to N's length, as every HomeKit implementation hashes it.
    static let multiplier: [UInt8] = SHA512.hash(prime + padded([generator]))

    /// H(N) XOR H(g), the first term of M1 (RFC 2945 §3). Here g is hashed as its single byte 0x05, not padded
    /// (ADK `HAP_srp_proof_m1`; Pylo `SRPServer.swift` says the same).
    static let primeHashXorGeneratorHash: [UInt8] = zip(SHA512.hash(prime), SHA512.hash([generator])).map { $0 ^ $1 }

    /// `bytes` (big-endian, at most 384 long) left-padded with zeros to 384 bytes.
    static func padded(_ bytes: [UInt8]) -> [UInt8] {
        precondition(bytes.count <= byteCount, "an SRP value is longer than N")
        return [UInt8](repeating: 0, count: byteCount - bytes.count) + bytes
    }

    /// `bytes` without their leading zero bytes: the minimal big-endian encoding, as the ADK hashes A, B and S.
    static func stripped(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes.drop { $0 == 0 })
    }
}
