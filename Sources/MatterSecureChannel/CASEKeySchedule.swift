import MatterCrypto

/// The keys of a CASE handshake, each an HKDF-SHA256 of the ECDH shared secret with a salt and an info string.
///
/// Matter reference §5 (CHIP `CASESession.cpp` `ConstructSaltSigma2`, `ConstructSaltSigma3`,
/// `ConstructSigmaResumeKey`, `GenerateSigmaResumeMIC`, `DeriveSecureSession`; `CryptoContext.cpp`
/// `InitFromSecret`). The transcript hashes are SHA-256 over the TLV payloads of the Sigma messages, no headers.
public enum CASEKeySchedule {
    /// Nonce of encrypted2.
    public static let sigma2Nonce = Array("NCASE_Sigma2N".utf8)
    /// Nonce of encrypted3.
    public static let sigma3Nonce = Array("NCASE_Sigma3N".utf8)
    /// Nonce of initiatorResumeMIC (Sigma1).
    public static let sigma1ResumeNonce = Array("NCASE_SigmaS1".utf8)
    /// Nonce of sigma2ResumeMIC (Sigma2_Resume).
    public static let sigma2ResumeNonce = Array("NCASE_SigmaS2".utf8)

    /// S2K, the key of encrypted2: salt IPK ‖ responderRandom ‖ responderEphPubKey ‖ SHA-256(Sigma1), info "Sigma2".
    public static func sigma2Key(
        sharedSecret: [UInt8], ipk: [UInt8], responderRandom: [UInt8], responderEphemeralPublicKey: [UInt8],
        sigma1: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        let salt = ipk + responderRandom + responderEphemeralPublicKey + SHA256.hash(sigma1)
        return try key(sharedSecret, salt: salt, info: "Sigma2")
    }

    /// S3K, the key of encrypted3: salt IPK ‖ SHA-256(Sigma1 ‖ Sigma2), info "Sigma3".
    public static func sigma3Key(
        sharedSecret: [UInt8], ipk: [UInt8], sigma1: [UInt8], sigma2: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try key(sharedSecret, salt: ipk + SHA256.hash(sigma1 + sigma2), info: "Sigma3")
    }

    /// The session keys after Sigma3: salt IPK ‖ SHA-256(Sigma1 ‖ Sigma2 ‖ Sigma3), info "SessionKeys".
    public static func sessionKeys(
        sharedSecret: [UInt8], ipk: [UInt8], sigma1: [UInt8], sigma2: [UInt8], sigma3: [UInt8]
    ) throws(CryptoError) -> CASESessionKeys {
        let salt = ipk + SHA256.hash(sigma1 + sigma2 + sigma3)
        return try CASESessionKeys(sharedSecret: sharedSecret, salt: salt, info: "SessionKeys")
    }

    /// The session keys of a resumed session: the earlier session's shared secret, salt initiatorRandom ‖ the new
    /// resumption ID (the one Sigma2_Resume carries), info "SessionResumptionKeys".
    public static func resumedSessionKeys(
        sharedSecret: [UInt8], initiatorRandom: [UInt8], newResumptionID: [UInt8]
    ) throws(CryptoError) -> CASESessionKeys {
        try CASESessionKeys(
            sharedSecret: sharedSecret, salt: initiatorRandom + newResumptionID, info: "SessionResumptionKeys")
    }

    /// initiatorResumeMIC of Sigma1: the AES-CCM tag of nothing under the key HKDF(shared secret, salt
    /// initiatorRandom ‖ resumptionID, info "Sigma1_Resume"), nonce "NCASE_SigmaS1".
    public static func initiatorResumeMIC(
        sharedSecret: [UInt8], initiatorRandom: [UInt8], resumptionID: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try resumeMIC(
            sharedSecret, salt: initiatorRandom + resumptionID, info: "Sigma1_Resume", nonce: sigma1ResumeNonce)
    }

    /// sigma2ResumeMIC of Sigma2_Resume: as `initiatorResumeMIC` with the new resumption ID, info
    /// "Sigma2_Resume" and nonce "NCASE_SigmaS2".
    public static func sigma2ResumeMIC(
        sharedSecret: [UInt8], initiatorRandom: [UInt8], newResumptionID: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try resumeMIC(
            sharedSecret, salt: initiatorRandom + newResumptionID, info: "Sigma2_Resume", nonce: sigma2ResumeNonce)
    }

    private static func key(_ sharedSecret: [UInt8], salt: [UInt8], info: String) throws(CryptoError) -> [UInt8] {
        try HKDFSHA256.deriveKey(
            inputKeyMaterial: sharedSecret, salt: salt, info: Array(info.utf8), outputByteCount: AES128CCM.keyByteCount)
    }

    private static func resumeMIC(
        _ sharedSecret: [UInt8], salt: [UInt8], info: String, nonce: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try AES128CCM.seal([], key: key(sharedSecret, salt: salt, info: info), nonce: nonce, additionalData: [])
    }
}
