import MatterTLV

/// The Matter TLV form of a certificate (Matter Core §6.5.2; CHIP `CHIPCert.h` tags, decoded as
/// `CHIPCertToX509.cpp DecodeConvertCert` reads them: fields in a fixed order, nothing after the signature).
extension MatterCertificate {
    /// Decodes a TLV certificate of at most 400 bytes, refusing anything CHIP's decoder refuses.
    public init(tlv bytes: [UInt8]) throws(CertificateFormatError) {
        guard bytes.count <= Self.maximumTLVLength else {
            throw .tooLarge(size: bytes.count, limit: Self.maximumTLVLength)
        }
        // The deepest container is a basic-constraints structure inside the extensions list.
        var fields = try TLVFieldSequence<CertificateFormatError>(structure: bytes, maximumDepth: 3)
        let serialNumber = try fields.bytes(1, "serial-number")
        guard (1...20).contains(serialNumber.count) else {
            throw .invalidValue(field: "serial-number", reason: "must be 1 to 20 bytes long")
        }
        // The X.509 form carries these bytes as an INTEGER's content, which DER wants minimal (X.690 §8.3.2).
        if serialNumber.count > 1 {
            let (first, second) = (serialNumber[0], serialNumber[1])
            guard !(first == 0x00 && second & 0x80 == 0), !(first == 0xFF && second & 0x80 != 0) else {
                throw .invalidValue(field: "serial-number", reason: "must be a minimal INTEGER encoding")
            }
        }
        guard try fields.unsigned(2, "sig-algo", as: UInt8.self) == 1 else {
            throw .unsupported("a signature algorithm other than ECDSA-SHA256")
        }
        let issuer = try DistinguishedName(tlv: fields.list(3, "issuer"), field: "issuer")
        let notBefore = try fields.unsigned(4, "not-before", as: UInt32.self)
        let notAfter = try fields.unsigned(5, "not-after", as: UInt32.self)
        // CHIPCertToX509.cpp DecodeConvertValidity.
        guard MatterEpoch.isRepresentable(notBefore), MatterEpoch.isRepresentable(notAfter) else {
            throw .invalidValue(field: "validity", reason: "a time after 2135, which X.509 times here cannot carry")
        }
        guard notAfter == 0 || notBefore < notAfter else {
            throw .invalidValue(field: "validity", reason: "not-before is not before not-after")
        }
        let subject = try DistinguishedName(tlv: fields.list(6, "subject"), field: "subject")
        guard try fields.unsigned(7, "pub-key-algo", as: UInt8.self) == 1 else {
            throw .unsupported("a public key algorithm other than EC")
        }
        guard try fields.unsigned(8, "ec-curve-id", as: UInt8.self) == 1 else {
            throw .unsupported("a curve other than prime256v1")
        }
        let publicKey = try fields.bytes(9, "ec-pub-key")
        guard publicKey.count == 65, publicKey.first == 0x04 else {
            throw .invalidValue(field: "ec-pub-key", reason: "must be an uncompressed point: 0x04 and 64 bytes")
        }
        let extensions = try [CertificateExtension](tlv: fields.list(10, "extensions"))
        let signature = try fields.bytes(11, "ecdsa-signature")
        guard signature.count == 64 else {
            throw .invalidValue(field: "ecdsa-signature", reason: "must be 64 bytes long")
        }
        try fields.finish()
        self.init(
            serialNumber: serialNumber, issuer: issuer, notBefore: notBefore, notAfter: notAfter, subject: subject,
            publicKey: publicKey, extensions: extensions, signature: signature)
    }

    /// The TLV encoding (integers in their shortest form, as CHIP's writer produces them).
    public var tlvEncoded: [UInt8] {
        TLVEncoder.encode(TLVElement(.structure(tlvMembers)))
    }

