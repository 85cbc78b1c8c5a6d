/// HKDF with SHA-256 (RFC 5869), built on `HMACSHA256`.
///
/// Matter derives its SPAKE2+ confirmation keys and session keys this way (CHIP `CHIPCryptoPAL.cpp`
/// `HKDF_sha::HKDF_SHA256`, `Spake2p::GenerateKeys`; `RawKeySessionKeystore.cpp` `DeriveSessionKeys`).
public enum HKDFSHA256 {
    /// The longest output RFC 5869 allows: 255 blocks of 32 bytes.
    public static let maximumOutputByteCount = 255 * HMACSHA256.byteCount

    /// Extract-then-expand: `outputByteCount` bytes of keying material.
    ///
    /// An empty `salt` means a string of 32 zero bytes (RFC 5869 §2.2), which is what Matter's PASE uses.
    public static func deriveKey(
        inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8], outputByteCount: Int
    ) throws(CryptoError) -> [UInt8] {
        guard (0...maximumOutputByteCount).contains(outputByteCount) else {
            throw .invalidParameter("HKDF-SHA256 output must be at most \(maximumOutputByteCount) bytes")
        }
        let extractSalt = salt.isEmpty ? [UInt8](repeating: 0, count: HMACSHA256.byteCount) : salt
        let pseudorandomKey = HMACSHA256.authenticationCode(key: extractSalt, message: inputKeyMaterial)
        var output: [UInt8] = []
        output.reserveCapacity(outputByteCount + HMACSHA256.byteCount)
        var block: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            block = HMACSHA256.authenticationCode(key: pseudorandomKey, message: block + info + [counter])
            output += block
            counter &+= 1
        }
        return Array(output.prefix(outputByteCount))
    }
}
