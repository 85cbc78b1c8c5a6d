internal import CCrypto

/// SHA-1 (FIPS 180-4), only for key identifiers: X.509 subject key identifiers are the SHA-1 of the public key
/// (RFC 5280 §4.2.1.2, method 1), which is how Matter names the CD signing keys and attestation CAs.
public enum SHA1 {
    /// Digest length in bytes.
    public static let byteCount = 20

    /// The SHA-1 digest of `data`.
    public static func hash(_ data: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let status = data.withNonNullBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input, data.count, output.baseAddress, &length, EVP_sha1(), nil)
            }
        }
        // EVP_Digest fails only when memory runs out; there is no useful way on from there.
        precondition(status == 1 && length == UInt32(byteCount), "EVP_Digest(SHA-1) failed")
        return digest
    }
}
