import MatterCrypto

/// An X.509 v1–v3 certificate read field by field (RFC 5280 §4.1), without judging its profile: the device
/// attestation certificates (PAA, PAI, DAC) are checked against Matter's rules by `AttestationCertificateFormat`,
/// the operational ones converted to Matter TLV by `MatterCertificate(x509:)`.
public struct X509Certificate: Hashable, Sendable {
    /// One attribute of a Name, with its string type kept.
    public struct Attribute: Hashable, Sendable {
        public let type: OID
        /// The DER tag of the value (UTF8String, PrintableString …).
        public let valueTag: UInt8
        public let value: [UInt8]
    }

    /// One extension as it was written.
    public struct Extension: Hashable, Sendable {
        public let oid: OID
        public let isCritical: Bool
        /// The extnValue OCTET STRING's content: the extension's own DER.
        public let value: [UInt8]
        /// The whole `Extension` SEQUENCE.
        public let der: [UInt8]

        /// Reads `Extension ::= SEQUENCE { extnID OID, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }`.
        init(_ element: DERElement) throws(DERDecodingError) {
            try element.checkTag(DERTag.sequence)
            var members = try element.members()
            oid = try members.next().objectIdentifier()
            if let flag = try members.optional(DERTag.boolean) {
                // critical is DEFAULT FALSE, which DER leaves out (X.690 §11.5).
                guard try flag.boolean() else { throw .invalidValue("critical FALSE written out", offset: flag.offset) }
                isCritical = true
            } else {
                isCritical = false
            }
            value = Array(try members.next().octetString())
            try members.finish()
            der = Array(element.encoded)
        }
    }

    /// The whole certificate, as parsed.
    public let der: [UInt8]
    /// The TBSCertificate's DER, as signed.
    public let tbsCertificate: [UInt8]
    /// The version field's value (0 for v1 … 2 for v3).
    public let version: Int64
    /// The serial number's INTEGER content.
    public let serialNumber: [UInt8]
    /// The TBSCertificate's signature AlgorithmIdentifier, whole.
    public let signatureAlgorithm: [UInt8]
    /// The outer signatureAlgorithm, whole (RFC 5280 §4.1.1.2: it must equal the inner one).
    public let outerSignatureAlgorithm: [UInt8]
    /// The RDNs, each a set of attributes (one each in anything Matter makes).
    public let issuer: [[Attribute]]
    public let notBefore: UTCDateTime
    public let notAfter: UTCDateTime
    public let subject: [[Attribute]]
    /// The SubjectPublicKeyInfo's AlgorithmIdentifier, whole.
    public let publicKeyAlgorithm: [UInt8]
    /// The subjectPublicKey BIT STRING's bytes (for EC, the X9.62 point).
    public let publicKey: [UInt8]
    public let extensions: [Extension]
    /// The signatureValue BIT STRING's bytes (for ECDSA, the DER ECDSA-Sig-Value).
    public let signatureValue: [UInt8]

    /// Parses a DER certificate; unique identifiers are refused (nothing Matter uses has them).
    public init(der bytes: [UInt8]) throws(DERDecodingError) {
        der = bytes
        let certificate = try DERReader.single(bytes)
        try certificate.checkTag(DERTag.sequence)
        var fields = try certificate.members()
        let tbsElement = try fields.next(DERTag.sequence)
        outerSignatureAlgorithm = Array(try fields.next(DERTag.sequence).encoded)
        signatureValue = Array(try fields.next().bitStringBytes())
        try fields.finish()
        tbsCertificate = Array(tbsElement.encoded)

        var tbs = try tbsElement.members()
        if let explicit = try tbs.optional(DERTag.contextConstructed(0)) {
            var members = try explicit.members()
            version = try members.next().smallInteger()
            try members.finish()
        } else {
            version = 0
        }
        serialNumber = Array(try tbs.next().integerContent())
        signatureAlgorithm = Array(try tbs.next(DERTag.sequence).encoded)
        issuer = try Self.name(tbs.next(DERTag.sequence))
        var validity = try tbs.next(DERTag.sequence).members()
        notBefore = try validity.next().time()
        notAfter = try validity.next().time()
        try validity.finish()
        subject = try Self.name(tbs.next(DERTag.sequence))
        var keyInfo = try tbs.next(DERTag.sequence).members()
        publicKeyAlgorithm = Array(try keyInfo.next(DERTag.sequence).encoded)
        publicKey = Array(try keyInfo.next().bitStringBytes())
        try keyInfo.finish()
        var extensions: [Extension] = []
        if let wrapper = try tbs.optional(DERTag.contextConstructed(3)) {
            var explicit = try wrapper.members()
            var list = try explicit.next(DERTag.sequence).members()
            try explicit.finish()
            while !list.isAtEnd {
                extensions.append(try Extension(list.next(DERTag.sequence)))
            }
        }
        self.extensions = extensions
        try tbs.finish()
    }

    private static func name(_ element: DERElement) throws(DERDecodingError) -> [[Attribute]] {
        var rdns = try element.members()
        var result: [[Attribute]] = []
        while !rdns.isAtEnd {
            var set = try rdns.next(DERTag.set).members()
            var attributes: [Attribute] = []
            while !set.isAtEnd {
                var pair = try set.next(DERTag.sequence).members()
                let type = try pair.next().objectIdentifier()
                let value = try pair.next()
                try pair.finish()
                attributes.append(Attribute(type: type, valueTag: value.tag, value: Array(value.content)))
            }
            result.append(attributes)
        }
        return result
    }

    /// The attribute's value as a string, if it is a UTF8String, PrintableString or IA5String of its type.
    func string(_ attribute: Attribute) throws(DERDecodingError) -> String {
        try DERElement(tag: attribute.valueTag, content: attribute.value[...], encoded: attribute.value[...])
            .directoryString().0
    }

    /// The extensions with `oid`.
    public func extensions(_ oid: OID) -> [Extension] {
        extensions.filter { $0.oid == oid }
    }

    /// The subject's attributes of `type`, in order.
    public func subjectAttributes(_ type: OID) -> [Attribute] {
        subject.joined().filter { $0.type == type }
    }

    /// The subject key identifier's bytes, if the extension is present and well-formed.
    public var subjectKeyIdentifier: [UInt8]? {
        guard let value = extensions(.subjectKeyIdentifier).first?.value,
            let element = try? DERReader.single(value), let id = try? element.octetString()
        else { return nil }
        return Array(id)
    }

    /// The authority key identifier's keyIdentifier, if present and well-formed.
    public var authorityKeyIdentifier: [UInt8]? {
        guard let value = extensions(.authorityKeyIdentifier).first?.value,
            let element = try? DERReader.single(value), element.tag == DERTag.sequence,
            var members = try? element.members(), let first = try? members.next(),
            first.tag == DERTag.contextPrimitive(0)
        else { return nil }
        return Array(first.content)
    }

    /// The subject public key as a P-256 point, if it is one.
    public var p256PublicKey: P256Point? {
        try? P256Point(uncompressed: publicKey)
    }

    /// Whether `issuerKey` verifies the certificate's ECDSA-SHA256 signature over its TBSCertificate.
    public func isSignatureValid(issuerKey: P256Point) -> Bool {
        guard let signature = try? P256Signature(derEncoded: signatureValue) else { return false }
        return (try? issuerKey.isValidSignature(signature, for: tbsCertificate)) ?? false
    }
}
