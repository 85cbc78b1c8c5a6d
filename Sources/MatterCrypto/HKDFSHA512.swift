/// HKDF with SHA-512 (RFC 5869), built on HMAC-SHA512.
///
/// HomeKit derives every pairing and session key this way, always 32 bytes long: from the SRP key K in Pair
/// Setup, and from the X25519 secret in Pair Verify and for the session's two keys (HAP R14 §5.6, §5.7; ADK
/// `HAPPairingPairSetup.c`, `HAPPairingPairVerify.c`; aiohomekit `protocol/__init__.py`).
public enum HKDFSHA512 {
    /// The longest output RFC 5869 allows: 255 blocks of 64 bytes.
    static let maximumOutputByteCount = 255 * HMACSHA512.byteCount

    /// Extract-then-expand: `outputByteCount` bytes of keying material.
    ///
    /// An empty `salt` means a string of 64 zero bytes (RFC 5869 §2.2). HomeKit always passes ASCII salts
    /// and infos, such as `"Pair-Setup-Encrypt-Salt"` and `"Pair-Setup-Encrypt-Info"`.
    public static func deriveKey(
        inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8], outputByteCount: Int
    ) throws(CryptoError) -> [UInt8] {
        try HKDF.deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: salt, info: info, outputByteCount: outputByteCount,
            hashByteCount: HMACSHA512.byteCount, name: "HKDF-SHA512",
            authenticationCode: HMACSHA512.authenticationCode(key:message:))
    }
}
