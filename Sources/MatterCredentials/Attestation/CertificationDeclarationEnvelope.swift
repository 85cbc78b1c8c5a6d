import MatterCrypto

/// A signed Certification Declaration: `cd_content` in a CMS SignedData envelope (RFC 5652) of the exact shape
/// Matter Core §6.3.1 and CHIP `CertificationDeclaration.cpp CMS_Sign` give it: version 3, SHA-256, the content
/// encapsulated as id-data, no certificates, one SignerInfo identified by the signer's subject key identifier,
/// no signed attributes, the ECDSA-SHA256 signature over `cd_content` itself.
///
/// Hand-built DER rather than libcrypto's CMS API: CHIP's parser (`CMS_Verify`, `CMS_ExtractKeyId`) reads
/// exactly this sequence of fields and nothing else, so the envelope must match it byte for byte; libcrypto's
/// `CMS_sign` wants a signer X.509 certificate (the CD key is only a key here) and the right flag set
/// (CMS_NOCERTS, CMS_NOATTR, CMS_BINARY, CMS_USE_KEYID) to come near it, and the same DER writer already builds
/// the certificates and the CSR, with MatterCrypto's ECDSA for the signatures.
public struct CertificationDeclarationEnvelope: Hashable, Sendable {
    /// The `cd_content` TLV, as signed.
    public let content: [UInt8]
    /// The signer's subject key identifier (the CD signing key's kid).
    public let signerKeyIdentifier: [UInt8]
    public let signature: P256Signature

    /// Signs `content` with `key`, naming the signer by `keyIdentifier`.
    public init(signing content: [UInt8], with key: P256KeyPair, keyIdentifier: [UInt8]) throws(CryptoError) {
        self.content = content
        signerKeyIdentifier = keyIdentifier
        signature = try key.signature(for: content)
    }

    /// Parses the DER envelope, refusing any other shape (CHIP `CMS_Verify`'s reading order).
    public init(der bytes: [UInt8]) throws(AttestationError) {
        do {
            let outer = try DERReader.single(bytes)
            try outer.checkTag(DERTag.sequence)
            var contentInfo = try outer.members()
            try Self.expect(contentInfo.next().objectIdentifier(), .cmsSignedData, "contentType")
            var explicit = try contentInfo.next(DERTag.contextConstructed(0)).members()
            try contentInfo.finish()
            var signedData = try explicit.next(DERTag.sequence).members()
            try explicit.finish()
            try Self.expectVersion3(signedData.next())
            var digests = try signedData.next(DERTag.set).members()
            try Self.expectAlgorithm(digests.next(DERTag.sequence), .sha256, "digestAlgorithms")
            try digests.finish()
            var encapsulated = try signedData.next(DERTag.sequence).members()
            try Self.expect(encapsulated.next().objectIdentifier(), .cmsData, "eContentType")
            var eContent = try encapsulated.next(DERTag.contextConstructed(0)).members()
            let content = Array(try eContent.next().octetString())
            try eContent.finish()
            try encapsulated.finish()
            // The SignerInfos SET must follow at once: no certificates [0], no CRLs [1].
            var signers = try signedData.next(DERTag.set).members()
            try signedData.finish()
            var signer = try signers.next(DERTag.sequence).members()
            try signers.finish()
            try Self.expectVersion3(signer.next())
            let keyIdentifier = Array(try signer.next(DERTag.contextPrimitive(0)).content)
            try Self.expectAlgorithm(signer.next(DERTag.sequence), .sha256, "digestAlgorithm")
            try Self.expectAlgorithm(signer.next(DERTag.sequence), .ecdsaWithSHA256, "signatureAlgorithm")
            let signatureDER = Array(try signer.next().octetString())
            try signer.finish()
            self.content = content
            signerKeyIdentifier = keyIdentifier
            do {
                signature = try P256Signature(derEncoded: signatureDER)
            } catch {
                throw AttestationError.invalidValue(field: "CMS signature", reason: "\(error)")
            }
        } catch let error as AttestationError {
            throw error
        } catch let error as DERDecodingError {
            throw .notDER(error)
        } catch {
            throw .unsupported("\(error)")
        }
    }

    /// The DER envelope.
    public var der: [UInt8] {
        let sha256 = DER.sequence([DER.objectIdentifier(.sha256)])
        let signerInfo = DER.sequence([
            DER.integer(3),
            DER.element(DERTag.contextPrimitive(0), signerKeyIdentifier),
            sha256,
            DER.ecdsaWithSHA256Algorithm,
            DER.octetString(signature.derEncoded),
        ])
        let signedData = DER.sequence([
            DER.integer(3),
            DER.set([sha256]),
            DER.sequence([DER.objectIdentifier(.cmsData), DER.explicit(0, [DER.octetString(content)])]),
            DER.set([signerInfo]),
        ])
        return DER.sequence([DER.objectIdentifier(.cmsSignedData), DER.explicit(0, [signedData])])
    }

    /// Whether `signerPublicKey` verifies the signature over the content (CHIP `CMS_Verify`).
    public func isSignatureValid(signerPublicKey: P256Point) -> Bool {
        (try? signerPublicKey.isValidSignature(signature, for: content)) ?? false
    }

    /// The signed content, decoded, if the signature verifies with `signerPublicKey`.
    public func verifiedDeclaration(signerPublicKey: P256Point) throws(AttestationError) -> CertificationDeclaration {
        guard isSignatureValid(signerPublicKey: signerPublicKey) else {
            throw .badSignature("Certification Declaration")
        }
        return try CertificationDeclaration(tlv: content)
    }

    private static func expect(_ oid: OID, _ expected: OID, _ field: String) throws(AttestationError) {
        guard oid == expected else { throw .unsupported("\(field) \(oid), expected \(expected)") }
    }

    private static func expectVersion3(_ element: DERElement) throws {
        guard try element.smallInteger() == 3 else { throw AttestationError.unsupported("a CMS version other than 3") }
    }

    /// AlgorithmIdentifier { algorithm } with the parameters absent.
    private static func expectAlgorithm(_ element: DERElement, _ expected: OID, _ field: String) throws {
        var members = try element.members()
        try expect(members.next().objectIdentifier(), expected, field)
        try members.finish()
    }
}
