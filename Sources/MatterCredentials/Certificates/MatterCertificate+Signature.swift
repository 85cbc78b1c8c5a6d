import MatterCrypto

extension MatterCertificate {
    /// Whether `issuerPublicKey` verifies this certificate's signature over its rebuilt TBSCertificate
    /// (CHIP `ChipCertificateSet::VerifySignature`, over the TBS that `DecodeConvertTBSCert` writes).
    public func isSignatureValid(issuerPublicKey: P256Point) -> Bool {
        guard let signature = try? ecdsaSignature(),
            let valid = try? issuerPublicKey.isValidSignature(signature, for: tbsCertificateDER)
        else { return false }
        return valid
    }

    /// A certificate made by signing `tbs` with `issuerKey`: `tbs` with its signature replaced.
    public static func signed(_ tbs: MatterCertificate, by issuerKey: P256KeyPair) throws(CryptoError)
        -> MatterCertificate
    {
        var certificate = tbs
        certificate.signature = try issuerKey.signature(for: tbs.tbsCertificateDER).raw
        return certificate
    }
}