    private var tlvMembers: [TLVElement] {
        [
            TLVElement(tag: .context(1), .bytes(serialNumber)),
            TLVElement(tag: .context(2), .unsigned(1)),
            TLVElement(tag: .context(3), .list(issuer.tlvMembers)),
            TLVElement(tag: .context(4), .unsigned(UInt64(notBefore))),
            TLVElement(tag: .context(5), .unsigned(UInt64(notAfter))),
            TLVElement(tag: .context(6), .list(subject.tlvMembers)),
            TLVElement(tag: .context(7), .unsigned(1)),
            TLVElement(tag: .context(8), .unsigned(1)),
            TLVElement(tag: .context(9), .bytes(publicKey)),
            TLVElement(tag: .context(10), .list(extensions.map(\.tlvElement))),
            TLVElement(tag: .context(11), .bytes(signature)),
        ]
    }
}

extension DistinguishedName {
    /// A DN from the members of its TLV list (CHIP `ChipDN::DecodeFromTLV`).
    init(tlv members: [TLVElement], field: String) throws(CertificateFormatError) {
        guard members.count <= Self.maximumAttributeCount else {
            throw .invalidValue(field: field, reason: "more than \(Self.maximumAttributeCount) attributes")
        }
        var attributes: [DistinguishedNameAttribute] = []
        for member in members {
            guard case .context(let tag) = member.tag else { throw .wrongType("\(field) attribute tag") }
            attributes.append(try DistinguishedNameAttribute(tlvTag: tag, member.value, field: field))
        }
        self.init(attributes)
    }

    var tlvMembers: [TLVElement] {
        attributes.map { attribute in
            let value: TLVValue
            switch attribute {
            case .text(_, let string, _): value = .utf8(string)
            case .matterNodeID(let id), .matterFirmwareSigningID(let id), .matterICACID(let id),
                .matterRCACID(let id), .matterFabricID(let id):
                value = .unsigned(id)
            case .matterCASEAuthenticatedTag(let tag): value = .unsigned(UInt64(tag))
            }
            return TLVElement(tag: .context(attribute.tlvTag), value)
        }
    }
}

extension DistinguishedNameAttribute {
    init(tlvTag tag: UInt8, _ value: TLVValue, field: String) throws(CertificateFormatError) {
        let printable = tag & 0x80 != 0
        let number = tag & 0x7F
        if let type = TextAttributeType(rawValue: number) {
            guard case .utf8(let string) = value else { throw .wrongType("\(field) attribute \(number)") }
            // What X.509 would carry must be a valid string of its type (X.680 §41.4), or the two forms disagree.
            if type == .domainComponent {
                // Always an IA5String in X.509 (CHIPCertToX509.cpp), so the PrintableString bit has no meaning.
                guard !printable else {
                    throw .invalidValue(field: field, reason: "a DomainComponent marked PrintableString")
                }
                guard string.utf8.allSatisfy({ $0 < 0x80 }) else {
                    throw .invalidValue(field: field, reason: "a DomainComponent (IA5String) that is not ASCII")
                }
            } else if printable {
                guard string.utf8.allSatisfy(\.isPrintableStringCharacter) else {
                    throw .invalidValue(field: field, reason: "a PrintableString with a character outside its set")
                }
            }
            self = .text(type, string, printable: printable)
            return
        }
        guard (17...22).contains(number) else { throw .unsupported("DN attribute \(number) in the \(field)") }
        guard !printable else { throw .invalidValue(field: field, reason: "a Matter attribute marked PrintableString") }
        guard case .unsigned(let id) = value else { throw .wrongType("\(field) attribute \(number)") }
        // The same value rules as the X.509 form's (`init(x509Type:…)`), so a certificate one form takes the other does.
        switch number {
        case 17:
            guard id.isOperationalNodeID else {
                throw .invalidValue(field: field, reason: "\(id) is not an operational node ID")
            }
            self = .matterNodeID(id)
        case 18: self = .matterFirmwareSigningID(id)
        case 19: self = .matterICACID(id)
        case 20: self = .matterRCACID(id)
        case 21:
            guard id != 0 else { throw .invalidValue(field: field, reason: "fabric ID 0") }
            self = .matterFabricID(id)
        default:
            guard let tag = UInt32(exactly: id), tag.isValidCASEAuthenticatedTag else {
                throw .invalidValue(field: field, reason: "\(id) is not a CASE Authenticated Tag")
            }
            self = .matterCASEAuthenticatedTag(tag)
        }
    }
}

