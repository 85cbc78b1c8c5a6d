internal import CCrypto

/// HMAC with SHA-512 (RFC 2104, FIPS 198-1): the pseudorandom function under `HKDFSHA512`.
enum HMACSHA512 {
    /// Authentication code length in bytes.
    static let byteCount = SHA512.byteCount

    /// The HMAC-SHA512 of `message` under `key`; keys of any length are allowed.
    static func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let result = key.withNonNullBytes { keyPointer in
            message.withNonNullBytes { messagePointer in
                code.withUnsafeMutableBufferPointer { output in
                    HMAC(
                        EVP_sha512(), keyPointer, Int32(key.count), messagePointer, message.count, output.baseAddress,
                        &length)
                }
            }
        }
        precondition(result != nil && length == UInt32(byteCount), "HMAC(SHA-512) failed")
        return code
    }
}
