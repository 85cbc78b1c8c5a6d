import MatterCrypto

/// An X.509 certificate in the Matter certificate profile, read into its Matter TLV form as CHIP's
/// `CHIPCertFromX509.cpp ConvertX509CertToChipCert` reads it (Matter Core §6.5.13).
extension MatterCertificate {
    /// Converts a DER X.509 certificate, refusing what has no Matter TLV form: a version other than v3, an
    /// algorithm other than ECDSA-SHA256 on P-256, unique identifiers, DN attributes other than the Matter set or
    /// more than one per RDN, times outside 2000–2135, extensions whose criticality or content Matter forbids.
    public init(x509 der: [UInt8]) throws(CertificateFormatError) {
        let certificate: X509Certificate
        do {
            certificate = try X509Certificate(der: der)
        } catch {
            throw .notDER(error)
        }
        do {
            try self.init(converting: certificate)
        } catch let error as CertificateFormatError {
            throw error
        } catch let error as DERDecodingError {
            throw .notDER(error)
        } catch {
            throw .unsupported("\(error)")
        }
    }

    private init(converting certificate: X509Certificate) throws {
        guard certificate.version == 2 else { throw CertificateFormatError.unsupported("a version other than v3") }
        guard certificate.signatureAlgorithm == DER.ecdsaWithSHA256Algorithm,
            certificate.outerSignatureAlgorithm == DER.ecdsaWithSHA256Algorithm
        else { throw CertificateFormatError.unsupported("a signature algorithm other than ECDSA-SHA256") }
        guard
            certificate.publicKeyAlgorithm
                == DER.p256PublicKeyAlgorithm
        else { throw CertificateFormatError.unsupported("a public key other than EC on prime256v1") }
        guard certificate.publicKey.count == 65, certificate.publicKey.first == 0x04 else {
            throw CertificateFormatError.invalidValue(field: "ec-pub-key", reason: "not an uncompressed P-256 point")
        }
        let converted = MatterCertificate(
            serialNumber: certificate.serialNumber,
            issuer: try DistinguishedName(x509: certificate, certificate.issuer, field: "issuer"),
            notBefore: try Self.matterTime(certificate.notBefore, field: "not-before"),
            notAfter: try Self.matterTime(certificate.notAfter, field: "not-after"),
            subject: try DistinguishedName(x509: certificate, certificate.subject, field: "subject"),
            publicKey: certificate.publicKey,
            extensions: try certificate.extensions.map(CertificateExtension.init(x509:)),
            signature: try P256Signature(derEncoded: certificate.signatureValue).raw)
        // The TLV form's own rules (serial length, validity order, key identifier lengths, duplicates …) live
        // in its decoder: what does not decode has no TLV form.
        self = try MatterCertificate(tlv: converted.tlvEncoded)
    }

    private static func matterTime(_ time: UTCDateTime, field: String) throws -> UInt32 {
        guard let seconds = MatterEpoch.seconds(time) else {
            throw CertificateFormatError.invalidValue(field: field, reason: "outside the years 2000 to 2135")
        }
        return seconds
    }
}

extension DistinguishedName {
    /// A DN from an X.509 Name (CHIP `ChipDN::DecodeFromASN1`): one attribute per RDN, string types UTF8String,
    /// PrintableString or IA5String, Matter identifiers as UTF8String uppercase hex of their exact width.
    init(x509 certificate: X509Certificate, _ rdns: [[X509Certificate.Attribute]], field: String) throws {
        guard rdns.count <= Self.maximumAttributeCount else {
            throw CertificateFormatError.invalidValue(
                field: field, reason: "more than \(Self.maximumAttributeCount) attributes")
        }
        self.init(
            try rdns.map { rdn in
                guard rdn.count == 1 else {
                    throw CertificateFormatError.unsupported("an RDN of the \(field) without exactly one attribute")
                }
                return try DistinguishedNameAttribute(
                    x509: rdn[0].type, certificate.string(rdn[0]), tag: rdn[0].valueTag, field: field)
            })
    }
}