extension [CertificateExtension] {
    /// The extensions from their TLV list (CHIP `DecodeConvertExtension`); each kind but the future
    /// extension at most once, as RFC 5280 §4.2 requires of X.509 extensions.
    init(tlv members: [TLVElement]) throws(CertificateFormatError) {
        var extensions: [CertificateExtension] = []
        for member in members {
            let decoded = try CertificateExtension(tlv: member)
            guard decoded.tlvTag == 6 || !extensions.contains(where: { $0.tlvTag == decoded.tlvTag }) else {
                throw .invalidValue(field: "extensions", reason: "extension \(decoded.tlvTag) appears twice")
            }
            extensions.append(decoded)
        }
        self = extensions
    }
}

extension CertificateExtension {
    init(tlv element: TLVElement) throws(CertificateFormatError) {
        guard case .context(let tag) = element.tag else { throw .wrongType("extension tag") }
        switch (tag, element.value) {
        case (1, .structure(let members)):
            var fields = TLVFieldSequence<CertificateFormatError>(members)
            let isCA = try fields.bool(1, "is-ca")
            let pathLength = try fields.optionalUnsigned(2, "path-len-constraint", as: UInt8.self)
            try fields.finish()
            // As in the X.509 form (RFC 5280 §4.2.1.9): a path length constraint only on a CA.
            guard isCA || pathLength == nil else {
                throw .invalidValue(field: "basic-constraints", reason: "a path length constraint without is-ca")
            }
            self = .basicConstraints(isCA: isCA, pathLength: pathLength)
        case (2, .unsigned(let bits)):
            guard let bits = UInt16(exactly: bits), KeyUsage.convertible.isSuperset(of: KeyUsage(rawValue: bits)) else {
                throw .invalidValue(field: "key-usage", reason: "bits outside digitalSignature … encipherOnly")
            }
            self = .keyUsage(KeyUsage(rawValue: bits))
        case (3, .array(let members)):
            var purposes: [KeyPurpose] = []
            for member in members {
                guard member.tag == .anonymous, case .unsigned(let number) = member.value else {
                    throw .wrongType("extended-key-usage")
                }
                guard let purpose = UInt8(exactly: number).flatMap(KeyPurpose.init(rawValue:)) else {
                    throw .unsupported("key purpose \(number)")
                }
                purposes.append(purpose)
            }
            self = .extendedKeyUsage(purposes)
        case (4, .bytes(let id)):
            guard id.count == 20 else { throw .invalidValue(field: "subject-key-id", reason: "must be 20 bytes long") }
            self = .subjectKeyIdentifier(id)
        case (5, .bytes(let id)):
            guard id.count == 20 else {
                throw .invalidValue(field: "authority-key-id", reason: "must be 20 bytes long")
            }
            self = .authorityKeyIdentifier(id)
        case (6, .bytes(let extensionDER)):
            _ = try FutureExtension(der: extensionDER)
            self = .future(extensionDER)
        case (1...6, _):
            throw .wrongType("extension \(tag)")
        default:
            throw .unsupported("extension tag \(tag)")
        }
    }

    var tlvElement: TLVElement {
        let value: TLVValue
        switch self {
        case .basicConstraints(let isCA, let pathLength):
            var members = [TLVElement(tag: .context(1), .bool(isCA))]
            if let pathLength {
                members.append(TLVElement(tag: .context(2), .unsigned(UInt64(pathLength))))
            }
            value = .structure(members)
        case .keyUsage(let usage): value = .unsigned(UInt64(usage.rawValue))
        case .extendedKeyUsage(let purposes):
            value = .array(purposes.map { TLVElement(.unsigned(UInt64($0.rawValue))) })
        case .subjectKeyIdentifier(let id), .authorityKeyIdentifier(let id): value = .bytes(id)
        case .future(let der): value = .bytes(der)
        }
        return TLVElement(tag: .context(tlvTag), value)
    }
}
