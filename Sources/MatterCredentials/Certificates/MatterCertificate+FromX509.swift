import MatterCrypto

/// An X.509 certificate in the Matter certificate profile, read into its Matter TLV form as CHIP's
/// `CHIPCertFromX509.cpp ConvertX509CertToChipCert` reads it (Matter Core §6.5.13).
extension MatterCertificate {
    /// Converts a DER X.509 certificate, refusing what has no Matter TLV form: a version other than v3, an
    /// algorithm other than ECDSA-SHA256 on P-256, unique identifiers, DN attributes other than the Matter set or
    /// more than one per RDN, times outside 2000–2135, extensions whose criticality or content Matter forbids.
    public init(x509 der: [UInt8]) throws(CertificateFormatError) {
        do {
            try self.init(parsingX509: der)
        } catch let error as CertificateFormatError {
            throw error
        } catch let error as DERDecodingError {
            throw .notDER(error)
        } catch {
            throw .unsupported("\(error)")
        }
    }

    private init(parsingX509 der: [UInt8]) throws {
        let certificate = try DERReader.single(der)
        try certificate.checkTag(DERTag.sequence)
        var fields = try certificate.members()
        var tbs = try fields.next(DERTag.sequence).members()
        let outerAlgorithm = try fields.next(DERTag.sequence)
        let signatureValue = try fields.next(DERTag.bitString)
        try fields.finish()

        var version = try tbs.next(DERTag.contextConstructed(0)).members()
        guard try version.next().smallInteger() == 2 else {
            throw CertificateFormatError.unsupported("a version other than v3")
        }
        try version.finish()
        let serialNumber = Array(try tbs.next().integerContent())
        let innerAlgorithm = try tbs.next(DERTag.sequence)
        guard innerAlgorithm.encoded.elementsEqual(Self.signatureAlgorithm),
            outerAlgorithm.encoded.elementsEqual(Self.signatureAlgorithm)
        else { throw CertificateFormatError.unsupported("a signature algorithm other than ECDSA-SHA256") }
        let issuer = try DistinguishedName(x509: tbs.next(DERTag.sequence), field: "issuer")
        var validity = try tbs.next(DERTag.sequence).members()
        let notBefore = try Self.matterTime(validity.next(), field: "not-before")
        let notAfter = try Self.matterTime(validity.next(), field: "not-after")
        try validity.finish()
        let subject = try DistinguishedName(x509: tbs.next(DERTag.sequence), field: "subject")
        let publicKey = try Self.publicKey(tbs.next(DERTag.sequence))
        guard tbs.nextTag != DERTag.contextPrimitive(1), tbs.nextTag != DERTag.contextPrimitive(2) else {
            throw CertificateFormatError.unsupported("issuerUniqueID or subjectUniqueID")
        }
        var extensions: [CertificateExtension] = []
        if let wrapper = try tbs.optional(DERTag.contextConstructed(3)) {
            var explicit = try wrapper.members()
            var list = try explicit.next(DERTag.sequence).members()
            try explicit.finish()
            while !list.isAtEnd {
                extensions.append(try CertificateExtension(x509: list.next(DERTag.sequence)))
            }
        }
        try tbs.finish()
        let signature = try P256Signature(derEncoded: Array(signatureValue.bitStringBytes()))

        self.init(
            serialNumber: serialNumber, issuer: issuer, notBefore: notBefore, notAfter: notAfter, subject: subject,
            publicKey: publicKey, extensions: extensions, signature: signature.raw)
        // The TLV form's own rules (serial length, validity order, key identifier lengths, duplicates …).
        self = try MatterCertificate(tlvChecking: self)
    }

    /// `certificate` if its TLV encoding decodes (the one place the TLV rules live), else the decoder's error.
    private init(tlvChecking certificate: MatterCertificate) throws(CertificateFormatError) {
        self = try MatterCertificate(tlv: certificate.tlvEncoded)
    }

    private static func matterTime(_ element: DERElement, field: String) throws -> UInt32 {
        guard let seconds = MatterEpoch.seconds(try element.time()) else {
            throw CertificateFormatError.invalidValue(field: field, reason: "outside the years 2000 to 2135")
        }
        return seconds
    }

    /// SubjectPublicKeyInfo { { id-ecPublicKey, prime256v1 }, BIT STRING point }.
    private static func publicKey(_ element: DERElement) throws -> [UInt8] {
        var info = try element.members()
        let algorithm = try info.next(DERTag.sequence)
        let expected = DER.sequence([DER.objectIdentifier(.ecPublicKey), DER.objectIdentifier(.prime256v1)])
        guard algorithm.encoded.elementsEqual(expected) else {
            throw CertificateFormatError.unsupported("a public key other than EC on prime256v1")
        }
        let key = Array(try info.next().bitStringBytes())
        try info.finish()
        guard key.count == 65, key.first == 0x04 else {
            throw CertificateFormatError.invalidValue(field: "ec-pub-key", reason: "not an uncompressed P-256 point")
        }
        return key
    }
}

extension DistinguishedName {
    /// A DN from an X.509 Name (CHIP `ChipDN::DecodeFromASN1`): one attribute per RDN, string types UTF8String,
    /// PrintableString or IA5String, Matter identifiers as UTF8String uppercase hex of their exact width.
    init(x509 element: DERElement, field: String) throws {
        var rdns = try element.members()
        var attributes: [DistinguishedNameAttribute] = []
        while !rdns.isAtEnd {
            var set = try rdns.next(DERTag.set).members()
            var pair = try set.next(DERTag.sequence).members()
            guard set.isAtEnd else {
                throw CertificateFormatError.unsupported("more than one attribute in an RDN of the \(field)")
            }
            let oid = try pair.next().objectIdentifier()
            let (value, tag) = try pair.next().directoryString()
            try pair.finish()
            attributes.append(try DistinguishedNameAttribute(x509: oid, value, tag: tag, field: field))
        }
        guard attributes.count <= Self.maximumAttributeCount else {
            throw CertificateFormatError.invalidValue(
                field: field, reason: "more than \(Self.maximumAttributeCount) attributes")
        }
        self.init(attributes)
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
    init(x509 element: DERElement) throws {
        var members = try element.members()
        let oid = try members.next().objectIdentifier()
        var critical = false
        if let flag = try members.optional(DERTag.boolean) {
            // DER leaves out a DEFAULT FALSE.
            guard try flag.boolean() else {
                throw CertificateFormatError.invalidValue(field: "\(oid)", reason: "critical FALSE written out")
            }
            critical = true
        }
        let value = try members.next(DERTag.octetString)
        try members.finish()
        func require(critical expected: Bool) throws {
            guard critical == expected else {
                throw CertificateFormatError.invalidValue(
                    field: "\(oid)", reason: expected ? "must be critical" : "must not be critical")
            }
        }
        var content = DERReader(value.content)
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
            let isCA = flag ?? false
            let pathLength = try constraints.optional(DERTag.integer)?.smallInteger()
            try constraints.finish()
            guard pathLength.map({ $0 <= 255 }) ?? true else {
                throw CertificateFormatError.invalidValue(field: "basicConstraints", reason: "path length above 255")
            }
            self = .basicConstraints(isCA: isCA, pathLength: pathLength.map { UInt8($0) })
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
            _ = try FutureExtension(der: Array(element.encoded))
            self = .future(Array(element.encoded))
            return
        }
        try content.finish()
    }
}