extension DistinguishedNameAttribute {
    init(x509 oid: OID, _ value: String, tag: UInt8, field: String) throws {
        if let type = TextAttributeType.allCases.first(where: { $0.oid == oid }) {
            self = .text(type, value, printable: tag == DERTag.printableString)
            return
        }
        guard let number = (1...6).first(where: { Self.matterOID($0) == oid }) else {
            throw CertificateFormatError.unsupported("DN attribute \(oid) in the \(field)")
        }
        let width = number == 6 ? 8 : 16
        guard tag == DERTag.utf8String, value.utf8.count == width,
            value.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }),
            let id = UInt64(value, radix: 16)
        else {
            throw CertificateFormatError.invalidValue(
                field: field, reason: "\(oid) must be \(width) uppercase hex digits in a UTF8String")
        }
        switch number {
        case 1:
            guard id.isOperationalNodeID else {
                throw CertificateFormatError.invalidValue(
                    field: field, reason: "\(value) is not an operational node ID")
            }
            self = .matterNodeID(id)
        case 2: self = .matterFirmwareSigningID(id)
        case 3: self = .matterICACID(id)
        case 4: self = .matterRCACID(id)
        case 5:
            guard id != 0 else { throw CertificateFormatError.invalidValue(field: field, reason: "fabric ID 0") }
            self = .matterFabricID(id)
        default:
            // The width check above keeps the value within 32 bits; the TLV decoder checks the version.
            self = .matterCASEAuthenticatedTag(UInt32(id))
        }
    }
}

extension CertificateExtension {
    /// One X.509 Extension (CHIP `ConvertExtension`): the five Matter knows with the criticality Matter
    /// requires, anything else kept whole as a future extension.
    init(x509 extension: X509Certificate.Extension) throws {
        let oid = `extension`.oid
        func require(critical expected: Bool) throws {
            guard `extension`.isCritical == expected else {
                throw CertificateFormatError.invalidValue(
                    field: "\(oid)", reason: expected ? "must be critical" : "must not be critical")
            }
        }
        var content = DERReader(`extension`.value)
        switch oid {
        case .basicConstraints:
            try require(critical: true)
            var constraints = try content.next(DERTag.sequence).members()
            let flag = try constraints.optional(DERTag.boolean)?.boolean()
            // cA is DEFAULT FALSE (so never written as FALSE), and a path length needs it.
            guard flag != false, flag == true || constraints.isAtEnd else {
                throw CertificateFormatError.invalidValue(
                    field: "basicConstraints", reason: "cA FALSE written out, or a path length without cA")
            }
            let pathLength = try constraints.optional(DERTag.integer)?.smallInteger()
            try constraints.finish()
            guard pathLength.map({ $0 <= 255 }) ?? true else {
                throw CertificateFormatError.invalidValue(field: "basicConstraints", reason: "path length above 255")
            }
            self = .basicConstraints(isCA: flag ?? false, pathLength: pathLength.map { UInt8($0) })
        case .keyUsage:
            try require(critical: true)
            let bits = try content.next().namedBits()
            guard let raw = UInt16(exactly: bits), KeyUsage.convertible.isSuperset(of: KeyUsage(rawValue: raw)) else {
                throw CertificateFormatError.invalidValue(
                    field: "keyUsage", reason: "bits outside digitalSignature … encipherOnly")
            }
            self = .keyUsage(KeyUsage(rawValue: raw))
        case .extendedKeyUsage:
            try require(critical: true)
            var purposes = try content.next(DERTag.sequence).members()
            var list: [KeyPurpose] = []
            while !purposes.isAtEnd {
                let purposeOID = try purposes.next().objectIdentifier()
                guard let purpose = KeyPurpose.allCases.first(where: { $0.oid == purposeOID }) else {
                    throw CertificateFormatError.unsupported("key purpose \(purposeOID)")
                }
                list.append(purpose)
            }
            self = .extendedKeyUsage(list)
        case .subjectKeyIdentifier:
            try require(critical: false)
            self = .subjectKeyIdentifier(Array(try content.next().octetString()))
        case .authorityKeyIdentifier:
            try require(critical: false)
            var identifier = try content.next(DERTag.sequence).members()
            self = .authorityKeyIdentifier(Array(try identifier.next(DERTag.contextPrimitive(0)).content))
            try identifier.finish()
        default:
            _ = try FutureExtension(der: `extension`.der)
            self = .future(`extension`.der)
            return
        }
        try content.finish()
    }
}
