import MatterCrypto

/// The keys of a session PASE established.
///
/// Matter reference C.3 (CHIP `CryptoContext.cpp` `SEKeysInfo`, `RawKeySessionKeystore.cpp`
/// `DeriveSessionKeys`): I2RKey ‖ R2IKey ‖ AttestationChallenge = HKDF-SHA256(Ke, salt: empty,
/// info: "SessionKeys", 48 bytes). The initiator encrypts with I2R, the responder with R2I.
public struct PASESessionKeys: Hashable, Sendable {
    public let initiatorToResponder: [UInt8]
    public let responderToInitiator: [UInt8]
    public let attestationChallenge: [UInt8]

    /// Derives the keys from the SPAKE2+ shared secret Ke.
    public init(sharedSecret: [UInt8]) throws(CryptoError) {
        let keys = try HKDFSHA256.deriveKey(
            inputKeyMaterial: sharedSecret, salt: [], info: Array("SessionKeys".utf8), outputByteCount: 48)
        initiatorToResponder = Array(keys[0..<16])
        responderToInitiator = Array(keys[16..<32])
        attestationChallenge = Array(keys[32..<48])
    }

    /// The SPAKE2+ context of a PASE exchange: SHA-256("CHIP PAKE V1 Commissioning" ‖ PBKDFParamRequest
    /// payload ‖ PBKDFParamResponse payload), the TLV payloads only (CHIP `PASESession.cpp` `kSpake2pContext`).
    public static func context(requestPayload: [UInt8], responsePayload: [UInt8]) -> [UInt8] {
        SHA256.hash(Array("CHIP PAKE V1 Commissioning".utf8) + requestPayload + responsePayload)
    }
}
