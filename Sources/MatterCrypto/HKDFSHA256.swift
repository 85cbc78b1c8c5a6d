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
        try HKDF.deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: salt, info: info, outputByteCount: outputByteCount,
            hashByteCount: HMACSHA256.byteCount, name: "HKDF-SHA256",
            authenticationCode: HMACSHA256.authenticationCode(key:message:))
    }
}
