internal import CCrypto

/// HMAC with SHA-256 (RFC 2104, FIPS 198-1).
public enum HMACSHA256 {
    /// Authentication code length in bytes.
    public static let byteCount = 32

    /// The HMAC-SHA256 of `message` under `key`; keys of any length are allowed.
    public static func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let result = key.withNonNullBytes { keyPointer in
            message.withNonNullBytes { messagePointer in
                code.withUnsafeMutableBufferPointer { output in
                    HMAC(
                        EVP_sha256(), keyPointer, Int32(key.count), messagePointer, message.count, output.baseAddress,
                        &length)
                }
            }
        }
        precondition(result != nil && length == UInt32(byteCount), "HMAC(SHA-256) failed")
        return code
    }
}
