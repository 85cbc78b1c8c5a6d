/// An X.509 extension Matter does not define, which a Matter TLV certificate carries as its whole DER
/// `Extension` SEQUENCE (Matter Core §6.5.11.6; CHIP `CHIPCertToX509.cpp DecodeConvertFutureExtension`).
struct FutureExtension {
    let oid: OID
    let isCritical: Bool

    /// Reads `Extension ::= SEQUENCE { extnID OID, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }`;
    /// the OID must not be one CHIP knows (those have TLV forms of their own).
    init(der bytes: [UInt8]) throws(CertificateFormatError) {
        let parsed: X509Certificate.Extension
        do {
            parsed = try X509Certificate.Extension(DERReader.single(bytes))
        } catch {
            throw .invalidValue(field: "future-extension", reason: "\(error)")
        }
        guard !OID.knownToCHIP.contains(parsed.oid) else {
            throw .invalidValue(field: "future-extension", reason: "\(parsed.oid) has a TLV form of its own")
        }
        oid = parsed.oid
        isCritical = parsed.isCritical
    }
}

extension OID {
    /// Every OID in CHIP's table (`gen_asn1oid.py`): a future extension must carry none of them.
    static let knownToCHIP: Set<OID> = {
        var oids: Set<OID> = [
            .ecPublicKey, .ecdsaWithSHA256, .prime256v1, .basicConstraints, .keyUsage, .extendedKeyUsage,
            .subjectKeyIdentifier, .authorityKeyIdentifier, OID(1, 2, 840, 113_549, 1, 9, 14),
        ]
        oids.formUnion(TextAttributeType.allCases.map(\.oid))
        oids.formUnion((1...6).map { DistinguishedNameAttribute.matterOID($0) })
        oids.formUnion(KeyPurpose.allCases.map(\.oid))
        return oids
    }()
}
