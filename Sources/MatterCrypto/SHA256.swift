internal import CCrypto

/// SHA-256 (FIPS 180-4).
public enum SHA256 {
    /// Digest length in bytes.
    public static let byteCount = 32

    /// The SHA-256 digest of `data`.
    public static func hash(_ data: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let status = data.withNonNullBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input, data.count, output.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        // EVP_Digest fails only when memory runs out; there is no useful way on from there.
        precondition(status == 1 && length == UInt32(byteCount), "EVP_Digest(SHA-256) failed")
        return digest
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with a pointer that is never null, even for an empty array.
    ///
    /// Some libcrypto functions treat a null input pointer as a different request (AES-CCM's update call
    /// with a null input only sets the length), so empty inputs get a pointer to a spare byte.
    func withNonNullBytes<R>(_ body: (UnsafePointer<UInt8>) -> R) -> R {
        if isEmpty {
            var spare: UInt8 = 0
            return withUnsafePointer(to: &spare) { body($0) }
        }
        return withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
