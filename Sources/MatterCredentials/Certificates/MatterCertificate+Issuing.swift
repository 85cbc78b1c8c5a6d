import MatterCrypto

extension MatterCertificate {
    /// Issues an operational certificate of `kind` with the extensions a Matter CA gives it (Matter Core §6.5.11;
    /// the profile CHIP's `ExampleOperationalCredentialsIssuer` uses): CAs get basicConstraints CA (an ICAC with
    /// path length 0) and keyCertSign + cRLSign, a NOC CA false, digitalSignature and clientAuth + serverAuth;
    /// every certificate 20-byte SHA-1 key identifiers. Signed by `issuerKey` (the subject's own key for a root).
    ///
    /// For controllers of the hub's own tests and tools; the hub itself only receives certificates.
    public static func issue(
        _ kind: MatterCertificateKind, subject: DistinguishedName, subjectKey: P256Point, issuer: DistinguishedName,
        issuerKey: P256KeyPair, serialNumber: [UInt8], notBefore: UInt32, notAfter: UInt32
    ) throws(CryptoError) -> MatterCertificate {
        var extensions: [CertificateExtension]
        switch kind {
        case .root:
            extensions = [.basicConstraints(isCA: true, pathLength: nil), .keyUsage([.keyCertSign, .cRLSign])]
        case .intermediate:
            extensions = [.basicConstraints(isCA: true, pathLength: 0), .keyUsage([.keyCertSign, .cRLSign])]
        case .node:
            extensions = [
                .basicConstraints(isCA: false, pathLength: nil), .keyUsage(.digitalSignature),
                .extendedKeyUsage([.clientAuth, .serverAuth]),
            ]
        case .firmwareSigning:
            extensions = [
                .basicConstraints(isCA: false, pathLength: nil), .keyUsage(.digitalSignature),
                .extendedKeyUsage([.codeSigning]),
            ]
        }
        extensions += [
            .subjectKeyIdentifier(subjectKey.keyIdentifier), .authorityKeyIdentifier(issuerKey.publicKey.keyIdentifier),
        ]
        let unsigned = MatterCertificate(
            serialNumber: serialNumber, issuer: issuer, notBefore: notBefore, notAfter: notAfter, subject: subject,
            publicKey: subjectKey.uncompressed, extensions: extensions, signature: [UInt8](repeating: 0, count: 64))
        return try signed(unsigned, by: issuerKey)
    }
}
