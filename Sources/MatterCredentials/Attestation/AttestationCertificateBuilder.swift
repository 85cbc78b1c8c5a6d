import MatterCrypto

/// The three kinds of device attestation certificate (Matter Core §6.2.2).
public enum AttestationCertificateKind: String, Hashable, Sendable, CaseIterable {
    /// Product Attestation Authority: the root a controller's trust store holds.
    case paa
    /// Product Attestation Intermediate.
    case pai
    /// Device Attestation Certificate.
    case dac
}

/// Builds device attestation certificates in exactly the profile controllers check (Matter Core §6.2.2;
/// CHIP `CHIPCryptoPALOpenSSL.cpp VerifyAttestationCertificateFormat`, matter-commissionee.md §2.3): v3,
/// ecdsa-with-SHA256, a P-256 key, basicConstraints and keyUsage critical with the kind's exact values,
/// 20-byte subject and authority key identifiers (SHA-1 of the key), VID/PID as 4 uppercase hex digits.
///
/// The DER is written with this target's DER writer and signed with MatterCrypto's ECDSA, the same way as the
/// CMS envelope and the CSR, so one code path makes every structure and tests can read each byte of it.
public enum AttestationCertificateBuilder {
    /// The subject (or issuer) Name: CN, then the Matter VID and PID attributes where given (UTF8String
    /// "FFF1"), each in an RDN of its own.
    public static func name(commonName: String, vendorID: UInt16?, productID: UInt16?) -> [UInt8] {
        var rdns = [attribute(OID(2, 5, 4, 3), commonName)]
        if let vendorID { rdns.append(attribute(.matterVendorID, fourHexDigits(vendorID))) }
        if let productID { rdns.append(attribute(.matterProductID, fourHexDigits(productID))) }
        return DER.sequence(rdns)
    }

    /// A serial number: 8 random bytes from `random`, the top bit clear so the INTEGER stays 8 bytes, never zero.
    public static func serialNumber(using random: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes = random.bytes(count: 8)
        bytes[0] = bytes[0] & 0x7F | 0x01
        return bytes
    }

    /// A signed certificate of `kind` for `subjectKey`, issued under `issuerName` by `issuerKey`.
    public static func certificate(
        kind: AttestationCertificateKind, serialNumber: [UInt8], issuerName: [UInt8], issuerKey: P256KeyPair,
        subjectName: [UInt8], subjectKey: P256Point, notBefore: UTCDateTime, notAfter: UTCDateTime
    ) throws(CryptoError) -> [UInt8] {
        let signatureAlgorithm = DER.ecdsaWithSHA256Algorithm
        let tbs = DER.sequence([
            DER.explicit(0, [DER.integer(2)]),
            DER.integer(unsigned: serialNumber),
            signatureAlgorithm,
            issuerName,
            DER.sequence([DER.time(notBefore), DER.time(notAfter)]),
            subjectName,
            DER.subjectPublicKeyInfo(subjectKey),
            DER.explicit(
                3,
                [
                    DER.sequence(
                        extensions(kind: kind, subjectKey: subjectKey, authorityKey: issuerKey.publicKey))
                ]),
        ])
        let signature = try issuerKey.signature(for: tbs)
        return DER.sequence([tbs, signatureAlgorithm, DER.bitString(signature.derEncoded)])
    }

    /// basicConstraints, keyUsage (both critical), subjectKeyIdentifier, authorityKeyIdentifier: the same
    /// X.509 extensions as an operational certificate's, with the values of the attestation profile.
    static func extensions(kind: AttestationCertificateKind, subjectKey: P256Point, authorityKey: P256Point)
        -> [[UInt8]]
    {
        let constraints: CertificateExtension
        let usage: KeyUsage
        switch kind {
        case .paa:
            constraints = .basicConstraints(isCA: true, pathLength: 1)
            usage = [.keyCertSign, .cRLSign]
        case .pai:
            constraints = .basicConstraints(isCA: true, pathLength: 0)
            usage = [.keyCertSign, .cRLSign]
        case .dac:
            // CA FALSE is the DEFAULT, so DER writes an empty SEQUENCE; no path length.
            constraints = .basicConstraints(isCA: false, pathLength: nil)
            usage = .digitalSignature
        }
        let extensions: [CertificateExtension] = [
            constraints, .keyUsage(usage), .subjectKeyIdentifier(subjectKey.keyIdentifier),
            .authorityKeyIdentifier(authorityKey.keyIdentifier),
        ]
        return extensions.map(\.der)
    }

    private static func attribute(_ type: OID, _ value: String) -> [UInt8] {
        DER.set([DER.sequence([DER.objectIdentifier(type), DER.string(DERTag.utf8String, value)])])
    }

    /// A VID or PID as Matter writes it in a DN: exactly 4 uppercase hex digits.
    static func fourHexDigits(_ value: UInt16) -> String {
        uppercaseHex(UInt64(value), digits: 4)
    }
}
