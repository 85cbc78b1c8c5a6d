import MatterCrypto

/// A Matter TLV certificate as the X.509 certificate it stands for, rebuilt exactly as CHIP's
/// `CHIPCertToX509.cpp` does (Matter Core §6.5.13): the issuer's signature covers that DER TBSCertificate.
extension MatterCertificate {
    /// The DER TBSCertificate: v3, the serial as given, ecdsa-with-SHA256 without parameters, each DN
    /// attribute in a SET of its own, the validity, the SubjectPublicKeyInfo and the extensions in TLV order.
    public var tbsCertificateDER: [UInt8] {
        DER.sequence([
            DER.explicit(0, [DER.integer(2)]),
            DER.integer(content: serialNumber),
            DER.ecdsaWithSHA256Algorithm,
            issuer.der,
            DER.sequence([DER.time(MatterEpoch.x509Time(notBefore)), DER.time(MatterEpoch.x509Time(notAfter))]),
            subject.der,
            DER.subjectPublicKeyInfo(uncompressed: publicKey),
            DER.explicit(3, [DER.sequence(extensions.map(\.der))]),
        ])
    }

    /// The whole DER X.509 certificate (CHIP `ConvertChipCertToX509Cert`).
    public func x509DER() throws(CertificateFormatError) -> [UInt8] {
        DER.sequence([tbsCertificateDER, DER.ecdsaWithSHA256Algorithm, DER.bitString(try ecdsaSignature().derEncoded)])
    }

    /// The signature as MatterCrypto's value.
    public func ecdsaSignature() throws(CertificateFormatError) -> P256Signature {
        do {
            return try P256Signature(raw: signature)
        } catch {
            throw .invalidValue(field: "ecdsa-signature", reason: "must be 64 bytes long")
        }
    }
}

extension DistinguishedName {
    /// The X.509 Name (CHIP `ChipDN::EncodeToASN1`): Matter identifiers as uppercase hex UTF8Strings (16 digits,
    /// 8 for a CAT), DomainComponent as IA5String, other strings as PrintableString or UTF8String.
    var der: [UInt8] {
        DER.sequence(
            attributes.map { attribute in
                DER.set([DER.sequence([DER.objectIdentifier(attribute.oid), attribute.derValue])])
            })
    }
}

extension DistinguishedNameAttribute {
    var derValue: [UInt8] {
        switch self {
        case .text(let type, let string, let printable):
            let tag =
                type == .domainComponent ? DERTag.ia5String : printable ? DERTag.printableString : DERTag.utf8String
            return DER.string(tag, string)
        case .matterNodeID(let id), .matterFirmwareSigningID(let id), .matterICACID(let id), .matterRCACID(let id),
            .matterFabricID(let id):
            return DER.string(DERTag.utf8String, uppercaseHex(id, digits: 16))
        case .matterCASEAuthenticatedTag(let tag):
            return DER.string(DERTag.utf8String, uppercaseHex(UInt64(tag), digits: 8))
        }
    }
}

extension CertificateExtension {
    /// The X.509 Extension (CHIP `DecodeConvertExtension`): basicConstraints, keyUsage and extKeyUsage marked
    /// critical, the key identifiers not; a future extension as it was carried.
    var der: [UInt8] {
        switch self {
        case .basicConstraints(let isCA, let pathLength):
            // cA is DEFAULT FALSE, so DER writes it only when true.
            var members: [[UInt8]] = isCA ? [DER.boolean(true)] : []
            if let pathLength { members.append(DER.integer(Int64(pathLength))) }
            return DER.extension(.basicConstraints, critical: true, DER.sequence(members))
        case .keyUsage(let usage):
            return DER.extension(.keyUsage, critical: true, DER.namedBits(UInt32(usage.rawValue)))
        case .extendedKeyUsage(let purposes):
            return DER.extension(
                .extendedKeyUsage, critical: true, DER.sequence(purposes.map { DER.objectIdentifier($0.oid) }))
        case .subjectKeyIdentifier(let id):
            return DER.extension(.subjectKeyIdentifier, critical: false, DER.octetString(id))
        case .authorityKeyIdentifier(let id):
            return DER.extension(
                .authorityKeyIdentifier, critical: false, DER.sequence([DER.element(DERTag.contextPrimitive(0), id)]))
        case .future(let der):
            return der
        }
    }
}

/// `value` as exactly `digits` uppercase hex digits.
func uppercaseHex(_ value: UInt64, digits: Int) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - hex.count)) + hex
}
