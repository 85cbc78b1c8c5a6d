import MatterCrypto

/// The keys of a session CASE established (or resumed).
///
/// Matter reference §5, "Sigma3 handling" step 5 (CHIP `CryptoContext.cpp` `InitFromSecret`,
/// `RawKeySessionKeystore.cpp` `DeriveSessionKeys`): I2RKey ‖ R2IKey ‖ AttestationChallenge, 48 bytes of HKDF. The
/// initiator encrypts with I2R, the responder with R2I.
public struct CASESessionKeys: Hashable, Sendable {
    public let initiatorToResponder: [UInt8]
    public let responderToInitiator: [UInt8]
    public let attestationChallenge: [UInt8]

    init(sharedSecret: [UInt8], salt: [UInt8], info: String) throws(CryptoError) {
        let keys = try HKDFSHA256.deriveKey(
            inputKeyMaterial: sharedSecret, salt: salt, info: Array(info.utf8), outputByteCount: 48)
        initiatorToResponder = Array(keys[0..<16])
        responderToInitiator = Array(keys[16..<32])
        attestationChallenge = Array(keys[32..<48])
    }
}
