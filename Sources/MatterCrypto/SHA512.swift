internal import CCrypto

/// SHA-512 (FIPS 180-4).
///
/// HomeKit's Pair Setup hashes with it (SRP-6a with SHA-512, HAP R14 §5.6; ADK `HAPOpenSSL.c`), and its
/// HKDFs use it (`HKDFSHA512`).
public enum SHA512 {
    /// Digest length in bytes.
    public static let byteCount = 64

    /// The SHA-512 digest of `message`.
    public static func hash(_ message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let status = message.withNonNullBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input, message.count, output.baseAddress, &length, EVP_sha512(), nil)
            }
        }
        // As for SHA-256: EVP_Digest fails only when memory runs out.
        precondition(status == 1 && length == UInt32(byteCount), "EVP_Digest(SHA-512) failed")
        return digest
    }
}
